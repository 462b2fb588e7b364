/// A displacement in two dimensions: a direction and a length.
///
/// See ``Point`` for how the two types combine.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal component.
  public var dx: Double
  /// The vertical component; positive is downward on screen.
  public var dy: Double

  /// Creates a vector from its components.
  @inlinable
  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  /// The zero vector.
  public static let zero = Vector(dx: 0, dy: 0)

  /// The Euclidean length.
  public var length: Double { _hypot(dx, dy) }

  /// The squared length (cheaper than ``length`` when only comparing).
  public var lengthSquared: Double { dx * dx + dy * dy }

  /// This vector scaled to length 1; the zero vector stays zero.
  public var normalized: Vector {
    let l = length
    return l > 0 ? Vector(dx: dx / l, dy: dy / l) : .zero
  }

  /// The angle from the positive x-axis, in radians (clockwise on screen, since y grows down).
  public var angle: Double { _atan2(dy, dx) }

  /// The dot product.
  @inlinable
  public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

  /// The z-component of the cross product: positive when `other` turns clockwise on screen.
  @inlinable
  public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

  /// This vector turned a quarter turn: (−dy, dx).
  public var perpendicular: Vector { Vector(dx: -dy, dy: dx) }

  /// Whether both components are finite.
  public var isFinite: Bool { dx.isFinite && dy.isFinite }

  /// A textual form, `<dx, dy>`.
  public var description: String { "<\(dx), \(dy)>" }

  /// The sum.
  @inlinable
  public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
  /// The difference.
  @inlinable
  public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
  /// The opposite.
  @inlinable
  public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
  /// Scaled by `s`.
  @inlinable
  public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
  /// Scaled by `s`.
  @inlinable
  public static func * (s: Double, v: Vector) -> Vector { v * s }
  /// Divided by `s`.
  @inlinable
  public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
}
