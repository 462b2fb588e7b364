import Strata
import StrataIO
import StrataText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks a scene for text a reader cannot read: text cut off by its box or by the screen,
/// and text whose contrast with what is drawn under it is below WCAG 2's level AA.
///
/// ```swift
/// let audit = AccessibilityAudit()
/// for finding in audit.findings(in: tutorial.scene()) { print(finding) }
/// ```
public struct AccessibilityAudit: Sendable {
  /// What was found, where.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
      /// The text needs `needed` points of height (every line shown) and its box has
      /// `available`.
      case clipped(needed: Double, available: Double)
      /// The text's box reaches past the edge of the screen.
      case offScreen
      /// The text's contrast with what is under it is `ratio`:1, below the `required`:1 of
      /// WCAG AA (4.5:1, or 3:1 for large text: 18 points, or 14 points bold).
      case lowContrast(ratio: Double, required: Double)
    }

    /// What is wrong.
    public var kind: Kind
    /// The text node's name, if it has one.
    public var node: String?
    /// The text (its first 40 characters).
    public var text: String
    /// The text's box in viewport points.
    public var frame: Rect

    /// One line: the node, the text and what is wrong.
    public var description: String {
      let name = node.map { "'\($0)'" } ?? "a text node"
      switch kind {
      case .clipped(let needed, let available):
        return "\(name) (\"\(text)\"): clipped: needs \(Self.format(needed)) points, has "
          + "\(Self.format(available))"
      case .offScreen:
        return "\(name) (\"\(text)\"): reaches past the edge of the screen"
      case .lowContrast(let ratio, let required):
        return
          "\(name) (\"\(text)\"): contrast \(Self.format(ratio)):1, below \(Self.format(required)):1"
      }
    }

    static func format(_ v: Double) -> String { String((v * 100).rounded() / 100) }
  }

  /// Measures text as the renderer lays it out.
  public var engine: TextEngine
  /// The pixels per point the contrast is measured at.
  public var scale: Double

  /// Creates an audit that measures and renders with `engine` at `scale`.
  public init(engine: TextEngine = TextEngine.system, scale: Double = 1) {
    self.engine = engine
    self.scale = scale
  }

  /// Everything found in `scene`: clipped and off-screen text, then low contrast.
  public func findings(in scene: Scene) -> [Finding] {
    clippedText(in: scene) + lowContrast(in: scene)
  }

  /// The text nodes of `scene` that are read (not ``SceneNode/isDecorative``), with their
  /// opacity (their own and their ancestors').
  func textNodes(_ scene: Scene) -> [(node: SceneNode, text: TextContent, alpha: Double)] {
    var out: [(SceneNode, TextContent, Double)] = []
    func walk(_ n: SceneNode, _ alpha: Double) {
      let a = alpha * n.alpha
      guard a > 0 else { return }
      if case .text(let t, _) = n.content, !t.string.isEmpty, !n.isDecorative {
        out.append((n, t, a))
      }
      for c in n.children { walk(c, a) }
    }
    walk(scene.root, 1)
    return out
  }

  /// Text whose lines do not all fit its box, and text boxes that reach past the screen.
  /// Boxes entirely off the screen (other pages) are not checked.
  public func clippedText(in scene: Scene) -> [Finding] {
    let viewport = Rect(origin: .zero, size: scene.size)
    var out: [Finding] = []
    for (node, text, _) in textNodes(scene) {
      let frame = node.frame
      guard !frame.intersection(viewport).isEmpty else { continue }
      var unlimited = text
      unlimited.maximumLines = 0
      let needed = engine.size(of: unlimited, width: node.bounds.width).height
      let label = String(text.string.prefix(40))
      if needed > node.bounds.height + 0.5 {
        out.append(
          Finding(
            kind: .clipped(needed: needed, available: node.bounds.height), node: node.name,
            text: label, frame: frame))
      }
      let inside = viewport.insetBy(dx: -0.5, dy: -0.5)
      if frame.minX < inside.minX || frame.minY < inside.minY || frame.maxX > inside.maxX
        || frame.maxY > inside.maxY
      {
        out.append(Finding(kind: .offScreen, node: node.name, text: label, frame: frame))
      }
    }
    return out
  }

  /// Text whose contrast with what is drawn under it is below WCAG AA. The scene is rendered
  /// with its text and without it: the pixels the text changed are its glyphs, and what the
  /// scene without text has there is what the text is read against. Each run's colour (with its
  /// node's opacity) is composited over those pixels, and the ratio that 90 % of them reach is
  /// the text's (a few pixels of a busy background do not decide it).
  public func lowContrast(in scene: Scene) -> [Finding] {
    let plain = FrameRenderer(scale: scale, background: .white, textShaper: nil)
    let full = FrameRenderer(scale: scale, background: .white, textShaper: engine)
    guard let backdrop = try? plain.render(scene), let drawn = try? full.render(scene),
      backdrop.pixels.count == drawn.pixels.count
    else { return [] }
    let viewport = Rect(origin: .zero, size: scene.size)
    var out: [Finding] = []
    for (node, text, alpha) in textNodes(scene) {
      let box = node.frame.intersection(viewport)
      guard !box.isEmpty else { continue }
      let glyphs = Self.changedPixels(backdrop, drawn, in: box, scale: scale)
      guard !glyphs.isEmpty else { continue }
      var seen = Set<Color>()
      for run in text.runs where !run.string.allSatisfy(\.isWhitespace) {
        guard seen.insert(run.color).inserted else { continue }
        let large =
          run.font.size >= 18 || (run.font.size >= 14 && run.font.weight >= .bold)
        let required = large ? 3.0 : 4.5
        let ratio = Self.contrast(of: run.color, alpha: alpha, over: backdrop, at: glyphs)
        if ratio < required {
          out.append(
            Finding(
              kind: .lowContrast(ratio: ratio, required: required), node: node.name,
              text: String(run.string.prefix(40)), frame: node.frame))
          break
        }
      }
    }
    return out
  }

  /// The byte offsets of the pixels in `box` (points) where `a` and `b` differ, at most about
  /// 4096 of them, evenly taken.
  static func changedPixels(_ a: RasterImage, _ b: RasterImage, in box: Rect, scale: Double)
    -> [Int]
  {
    let x0 = Swift.max(0, Int((box.minX * scale).rounded(.down)))
    let y0 = Swift.max(0, Int((box.minY * scale).rounded(.down)))
    let x1 = Swift.min(a.width, Int((box.maxX * scale).rounded(.up)))
    let y1 = Swift.min(a.height, Int((box.maxY * scale).rounded(.up)))
    guard x0 < x1, y0 < y1 else { return [] }
    var out: [Int] = []
    for y in y0..<y1 {
      for x in x0..<x1 {
        let p = (y * a.width + x) * 4
        if a.pixels[p] != b.pixels[p] || a.pixels[p + 1] != b.pixels[p + 1]
          || a.pixels[p + 2] != b.pixels[p + 2]
        {
          out.append(p)
        }
      }
    }
    guard out.count > 4096 else { return out }
    let step = out.count / 4096
    return stride(from: 0, to: out.count, by: step).map { out[$0] }
  }

  /// The contrast ratio 90 % of the pixels at `offsets` of `image` reach, with `color` at
  /// `alpha` over them.
  static func contrast(of color: Color, alpha: Double, over image: RasterImage, at offsets: [Int])
    -> Double
  {
    let a = (color.alpha * alpha).clamped(to: 0...1)
    var ratios = offsets.map { p -> Double in
      let bg = (
        Double(image.pixels[p]) / 255, Double(image.pixels[p + 1]) / 255,
        Double(image.pixels[p + 2]) / 255
      )
      let fg = (
        a * color.red + (1 - a) * bg.0, a * color.green + (1 - a) * bg.1,
        a * color.blue + (1 - a) * bg.2
      )
      let l1 = luminance(fg.0, fg.1, fg.2)
      let l2 = luminance(bg.0, bg.1, bg.2)
      return (Swift.max(l1, l2) + 0.05) / (Swift.min(l1, l2) + 0.05)
    }
    guard !ratios.isEmpty else { return 21 }
    ratios.sort()
    return ratios[ratios.count / 10]
  }

  /// WCAG 2's relative luminance of an sRGB colour (components 0...1).
  static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
    func linear(_ c: Double) -> Double {
      c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  }
}
