/// An axis-aligned rectangle: an origin (its top-left corner) and a size.
///
/// Rectangles built with a negative width or height are kept as given; use
/// ``standardized`` to flip them. ``isEmpty`` is true for zero-area and NaN
/// rectangles, and operations on empty rectangles return empty results rather
/// than trapping.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner (for a standardized rectangle).
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// Creates the rectangle with the given edges; `nil` when right < left, bottom < top,
  /// or any edge is not finite.
  public init?(left: Double, top: Double, right: Double, bottom: Double) {
    guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, right >= left,
      bottom >= top
    else { return nil }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Creates a rectangle of `size` centred on `center`.
  public init(center: Point, size: Size) {
    self.init(
      x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
      height: size.height)
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x.
  public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
  /// The largest x.
  public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
  /// The smallest y.
  public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
  /// The largest y.
  public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
  /// The x of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The y of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width (as given; may be negative before ``standardized``).
  public var width: Double { size.width }
  /// The height (as given; may be negative before ``standardized``).
  public var height: Double { size.height }
  /// The centre.
  public var center: Point { Point(x: midX, y: midY) }

  /// The four corners, clockwise from the top left.
  public var corners: [Point] {
    [
      Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY),
      Point(x: minX, y: maxY),
    ]
  }

  /// Whether the rectangle has no area (or is NaN).
  public var isEmpty: Bool { size.isEmpty }

  /// Whether every coordinate is finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The same rectangle with a non-negative width and height.
  public var standardized: Rect {
    Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Whether `point` lies inside (the left and top edges are inside, the right and bottom outside).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies wholly inside this rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles share some area.
  public func intersects(_ other: Rect) -> Bool {
    !intersection(other).isEmpty
  }

  /// The common area; ``Rect/zero`` sized at the nearest corner when they do not overlap.
  public func intersection(_ other: Rect) -> Rect {
    let l = Swift.max(minX, other.minX)
    let t = Swift.max(minY, other.minY)
    let r = Swift.min(maxX, other.maxX)
    let b = Swift.min(maxY, other.maxY)
    guard r > l, b > t else { return Rect(x: l, y: t, width: 0, height: 0) }
    return Rect(x: l, y: t, width: r - l, height: b - t)
  }

  /// The smallest rectangle containing both; an empty rectangle does not count.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let l = Swift.min(minX, other.minX)
    let t = Swift.min(minY, other.minY)
    return Rect(
      x: l, y: t, width: Swift.max(maxX, other.maxX) - l, height: Swift.max(maxY, other.maxY) - t)
  }

  /// The rectangle shrunk by `insets` (grown where they are negative).
  public func inset(by insets: Insets) -> Rect {
    let s = standardized
    return Rect(
      x: s.origin.x + insets.left, y: s.origin.y + insets.top,
      width: Swift.max(0, s.width - insets.horizontal),
      height: Swift.max(0, s.height - insets.vertical))
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    inset(by: Insets(top: dy, left: dx, bottom: dy, right: dx))
  }

  /// The rectangle moved by `v`.
  public func offsetBy(_ v: Vector) -> Rect {
    Rect(origin: origin + v, size: size)
  }

  /// The smallest rectangle with integer edges that contains this one.
  public var integral: Rect {
    let l = minX.rounded(.down)
    let t = minY.rounded(.down)
    return Rect(x: l, y: t, width: maxX.rounded(.up) - l, height: maxY.rounded(.up) - t)
  }

  /// A textual form.
  public var description: String { "Rect(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
