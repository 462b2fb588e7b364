import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataSpec
import StrataTestSupport
import Testing

// @testable: these tests reach internals: WebSocket, HTTPRequest, HTTPError and more.
@testable import StrataPreview

@Suite struct WebSocketUnitTests {
  @Test func theAcceptKeyIsRFC6455s() {
    // The example of RFC 6455, section 1.3.
    #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(
      SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(SHA1.digest(Array(repeating: 0x61, count: 1_000)).count == 20)
  }

  @Test func framesAreReadWholeAcrossFragmentsAndSplitReads() throws {
    var reader = WebSocket.Reader()
    let start = TestClient.frame(opcode: 1, Array("hel".utf8), fin: false)
    let ping = TestClient.frame(opcode: 9, [1, 2])
    let end = TestClient.frame(opcode: 0, Array("lo".utf8))
    let bytes = start + ping + end
    // Byte by byte: nothing until whole.
    var messages: [WebSocket.Message] = []
    for b in bytes {
      reader.feed([b][...])
      while let m = try reader.next() { messages.append(m) }
    }
    #expect(messages == [.ping([1, 2]), .text("hello")])
  }

  static let badFrames: [(frame: [UInt8], code: UInt16)] = [
    (TestClient.frame(opcode: 1, [65], masked: false), 1002),
    (TestClient.frame(opcode: 3, [65]), 1002),
    (TestClient.frame(opcode: 0, [65]), 1002),
    (TestClient.frame(opcode: 9, [UInt8](repeating: 0, count: 126)), 1002),
    (TestClient.frame(opcode: 9, [1], fin: false), 1002),
    ([0xC1, 0x81, 0, 0, 0, 0, 65], 1002),
    (TestClient.frame(opcode: 1, [0xFF, 0xFE]), 1007),
    ([0x82, 0xFF, 0, 0, 1, 0, 0, 0, 0, 0], 1009),
    (TestClient.frame(opcode: 2, [UInt8](repeating: 0, count: 70_000)), 1009),
  ]

  @Test(arguments: 0..<9)
  func badFramesAreRefusedWithTheirCloseCode(index: Int) {
    let (frame, code) = Self.badFrames[index]
    var reader = WebSocket.Reader()
    reader.feed(frame[...])
    #expect(throws: WebSocket.Failure.self) { _ = try reader.next() }
    do {
      _ = try reader.next()
    } catch {
      #expect(error.code.rawValue == code)
    }
  }

  @Test func requestsAreParsedOrRefusedWithAReason() throws {
    let ok = try HTTPRequest.parse(
      Array("GET /app.js HTTP/1.1\r\nHost: a\r\nX-Thing:  two words \r\nx-thing: more".utf8))
    #expect(ok.method == "GET" && ok.path == "/app.js")
    #expect(ok.headers["x-thing"] == "two words, more")
    #expect(throws: HTTPError.self) { try HTTPRequest.parse(Array("GET /\r\n".utf8)) }
    #expect(throws: HTTPError.badVersion("HTTP/2.0")) {
      try HTTPRequest.parse(Array("GET / HTTP/2.0".utf8))
    }
    #expect(throws: HTTPError.self) {
      try HTTPRequest.parse(Array("GET / HTTP/1.1\r\nno colon here".utf8))
    }
    #expect(throws: HTTPError.self) { try HTTPRequest.parse([0xFF, 0xFE]) }
    let many = (0..<100).map { "h\($0): v" }.joined(separator: "\r\n")
    #expect(throws: HTTPError.headTooLarge) {
      try HTTPRequest.parse(Array("GET / HTTP/1.1\r\n\(many)".utf8))
    }
  }
}

@Suite(.serialized) struct PreviewServerTests {
  @Test func thePageAndItsScriptAreServedAndNothingElse() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let page = try TestClient(port: running.port).get("/")
    #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("<div id=\"screen\""))
    #expect(page.contains("<title>animals · Strata preview</title>"))
    let script = try TestClient(port: running.port).get("/app.js")
    #expect(script.hasPrefix("HTTP/1.1 200 OK") && script.contains("new WebSocket"))
    for path in ["/../etc/passwd", "/etc/passwd", "/index.html/../../x", "/%2e%2e/"] {
      let r = try TestClient(port: running.port).get(path)
      #expect(r.hasPrefix("HTTP/1.1 404 Not Found"), "\(path)")
    }
  }

  @Test func malformedRequestsGetErrorsAndTheServerGoesOn() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let cases: [(String, String)] = [
      ("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", "405"),
      ("HELLO\r\n\r\n", "400"),
      ("GET / HTTP/2.0\r\n\r\n", "505"),
      ("GET / HTTP/1.1\r\nbad header\r\n\r\n", "400"),
      (
        "GET /ws?token=\(RunningServer.token) HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n"
          + "Upgrade: websocket\r\n\r\n", "400"
      ),
      ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000) + "\r\n\r\n", "431"),
    ]
    for (raw, status) in cases {
      let r = try TestClient(port: running.port).request(raw)
      #expect(r.hasPrefix("HTTP/1.1 \(status)"), "\(raw.prefix(30)): \(r.prefix(60))")
    }
    // A client that sends half a request and hangs up, then one that sends bytes that are not
    // text: neither stops the server.
    let half = try TestClient(port: running.port)
    half.send("GET / HT")
    _ = half
    let binary = try TestClient(port: running.port)
    binary.send([0, 1, 2, 0xFF, 13, 10, 13, 10])
    #expect(binary.readAll().hasPrefix("HTTP/1.1 400"))
    let after = try TestClient(port: running.port).get("/")
    #expect(after.hasPrefix("HTTP/1.1 200 OK"))
  }

  /// Before: 16 slow request heads made the server answer 503 to everyone for 10 s.
  @Test func slowHeadsGiveWayToNewConnections() throws {
    let running = try RunningServer(limit: 8)
    defer { running.stop() }
    let slow = try (0..<40).map { _ in try TestClient(port: running.port) }
    for c in slow { c.send("GET / HT") }
    usleep(200_000)
    let c = try TestClient(port: running.port).get("/")
    #expect(c.hasPrefix("HTTP/1.1 200"), "\(c.prefix(80))")
    // The oldest slow ones were let go.
    #expect(slow[0].readAll(seconds: 1).isEmpty && slow[0].read(timeout: 100) == nil)
  }

  @Test func badWebSocketFramesCloseTheirConnectionOnly() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let head = try TestClient(port: running.port).upgradeHead()
    #expect(head.contains("101 Switching Protocols"))
    #expect(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
    for bad in [
      TestClient.frame(opcode: 1, Array("{}".utf8), masked: false),
      TestClient.frame(opcode: 7, []),
      TestClient.frame(opcode: 1, [0xC3]),
    ] {
      let client = try TestClient(port: running.port)
      client.upgrade()
      client.send(bad)
      var close: (opcode: UInt8, payload: [UInt8])?
      while let f = client.nextFrame(timeout: 5) {
        if f.opcode == 8 {
          close = f
          break
        }
      }
      let code = close.map { UInt16($0.payload[0]) << 8 | UInt16($0.payload[1]) }
      #expect(code == 1002 || code == 1007, "\(String(describing: code))")
    }
    // A message that is JSON of no known type gets an error message, and the session goes on.
    let client = try TestClient(port: running.port)
    client.upgrade()
    client.sendJSON(["type": "fly"])
    var frames = 0
    let error = client.nextMessage(type: "error", frames: &frames)
    #expect((error?["message"] as? String)?.contains("unknown message type 'fly'") == true)
    client.sendJSON(["type": "scrub", "position": 1])
    client.sendJSON(["type": "ack"])
    #expect(waitForFrame(client, where: { $0["position"] as? Double == 1 }) != nil)
  }

  /// Reads frames (acknowledging each picture) until a frame's state satisfies `test`.
  func waitForFrame(
    _ client: TestClient, timeout: Double = 20, where test: ([String: Any]) -> Bool
  ) -> [String: Any]? {
    let end = Date().addingTimeInterval(timeout)
    var frames = 0
    while Date() < end {
      guard
        let m = client.nextMessage(
          type: "frame", timeout: end.timeIntervalSinceNow, frames: &frames)
      else { return nil }
      // The picture follows its state; acknowledge it.
      _ = client.nextFrame(timeout: 10)
      client.sendJSON(["type": "ack"])
      if test(m) { return m }
    }
    return nil
  }

  @Test func twoTabsHaveTheirOwnControllers() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let a = try TestClient(port: running.port)
    let b = try TestClient(port: running.port)
    a.upgrade()
    b.upgrade()
    #expect(waitForFrame(a, where: { _ in true }) != nil)
    #expect(waitForFrame(b, where: { _ in true }) != nil)
    #expect(running.server.sessionCount == 2)
    // A drag from x = 300 to x = 50 on tab A turns A's page; B stays on the first.
    a.sendJSON(["type": "touch", "phase": "down", "x": 300, "y": 300])
    for x in stride(from: 280, through: 50, by: -23) {
      a.sendJSON(["type": "touch", "phase": "move", "x": x, "y": 300])
      usleep(8_000)
    }
    a.sendJSON(["type": "touch", "phase": "up", "x": 50, "y": 300])
    let settled = waitForFrame(a) { ($0["position"] as? Double) == 1 }
    #expect(settled?["page"] as? Int == 1)
    b.sendJSON(["type": "scrub", "position": 0.001])
    let other = waitForFrame(b) { _ in true }
    #expect((other?["position"] as? Double ?? 9) < 0.01)
  }

  @Test func aTabThatDoesNotAcknowledgeGetsNoQueueOfFrames() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let client = try TestClient(port: running.port)
    client.upgrade()
    var pictures = 0
    let first = client.nextMessage(type: "frame", frames: &pictures)
    #expect(first?["n"] as? Int == 1)
    // Move the pages without acknowledging: events come, pictures do not.
    client.sendJSON(["type": "scrub", "position": 0.5])
    client.sendJSON(["type": "scrub", "position": 1.5])
    client.sendJSON(["type": "scrub", "position": 2])
    let end = Date().addingTimeInterval(1)
    while Date() < end, let f = client.nextFrame(timeout: end.timeIntervalSinceNow) {
      if f.opcode == 2 { pictures += 1 }
      if f.opcode == 1, f.payload.contains(Array("\"frame\"".utf8)) {
        Issue.record("a second frame")
      }
    }
    #expect(pictures == 1)
    // Acknowledged, the next frame shows the pages as they are now, not the states in between.
    client.sendJSON(["type": "ack"])
    let next = client.nextMessage(type: "frame", frames: &pictures)
    #expect(next?["n"] as? Int == 2 && next?["position"] as? Double == 2)
  }

  @Test func framesAreCountedPerSecondAtOneAndTwoPointsPerPixel() throws {
    // Timings in tests are ratios: the figures are printed (strata bench has them too), and
    // the test checks that a scrub streams many frames, and @2x no more than @1x.
    let rates = [1.0, 2.0].map {
      PreviewMeasure.framesPerSecond(source: RunningServer.animals, scale: $0, seconds: 2) ?? 0
    }
    print("preview frames per second (debug build): @1x \(rates[0]), @2x \(rates[1])")
    #expect(rates[0] > 2)
    #expect(rates[1] <= rates[0] * 1.5)
  }

  @Test func savingTheSpecReloadsInPlaceAndProblemsShowOnThePage() throws {
    let dir = try temporaryFolder("strata-preview")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("cards.json").path
    let original = try String(contentsOfFile: Self.specsFolder + "/cards.json", encoding: .utf8)
    try original.write(toFile: file, atomically: true, encoding: .utf8)
    // The drawings the spec names, beside it.
    try FileManager.default.copyItem(
      atPath: Self.specsFolder + "/cards-files",
      toPath: dir.appendingPathComponent("cards-files").path)
    let drawing = dir.appendingPathComponent("cards-files/drawing-2.json").path
    let source = PreviewSource(
      name: "cards", defaultPageSize: Size(width: 375, height: 667),
      watchedFiles: { [file, drawing] },
      makeController: { size in
        switch SpecLoader.load(file: file) {
        case .success(let loaded): return loaded.makeController(pageSize: size)
        case .failure(let error): throw error
        }
      })
    let running = try RunningServer(source)
    defer { running.stop() }
    let client = try TestClient(port: running.port)
    client.upgrade()
    client.sendJSON(["type": "scrub", "position": 1])
    #expect(waitForFrame(client) { $0["position"] as? Double == 1 } != nil)
    // A broken save: the problem shows, the preview stays.
    try "{\"pages\": [".write(toFile: file, atomically: true, encoding: .utf8)
    var frames = 0
    let error = client.nextMessage(type: "error", frames: &frames)
    #expect(
      (error?["message"] as? String)?.contains("line") == true, "\(String(describing: error))")
    // A good save: reloaded, on the same page.
    try original.replacingOccurrences(of: "Começar", with: "Vamos").write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(client.nextMessage(type: "reloaded", frames: &frames) != nil)
    client.sendJSON(["type": "ack"])
    let after = waitForFrame(client) { _ in true }
    #expect(after?["position"] as? Double == 1)
    // Saving a drawing the spec names reloads it too.
    let art = try String(contentsOfFile: drawing, encoding: .utf8)
    try (art + "\n").write(toFile: drawing, atomically: true, encoding: .utf8)
    #expect(client.nextMessage(type: "reloaded", frames: &frames) != nil)
  }

  static var specsFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/Specs").path
  }
}

extension TestClient {
  /// The upgrade's response head.
  func upgradeHead() -> String { upgrade() }
}

/// The preview under attack: pages on other sites, slow and idle peers, huge tabs.
@Suite(.serialized) struct PreviewSecurityTests {
  func closeCode(_ client: TestClient, timeout: Double = 5) -> UInt16? {
    while let f = client.nextFrame(timeout: timeout) {
      if f.opcode == 8 {
        return f.payload.count >= 2 ? UInt16(f.payload[0]) << 8 | UInt16(f.payload[1]) : 0
      }
    }
    return nil
  }

  /// Before: any Host was served, so a DNS-rebinding page could read the preview.
  @Test func onlyTheServersOwnHostIsServed() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let t = RunningServer.token
    for host in ["evil.example:\(running.port)", "127.0.0.1:1", "localhost", "127.0.0.1"] {
      for path in ["/?token=\(t)", "/app.js"] {
        let r = try TestClient(port: running.port).request(
          "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(r.hasPrefix("HTTP/1.1 403"), "\(host)\(path): \(r.prefix(40))")
      }
    }
    let none = try TestClient(port: running.port).request("GET /app.js HTTP/1.1\r\n\r\n")
    #expect(none.hasPrefix("HTTP/1.1 403"))
    for host in ["127.0.0.1:\(running.port)", "LOCALHOST:\(running.port)", "[::1]:\(running.port)"]
    {
      let r = try TestClient(port: running.port).request(
        "GET /?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
      #expect(r.hasPrefix("HTTP/1.1 200"), "\(host)")
    }
  }

  @Test func thePageAndTheSocketNeedTheToken() throws {
    let running = try RunningServer()
    defer { running.stop() }
    #expect(try TestClient(port: running.port).get("/", token: "").hasPrefix("HTTP/1.1 403"))
    #expect(try TestClient(port: running.port).get("/", token: "guess").hasPrefix("HTTP/1.1 403"))
    let r = try TestClient(port: running.port).request(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
    #expect(r.hasPrefix("HTTP/1.1 403") && r.contains("token"))
    let ws = try TestClient(port: running.port)
    #expect(ws.upgrade(token: "0123456789abcdef0123456789abcdee").hasPrefix("HTTP/1.1 403"))
    #expect(running.server.sessionCount == 0)
    // Every server makes its own.
    let a = PreviewServer(source: RunningServer.animals)
    let b = PreviewServer(source: RunningServer.animals)
    #expect(a.token != b.token && a.token.count == 32)
  }

  /// Before: any Origin could open the socket (cross-site WebSocket hijacking).
  @Test func theSocketOpensOnlyFromThePagesOwnOrigin() throws {
    let running = try RunningServer()
    defer { running.stop() }
    for origin in [
      "http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:\(running.port)",
    ] {
      let head = try TestClient(port: running.port).upgrade(origin: origin)
      #expect(head.hasPrefix("HTTP/1.1 403"), "\(origin)")
    }
    let missing = try TestClient(port: running.port)
    missing.send(
      "GET /ws?token=\(RunningServer.token) HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n"
        + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        + "Sec-WebSocket-Version: 13\r\n\r\n")
    #expect(missing.readAll().hasPrefix("HTTP/1.1 403"))
    #expect(try TestClient(port: running.port).upgrade().contains("101 Switching Protocols"))
  }

  @Test func theWebSocketKeyIsChecked() throws {
    let running = try RunningServer()
    defer { running.stop() }
    for key in [
      "x", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ=!", "dGhlIHNhbXBsZSBub25jZXh4eA==",
    ] {
      let head = try TestClient(port: running.port).upgrade(key: key)
      #expect(head.hasPrefix("HTTP/1.1 400"), "\(key): \(head.prefix(30))")
    }
    #expect(PreviewGuard.isWebSocketKey("AQIDBAUGBwgJCgsMDQ4PEA=="))
  }

  /// Before: a close frame with one byte of payload was answered 1000.
  @Test func badCloseFramesAreProtocolErrors() throws {
    for (payload, code) in [
      ([UInt8]([3]), UInt16(1002)), ([3, 0xE7], 1002), ([0x03, 0xEE], 1002),
      ([0x13, 0x88], 1002), ([0x03, 0xE8, 0xFF], 1007),
    ] as [([UInt8], UInt16)] {
      var reader = WebSocket.Reader()
      reader.feed(TestClient.frame(opcode: 8, payload)[...])
      do {
        _ = try reader.next()
        Issue.record("\(payload) was taken")
      } catch {
        #expect(error.code.rawValue == code, "\(payload)")
      }
    }
    var reader = WebSocket.Reader()
    reader.feed(
      (TestClient.frame(opcode: 8, [0x03, 0xE8] + Array("bye".utf8))
        + TestClient.frame(opcode: 8, []))[...])
    #expect(try reader.next() == .close(code: 1000))
    #expect(try reader.next() == .close(code: nil))
    let running = try RunningServer()
    defer { running.stop() }
    let client = try TestClient(port: running.port)
    client.upgrade()
    client.send(TestClient.frame(opcode: 8, [3]))
    #expect(closeCode(client) == 1002)
  }

  /// Before: 16 tabs of 3000 × 3000 took 3.6 GB.
  @Test func tabsAreBoundedInPixelsAndInAll() throws {
    var c = PreviewServer.Configuration(port: 0, memoryBudget: 48 << 20)
    c.tabPixelLimit = 2_000_000
    let running = try RunningServer(configuration: c)
    defer { running.stop() }
    let a = try TestClient(port: running.port)
    a.upgrade()
    var frames = 0
    a.sendJSON(["type": "settings", "size": "3000x3000"])
    let tooBig = a.nextMessage(type: "error", frames: &frames)
    #expect(
      (tooBig?["message"] as? String)?.contains("per tab") == true, "\(String(describing: tooBig))")
    // 48 MiB is 1.5 million pixels at 32 bytes each: one tab of 1000 × 1200 leaves no room.
    a.sendJSON(["type": "settings", "size": "1000x1200"])
    // The first tab's size is taken before the second asks (the frame at the new size says
    // so), whatever the load on the machine.
    var resized = false
    for _ in 0..<200 where !resized {
      // A debug build on a loaded machine can take seconds over a 1000 × 1200 frame.
      guard let f = a.nextMessage(type: "frame", timeout: 60, frames: &frames) else { break }
      resized = f["width"] as? Double == 1000
      a.sendJSON(["type": "ack"])
    }
    #expect(resized)
    let b = try TestClient(port: running.port)
    #expect(b.upgrade().contains("101"))
    b.sendJSON(["type": "settings", "size": "1000x1200"])
    let full = b.nextMessage(type: "error", frames: &frames)
    #expect(
      (full?["message"] as? String)?.contains("memory budget") == true,
      "\(String(describing: full))")
  }

  /// A tab that is refused takes nobody's place; one that fits only by taking the least
  /// recently active tab's place takes it.
  @Test func onlyATabThatIsLetInTakesAnothersPlace() throws {
    let c = PreviewServer.Configuration(port: 0, sessionLimit: 1, memoryBudget: 32 * 1_000)
    let book = PreviewGuard(configuration: c)
    let a = try #require(book.admit(-1))
    try book.beginSession(a, pixels: 500)
    let b = try #require(book.admit(-1))
    #expect(throws: HTTPError.self) { try book.beginSession(b, pixels: 2_000) }
    #expect(book.holds(a) && book.sessionCount == 1)
    try book.beginSession(b, pixels: 900)
    #expect(!book.holds(a) && book.holds(b) && book.sessionCount == 1)
  }

  /// Before: 16 idle WebSockets held the server at 503 for as long as they stayed.
  @Test func idleTabsAreClosedAndNewTabsTakeTheOldestPlace() throws {
    var c = PreviewServer.Configuration(port: 0, sessionLimit: 2, idleTimeout: 0.6)
    c.connectionLimit = 6
    let running = try RunningServer(configuration: c)
    defer { running.stop() }
    let idle = try TestClient(port: running.port)
    idle.upgrade()
    // A tab that never answers the server's pings is closed as idle.
    #expect(closeCode(idle, timeout: 5) == 1001)
  }

  @Test func aNewTabTakesThePlaceOfTheLeastRecentlyActive() throws {
    var c = PreviewServer.Configuration(port: 0, sessionLimit: 2, idleTimeout: 60)
    c.connectionLimit = 6
    let running = try RunningServer(configuration: c)
    defer { running.stop() }
    // Two live tabs, then a third: the least recently active gives way.
    let first = try TestClient(port: running.port)
    let second = try TestClient(port: running.port)
    first.upgrade()
    usleep(50_000)
    second.upgrade()
    usleep(50_000)
    second.sendJSON(["type": "ack"])
    let third = try TestClient(port: running.port)
    #expect(third.upgrade().contains("101"))
    var closed = false
    let end = Date().addingTimeInterval(5)
    while Date() < end, !closed {
      if first.read(timeout: 50) == nil { closed = true }
    }
    #expect(closed, "the oldest tab kept its place")
    #expect(running.server.sessionCount == 2)
    #expect(second.read(timeout: 200) != nil, "the active tab was closed")
  }
}
