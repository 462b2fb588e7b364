/// The circle segment that rounds the top edge of the static content, and the
/// curve that icons ride.
///
/// The arc spans a chord of width `width` with its ends at `top + height` and its
/// peak at `(width / 2, top)`. Its circle has radius
/// R = ((W/2)² + h²) / (2h) and centre (W/2, top + R).
///
/// Everything here is defined for every input; nothing returns NaN:
/// - A `height` of 0 (or a non-positive or non-finite one, or one below
///   ``flatnessThreshold``) makes the arc **flat**: the mask is a rectangle,
///   ``drop(atX:)`` and ``angle(atX:)`` are 0. Below the threshold the true arc would
///   differ from a straight edge by less than a billionth of a point, while its radius
///   would overflow.
/// - The height is clamped to `width / 2` (a half circle), the tallest arc that
///   is still a function of x.
/// - For an x further than R from the centre line (which an on-screen point can
///   never be, since R ≥ W/2), the drop and angle are **clamped** to the circle's
///   side: drop R, angle ±90°.
public struct RoundnessArc: Hashable, Sendable {
  /// The chord width W (non-negative).
  public let width: Double
  /// The sagitta h: how far the ends lie below the peak (0 ... W/2).
  public let height: Double
  /// The y of the peak.
  public let top: Double

  /// Heights below this many points count as flat (0): see the type's notes.
  public static let flatnessThreshold = 1e-9

  /// Creates the arc over a chord of `width` with sagitta `height`, its peak at y = `top`.
  ///
  /// Non-finite or negative values are clamped as described on the type.
  public init(width: Double, height: Double, top: Double = 0) {
    let w = width.isFinite ? Swift.max(0, width) : 0
    self.width = w
    let h = height.isFinite ? height.clamped(to: 0...(w / 2)) : 0
    self.height = h < Self.flatnessThreshold ? 0 : h
    self.top = top.isFinite ? top : 0
  }

  /// Whether the arc is a straight line (height 0).
  public var isFlat: Bool { height <= 0 || width <= 0 }

  /// The radius of the circle, or `.infinity` when flat.
  public var radius: Double {
    guard !isFlat else { return .infinity }
    return (width * width / 4 + height * height) / (2 * height)
  }

  /// The centre of the circle (at infinite depth when flat).
  public var center: Point { Point(x: width / 2, y: top + radius) }

  /// How far below the peak the arc lies at `x`: R − √(R² − (x − W/2)²).
  public func drop(atX x: Double) -> Double {
    guard !isFlat, x.isFinite else { return isFlat ? 0 : radius }
    let r = radius
    let dx = Swift.min(Swift.abs(x - width / 2), r)
    // R − √(R² − dx²) written as dx² / (R + √(R² − dx²)): no cancellation for a large R.
    return dx * dx / (r + ((r - dx) * (r + dx)).squareRoot())
  }

  /// The arc's tangent angle at `x`, in radians: asin((x − W/2)/R).
  ///
  /// Positive right of the centre line: there the arc descends, so a thing
  /// riding it turns clockwise on screen.
  public func angle(atX x: Double) -> Double {
    guard !isFlat else { return 0 }
    guard x.isFinite else { return x > 0 ? Double.pi / 2 : -Double.pi / 2 }
    return _asin(((x - width / 2) / radius).clamped(to: -1...1))
  }

  /// The point of the arc at `x`.
  public func point(atX x: Double) -> Point {
    Point(x: x, y: top + drop(atX: x))
  }

  /// The region under the arc, down to `bottom`: (0, top + h) → arc through the
  /// peak → (W, top + h) → (W, bottom) → (0, bottom). A rectangle when flat.
  public func maskPath(bottom: Double) -> Path {
    let end = top + height
    guard !isFlat else {
      return .rect(Rect(x: 0, y: top, width: width, height: Swift.max(0, bottom - top)))
    }
    let r = radius
    let c = center
    var p = Path()
    p.move(to: Point(x: 0, y: end))
    p.addArc(
      center: c, radius: r, startAngle: _atan2(end - c.y, -width / 2),
      endAngle: _atan2(end - c.y, width / 2), clockwise: true)
    p.line(to: Point(x: width, y: Swift.max(bottom, end)))
    p.line(to: Point(x: 0, y: Swift.max(bottom, end)))
    p.close()
    return p
  }
}
