import Strata
import StrataRender

/// Contents drawn into bitmaps by Strata's own renderer, once per distinct content and scale,
/// and kept: what a host hands its screen (a `CALayer`'s contents, an image in the browser),
/// so text and shapes look the same everywhere.
///
/// Each bitmap holds all the content draws, cut to whole device pixels, with the place of its
/// top-left corner in the layer (``DrawnContent/origin``): a host that puts it there shows the
/// pixels Strata's renderer draws.
///
/// Bitmaps are kept up to ``byteLimit``; past it the least recently used go first. Content
/// that cannot be drawn (a drawing past the pixel limit) gives a placeholder — a grey box with
/// a cross over its bounds, so the failure shows — and a problem in ``problems``, once per
/// content; content whose bounds are not finite gives an empty drawing and a problem.
public final class ContentCache {
  /// Pixels per point the contents are drawn at.
  public let scale: Double
  /// The most bytes of bitmaps kept.
  public let byteLimit: Int
  /// How many contents were drawn (not taken from the cache).
  public private(set) var draws = 0
  /// How many were taken from the cache.
  public private(set) var hits = 0
  /// Contents that could not be drawn, with why.
  public private(set) var problems: [String] = []
  /// The drawing of content that draws nothing: one transparent pixel (hosts show no part).
  public static let empty = RasterImage(unchecked: 1, height: 1, pixels: [0, 0, 0, 0])

  /// The most pixels along a side of the mark drawn for content that failed to draw.
  public static let placeholderSide = 256.0

  private let renderer: FrameRenderer
  /// What a bitmap is of: a content, or the shadow a layer's bounds and corners cast.
  private enum Key: Hashable {
    case content(HostContent)
    case shadow(Shadow, Rect, Double)
  }
  private var kept: [Key: (drawing: DrawnContent, used: UInt64)] = [:]
  private var bytes = 0
  private var clock: UInt64 = 0

  /// Creates a cache drawing at `scale` (1…4, outside which it is clamped), keeping up to
  /// `byteLimit` bytes (64 MB by default).
  public init(scale: Double, byteLimit: Int = 64 << 20) {
    self.scale = scale.isFinite ? Swift.min(4, Swift.max(1, scale)) : 1
    self.byteLimit = Swift.max(0, byteLimit)
    renderer = FrameRenderer(scale: self.scale)
  }

  /// The problems noted since the last call, which are then forgotten.
  public func takeProblems() -> [String] {
    defer { problems = [] }
    return problems
  }

  /// The number of bitmaps kept.
  public var count: Int { kept.count }

  /// The bytes of the bitmaps kept.
  public var byteCount: Int { bytes }

  /// `content` drawn at ``scale`` on a transparent background, from the cache when it was
  /// drawn before.
  public func drawing(for content: HostContent) -> DrawnContent {
    drawing(.content(content), in: content.bounds) {
      [textShaper = renderer.textShaper] (s: Double) throws(RenderError) in
      try DrawnContent.displayList(
        for: content.content, in: content.bounds, scale: s, textShaper: textShaper,
        clipCornerRadius: content.clipCornerRadius)
    }
  }

  /// The shadow a layer of `bounds` with `appearance`'s corner radius casts (its
  /// ``HostAppearance/shadow``, or an empty drawing when it has none), drawn at ``scale`` on
  /// a transparent background: what a host puts under the layer's background. From the
  /// cache when it was drawn before.
  public func shadowDrawing(bounds: Rect, appearance: HostAppearance) -> DrawnContent {
    guard let shadow = appearance.shadow else {
      return DrawnContent(image: Self.empty, origin: .zero, scale: scale)
    }
    let radius = appearance.cornerRadius
    return drawing(.shadow(shadow, bounds, radius), in: bounds, marksFailure: false) {
      (s: Double) throws(RenderError) in
      try DrawnContent.displayList(
        forShadow: shadow, bounds: bounds, cornerRadius: radius, scale: s)
    }
  }

  /// `content` drawn at ``scale`` on a transparent background, from the cache when it was
  /// drawn before.
  public func bitmap(for content: HostContent) -> RasterImage { drawing(for: content).image }

  private func drawing(
    _ key: Key, in b: Rect, marksFailure: Bool = true,
    _ list: (Double) throws(RenderError) -> (list: DisplayList, origin: Point)?
  ) -> DrawnContent {
    clock += 1
    if let k = kept[key] {
      hits += 1
      kept[key] = (k.drawing, clock)
      return k.drawing
    }
    draws += 1
    let empty = DrawnContent(image: Self.empty, origin: .zero, scale: scale)
    var drawing = empty
    if !(b.minX.isFinite && b.minY.isFinite && b.width.isFinite && b.height.isFinite) {
      problems.append("content in \(b): bounds not finite, not drawn")
    } else {
      do {
        if let (l, origin) = try list(scale) {
          drawing = DrawnContent(image: try renderer.render(l), origin: origin, scale: scale)
        }
      } catch {
        problems.append("content in \(b): \(error)")
        if marksFailure, let mark = Self.failureMark(in: b, scale: scale) { drawing = mark }
      }
    }
    kept[key] = (drawing, clock)
    bytes += drawing.image.pixels.count
    evict()
    return drawing
  }

  /// The mark shown where content failed to draw: a translucent grey box over `bounds` with
  /// its diagonals, drawn at `scale` or, for bounds too large for that, at the scale that
  /// keeps its longer side to ``placeholderSide`` pixels.
  static func failureMark(in bounds: Rect, scale: Double) -> DrawnContent? {
    let (w, h) = (bounds.width, bounds.height)
    guard w > 0, h > 0 else { return nil }
    let s = Swift.min(scale, placeholderSide / Swift.max(w, h))
    let grey = Color(white: 0.45, alpha: 0.6)
    var cross = Path()
    cross.move(to: Point(x: 0, y: 0))
    cross.line(to: Point(x: w, y: h))
    cross.move(to: Point(x: w, y: 0))
    cross.line(to: Point(x: 0, y: h))
    let root = SceneNode(
      content: .shape(
        VectorImage.Shape(path: cross, stroke: .solid(grey), strokeStyle: StrokeStyle(width: 1 / s))
      ),
      bounds: Rect(x: 0, y: 0, width: w, height: h),
      backgroundColor: Color(white: 0.5, alpha: 0.25), border: Border(width: 1 / s, color: grey))
    guard
      let image = try? FrameRenderer(scale: s, textShaper: nil).render(
        Scene(size: Size(width: w, height: h), root: root))
    else { return nil }
    return DrawnContent(image: image, origin: bounds.origin, scale: s)
  }

  /// Lets the least recently used bitmaps go until the kept ones fit ``byteLimit``.
  private func evict() {
    guard bytes > byteLimit else { return }
    for (key, value) in kept.sorted(by: { $0.value.used < $1.value.used }) {
      guard bytes > byteLimit else { break }
      kept[key] = nil
      bytes -= value.drawing.image.pixels.count
    }
  }
}
