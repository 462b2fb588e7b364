/// A location in a two-dimensional coordinate space (y grows downward, as on screen).
///
/// Points and ``Vector``s are kept apart: the difference of two points is a
/// vector, a point moved by a vector is a point, and adding two points does not
/// compile.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate; larger values are lower on screen.
  public var y: Double

  /// Creates a point from its coordinates.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The distance to `other`.
  public func distance(to other: Point) -> Double { (other - self).length }

  /// The point a fraction `t` of the way to `other` (t may leave 0...1).
  @inlinable
  public func lerp(to other: Point, _ t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  /// The vector from the origin to this point.
  public var vector: Vector { Vector(dx: x, dy: y) }

  /// A textual form, `(x, y)`.
  public var description: String { "(\(x), \(y))" }

  /// The vector from `b` to `a`.
  @inlinable
  public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
  /// `p` moved by `v`.
  @inlinable
  public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
  /// `p` moved by the opposite of `v`.
  @inlinable
  public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
  /// Moves `p` by `v`.
  @inlinable
  public static func += (p: inout Point, v: Vector) { p = p + v }
  /// Moves `p` by the opposite of `v`.
  @inlinable
  public static func -= (p: inout Point, v: Vector) { p = p - v }
}
