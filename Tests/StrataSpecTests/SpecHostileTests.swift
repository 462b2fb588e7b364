import Foundation
import Strata
import StrataRender
import StrataTestSupport
import Testing

// @testable: these tests reach internals: JSONValue.Member's initializer.
@testable import StrataSpec

/// Broken specs give problems, never a crash, in bounded time and memory.
@Suite struct SpecHostileTests {
  func failsWithProblems(_ bytes: [UInt8], _ label: String) {
    switch SpecLoader.load(bytes, baseDirectory: specsDirectory.path) {
    case .success: Issue.record("\(label): loaded")
    case .failure(let e): #expect(!e.problems.isEmpty, "\(label)")
    }
  }

  @Test func everyTruncationIsAProblem() throws {
    let bytes = Array(minimal.utf8)
    for n in 0..<bytes.count { failsWithProblems(Array(bytes[..<n]), "prefix \(n)") }
    let animals = try Array(Data(contentsOf: specsDirectory.appendingPathComponent("animals.json")))
    for n in stride(from: 0, to: animals.count - 1, by: 613) {
      failsWithProblems(Array(animals[..<n]), "animals prefix \(n)")
    }
  }

  /// Every value of the minimal spec replaced by each kind of JSON value: a problem or a spec
  /// that loads and draws.
  @Test func wrongTypesEverywhere() throws {
    let document = try JSONReader().read(minimal)
    var paths: [[String]] = []
    func collect(_ v: JSONValue, _ path: [String]) {
      paths.append(path)
      switch v.kind {
      case .object(let members): for m in members { collect(m.value, path + [m.key]) }
      case .array(let items): for (i, x) in items.enumerated() { collect(x, path + ["#\(i)"]) }
      default: break
      }
    }
    collect(document, [])
    func replacing(_ v: JSONValue, _ path: ArraySlice<String>, with new: JSONValue) -> JSONValue {
      guard let first = path.first else { return new }
      switch v.kind {
      case .object(let members):
        return JSONValue(
          .object(
            members.map { m in
              m.key == first
                ? JSONValue.Member(
                  key: m.key, position: m.position,
                  value: replacing(m.value, path.dropFirst(), with: new)) : m
            }))
      case .array(let items):
        let i = Int(first.dropFirst()) ?? -1
        return JSONValue(
          .array(
            items.enumerated().map {
              $0.offset == i ? replacing($0.element, path.dropFirst(), with: new) : $0.element
            }))
      default: return v
      }
    }
    let kinds: [JSONValue.Kind] = [
      .null, .bool(true), .number(-1e300), .number(0), .string(""), .string("#zz"), .array([]),
      .object([]),
    ]
    var loaded = 0
    for path in paths.dropFirst() {
      for k in kinds {
        let text = JSONWriter.write(replacing(document, path[...], with: JSONValue(k)))
        if case .success(let spec) = SpecLoader.load(Array(text.utf8)) {
          loaded += 1
          let c = spec.makeController()
          c.setPagePosition(0.5)
          _ = c.scene()
        }
      }
    }
    #expect(loaded < paths.count * kinds.count)
  }

  @Test func hostileDocuments() {
    failsWithProblems(Array(String(repeating: "[", count: 1_000_000).utf8), "deep arrays")
    failsWithProblems(Array(String(repeating: "{\"a\":", count: 100_000).utf8), "deep objects")
    failsWithProblems(
      Array(minimal.replacingOccurrences(of: "375", with: "1e400").utf8), "huge number")
    failsWithProblems(
      Array(minimal.replacingOccurrences(of: "375", with: "1e300").utf8), "large number")
    failsWithProblems(
      Array(minimal.utf8).map { $0 == UInt8(ascii: "H") ? 0xFF : $0 }, "invalid UTF-8")
    failsWithProblems([0, 0, 0, 0], "binary")
    failsWithProblems(Array("\"just a string\"".utf8), "not an object")
    let frames = String(repeating: "{\"frame\": [0, 0, 1, 1]},", count: 20_000)
    failsWithProblems(
      Array(
        minimal.replacingOccurrences(
          of: "\"animators\": [{\"name\": \"fade\"}]", with: "\"animators\": [\(frames)]"
        ).utf8),
      "many wrong items")
  }

  /// A 100 MB document is refused after reading at most the limit, in a time comparable to
  /// loading the animals spec.
  @Test func aHundredMegabyteDocumentIsRefusedQuickly() throws {
    let folder = try temporaryFolder("strata-big")
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.json")
    var chunk = Data("[".utf8)
    chunk.append(Data(repeating: UInt8(ascii: " "), count: 1 << 20))
    _ = FileManager.default.createFile(atPath: big.path, contents: nil)
    let handle = try FileHandle(forWritingTo: big)
    for _ in 0..<100 { handle.write(chunk) }
    try handle.close()
    let clock = ContinuousClock()
    let animals = specsDirectory.appendingPathComponent("animals.json").path
    _ = SpecLoader.load(file: animals)
    let reference = clock.measure { _ = SpecLoader.load(file: animals) }
    var result: Result<LoadedSpec, SpecError>?
    let refusing = clock.measure { result = SpecLoader.load(file: big.path) }
    guard case .failure(let e) = result else {
      Issue.record("a 100 MB document loaded")
      return
    }
    #expect(e.problems.first?.message.contains("larger than") == true, "\(e)")
    #expect(refusing < reference * 20, "refusing took \(refusing), loading animals \(reference)")
    // In memory too: the size is checked before anything is read.
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 100 << 20)
    failsWithProblems(bytes, "100 MB in memory")
  }
}

/// Time-based values: documented bounds, and loops over time in closed form.
@Suite struct SpecTimeTests {
  func withAutoplay(_ seconds: String) -> [UInt8] {
    let text = minimal.replacingOccurrences(
      of: "\"pageCount\": 3,",
      with: "\"pageCount\": 3, \"navigation\": {\"autoplay\": \(seconds), \"wrapAround\": true},")
    return Array(text.utf8)
  }

  @Test func anAutoplayIntervalOutsideItsBoundsIsAProblem() {
    for bad in ["1e-300", "0.001", "1e300", "0"] {
      guard case .failure(let e) = SpecLoader.load(withAutoplay(bad)) else {
        Issue.record("autoplay \(bad) validated")
        continue
      }
      #expect(e.problems.contains { $0.path.contains("autoplay") }, "\(bad): \(e)")
    }
    if case .failure(let e) = SpecLoader.load(withAutoplay("0.5")) { Issue.record("\(e)") }
  }

  @Test func timedDurationsAndDelaysOutsideTheirBoundsAreProblems() {
    for (duration, delay) in [("1e-300", "0"), ("1e9", "0"), ("1", "1e9"), ("1", "-1")] {
      let text = minimal.replacingOccurrences(
        of: "\"pageCount\": 3,",
        with: "\"pageCount\": 3, \"timed\": [{\"target\": \"title\", \"tracks\": "
          + "[{\"kind\": \"alpha\", \"values\": [0, 1]}], \"duration\": \(duration), "
          + "\"delay\": \(delay)}],")
      guard case .failure(let e) = SpecLoader.load(Array(text.utf8)) else {
        Issue.record("duration \(duration), delay \(delay) validated")
        continue
      }
      #expect(
        e.problems.contains { $0.path.contains("duration") || $0.path.contains("delay") }, "\(e)")
    }
  }

  /// Before: `due + 1e-300 == due`, so the autoplay loop never ended.
  @Test func aTinyIntervalSetInCodeIsClampedAndTheClockStillMoves() throws {
    guard case .success(var loaded) = SpecLoader.load(withAutoplay("1")) else {
      Issue.record("the spec did not load")
      return
    }
    loaded.spec.navigation?.autoplay = 1e-300
    let controller = loaded.makeController()
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      controller.advance(to: 0.5)
      controller.advance(to: 3_600)
      controller.advance(to: 1e12)
    }
    #expect(elapsed < .seconds(20), "advancing the clock took \(elapsed)")
    #expect((0..<3).contains(controller.currentPage))
  }
}

/// The files a spec names stay in its folder unless the caller allows more.
@Suite struct SpecPathTests {
  func specNaming(_ source: String) -> [UInt8] {
    Array(
      minimal.replacingOccurrences(
        of: "\"labels\": {",
        with:
          "\"staticBackground\": {\"node\": {\"type\": \"image\", \"source\": \"\(source)\"}},\n\"labels\": {"
      ).utf8)
  }

  @Test func pathsOutsideTheFolderAreProblems() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-paths-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("spec")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let png = PNGEncoder().encode(try RasterImage(width: 2, height: 2))
    try Data(png).write(to: root.appendingPathComponent("secret.png"))
    try Data(png).write(to: folder.appendingPathComponent("inside.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path,
      withDestinationPath: root.appendingPathComponent("secret.png").path)
    let outside = ["../secret.png", root.appendingPathComponent("secret.png").path, "link.png"]
    for source in outside {
      guard case .failure(let e) = SpecLoader.load(specNaming(source), baseDirectory: folder.path)
      else {
        Issue.record("\(source) was read")
        continue
      }
      #expect(e.description.contains("outside the spec's folder"), "\(source): \(e)")
      // Allowed, it is read.
      if case .failure(let e) = SpecLoader.load(
        specNaming(source), baseDirectory: folder.path, allowsFilesOutsideFolder: true)
      {
        Issue.record("\(source) allowed: \(e)")
      }
    }
    if case .failure(let e) = SpecLoader.load(specNaming("inside.png"), baseDirectory: folder.path)
    {
      Issue.record("\(e)")
    }
    // The command line says how to allow it.
    let file = folder.appendingPathComponent("s.json")
    try Data(specNaming("../secret.png")).write(to: file)
    let refused = runTool(["validate", file.path])
    #expect(refused.status != 0 && refused.err.contains("--any-path"), "\(refused.err)")
    #expect(runTool(["validate", file.path, "--any-path"]).status == 0)
  }

  /// Before: an image `source` that was a FIFO blocked `validate`, `render`, `watch` and the
  /// preview for ever.
  @Test func anImageThatIsAFIFOIsAProblemAtOnce() throws {
    let folder = try temporaryFolder("strata-fifo")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644) == 0)
    let done = DispatchSemaphore(value: 0)
    let outcome = Locked<String?>(nil)
    let bytes = specNaming("pipe.png")
    let base = folder.path
    Thread {
      if case .failure(let e) = SpecLoader.load(bytes, baseDirectory: base) {
        outcome.withLock { $0 = e.description }
      }
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 10) == .success, "loading the spec blocked")
    let message = outcome.withLock { $0 } ?? ""
    #expect(message.contains("not a regular file"), "\(message)")
  }
}
