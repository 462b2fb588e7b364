/// A two-dimensional affine transform.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), the convention of
/// Core Graphics. Since y grows downward, a positive rotation angle turns
/// clockwise on screen.
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
  /// The x-scale component (row 1, column 1).
  public var a: Double
  /// The y-shear component (row 1, column 2).
  public var b: Double
  /// The x-shear component (row 2, column 1).
  public var c: Double
  /// The y-scale component (row 2, column 2).
  public var d: Double
  /// The horizontal translation.
  public var tx: Double
  /// The vertical translation.
  public var ty: Double

  /// Creates a transform from its six components.
  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by (x, y).
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A translation by `v`.
  public init(translation v: Vector) {
    self.init(translationX: v.dx, y: v.dy)
  }

  /// A scale by `sx` horizontally and `sy` vertically about the origin.
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A uniform scale about the origin.
  public init(scale s: Double) {
    self.init(scaleX: s, y: s)
  }

  /// A rotation by `angle` radians about the origin (clockwise on screen).
  public init(rotation angle: Double) {
    let cs = _cos(angle)
    let sn = _sin(angle)
    self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// Whether every component is finite.
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// The determinant of the linear part.
  public var determinant: Double { a * d - b * c }

  /// Whether the transform is a pure translation (possibly zero).
  public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

  /// The transform that applies `self`, then `other`.
  @inlinable
  public func concatenating(_ other: Transform) -> Transform {
    Transform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  // The order of composition is in every name: `then…` applies the new step after this
  // transform, `pre…` before it (as kurbo's `then_`/`pre_`). Core Graphics' `translatedBy`,
  // `scaledBy` and `rotated(by:)` are the `pre…` forms.

  /// This transform, then a translation by (x, y): the translation moves the result.
  public func thenTranslated(x: Double, y: Double) -> Transform {
    concatenating(Transform(translationX: x, y: y))
  }

  /// This transform, then a scale about the origin: the scale applies to the result.
  public func thenScaled(x: Double, y: Double) -> Transform {
    concatenating(Transform(scaleX: x, y: y))
  }

  /// This transform, then a rotation by `angle` radians about the origin.
  public func thenRotated(by angle: Double) -> Transform {
    concatenating(Transform(rotation: angle))
  }

  /// A translation by (x, y), then this transform: `CGAffineTransform.translatedBy(x:y:)`.
  public func preTranslated(x: Double, y: Double) -> Transform {
    Transform(translationX: x, y: y).concatenating(self)
  }

  /// A scale about the origin, then this transform: `CGAffineTransform.scaledBy(x:y:)`.
  public func preScaled(x: Double, y: Double) -> Transform {
    Transform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation by `angle` radians, then this transform: `CGAffineTransform.rotated(by:)`.
  public func preRotated(by angle: Double) -> Transform {
    Transform(rotation: angle).concatenating(self)
  }

  /// Not available: Core Graphics' name, whose order Strata spells out.
  @available(
    *, unavailable, renamed: "preTranslated(x:y:)",
    message:
      "CGAffineTransform's translatedBy applies the translation first: preTranslated(x:y:); for after, thenTranslated(x:y:)"
  )
  public func translatedBy(x: Double, y: Double) -> Transform { preTranslated(x: x, y: y) }

  /// Not available: Core Graphics' name, whose order Strata spells out.
  @available(
    *, unavailable, renamed: "preScaled(x:y:)",
    message:
      "CGAffineTransform's scaledBy applies the scale first: preScaled(x:y:); for after, thenScaled(x:y:)"
  )
  public func scaledBy(x: Double, y: Double) -> Transform { preScaled(x: x, y: y) }

  /// Not available: Core Graphics' name, whose order Strata spells out.
  @available(
    *, unavailable, renamed: "preRotated(by:)",
    message:
      "CGAffineTransform's rotated(by:) applies the rotation first: preRotated(by:); for after, thenRotated(by:)"
  )
  public func rotated(by angle: Double) -> Transform { preRotated(by: angle) }

  /// The transform that undoes this one; `nil` when it is singular or not finite.
  public func inverted() -> Transform? {
    let det = determinant
    guard det != 0, det.isFinite, isFinite else { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return Transform(
      a: ia, b: ib, c: ic, d: id,
      tx: -(tx * ia + ty * ic),
      ty: -(tx * ib + ty * id))
  }

  /// The image of `p`.
  @inlinable
  public func apply(to p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// The image of `v` (translation does not move vectors).
  @inlinable
  public func apply(to v: Vector) -> Vector {
    Vector(dx: a * v.dx + c * v.dy, dy: b * v.dx + d * v.dy)
  }

  /// The smallest axis-aligned rectangle that contains the image of `r`.
  public func apply(to r: Rect) -> Rect {
    if isTranslationOnly { return r.standardized.offsetBy(Vector(dx: tx, dy: ty)) }
    var l = Double.infinity
    var t = Double.infinity
    var rr = -Double.infinity
    var bb = -Double.infinity
    // The corners clockwise from the top left (as `Rect.corners`, without building the array).
    for k in 0..<4 {
      let corner = Point(x: k == 0 || k == 3 ? r.minX : r.maxX, y: k < 2 ? r.minY : r.maxY)
      let p = apply(to: corner)
      l = Swift.min(l, p.x)
      t = Swift.min(t, p.y)
      rr = Swift.max(rr, p.x)
      bb = Swift.max(bb, p.y)
    }
    return Rect(x: l, y: t, width: rr - l, height: bb - t)
  }

  /// The largest factor by which the transform stretches any length (the largest singular value).
  public var maximumScale: Double {
    let p = a * a + b * b + c * c + d * d
    let q = determinant
    let disc = Swift.max(0, p * p / 4 - q * q)
    return (p / 2 + disc.squareRoot()).squareRoot()
  }

  /// The rotation angle of the linear part, in radians, as seen in the image of the x-axis.
  public var rotationAngle: Double { _atan2(b, a) }

  /// A textual form.
  public var description: String {
    "Transform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }

  /// Whether each component differs by at most `tolerance`.
  public func isApproximatelyEqual(to other: Transform, tolerance: Double = 1e-9) -> Bool {
    a.isApproximatelyEqual(to: other.a, tolerance: tolerance)
      && b.isApproximatelyEqual(to: other.b, tolerance: tolerance)
      && c.isApproximatelyEqual(to: other.c, tolerance: tolerance)
      && d.isApproximatelyEqual(to: other.d, tolerance: tolerance)
      && tx.isApproximatelyEqual(to: other.tx, tolerance: tolerance)
      && ty.isApproximatelyEqual(to: other.ty, tolerance: tolerance)
  }
}

extension Transform {
  /// The map from a layer's own space to its parent's, as Core Animation places a layer: the
  /// point of `bounds` at `anchorPoint` (a fraction of its size, from its origin) goes to
  /// `position`, and `transform` turns and scales about it. ``Node/localTransform``.
  public static func placing(
    bounds: Rect, anchorPoint: Point, transform: Transform, at position: Point
  ) -> Transform {
    let ax = bounds.origin.x + anchorPoint.x * bounds.width
    let ay = bounds.origin.y + anchorPoint.y * bounds.height
    var t = Transform(translationX: -ax, y: -ay)
    if !transform.isIdentity { t = t.concatenating(transform) }
    return t.thenTranslated(x: position.x, y: position.y)
  }
}
