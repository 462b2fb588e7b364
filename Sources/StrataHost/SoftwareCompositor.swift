import Strata
import StrataRender

/// A ``LayerBackend`` that shows the retained layers in a bitmap, as a device's compositor
/// would: each layer's content is drawn once into a bitmap by a ``ContentCache`` and kept;
/// a frame places those bitmaps by the layers' geometry, under their backgrounds, borders,
/// shadows, clips, masks and opacities.
///
/// It is the proof that the retained tree loses nothing: its frames equal
/// ``FrameRenderer``'s. Where a layer moves by whole device pixels the bitmap is copied, and
/// the frame is the renderer's to the byte; where a transform scales or turns a layer, its
/// bitmap is resampled (bilinear), as a screen's compositor resamples a layer's contents.
///
/// ```swift
/// let compositor = SoftwareCompositor(size: tutorial.pageSize, scale: 2)
/// let session = HostSession(controller: tutorial, backend: compositor)
/// session.tick(at: 0)
/// let frame = try compositor.composite()
/// ```
public final class SoftwareCompositor: LayerBackend {
  /// The layers it holds.
  public let tree = HostTree()
  /// The bitmaps of the layers' contents.
  public let cache: ContentCache
  /// The size of the screen, in points.
  public var size: Size
  /// What the frame starts as; `nil` leaves it transparent.
  public var background: Color?
  private var renderer: FrameRenderer

  /// Creates a compositor for a screen of `size` points at `scale` pixels per point (1…4,
  /// clamped as ``ContentCache`` clamps it), keeping up to `byteLimit` bytes of contents.
  public init(size: Size, scale: Double, byteLimit: Int = 64 << 20, background: Color? = nil) {
    cache = ContentCache(scale: scale, byteLimit: byteLimit)
    self.size = size
    self.background = background
    renderer = FrameRenderer(scale: cache.scale, background: background)
    // A composited frame is drawn on every core, in bands of rows (the bytes are the same).
    renderer.threads = FrameRenderer.processorCount
  }

  /// Pixels per point.
  public var scale: Double { cache.scale }

  /// Carries out `mutation` on ``tree``; a new content is drawn into the cache now, as a
  /// screen would draw it when told, not when the frame is composited.
  public func apply(_ mutation: HostMutation) throws {
    try tree.apply(mutation)
    switch mutation {
    case .create(_, let state): prepare(state.content, tints: state.tints.count)
    case .setContent(let id, let c?): prepare(c, tints: tree.layers[id]?.state.tints.count ?? 0)
    default: break
    }
  }

  /// Draws a new content, or its shapes' coverages, into the cache.
  private func prepare(_ content: HostContent?, tints: Int) {
    guard let content else { return }
    if tints == 0 {
      _ = cache.drawing(for: content)
    } else {
      for i in 0..<tints { if let s = content.shape(i) { _ = cache.drawing(for: s) } }
    }
  }

  /// The frame the layers show now.
  ///
  /// - Throws: ``RenderError`` when ``size`` at ``scale`` is not a frame that may be drawn.
  public func composite() throws(RenderError) -> RasterImage {
    var frame = RasterImage.placeholder
    try composite(into: &frame)
    return frame
  }

  /// The frame the layers show now, in `frame`'s memory (resized when it has another size).
  public func composite(into frame: inout RasterImage) throws(RenderError) {
    renderer.background = background
    let cache = self.cache
    let list = try DisplayList(
      scene: tree.scene(size: size), scale: scale, textShaper: renderer.textShaper
    ) { content, bounds in
      let (split, tints) = HostContent.splitting(content, bounds: bounds)
      guard !tints.isEmpty else { return [cache.drawing(for: split)] }
      // Each shape's coverage, drawn once, tinted now: compositing, not drawing.
      return tints.indices.compactMap { i in
        guard let shape = split.shape(i) else { return nil }
        let coverage = cache.drawing(for: shape)
        guard coverage.image != ContentCache.empty else { return nil }
        return DrawnContent(
          image: Self.tint(coverage.image, tints[i].color), origin: coverage.origin,
          scale: coverage.scale, opacity: tints[i].opacity)
      }
    }
    try renderer.render(list, into: &frame)
  }

  /// `coverage` (every channel the coverage) in `color`, premultiplied.
  static func tint(_ coverage: RasterImage, _ color: Color) -> RasterImage {
    let a = color.alpha
    let p = [color.red * a, color.green * a, color.blue * a, a].map { UInt32(($0 * 255).rounded()) }
    var pixels = coverage.pixels
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let k = UInt32(coverage.pixels[i + 3])
      for c in 0..<4 { pixels[i + c] = UInt8((p[c] * k + 127) / 255) }
    }
    return RasterImage(unchecked: coverage.width, height: coverage.height, pixels: pixels)
  }
}
