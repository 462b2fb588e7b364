import Foundation
import Strata
import StrataTestSupport
import Testing

@testable import StrataCommand
@testable import StrataSpec

/// The spec's `lottie` node: its file read with the Lottie importer, the frames it plays
/// bound to the page, the clock or both, what a bad file says, and its export.
@Suite struct SpecLottieTests {
  /// A circle that grows over frames 0...30, with a zig-zag (not drawn) beside it.
  static let animation = """
    {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "shapes": [
      {"ty": "el", "p": {"a": 0, "k": [50, 50]},
       "s": {"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 30, "s": [90, 90]}]}},
      {"ty": "fl", "c": {"a": 0, "k": [0.2, 0.4, 0.9, 1]}},
      {"ty": "zz", "r": {"a": 0, "k": 2}}]}]}
    """

  static func spec(_ lottie: String) -> String {
    """
    {
      "strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 2,
      "layers": {"wireframe": {"pages": [
        {"type": "lottie", "name": "hero", "source": "grow.json", "frame": [0, 0, 200, 200]\(lottie)},
        {"type": "text", "text": {"runs": [{"text": "Two", "font": {"size": 17}}]}}
      ]}}
    }
    """
  }

  static func folder() throws -> URL {
    let folder = try temporaryFolder("strata-spec-lottie")
    try Data(animation.utf8).write(to: folder.appendingPathComponent("grow.json"))
    return folder
  }

  static func hero(_ c: TutorialController) throws -> AnimatedImageNode {
    try #require(c.root.descendant(named: "hero") as? AnimatedImageNode)
  }

  @Test func aLottieNodePlaysWithTheSwipe() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let loaded = try load(
      Self.spec(#", "lottie": {"scrub": [0, -1], "frames": [10, 30], "stillFrame": 20}"#),
      in: folder
    ).get()
    let c = loaded.makeController()
    c.setPagePosition(0)
    let hero = try Self.hero(c)
    #expect(hero.currentFrame == 10 && hero.contentMode == .aspectFit)
    c.setPagePosition(0.5)
    #expect(hero.currentFrame == 20)
    c.reduceMotion = true
    c.setPagePosition(0.25)
    #expect(hero.currentFrame == 20)
    // The frame drawn is the animation's: the circle has grown past its first size.
    #expect(hero.currentImage.shapes.first.map { $0.path.bounds.width > 40 } == true)
  }

  @Test func aLottieNodePlaysOnTheClock() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let loaded = try load(
      Self.spec(#", "lottie": {"play": "loop", "speed": 2, "start": 0.1}"#), in: folder
    ).get()
    let c = loaded.makeController()
    c.update()
    c.advance(by: 0.35)  // a quarter second at twice 30 frames a second
    #expect(abs(try Self.hero(c).currentFrame - 15) < 1e-9)
    #expect(c.isAnimating)
  }

  @Test func badLottieFilesAndFramesAreProblems() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{\"w\": 0}".utf8).write(to: folder.appendingPathComponent("bad.json"))
    let missing = problems(
      Self.spec("").replacingOccurrences(of: "grow.json", with: "gorw.json"), in: folder)
    #expect(
      missing.contains { $0.contains("no file at \"gorw.json\"") && $0.contains("grow.json") })
    let bad = problems(
      Self.spec("").replacingOccurrences(of: "grow.json", with: "bad.json"), in: folder)
    #expect(bad.contains { $0.contains("bad.json: w: expected a size") })
    let strict = problems(Self.spec(#", "lottie": {"strict": true}"#), in: folder)
    #expect(strict.contains { $0.contains("zig-zags are not drawn yet") })
    let backwards = problems(Self.spec(#", "lottie": {"frames": [20, 10]}"#), in: folder)
    #expect(backwards.contains { $0.contains("the first frame comes after the last") })
    let misplaced = problems(
      Self.spec("").replacingOccurrences(
        of: "\"type\": \"text\"", with: "\"type\": \"text\", \"lottie\": {}"),
      in: folder)
    #expect(misplaced.contains { $0.contains("\"lottie\" belongs to \"lottie\" nodes") })
  }

  @Test func anExportHoldsTheCurrentFrameAsADrawingAndSaysSo() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let c = try load(Self.spec(#", "lottie": {"scrub": [0, -1]}"#), in: folder).get()
      .makeController()
    c.setPagePosition(0.5)
    let export = try SpecExporter(assetFolder: "files").export(c)
    #expect(export.spec.layers?.wireframe?.pages?.first??.type == "vector")
    #expect(export.notes.contains { $0.contains("Lottie animation of \"hero\"") })
  }

  /// `strata validate` counts the animations, and `strata watch` and the preview watch their
  /// files.
  @Test func theToolsSeeTheAnimationFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let loaded = try load(Self.spec(""), in: folder).get()
    #expect(Tool.files(of: loaded).contains { $0.hasSuffix("/grow.json") })
    let spec = folder.appendingPathComponent("spec.json")
    try Data(Self.spec("").utf8).write(to: spec)
    let r = runTool(["validate", spec.path])
    #expect(r.status == 0 && r.out.contains(", 1 animation\n"), "\(r.out)\(r.err)")
  }
}
