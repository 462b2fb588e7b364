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
/// that cannot be drawn (too large, a size that is not finite) gives an empty drawing (the
/// layer shows its background alone) and a problem in ``problems``, once per content.
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
  /// What is shown for content that draws nothing or cannot be drawn: one transparent pixel.
  public static let placeholder = RasterImage(unchecked: 1, height: 1, pixels: [0, 0, 0, 0])

  private let renderer: FrameRenderer
  private var kept: [HostContent: (drawing: DrawnContent, used: UInt64)] = [:]
  private var bytes = 0
  private var clock: UInt64 = 0

  /// Creates a cache drawing at `scale` (1…4, outside which it is clamped), keeping up to
  /// `byteLimit` bytes (64 MB by default).
  public init(scale: Double, byteLimit: Int = 64 << 20) {
    self.scale = scale.isFinite ? Swift.min(4, Swift.max(1, scale)) : 1
    self.byteLimit = Swift.max(0, byteLimit)
    renderer = FrameRenderer(scale: self.scale)
  }

  /// The number of bitmaps kept.
  public var count: Int { kept.count }

  /// The bytes of the bitmaps kept.
  public var byteCount: Int { bytes }

  /// `content` drawn at ``scale`` on a transparent background, from the cache when it was
  /// drawn before.
  public func drawing(for content: HostContent) -> DrawnContent {
    clock += 1
    if let k = kept[content] {
      hits += 1
      kept[content] = (k.drawing, clock)
      return k.drawing
    }
    draws += 1
    let drawing = draw(content)
    kept[content] = (drawing, clock)
    bytes += drawing.image.pixels.count
    evict()
    return drawing
  }

  /// `content`'s bitmap (``drawing(for:)``'s image).
  public func bitmap(for content: HostContent) -> RasterImage { drawing(for: content).image }

  private func draw(_ content: HostContent) -> DrawnContent {
    let empty = DrawnContent(image: Self.placeholder, origin: .zero, scale: scale)
    let b = content.bounds
    guard b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite else {
      problems.append("content in \(b): bounds not finite, not drawn")
      return empty
    }
    do {
      guard
        let (list, origin) = try DrawnContent.displayList(
          for: content.content, in: b, scale: scale, textShaper: renderer.textShaper)
      else { return empty }
      return DrawnContent(image: try renderer.render(list), origin: origin, scale: scale)
    } catch {
      problems.append("content in \(b): \(error)")
      return empty
    }
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
