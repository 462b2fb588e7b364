import Strata
import StrataIO
import StrataText

/// A node's content drawn once into a bitmap, as a retained host keeps it: the pixels and
/// where their top-left corner sits in the node's own space.
///
/// The bitmap holds everything the content draws, inside its bounds or not (a text's descender,
/// a shape's stroke past its box), cut to whole device pixels, so a host that places it at
/// ``origin`` shows the very pixels the renderer would have drawn there.
public struct DrawnContent: Hashable, Sendable {
  /// The pixels, premultiplied, on a transparent background.
  public var image: RasterImage
  /// Where the bitmap's top-left corner sits, in the node's coordinates (points).
  public var origin: Point
  /// Device pixels per point the bitmap was drawn at.
  public var scale: Double
  /// The opacity it is placed with (a tinted shape's own opacity); 1 for a content's drawing.
  public var opacity: Double

  /// Creates a drawing.
  public init(image: RasterImage, origin: Point, scale: Double, opacity: Double = 1) {
    self.image = image
    self.origin = origin
    self.scale = scale
    self.opacity = opacity
  }

  /// The rectangle the bitmap covers in the node's coordinates (points).
  public var frame: Rect {
    Rect(
      x: origin.x, y: origin.y, width: Double(image.width) / scale,
      height: Double(image.height) / scale)
  }

  /// The display list that draws `content` laid out in `bounds` at `scale`, cut to the whole
  /// device pixels it touches, and where that cut's top-left corner sits in the node's space;
  /// `nil` when the content draws nothing.
  ///
  /// - Throws: ``RenderError/invalidScale(_:)``, or ``RenderError/invalidSize(width:height:limit:)``
  ///   when what it draws is larger than a bitmap may be.
  public static func displayList(
    for content: SceneNode.Content, in bounds: Rect, scale: Double,
    textShaper: (any TextShaper)? = TextEngine.system, clipCornerRadius: Double? = nil
  ) throws(RenderError) -> (list: DisplayList, origin: Point)? {
    guard scale > 0, scale.isFinite else { throw .invalidScale(scale) }
    let node = SceneNode(content: content, bounds: bounds)
    return try cut(scale: scale, textShaper: textShaper) { builder, t in
      var ink = Rect.zero
      let start = builder.commands.count
      builder.content(node, t, bounds: &ink)
      // Cut to the (rounded) bounds when the layer clips, as a clipping node's content is.
      if let radius = clipCornerRadius, builder.commands.count > start {
        let shape = DisplayListBuilder.roundedRect(bounds, cornerRadius: radius)
        builder.commands.insert(.beginClip(shape, transform: t, rule: .nonZero), at: start)
        builder.commands.append(.endClip)
        ink = ink.intersection(t.apply(to: bounds))
      }
      return ink
    }
  }

  /// The display list that draws `shadow` cast by a layer of `bounds` and `cornerRadius` (or
  /// by the shadow's own path) at `scale`, cut to the whole device pixels it touches, and where
  /// that cut's top-left corner sits in the layer's space; `nil` when it is invisible.
  ///
  /// - Throws: as ``displayList(for:in:scale:textShaper:)``.
  public static func displayList(
    forShadow shadow: Shadow, bounds: Rect, cornerRadius: Double, scale: Double
  ) throws(RenderError) -> (list: DisplayList, origin: Point)? {
    guard scale > 0, scale.isFinite else { throw .invalidScale(scale) }
    let path = shadow.path ?? DisplayListBuilder.roundedRect(bounds, cornerRadius: cornerRadius)
    return try cut(scale: scale, textShaper: nil) { builder, t in
      guard let (c, b) = DisplayListBuilder.shadowCommand(shadow, path, t, scale: scale) else {
        return .zero
      }
      builder.commands.append(c)
      return b
    }
  }

  /// The commands `draw` appends (given the map from the node's space to the list's pixels)
  /// in a list cut to the pixels they cover: drawn once to find those, then again moved to
  /// the cut's corner.
  private static func cut(
    scale: Double, textShaper: (any TextShaper)?,
    _ draw: (inout DisplayListBuilder, Transform) -> Rect
  ) throws(RenderError) -> (list: DisplayList, origin: Point)? {
    var measure = DisplayListBuilder(scale: scale, textShaper: textShaper)
    let ink = draw(&measure, measure.device)
    guard !measure.commands.isEmpty, !ink.isEmpty, ink.minX.isFinite, ink.maxX.isFinite,
      ink.minY.isFinite, ink.maxY.isFinite
    else { return nil }
    let x0 = ink.minX.rounded(.down)
    let y0 = ink.minY.rounded(.down)
    let w = ink.maxX.rounded(.up) - x0
    let h = ink.maxY.rounded(.up) - y0
    guard w >= 1, h >= 1, w * h <= Double(RasterImage.pixelLimit) else {
      throw .invalidSize(
        width: Int(Swift.min(w, 1e15)), height: Int(Swift.min(h, 1e15)),
        limit: RasterImage.pixelLimit)
    }
    var builder = DisplayListBuilder(scale: scale, textShaper: textShaper)
    _ = draw(&builder, builder.device.thenTranslated(x: -x0, y: -y0))
    return (
      DisplayList(width: Int(w), height: Int(h), commands: builder.commands),
      Point(x: x0 / scale, y: y0 / scale)
    )
  }
}

extension DisplayList {
  /// Flattens `scene` as ``init(scene:scale:textShaper:)`` does, except that each node's
  /// content is the bitmaps `drawn` gives for it (its content and bounds), placed at their
  /// origins with their opacities, in order: how a compositor of retained layers draws a
  /// frame. Content for which `drawn` gives `nil` is drawn as vectors.
  public init(
    scene: Scene, scale: Double, textShaper: (any TextShaper)? = TextEngine.system,
    drawn: @escaping (SceneNode.Content, Rect) -> [DrawnContent]?
  ) throws(RenderError) {
    let size = try Self.deviceSize(of: scene, scale: scale)
    var builder = DisplayListBuilder(scale: scale, textShaper: textShaper)
    builder.drawn = drawn
    _ = builder.build(scene.root)
    self.init(width: size.width, height: size.height, commands: builder.commands)
  }
}

extension DisplayListBuilder {
  /// The command that draws `drawing` for a node placed by `t` (node space to device pixels),
  /// with the bounds it covers. A placement within a millionth of a pixel of a whole-pixel
  /// move is made one, so the bitmap is copied, not resampled.
  static func imageCommand(_ drawing: DrawnContent, _ t: Transform) -> (Command, Rect) {
    var m = Transform(scale: 1 / drawing.scale)
      .thenTranslated(x: drawing.origin.x, y: drawing.origin.y)
      .concatenating(t)
    let near = { (a: Double, b: Double) in Swift.abs(a - b) < 1e-6 }
    if near(m.a, 1), near(m.d, 1), near(m.b, 0), near(m.c, 0), near(m.tx, m.tx.rounded()),
      near(m.ty, m.ty.rounded())
    {
      m = Transform(translationX: m.tx.rounded(), y: m.ty.rounded())
    }
    return (
      .image(drawing.image, transform: m, opacity: drawing.opacity), t.apply(to: drawing.frame)
    )
  }
}
