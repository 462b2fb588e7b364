import Foundation
import Strata
import StrataExamples
import StrataHost
import StrataRender
import StrataTestSupport
import Testing

@testable import StrataPreview

/// `strata preview` in layers mode: the page is sent each content once and then only what
/// changed; replayed, the operations give the controller's layer tree.
@Suite struct PreviewLayersTests {
  /// A page's layers as the operations leave them (what the script does, in Swift).
  struct Page {
    struct Layer {
      var subs: [Int] = []
      var parent: Int?
      var content: Int?
      var shapes: [Int] = []
      var alpha = 1.0
      var hidden = false
      var m: [Double] = []
    }
    var layers: [Int: Layer] = [:]
    var roots: [Int] = []
    var contents: Set<Int> = []

    mutating func apply(_ o: [String: Any]) {
      let op = o["op"] as? String ?? ""
      let id = o["id"] as? Int ?? -1
      func detach() {
        if let p = layers[id]?.parent { layers[p]?.subs.removeAll { $0 == id } }
        roots.removeAll { $0 == id }
        layers[id]?.parent = nil
      }
      switch op {
      case "reset": (layers, roots) = ([:], [])
      case "drop": contents.remove(o["c"] as? Int ?? -1)
      case "create": layers[id] = Layer()
      case "insert":
        detach()
        let index = o["index"] as? Int ?? 0
        if let p = o["parent"] as? Int {
          let count = layers[p]?.subs.count ?? 0
          layers[p]?.subs.insert(id, at: min(index, count))
          layers[id]?.parent = p
        } else {
          roots.insert(id, at: min(index, roots.count))
        }
      case "remove": detach()
      case "destroy":
        detach()
        layers[id] = nil
      case "content": layers[id]?.content = o["c"] as? Int
      case "shapes":
        layers[id]?.shapes = (o["s"] as? [[String: Any]] ?? []).compactMap { $0["c"] as? Int }
      case "alpha": layers[id]?.alpha = o["a"] as? Double ?? Double(o["a"] as? Int ?? 1)
      case "hidden": layers[id]?.hidden = o["h"] as? Bool ?? false
      case "geometry": layers[id]?.m = (o["m"] as? [NSNumber])?.map(\.doubleValue) ?? []
      default: break
      }
    }

    /// The number of layers under `id`, itself included.
    func count(_ id: Int) -> Int { (layers[id]?.subs ?? []).reduce(1) { $0 + count($1) } }
  }

  /// Reads messages until a layers message, applying binaries (contents) and its operations.
  static func nextLayers(_ client: TestClient, into page: inout Page, binaries: inout Int)
    -> [String: Any]?
  {
    while let f = client.nextFrame(timeout: 10) {
      if f.opcode == 2 {
        let n = f.payload.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect((try? PNGDecoder().decode(Array(f.payload.dropFirst(4)))) != nil)
        page.contents.insert(n)
        binaries += 1
        continue
      }
      guard f.opcode == 1,
        let m = try? JSONSerialization.jsonObject(with: Data(f.payload)) as? [String: Any],
        m["type"] as? String == "layers"
      else { continue }
      for o in m["ops"] as? [[String: Any]] ?? [] { page.apply(o) }
      return m
    }
    return nil
  }

  /// A server and a client that opened its socket in layers mode, as the page does.
  static func openLayers() throws -> (RunningServer, TestClient) {
    let running = try RunningServer()
    let client = try TestClient(port: running.port)
    _ = client.upgrade(token: RunningServer.token + "&mode=layers")
    return (running, client)
  }

  @Test func theFirstFrameBuildsTheTreeAndAScrubSendsOnlyWhatMoved() throws {
    let (running, client) = try Self.openLayers()
    defer { running.stop() }
    var page = Page()
    var binaries = 0
    let first = try #require(Self.nextLayers(client, into: &page, binaries: &binaries))
    #expect(first["n"] as? Int == 1 && first["position"] as? Double == 0)
    // Every layer of the animals, in one tree, and every content it shows was sent.
    let tutorial = AnimalsTutorial()
    tutorial.layoutIfNeeded()
    #expect(page.roots.count == 1)
    #expect(page.count(page.roots[0]) == HostSnapshot(node: tutorial.root).count)
    let shown = Set(page.layers.values.flatMap { $0.shapes + ($0.content.map { [$0] } ?? []) })
    // The page indicator's dots come as shapes with tints.
    #expect(page.layers.values.contains { $0.shapes.count == 3 })
    #expect(!shown.isEmpty && shown.isSubset(of: page.contents) && binaries >= shown.count)
    // A scrub: geometry and opacity change, nothing is created, no bitmap is sent again.
    client.sendJSON(["type": "ack"])
    client.sendJSON(["type": "scrub", "position": 0.5])
    let before = binaries
    let layerCount = page.layers.count
    let next = try #require(Self.nextLayers(client, into: &page, binaries: &binaries))
    let ops = next["ops"] as? [[String: Any]] ?? []
    #expect(next["position"] as? Double == 0.5)
    #expect(!ops.isEmpty && !ops.contains { ["create", "destroy"].contains($0["op"] as? String) })
    #expect(page.layers.count == layerCount)
    // No bitmap is new: the page indicator's dots change by their tints.
    #expect(binaries == before)
    #expect(ops.contains { $0["op"] as? String == "tints" })
    let bytes = (try? JSONSerialization.data(withJSONObject: next).count) ?? .max
    #expect(bytes < 8_000, "\(bytes) bytes")
  }

  @Test func aPageThatDoesNotAcknowledgeGetsAtMostTwoFrames() throws {
    let (running, client) = try Self.openLayers()
    defer { running.stop() }
    var page = Page()
    var binaries = 0
    #expect(Self.nextLayers(client, into: &page, binaries: &binaries) != nil)
    for p in [0.2, 0.4, 0.6, 0.8, 1.0] {
      client.sendJSON(["type": "scrub", "position": p])
      usleep(30_000)
    }
    var frames = 0
    let end = Date().addingTimeInterval(1)
    while Date() < end, let f = client.nextFrame(timeout: end.timeIntervalSinceNow) {
      if f.opcode == 1, f.payload.contains(Array("\"layers\"".utf8)) { frames += 1 }
    }
    // The first was never acknowledged: one more may travel, no third.
    #expect(frames == 1)
  }

  @Test func newSettingsStartTheTreeAfresh() throws {
    let (running, client) = try Self.openLayers()
    defer { running.stop() }
    var page = Page()
    var binaries = 0
    #expect(Self.nextLayers(client, into: &page, binaries: &binaries) != nil)
    let count = page.layers.count
    client.sendJSON(["type": "ack"])
    client.sendJSON(["type": "settings", "rtl": true])
    let next = try #require(Self.nextLayers(client, into: &page, binaries: &binaries))
    let ops = next["ops"] as? [[String: Any]] ?? []
    #expect(ops.first?["op"] as? String == "reset")
    // Only the new tree is left: every layer the page holds is in it.
    #expect(page.roots.count == 1 && page.count(page.roots[0]) == page.layers.count)
    #expect(page.layers.count > count / 2)
  }

  /// The pager controls reach the controller: going round with autoplay every second, the
  /// page hears autoplay turn the pages.
  @Test func thePagerControlsReachTheOnboarding() throws {
    let (running, client) = try Self.openLayers()
    defer { running.stop() }
    client.sendJSON(["type": "settings", "circular": true])
    client.sendJSON(["type": "settings", "autoplay": 1])
    var turned = false
    let end = Date().addingTimeInterval(20)
    while !turned, Date() < end, let f = client.nextFrame(timeout: end.timeIntervalSinceNow) {
      guard f.opcode == 1 else { continue }
      if f.payload.contains(Array("\"layers\"".utf8)) { client.sendJSON(["type": "ack"]) }
      turned = f.payload.contains(Array("autoplayTurned".utf8))
    }
    #expect(turned)
  }

  @Test func layersTakeAFractionOfThePicturesBytes() {
    let source = RunningServer.animals
    let frames = PreviewMeasure.measure(source: source, scale: 2, seconds: 1, layers: false)
    let layers = PreviewMeasure.measure(source: source, scale: 2, seconds: 1, layers: true)
    let f = frames?.bytesPerFrame ?? 0
    let l = layers?.bytesPerFrame ?? .infinity
    print(
      "preview bytes a frame while scrubbing at 2x (debug build): PNG \(Int(f)), layers \(Int(l))")
    #expect(l < f * 0.05)
    #expect((layers?.framesPerSecond ?? 0) > (frames?.framesPerSecond ?? 0))
  }
}
