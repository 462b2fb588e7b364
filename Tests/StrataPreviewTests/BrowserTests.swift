import Foundation
import Strata
import StrataExamples
import StrataPreview
import StrataRender
import StrataTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Chromium and its driver from the distribution (`apt-get install chromium chromium-driver`;
/// `.ci/run` installs them when it can).
enum Browser {
  static func find(_ names: [String]) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      for n in names where FileManager.default.isExecutableFile(atPath: "\(dir)/\(n)") {
        return "\(dir)/\(n)"
      }
    }
    return nil
  }
  static let chromium = find(["chromium", "chromium-browser", "google-chrome"])
  static let driver = find(["chromedriver"])
  static var available: Bool { chromium != nil && driver != nil }
}

/// A WebDriver session (W3C protocol) with a headless Chromium, over plain HTTP.
final class WebDriver {
  let process = Process()
  let port: UInt16
  var session = ""

  init() throws {
    port = Self.freePort() ?? UInt16.random(in: 20_000...40_000)
    process.executableURL = URL(fileURLWithPath: try #require(Browser.driver))
    process.arguments = ["--port=\(port)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var ready = false
    for _ in 0..<100 where !ready {
      usleep(100_000)
      ready = (try? call("GET", "/status"))?["value"] != nil
    }
    try #require(ready, "chromedriver did not start")
    let response = try call(
      "POST", "/session",
      [
        "capabilities": [
          "alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
              "binary": try #require(Browser.chromium),
              "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,900",
                "--force-device-scale-factor=1", "--disable-dev-shm-usage",
              ],
            ],
          ]
        ]
      ])
    let value = try #require(response["value"] as? [String: Any])
    session = try #require(value["sessionId"] as? String, "no session: \(response)")
  }

  /// A port nothing listens on now: the system's choice for a socket bound to port 0.
  static func freePort() -> UInt16? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    return bound ? UInt16(bigEndian: address.sin_port) : nil
  }

  /// Ends the session and the driver (killed if it does not stop within two seconds).
  func quit() {
    _ = try? call("DELETE", "/session/\(session)", timeout: 10)
    process.terminate()
    for _ in 0..<20 where process.isRunning { usleep(100_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// A WebDriver command; the JSON response.
  @discardableResult
  func call(
    _ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Double = 60
  ) throws -> [String: Any] {
    let client = try TestClient(port: port)
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(data.count)\r\n" }
    client.send(Array((head + "\r\n").utf8) + [UInt8](data))
    let response = client.readResponse(seconds: timeout)
    guard let split = response.range(of: "\r\n\r\n") else { return [:] }
    var text = String(response[split.upperBound...])
    if response[..<split.lowerBound].lowercased().contains("transfer-encoding: chunked") {
      text = Self.dechunk(text)
    }
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  static func dechunk(_ s: String) -> String {
    var out = ""
    var rest = Substring(s)
    while let line = rest.range(of: "\r\n"), let n = Int(rest[..<line.lowerBound], radix: 16),
      n > 0
    {
      let start = line.upperBound
      let bytes = Array(rest[start...].utf8)
      out += String(decoding: bytes.prefix(n), as: UTF8.self)
      rest = Substring(String(decoding: bytes.dropFirst(n + 2), as: UTF8.self))
    }
    return out
  }

  func go(_ url: String) throws { try call("POST", "/session/\(session)/url", ["url": url]) }

  func script(_ source: String) throws -> Any? {
    try call("POST", "/session/\(session)/execute/sync", ["script": source, "args": []])["value"]
  }

  /// Waits until `source` returns true.
  func wait(_ source: String, seconds: Double = 30) throws -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if try script(source) as? Bool == true { return true }
      usleep(100_000)
    }
    return false
  }

  /// The canvas's rectangle in CSS pixels.
  func rect(of selector: String) throws -> Rect {
    let found = try call(
      "POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
    let element = try #require(found["value"] as? [String: String])
    let id = try #require(element.values.first)
    let r = try #require(
      try call("GET", "/session/\(session)/element/\(id)/rect")["value"] as? [String: Any])
    func number(_ k: String) -> Double { (r[k] as? NSNumber)?.doubleValue ?? 0 }
    return Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))
  }

  /// A mouse drag (or a click when `to` is `from`) through `steps` moves over `milliseconds`.
  func drag(from: Point, to: Point, steps: Int = 10, milliseconds: Int = 300) throws {
    var actions: [[String: Any]] = [
      ["type": "pointerMove", "duration": 0, "x": Int(from.x), "y": Int(from.y)],
      ["type": "pointerDown", "button": 0],
    ]
    for i in 1...steps {
      let t = Double(i) / Double(steps)
      actions.append([
        "type": "pointerMove", "duration": milliseconds / steps,
        "x": Int(from.x + (to.x - from.x) * t), "y": Int(from.y + (to.y - from.y) * t),
      ])
    }
    actions.append(["type": "pointerUp", "button": 0])
    let response = try call(
      "POST", "/session/\(session)/actions",
      [
        "actions": [
          [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": actions,
          ]
        ]
      ])
    if let error = (response["value"] as? [String: Any])?["error"] {
      Issue.record("the pointer actions failed: \(error)")
    }
  }

  func screenshot() throws -> RasterImage {
    let b64 = try #require(try call("GET", "/session/\(session)/screenshot")["value"] as? String)
    return try PNGDecoder().decode([UInt8](try #require(Data(base64Encoded: b64))))
  }
}

@Suite(.serialized) struct BrowserTests {
  /// Drags in a real browser and compares what it shows with `strata frame`'s picture.
  @Test(
    .enabled(
      if: Browser.available,
      "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"))
  func aDragInChromiumShowsTheNextPageAsStrataFrameDrawsIt() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let browser = try WebDriver()
    defer { browser.quit() }
    try browser.go(running.server.address)
    #expect(try browser.wait("return window.strataPreview && window.strataPreview.frames() > 0"))
    let screen = try browser.rect(of: "#screen")
    #expect(screen.width == 375 && screen.height == 667, "\(screen)")
    // Drag from x = 300 to x = 50 (points of the page) and wait for the pages to settle.
    try browser.drag(
      from: Point(x: screen.minX + 300, y: screen.minY + 300),
      to: Point(x: screen.minX + 50, y: screen.minY + 300))
    let settled = try browser.wait(
      "const s = window.strataPreview.state(); return s && s.position === 1 && s.page === 1")
    let state = try browser.script("return JSON.stringify(window.strataPreview.state())")
    #expect(settled, "\(String(describing: state))")
    usleep(300_000)
    let shot = try browser.screenshot()
    let expected = try FrameRenderer(scale: 1).render(AnimalsTutorial(), pagePosition: 1)
    // The phone's screen, less its rounded corners (30 points): the browser composites the
    // layers' bitmaps, resampling those placed off whole pixels, as the software compositor
    // does, and is held to its tolerance.
    let d = FrameDifference(
      expected, shot, offsetInB: Int(screen.minX), Int(screen.minY), alpha: false
    ) { x, y in min(x, 374 - x) >= 30 || min(y, 666 - y) >= 30 }
    #expect(d.compared > 245_000)
    #expect(d.isWithinResamplingTolerance, "\(d)")
    if ProcessInfo.processInfo.environment["STRATA_RECORD_REFERENCES"] == "1" {
      try PNGEncoder(mode: .small).write(
        shot, to: PreviewServerTests.docsFolder + "/preview.png")
    }
    // Tap the start button: its event appears in the page's list.
    let button = try #require(AnimalsTutorial().scene().node(named: "LET'S START")).frame
    let tap = Point(x: screen.minX + button.midX, y: screen.minY + button.midY)
    try browser.drag(from: tap, to: tap, steps: 1, milliseconds: 50)
    #expect(
      try browser.wait("return document.getElementById('events').textContent.includes('tap')"))
    // A second tab has its own controller: scrubbed to the last page, the first stays.
    let first = try #require(try browser.script("return window.name = 'first'") as? String)
    #expect(first == "first")
    let opened = try browser.call("POST", "/session/\(browser.session)/window/new", ["type": "tab"])
    let handle = try #require((opened["value"] as? [String: Any])?["handle"] as? String)
    let handles = try #require(
      try browser.call("GET", "/session/\(browser.session)/window/handles")["value"] as? [String])
    try browser.call("POST", "/session/\(browser.session)/window", ["handle": handle])
    try browser.go(running.server.address)
    #expect(try browser.wait("return window.strataPreview && window.strataPreview.frames() > 0"))
    _ = try browser.script(
      "const s = document.getElementById('scrub'); s.value = 2; s.dispatchEvent(new Event('input'));"
    )
    #expect(
      try browser.wait("const s = window.strataPreview.state(); return s && s.position === 2"))
    #expect(running.server.sessionCount == 2)
    let other = try #require(handles.first { $0 != handle })
    try browser.call("POST", "/session/\(browser.session)/window", ["handle": other])
    #expect(try browser.wait("return window.strataPreview.state().position === 1"))
  }
}

extension BrowserTests {
  /// What a page received while a two-second drag ran: frames shown, bytes, seconds, and
  /// the display's frames (animation frames) in that time.
  struct Drag {
    var frames = 0
    var bytes = 0
    var seconds = 0.0
    var displayFrames = 0
    /// The bytes of everything received before the drag, per frame shown then.
    var bytesPerFrameAtRest = 0.0
    var framesPerSecond: Double { Double(frames) / max(seconds, 1e-3) }
    var displayRate: Double { Double(displayFrames) / max(seconds, 1e-3) }
    var bytesPerFrame: Double { Double(bytes) / Double(max(frames, 1)) }
  }

  /// Opens the preview in `mode` and drags 200 points to the left over two seconds, a move
  /// at every animation frame (pointer events made in the page, so the input keeps the
  /// display's pace).
  static func drag(_ browser: WebDriver, _ running: RunningServer, mode: String) throws -> Drag {
    try browser.go(running.server.address + "&mode=\(mode)")
    #expect(try browser.wait("return window.strataPreview && window.strataPreview.frames() > 0"))
    usleep(500_000)
    _ = try browser.script(
      """
      const p = window.strataPreview, screen = document.getElementById("screen");
      const r = screen.getBoundingClientRect();
      window.dragResult = null;
      window.restBytes = p.bytes() / p.frames();
      const f0 = p.frames(), b0 = p.bytes();
      let ticks = 0;
      const fire = (type, x) => screen.dispatchEvent(new PointerEvent(type, {
        clientX: r.left + x, clientY: r.top + 300, buttons: type === "pointerup" ? 0 : 1,
        pointerType: "touch", pointerId: 7, bubbles: true }));
      const start = performance.now();
      fire("pointerdown", 330);
      function step(now) {
        ticks += 1;
        const t = (now - start) / 2000;
        if (t >= 1) {
          fire("pointerup", 130);
          window.dragResult = [p.frames() - f0, p.bytes() - b0, (now - start) / 1000, ticks];
          return;
        }
        fire("pointermove", 330 - 200 * t);
        requestAnimationFrame(step);
      }
      requestAnimationFrame(step);
      """)
    #expect(try browser.wait("return window.dragResult !== null", seconds: 30))
    let v = try #require(try browser.script("return window.dragResult") as? [NSNumber])
    let rest = try #require(try browser.script("return window.restBytes") as? NSNumber)
    return Drag(
      frames: v[0].intValue, bytes: v[1].intValue, seconds: v[2].doubleValue,
      displayFrames: v[3].intValue, bytesPerFrameAtRest: rest.doubleValue)
  }

  /// The layers against the PNG frames at 3×, over the same drag in the same browser.
  @Test(
    .enabled(
      if: Browser.available,
      "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"))
  func draggingSendsChangesNotPicturesAndKeepsThePace() throws {
    let running = try RunningServer(scale: 3)
    defer { running.stop() }
    let browser = try WebDriver()
    defer { browser.quit() }
    let layers = try Self.drag(browser, running, mode: "layers")
    let frames = try Self.drag(browser, running, mode: "frames")
    print(
      "preview at 3x while dragging, display \(Int(layers.displayRate)) Hz: PNG frames "
        + "\(Int(frames.framesPerSecond)) fps, \(Int(frames.bytesPerFrameAtRest)) bytes a frame; "
        + "layers \(Int(layers.framesPerSecond)) fps, \(Int(layers.bytesPerFrame)) bytes a frame")
    #expect(layers.frames > 0 && frames.bytesPerFrameAtRest > 0)
    // Under 5 % of the bytes of a PNG frame, at least as many frames shown as with pictures,
    // and at least half the display's rate even on a machine busy with other tests.
    #expect(layers.bytesPerFrame < frames.bytesPerFrameAtRest * 0.05)
    #expect(layers.framesPerSecond >= frames.framesPerSecond)
    #expect(layers.framesPerSecond >= layers.displayRate / 2)
  }
}

extension TestClient {
  /// One HTTP response: its head and as much body as its Content-Length says (or until the
  /// peer closes).
  func readResponse(seconds: Double) -> String {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if let i = find([13, 10, 13, 10]) {
        let head = String(decoding: pending[..<i], as: UTF8.self).lowercased()
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }
        ),
          let n = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)),
          pending.count >= i + 4 + n
        {
          defer { pending = [] }
          return String(decoding: pending[..<(i + 4 + n)], as: UTF8.self)
        }
      }
      guard let bytes = read(timeout: 100) else { break }
      pending += bytes
    }
    defer { pending = [] }
    return String(decoding: pending, as: UTF8.self)
  }
}

extension PreviewServerTests {
  static var docsFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs").path
  }
}
