/// How a group or layer of an animated vector document is placed, as After Effects and
/// Lottie place it: the anchor moves to the origin, then scale, then rotation, then the
/// position.
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

  /// Creates a transform; by default none, fully opaque.
  public init(
    anchor: Animated<Point> = .constant(Point(x: 0, y: 0)),
    position: Animated<Point> = .constant(Point(x: 0, y: 0)),
    scale: Animated<Vector> = .constant(Vector(dx: 1, dy: 1)),
    rotation: Animated<Double> = .constant(0), opacity: Animated<Double> = .constant(1)
  ) {
    self.anchor = anchor
    self.position = position
    self.scale = scale
    self.rotation = rotation
    self.opacity = opacity
  }

  /// The transform from the content's space to the parent's at `frame`.
  public func matrix(at frame: Double) -> Transform {
    let a = anchor.value(at: frame)
    let s = scale.value(at: frame)
    let p = position.value(at: frame)
    return Transform(translationX: -a.x, y: -a.y)
      .concatenating(Transform(scaleX: s.dx, y: s.dy))
      .concatenating(Transform(rotation: rotation.value(at: frame)))
      .concatenating(Transform(translationX: p.x, y: p.y))
  }

  /// The opacity at `frame`, clamped to 0...1 (NaN counts as 0).
  public func opacity(at frame: Double) -> Double {
    let o = opacity.value(at: frame)
    return o.isNaN ? 0 : Swift.min(1, Swift.max(0, o))
  }
}

/// One item of a shape layer's contents, in Lottie's model: shapes make paths, and a fill or
/// stroke paints every path that comes before it in its group (and in the groups before it
/// there); of two paints, the one listed first is drawn on top. A group's opacity multiplies
/// each paint in it; a layer's fades the layer as one picture.
public indirect enum AnimatedShapeItem: Sendable {
  /// Items of their own, placed by a transform.
  case group([AnimatedShapeItem], AnimatedTransform)
  /// A rectangle about its centre, with rounded corners.
  case rectangle(center: Animated<Point>, size: Animated<Size>, cornerRadius: Animated<Double>)
  /// An ellipse about its centre.
  case ellipse(center: Animated<Point>, size: Animated<Size>)
  /// A path.
  case path(Animated<BezierShape>)
  /// Fills the paths before it.
  case fill(color: Animated<Color>, opacity: Animated<Double>, rule: FillRule)
  /// Strokes the paths before it; the style's width is ignored for `width`.
  case stroke(
    color: Animated<Color>, opacity: Animated<Double>, width: Animated<Double>, style: StrokeStyle)
}

extension AnimatedShapeItem {
  /// What `items` draw at `frame`: the paths they make (in their space), and the drawing, the
  /// first item on top.
  static func evaluate(_ items: [AnimatedShapeItem], at frame: Double) -> (
    paths: Path, topFirst: [VectorImage.Item]
  ) {
    var paths = Path()
    var drawn: [VectorImage.Item] = []
    for item in items {
      switch item {
      case .group(let children, let transform):
        let inner = evaluate(children, at: frame)
        let m = transform.matrix(at: frame)
        paths.append(inner.paths.applying(m))
        if !inner.topFirst.isEmpty {
          // A group's opacity multiplies each paint in it (as Lottie players draw it: a
          // stroke at 80 % over a fill at 80 % lets the fill show through), not the group as
          // one picture.
          drawn.append(
            .group(
              VectorImage.Group(
                items: Self.faded(inner.topFirst.reversed(), by: transform.opacity(at: frame)),
                transform: m)))
        }
      case .rectangle(let center, let size, let radius):
        let c = center.value(at: frame)
        let s = size.value(at: frame)
        let rect = Rect(
          x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height)
        let r = Swift.min(Swift.max(0, radius.value(at: frame)), Swift.min(s.width, s.height) / 2)
        paths.append(r > 0 ? .roundedRect(rect, cornerRadius: r) : .rect(rect))
      case .ellipse(let center, let size):
        let c = center.value(at: frame)
        let s = size.value(at: frame)
        paths.append(
          .ellipse(
            in: Rect(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height))
        )
      case .path(let shape):
        paths.append(shape.value(at: frame).path)
      case .fill(let color, let opacity, let rule):
        drawn.append(
          .shape(
            VectorImage.Shape(
              path: paths, fill: .solid(color.value(at: frame)), fillRule: rule,
              opacity: Self.unit(opacity.value(at: frame)))))
      case .stroke(let color, let opacity, let width, var style):
        style.width = Swift.max(0, width.value(at: frame))
        drawn.append(
          .shape(
            VectorImage.Shape(
              path: paths, stroke: .solid(color.value(at: frame)), strokeStyle: style,
              opacity: Self.unit(opacity.value(at: frame)))))
      }
    }
    // A paint listed later lies below those before it.
    return (paths, drawn)
  }

  /// `items` with every shape's opacity multiplied by `opacity`.
  static func faded(_ items: [VectorImage.Item], by opacity: Double) -> [VectorImage.Item] {
    guard opacity < 1 else { return items }
    return items.map { item in
      switch item {
      case .shape(var shape):
        shape.opacity *= opacity
        return .shape(shape)
      case .group(var group):
        group.items = faded(group.items, by: opacity)
        return .group(group)
      }
    }
  }

  /// `v` within 0...1, NaN as 0.
  static func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
}
