import Strata
import StrataRender

/// Laying out and drawing a 200-word paragraph at @3x, with a cold and with a warm glyph cache.
struct TextBenchmark {
  var quick: Bool

  static let paragraph: String = {
    let words = [
      "our", "quality", "prints", "are", "the", "perfect", "way", "to", "enjoy", "your", "best",
      "memories",
      "bears", "birds", "and", "elephants", "wander", "through", "every", "page", "of", "this",
      "onboarding",
    ]
    var state: UInt64 = 12_345
    var out: [String] = []
    for _ in 0..<200 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      out.append(words[Int(state >> 33) % words.count])
    }
    return out.joined(separator: " ")
  }()

  func run() -> [BenchmarkResult] {
    let root = Node(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    var text = TextContent(Self.paragraph, font: .system(size: 15))
    text.lineHeightMultiple = 1.2
    root.addChild(TextNode(text: text, frame: Rect(x: 20, y: 20, width: 350, height: 800)))
    let scene = Scene(root: root, size: root.size)
    let engine = TextEngine.system
    _ = engine.layout(text, width: 350)  // load the fonts once; that is not what is measured
    let rounds = quick ? 3 : 9
    // Each round lays the text out in a box of a new width (by a billionth of a point), so the
    // engine's layout cache cannot answer: this measures laying out, not looking up.
    var round = 0.0
    let layoutTiming = timing(rounds: rounds, operationsPerRound: 1) {
      round += 1
      _ = engine.layout(text, width: 350 + round * 1e-9)
    }
    let coldTiming = timing(rounds: rounds, operationsPerRound: 1) {
      _ = try? FrameRenderer(scale: 3, glyphCache: GlyphCache()).render(scene)
    }
    let warmRenderer = FrameRenderer(scale: 3, glyphCache: GlyphCache())
    _ = try? warmRenderer.render(scene)
    let warmTiming = timing(rounds: rounds, operationsPerRound: 1) {
      _ = try? warmRenderer.render(scene)
    }
    return [
      .timing("text.layout.200words", layoutTiming, unit: "us"),
      .timing("text.render.200words.cold", coldTiming, unit: "ms", note: "@3x, empty glyph cache"),
      .timing("text.render.200words.warm", warmTiming, unit: "ms", note: "@3x, warm glyph cache"),
    ]
  }
}
