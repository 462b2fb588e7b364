import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTestSupport
import Testing

// @testable: these tests reach internals: commands, name, parse and more.
@testable import StrataCommand

/// `strata tree`, `strata frame --time` and `--page` clamping, and what `strata export` says it
/// drops.
@Suite struct TreeCommandTests {
  /// Walks a parsed `tree --json` node beside the scene node it describes.
  static func check(
    _ json: [String: Any], _ node: SceneNode, parentAlpha: Double, seen: inout Set<String>
  ) throws {
    #expect(json["name"] as? String == node.name)
    // Printed exactly; the JSON reader may round the last bit.
    let frame = try #require(json["frame"] as? [Double])
    let expected = [node.frame.minX, node.frame.minY, node.frame.width, node.frame.height]
    #expect(frame.count == 4 && zip(frame, expected).allSatisfy { Swift.abs($0 - $1) < 1e-9 })
    #expect(Swift.abs((json["alpha"] as? Double ?? -1) - node.alpha) < 1e-12)
    let visible = try #require(json["visibleAlpha"] as? Double)
    #expect(Swift.abs(visible - parentAlpha * node.alpha) < 1e-12)
    let kind = try #require(json["kind"] as? String)
    seen.insert(kind)
    #expect(["group", "text", "image", "shape", "button", "indicator"].contains(kind))
    switch node.content {
    case .text: #expect(json["text"] is String, "\(kind) \(node.name ?? "")")
    default: #expect(json["text"] == nil || kind == "button")
    }
    #expect((json["truncated"] != nil) == (kind == "text"))
    let children = try #require(json["children"] as? [[String: Any]])
    #expect(children.count == node.children.count)
    for (c, n) in zip(children, node.children) {
      try check(c, n, parentAlpha: parentAlpha * node.alpha, seen: &seen)
    }
  }

  @Test func theJSONTreeIsTheScene() throws {
    for (name, args) in [
      ("template", ["--page", "0.5"]), ("slider", ["--time", "0.5"]), ("cards", ["--rtl"]),
      ("animals", ["--text-size", "accessibility3", "--size", "320x568"]),
    ] {
      let run = runTool(["tree", name, "--json"] + args)
      #expect(run.status == 0, "\(run.err)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["size", "root"])
      // The same scene, built as the command builds it.
      var parsed = try #require(Tool.commands.first { $0.name == "tree" }).parse([name] + args)
      parsed.onboardings = Onboarding.examples
      let onboarding = try parsed.onboarding()
      let size = try parsed.size("--size") ?? onboarding.defaultPageSize
      let controller = try parsed.makeController(onboarding, size: size)
      _ = try Tool(output: Tool.Output(out: { _ in }, err: { _ in })).showAsAsked(
        controller, parsed, onboarding: onboarding)
      let scene = controller.scene()
      #expect(object["size"] as? [Double] == [scene.size.width, scene.size.height])
      var seen: Set<String> = []
      try Self.check(
        try #require(object["root"] as? [String: Any]), scene.root, parentAlpha: 1, seen: &seen)
      #expect(seen.contains("group") && seen.contains("text") || name == "slider", "\(seen)")
      if name == "slider" { #expect(seen.isSuperset(of: ["button", "indicator", "image"])) }
    }
  }

  /// Text shows as displayed: a long title cut with an ellipsis says so.
  @Test func theTreeShowsTextAsDisplayed() throws {
    let run = runTool(["tree", "template"])
    #expect(run.status == 0)
    #expect(run.out.contains("'top title 0' text"))
    #expect(run.out.contains("\"WELCOME\""))
    #expect(run.out.contains("'top action button' button"))
    // One line of a long sentence in 80 points: cut, and marked so.
    let root = Node(frame: Rect(x: 0, y: 0, width: 200, height: 100), name: "root")
    var text = TextContent("A sentence far too long for its box", font: .system(size: 14))
    text.maximumLines = 1
    let label = TextNode(text: text, frame: Rect(x: 10, y: 10, width: 80, height: 40), name: "t")
    root.addChild(label)
    let tree = TreeNode(
      scene: Scene(root: root, size: Size(width: 200, height: 100)).root, node: root,
      engine: TextEngine.system)
    let node = try #require(tree.children.first)
    #expect(node.kind == .text && node.truncated == true)
    #expect(node.text?.hasSuffix("…") == true && node.text != "A sentence far too long for its box")
    var lines = ""
    tree.lines(into: &lines)
    #expect(lines.contains("(truncated)"))
  }

  @Test func badInputIsOneLineAndExitTwo() {
    for args in [
      ["tree", "nothing"], ["frame", "slider", "--time", "-1"],
      ["frame", "slider", "--time", "nan"], ["frame", "slider", "--time", "1e9"],
      ["tree", "slider", "--time", "inf"], ["tree", "cards", "--page", "x"],
    ] {
      let run = runTool(args)
      #expect(run.status == 2, "\(args)")
      #expect(
        run.err.hasPrefix("strata: ") && run.err.filter { $0 == "\n" }.count == 1, "\(run.err)")
    }
  }

  /// `--time T` is a still of the onboarding's own session at T.
  @Test func frameAtATimeIsTheSessionAtThatTime() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    func frame(_ args: [String]) throws -> [UInt8] {
      let out = dir.appendingPathComponent("f.png").path
      let run = runTool(["frame", "slider", "--scale", "1", "--out", out] + args)
      #expect(run.status == 0, "\(run.err)")
      return try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: out)))).pixels
    }
    let rest = try frame([])
    let start = try frame(["--time", "0"])
    let during = try frame(["--time", "0.5"])
    #expect(rest == start)
    #expect(during != start, "a transition is under way at 0.5 s")
    // The same moment as the session played by hand.
    let s = SliderExample.example()
    s.layoutIfNeeded()
    var at: FrameState?
    try s.play(try GestureScript(Onboarding.sliderScript), fps: 480) { state in
      if Swift.abs(state.time - 0.5) < 1e-9 { at = state }
    }
    let fresh = SliderExample.example()
    fresh.show(try #require(at))
    #expect(try FrameRenderer(scale: 1).render(fresh.scene()).pixels == during)
  }

  /// `--page` is clamped to what the onboarding shows: the cards do not bounce.
  @Test func pageIsClampedToWhatTheOnboardingShows() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("f.png").path
    let cards = runTool(["frame", "cards", "--page", "2.5", "--scale", "0.5", "--out", out])
    #expect(cards.status == 0)
    #expect(cards.err.contains("shows 2") && cards.err.contains("does not bounce"), "\(cards.err)")
    let animals = runTool(["frame", "animals", "--page", "-0.5", "--scale", "0.5", "--out", out])
    #expect(animals.status == 0 && animals.err.isEmpty, "animals bounce: -0.5 is shown")
    let far = runTool(["frame", "animals", "--page", "9", "--scale", "0.5", "--out", out])
    #expect(far.status == 0 && far.err.contains("shows 3"))
  }

  /// The slider's export keeps its held states and says, by name, what runs in code.
  @Test func exportOfTheSliderSaysWhatItDrops() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let spec = dir.appendingPathComponent("slider.json").path
    let run = runTool(["export", "slider", "--out", spec])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("dropped: timed transitions (fade, 0.75 s) on swipes and the arrows"))
    #expect(run.out.contains("dropped: wrap-around"))
    let template = runTool([
      "export", "template", "--out", dir.appendingPathComponent("t.json").path,
    ])
    #expect(template.out.contains("dropped: the top action button's title following"))
    let cards = runTool(["export", "cards", "--out", dir.appendingPathComponent("c.json").path])
    #expect(!cards.out.contains("dropped:"), "the cards' behaviour is all in the spec")
    // Reloaded, it shows what the slider shows at rest: image 0, the others held hidden.
    let a = dir.appendingPathComponent("a.png").path
    let b = dir.appendingPathComponent("b.png").path
    #expect(runTool(["frame", spec, "--scale", "1", "--out", a]).status == 0)
    #expect(runTool(["frame", "slider", "--scale", "1", "--out", b]).status == 0)
    let x = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: a))))
    let y = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: b))))
    #expect(x.pixels == y.pixels)
  }
}
