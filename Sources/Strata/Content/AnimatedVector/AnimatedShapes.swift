/// How a group or layer of an animated vector document is placed, as After Effects and
/// Lottie place it: the anchor moves to the origin, then scale, then skew, then rotation, then
/// the position.
public struct AnimatedTransform: Sendable {
  /// The point of the content that the position places.
  public var anchor: Animated<Point>
  /// Where the anchor goes, in the parent's space.
  public var position: Animated<Point>
  /// The scale factors (1 is the content's own size; Lottie's percentages over 100).
  public var scale: Animated<Vector>
  /// The rotation in radians, clockwise on screen.
  public var rotation: Animated<Double>
  /// The opacity, 0...1.
  public var opacity: Animated<Double>
  /// The skew in radians: lines along the skew axis stay, lines across it lean by this angle
  /// (clamped to ±85°, After Effects' range).
  public var skew: Animated<Double>
  /// The direction of the skew in radians, clockwise from the x axis.
  public var skewAxis: Animated<Double>

  /// The largest skew, in radians (85°).
  public static let skewLimit = 85 * Double.pi / 180

  /// Creates a transform; by default none, fully opaque.
  public init(
    anchor: Animated<Point> = .constant(Point(x: 0, y: 0)),
    position: Animated<Point> = .constant(Point(x: 0, y: 0)),
    scale: Animated<Vector> = .constant(Vector(dx: 1, dy: 1)),
    rotation: Animated<Double> = .constant(0), opacity: Animated<Double> = .constant(1),
    skew: Animated<Double> = .constant(0), skewAxis: Animated<Double> = .constant(0)
  ) {
    self.anchor = anchor
    self.position = position
    self.scale = scale
    self.rotation = rotation
    self.opacity = opacity
    self.skew = skew
    self.skewAxis = skewAxis
  }

  /// The transform from the content's space to the parent's at `frame`.
  public func matrix(at frame: Double) -> Transform {
    let a = anchor.value(at: frame)
    let s = scale.value(at: frame)
    let p = position.value(at: frame)
    var m = Transform(translationX: -a.x, y: -a.y).concatenating(Transform(scaleX: s.dx, y: s.dy))
    let k = skew.value(at: frame)
    if k != 0, k.isFinite {
      // Turn the skew axis onto x, lean across it, turn back.
      let axis = skewAxis.value(at: frame)
      let lean = -_tan(Swift.min(Self.skewLimit, Swift.max(-Self.skewLimit, k)))
      m = m.concatenating(Transform(rotation: axis))
        .concatenating(Transform(a: 1, b: 0, c: lean, d: 1, tx: 0, ty: 0))
        .concatenating(Transform(rotation: -axis))
    }
    return
      m
      .concatenating(Transform(rotation: rotation.value(at: frame)))
      .concatenating(Transform(translationX: p.x, y: p.y))
  }

  /// The opacity at `frame`, clamped to 0...1 (NaN counts as 0).
  public func opacity(at frame: Double) -> Double {
    let o = opacity.value(at: frame)
    return o.isNaN ? 0 : Swift.min(1, Swift.max(0, o))
  }
}

/// One item of a shape layer's contents, in Lottie's model: shapes make paths; a fill or
/// stroke paints every path that comes before it in its group (and in the groups before it
/// there), and of two paints the one listed first is drawn on top; a modifier (trim, merge)
/// changes every path before it, in nested groups too; a repeater copies everything before
/// it. A group's opacity multiplies each paint in it; a layer's fades the layer as one
/// picture.
public indirect enum AnimatedShapeItem: Sendable {
  /// Items of their own, placed by a transform.
  case group([AnimatedShapeItem], AnimatedTransform)
  /// A rectangle about its centre, with rounded corners (drawn from its top right corner,
  /// clockwise).
  case rectangle(center: Animated<Point>, size: Animated<Size>, cornerRadius: Animated<Double>)
  /// An ellipse about its centre (drawn from its top, clockwise).
  case ellipse(center: Animated<Point>, size: Animated<Size>)
  /// A star or polygon.
  case polystar(AnimatedPolystar)
  /// A path.
  case path(Animated<BezierShape>)
  /// Fills the paths before it.
  case fill(color: Animated<Color>, opacity: Animated<Double>, rule: FillRule)
  /// Strokes the paths before it; the style's width is ignored for `width`, and its dashes for
  /// `dash` when that is given (dashes that move).
  case stroke(
    color: Animated<Color>, opacity: Animated<Double>, width: Animated<Double>, style: StrokeStyle,
    dash: AnimatedDash? = nil)
  /// Fills the paths before it with a gradient.
  case gradientFill(AnimatedGradient, opacity: Animated<Double>, rule: FillRule)
  /// Strokes the paths before it with a gradient.
  case gradientStroke(
    AnimatedGradient, opacity: Animated<Double>, width: Animated<Double>, style: StrokeStyle,
    dash: AnimatedDash? = nil)
  /// Keeps the part of the paths before it from `start` to `end` (fractions of the length),
  /// both moved on by `offset` (a fraction; the part wraps round past the end).
  case trim(
    start: Animated<Double>, end: Animated<Double>, offset: Animated<Double>, mode: TrimMode)
  /// Combines the paths before it into one.
  case merge(MergeMode)
  /// Copies everything before it.
  case repeater(AnimatedRepeater)
}
