import Strata
import StrataIO
import StrataText

/// A scene flattened into drawing commands in device pixels: what the rasterizer and the
/// SVG writer both read, so the two outputs draw the same thing.
public struct DisplayList: Hashable, Sendable {
  /// One drawing step. Every transform maps the command's own space to device pixels.
  public enum Command: Hashable, Sendable {
    /// Starts a group composited with `opacity`; `bounds` (device pixels) holds everything in it.
    case beginGroup(opacity: Double, bounds: Rect)
    /// Ends the innermost group.
    case endGroup
    /// Restricts drawing to the inside of the path until the matching ``endClip``.
    case beginClip(Path, transform: Transform, rule: FillRule)
    /// Restricts drawing to the union of the outlines until the matching ``endClip``.
    case beginClipUnion([VectorImage.ClipShape], transform: Transform)
    /// Ends the innermost clip.
    case endClip
    /// Starts a mask of the innermost group: what is drawn until ``endMask(_:inverted:)`` is
    /// not shown, but multiplies the group's layer.
    case beginMask
    /// Ends the mask: the innermost group's layer is multiplied by the mask's alpha or
    /// luminance (one minus it, inverted).
    case endMask(VectorImage.Mask.Mode, inverted: Bool)
    /// Fills a path.
    case fill(Path, transform: Transform, paint: Paint, rule: FillRule, opacity: Double)
    /// Strokes a path.
    case stroke(Path, transform: Transform, paint: Paint, style: StrokeStyle, opacity: Double)
    /// Draws a bitmap; the transform maps its pixel space to device pixels.
    case image(RasterImage, transform: Transform, opacity: Double)
    /// Draws the blurred shadow of a path, moved by `offset` and blurred by `sigma` (device pixels).
    case shadow(
      Path, transform: Transform, color: Color, offset: Vector, sigma: Double, opacity: Double)
    /// Draws text: glyph outlines filled with the run's colour.
    case glyphs(GlyphRun, transform: Transform, opacity: Double)
  }

  /// The width in device pixels.
  public private(set) var width: Int
  /// The height in device pixels.
  public private(set) var height: Int
  /// The commands, in painting order.
  public private(set) var commands: [Command]

  /// Creates a display list from commands.
  public init(width: Int, height: Int, commands: [Command]) {
    self.width = width
    self.height = height
    self.commands = commands
  }

  /// Flattens `scene` at `scale` device pixels per point.
  ///
  /// - Parameters:
  ///   - textShaper: turns text into glyph outlines: the default engine (the system's fonts)
  ///     unless you pass another; `nil` leaves text out (for measuring shapes alone).
  /// - Throws: ``RenderError/invalidScale(_:)`` or ``RenderError/invalidSize(width:height:limit:)``
  ///   when the device size is not allowed.
  public init(
    scene: Scene, scale: Double,
    textShaper: (any TextShaper)? = TextEngine.system
  ) throws(RenderError) {
    let size = try Self.deviceSize(of: scene, scale: scale)
    self.init(width: size.width, height: size.height, commands: [])
    var rects: [Rect] = []
    Self.build(scene.root, into: &commands, scale: scale, textShaper: textShaper, scratch: &rects)
  }

  /// Flattens `scene` at `scale` into this list, in place: the list's memory is reused, so a
  /// sequence that keeps one list and updates it frame after frame does not allocate it anew
  /// (as ``FrameRenderer/updateDisplayList(_:for:)`` does). The result equals
  /// ``init(scene:scale:textShaper:)``'s.
  ///
  /// - Throws: as ``init(scene:scale:textShaper:)``; the list is left as it was.
  public mutating func update(
    scene: Scene, scale: Double,
    textShaper: (any TextShaper)? = TextEngine.system
  ) throws(RenderError) {
    var rects: [Rect] = []
    try update(scene: scene, scale: scale, textShaper: textShaper, scratch: &rects)
  }

  /// ``update(scene:scale:textShaper:)`` with the builder's working memory kept by the caller.
  mutating func update(
    scene: Scene, scale: Double, textShaper: (any TextShaper)?, scratch: inout [Rect]
  ) throws(RenderError) {
    let size = try Self.deviceSize(of: scene, scale: scale)
    width = size.width
    height = size.height
    commands.removeAll(keepingCapacity: true)
    Self.build(scene.root, into: &commands, scale: scale, textShaper: textShaper, scratch: &scratch)
  }

  /// The list's size in device pixels for `scene` at `scale`, or the error that size is.
  static func deviceSize(of scene: Scene, scale: Double) throws(RenderError) -> (
    width: Int, height: Int
  ) {
    guard scale > 0, scale.isFinite else { throw .invalidScale(scale) }
    let w = (scene.size.width * scale).rounded(.up)
    let h = (scene.size.height * scale).rounded(.up)
    guard w >= 1, h >= 1, w * h <= Double(RasterImage.pixelLimit) else {
      throw .invalidSize(
        width: w.isFinite ? Int(Swift.min(w, 1e15)) : Int.max,
        height: h.isFinite ? Int(Swift.min(h, 1e15)) : Int.max,
        limit: RasterImage.pixelLimit)
    }
    return (Int(w), Int(h))
  }

  /// Appends the commands of `root`'s tree to `commands`.
  private static func build(
    _ root: SceneNode, into commands: inout [Command], scale: Double,
    textShaper: (any TextShaper)?, scratch: inout [Rect]
  ) {
    var builder = DisplayListBuilder(scale: scale, textShaper: textShaper)
    swap(&builder.commands, &commands)
    swap(&builder.rects, &scratch)
    defer {
      swap(&builder.commands, &commands)
      swap(&builder.rects, &scratch)
    }
    _ = builder.build(root)
  }
}
