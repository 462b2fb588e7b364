import Strata
import StrataRender

/// Contents drawn into bitmaps by Strata's own renderer, once per distinct content and scale,
/// and kept: what a host hands its screen (a `CALayer`'s contents, an image in the browser),
/// so text and shapes look the same everywhere.
///
/// Bitmaps are kept up to ``byteLimit``; past it the least recently used go first. Content
/// that cannot be drawn (too large, a size that is not finite) gives ``placeholder`` and a
/// problem in ``problems``, once per content.
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
  /// What is shown for content that cannot be drawn: one transparent pixel.
  public static let placeholder = RasterImage(unchecked: 1, height: 1, pixels: [0, 0, 0, 0])

  private let renderer: FrameRenderer
  private var kept: [HostContent: (image: RasterImage, used: UInt64)] = [:]
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

  /// `content` drawn at ``scale`` on a transparent background, from the cache when it was
  /// drawn before.
  public func bitmap(for content: HostContent) -> RasterImage {
    clock += 1
    if let k = kept[content] {
      hits += 1
      kept[content] = (k.image, clock)
      return k.image
    }
    draws += 1
    let size = content.size
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      problems.append("content of size \(size): not drawn")
      return Self.placeholder
    }
    let scene = Scene(
      size: size, root: SceneNode(content: content.content, bounds: Rect(origin: .zero, size: size))
    )
    let image: RasterImage
    do {
      image = try renderer.render(scene)
    } catch {
      problems.append("content of size \(size): \(error)")
      kept[content] = (Self.placeholder, clock)
      return Self.placeholder
    }
    kept[content] = (image, clock)
    bytes += image.pixels.count
    evict()
    return image
  }

  /// Lets the least recently used bitmaps go until the kept ones fit ``byteLimit``.
  private func evict() {
    guard bytes > byteLimit else { return }
    for (key, value) in kept.sorted(by: { $0.value.used < $1.value.used }) {
      guard bytes > byteLimit else { break }
      kept[key] = nil
      bytes -= value.image.pixels.count
    }
  }
}
