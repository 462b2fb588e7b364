import Foundation
import StrataRender
import StrataTestSupport
import Testing

@Suite struct ImageCommandTests {
  static let bear = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/Animals/Assets/bear.svg").path

  func folder() throws -> URL {
    let dir = try temporaryFolder("strata-image")
    return dir
  }

  @Test func anSVGIsDrawnAtItsOwnSizeOrFittedIntoOne() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("bear.png").path
    let r = runTool(["image", Self.bear, "--scale", "3", "--out", out])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "wrote \(out) (480×420 px: SVG at 160×140 pt, @3x)\n")
    let png = try PNGDecoder().decodeFile(out)
    #expect(png.width == 480 && png.height == 420)
    #expect(!png.isOpaque, "an SVG without a background keeps its transparency")
    let fitted = runTool(["image", Self.bear, "--size", "80x80", "--out", out])
    #expect(fitted.status == 0)
    #expect(try PNGDecoder().decodeFile(out).width == 160)
  }

  @Test func whatAnSVGLeavesOutIsPrintedAndStrictFails() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("hello.svg").path
    try Data(
      "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'>\n<text>hi</text>\n</svg>"
        .utf8
    ).write(to: URL(fileURLWithPath: svg))
    let out = dir.appendingPathComponent("hello.png").path
    let r = runTool(["image", svg, "--out", out])
    #expect(r.status == 0)
    #expect(r.err == "strata: \(svg): line 2: <text>: <text> is not drawn\n")
    #expect(r.out.hasSuffix("; 1 thing not drawn\n"))
    let strict = runTool(["image", svg, "--strict", "--out", out])
    #expect(strict.status == 1)
    #expect(strict.err.contains("not supported: line 2: <text>"))
  }

  /// A Lottie animation's frame: a square moving from x 20 to 80 over frames 0 to 30.
  @Test func aLottieFrameIsDrawnAtItsOwnSize() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("move.json").path
    let lottie = """
      {"fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [{"ty": 4,
        "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [20, 50]}, {"t": 30, "s": [80, 50]}]}},
        "shapes": [
          {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}},
          {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}},
          {"ty": "zz", "r": {"a": 0, "k": 3}}]}]}
      """
    try Data(lottie.utf8).write(to: URL(fileURLWithPath: file))
    let out = dir.appendingPathComponent("f.png").path
    let r = runTool(["image", file, "--frame", "15", "--scale", "1", "--out", out])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("100×100 px: Lottie frame 15 at 100×100 pt, @1x"))
    #expect(r.err.contains("layers[0].shapes[2]: zig-zags are not drawn yet"))
    let png = try PNGDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: out)).map { $0 })
    #expect(png.pixel(x: 50, y: 50).b == 255 && png.pixel(x: 30, y: 50).a == 0)
    // Past the out point, the last frame; strict refuses what is not drawn.
    let late = runTool(["image", file, "--frame", "1000", "--scale", "1", "--out", out])
    #expect(late.out.contains("Lottie frame 60"))
    let strict = runTool(["image", file, "--strict", "--out", out])
    #expect(strict.status == 1 && strict.err.contains("zig-zags"))
  }

  @Test func badFilesSayWhatAndWhere() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = runTool(["image", dir.appendingPathComponent("nope.png").path])
    #expect(missing.status == 1 && missing.err.contains("nope.png"))
    let text = dir.appendingPathComponent("notes.png").path
    try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
    let wrong = runTool(["image", text])
    #expect(wrong.err.contains("not a PNG, JPEG or SVG file"))
    let broken = dir.appendingPathComponent("broken.svg").path
    try Data("<svg><g></svg>".utf8).write(to: URL(fileURLWithPath: broken))
    let malformed = runTool(["image", broken])
    #expect(malformed.status == 1 && malformed.err.contains("line 1: malformed XML"))
  }
}

@Suite struct EventsOptionTests {
  @Test func aScriptedRenderWritesItsEventsAsJSONLines() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-events-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let events = dir.appendingPathComponent("events.jsonl").path
    let r = runTool([
      "render", "swiper", "--script", "swipe left; wait 1; tap 'Log in'", "--events", events,
      "--out", dir.path, "--scale", "0.25", "--fps", "20", "--jobs", "1",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("events to \(events)"))
    let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.contains(#""event":"dragBegan","page":0"#) == true)
    #expect(lines.last?.contains(#""action":"loginClicked","button":"Log in","page":1"#) == true)
    #expect(lines.count == 5)
    let noScript = runTool(["render", "swiper", "--events", events, "--out", dir.path])
    #expect(noScript.status == 2 && noScript.err.contains("--script"))
  }
}
