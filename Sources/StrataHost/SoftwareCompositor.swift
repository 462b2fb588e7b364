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
  }

  /// Pixels per point.
  public var scale: Double { cache.scale }

  /// Carries out `mutation` on ``tree``; a new content is drawn into the cache now, as a
  /// screen would draw it when told, not when the frame is composited.
  public func apply(_ mutation: HostMutation) throws {
    try tree.apply(mutation)
    switch mutation {
    case .create(_, let state): if let c = state.content { _ = cache.drawing(for: c) }
    case .setContent(_, let c?): _ = cache.drawing(for: c)
    default: break
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
      cache.drawing(for: HostContent(content: content, bounds: bounds))
    }
    try renderer.render(list, into: &frame)
  }
}
