import Foundation
import Strata
import StrataRender
import StrataTesting
import Testing

// @testable: these tests reach internals: commands, name, ParsedCommand.
@testable import StrataCommand

/// The promise of a rendered frame: the scene rebuilt from a recorded state, on a fresh
/// controller or on one that showed other states before, is the live controller's scene at that
/// tick, exactly, and draws the same bytes. Checked over random gesture scripts on every
/// example and every example spec, both directions.
@Suite struct FrameStatePropertyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every onboarding that comes with Strata: the examples and the example specs.
  static var names: [String] {
    Onboarding.examples.map(\.name)
      + ["animals", "cards", "swiper", "template"].map {
        root.appendingPathComponent("Examples/Specs/\($0).json").path
      }
  }

  static func onboarding(_ name: String) throws -> Onboarding {
    let render = try #require(Tool.commands.first { $0.name == "render" })
    var parsed = ParsedCommand(spec: render)
    parsed.positional = [name]
    parsed.onboardings = Onboarding.examples
    return try parsed.onboarding()
  }

  /// A random script of a person trying the onboarding: drags (some held still, some back and
  /// forth), swipes, taps on buttons and anywhere, and waits, often too short to settle.
  static func randomScript(
    _ random: inout SeededRandomNumberGenerator, size: Size, buttons: [Point]
  ) -> String {
    func n(_ range: ClosedRange<Double>) -> String {
      String((Double.random(in: range, using: &random) * 100).rounded() / 100)
    }
    let w = size.width
    let h = size.height
    var statements: [String] = []
    for _ in 0..<Int.random(in: 3...6, using: &random) {
      switch Int.random(in: 0..<7, using: &random) {
      case 0, 1:
        statements.append(
          "drag \(n(0...w)) \(n(h * 0.2...h * 0.8)) to \(n(0...w)) \(n(h * 0.2...h * 0.8)) in \(n(0.1...1.2))"
        )
      case 2:
        statements.append(
          "swipe \(Bool.random(using: &random) ? "left" : "right") \(n(300...3000))")
      case 3:
        if let b = buttons.randomElement(using: &random) {
          statements.append("tap \(n(b.x...b.x)) \(n(b.y...b.y))")
        } else {
          statements.append("tap \(n(0...w)) \(n(0...h))")
        }
      case 4: statements.append("tap \(n(0...w)) \(n(0...h))")
      default: statements.append("wait \(n(0.02...0.7))")
      }
    }
    return statements.joined(separator: "; ")
  }

  /// Where two scene trees first differ, and how (nil when they are equal): short enough to
  /// read in a failure.
  static func difference(_ a: SceneNode, _ b: SceneNode, path: String = "") -> String? {
    let here = path + "/" + (a.name ?? "?")
    if a.children.count != b.children.count || a.name != b.name {
      return
        "\(here): children \(a.children.map { $0.name ?? "?" }) vs \(b.children.map { $0.name ?? "?" })"
    }
    for (x, y) in zip(a.children, b.children) {
      if let d = difference(x, y, path: here) { return d }
    }
    guard a != b else { return nil }
    var parts: [String] = []
    if a.frame != b.frame || a.transform != b.transform {
      parts.append("frame \(a.frame) vs \(b.frame), transform \(a.transform) vs \(b.transform)")
    }
    if a.alpha != b.alpha { parts.append("alpha \(a.alpha) vs \(b.alpha)") }
    if a.content != b.content { parts.append("content differs") }
    if a.backgroundColor != b.backgroundColor {
      parts.append(
        "background \(String(describing: a.backgroundColor)) vs \(String(describing: b.backgroundColor))"
      )
    }
    return "\(here): " + (parts.isEmpty ? "other properties differ" : parts.joined(separator: "; "))
  }

  @Test(arguments: names)
  func theSceneOfEveryRecordedStateIsTheLiveScene(_ name: String) throws {
    let onboarding = try Self.onboarding(name)
    let size = onboarding.defaultPageSize
    var random = SeededRandomNumberGenerator(seed: UInt64(name.utf8.count) &* 7919 &+ 17)
    let renderer = FrameRenderer(scale: 1)
    // One controller shows every state, in a shuffled order: what a render worker does.
    let reused = onboarding.makeController(size, nil)
    for round in 0..<4 {
      let live = onboarding.makeController(size, nil)
      if round % 2 == 1 {
        live.layoutDirection = .rightToLeft
        reused.layoutDirection = .rightToLeft
      } else {
        reused.layoutDirection = .leftToRight
      }
      var buttons: [Point] = []
      live.root.forEachInSubtree { node in
        guard node is ButtonNode, !node.isHidden, node.alpha > 0,
          let centre = node.convert(Point(x: node.bounds.midX, y: node.bounds.midY), to: nil)
        else { return }
        buttons.append(centre)
      }
      let text = Self.randomScript(&random, size: size, buttons: buttons)
      var recorded: [(FrameState, Scene)] = []
      try live.play(try GestureScript(text), fps: 30, settleLimit: 2) { state in
        recorded.append((state, live.scene()))
      }
      #expect(!recorded.isEmpty)
      for (i, (state, scene)) in recorded.enumerated() where i % 3 == 0 {
        let fresh = onboarding.makeController(size, nil)
        fresh.layoutDirection = live.layoutDirection
        fresh.show(state)
        let rebuilt = fresh.scene()
        let difference = Self.difference(rebuilt.root, scene.root)
        #expect(
          difference == nil, "\(name), '\(text)', frame \(i) on a fresh controller")
        if difference != nil { return }
      }
      for i in recorded.indices.shuffled(using: &random) {
        reused.show(recorded[i].0)
        let difference = Self.difference(reused.scene().root, recorded[i].1.root)
        #expect(difference == nil, "\(name), '\(text)', frame \(i) on a reused controller")
        if difference != nil { return }
      }
      // The bytes too, for a few frames.
      for i in Set([0, recorded.count / 3, recorded.count / 2, recorded.count - 1]) {
        reused.show(recorded[i].0)
        let a = try renderer.render(try renderer.displayList(for: recorded[i].1))
        let b = try renderer.render(try renderer.displayList(for: reused.scene()))
        #expect(
          PNGEncoder().encode(a) == PNGEncoder().encode(b), "\(name), '\(text)', frame \(i) bytes")
      }
    }
  }
}
