/// Whole shapes, as new paths (``rect(_:)``, ``circle(center:radius:)``, …) or added to a path
/// in place (``addRect(_:)``, ``addCircle(center:radius:)``, …).
///
/// The in-place forms, with ``removeAll()``, let a drawing redone every frame reuse its
/// paths' memory:
///
/// ```swift
/// var dot = Path()
/// for x in stride(from: 0.0, to: 100, by: 10) {
///   dot.removeAll()  // keeps the memory the circle needs
///   dot.addCircle(center: Point(x: x, y: 5), radius: 4)
/// }
/// ```
extension Path {
  /// Adds a closed rectangle as a subpath, clockwise on screen from the top-left corner.
  public mutating func addRect(_ r: Rect) {
    let s = r.standardized
    move(to: Point(x: s.minX, y: s.minY))
    line(to: Point(x: s.maxX, y: s.minY))
    line(to: Point(x: s.maxX, y: s.maxY))
    line(to: Point(x: s.minX, y: s.maxY))
    close()
  }

  /// Adds a rectangle with circular corners as a subpath; the radius is clamped to half the
  /// shorter side, and a rectangle with no radius left is added as ``addRect(_:)`` adds it.
  public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double) {
    let s = r.standardized
    let radius = cornerRadius.clamped(to: 0...Swift.max(0, Swift.min(s.width, s.height) / 2))
    if radius <= 0 { return addRect(s) }
    let half = Double.pi / 2
    move(to: Point(x: s.minX + radius, y: s.minY))
    addArc(
      center: Point(x: s.maxX - radius, y: s.minY + radius), radius: radius, startAngle: -half,
      endAngle: 0, clockwise: true)
    addArc(
      center: Point(x: s.maxX - radius, y: s.maxY - radius), radius: radius, startAngle: 0,
      endAngle: half, clockwise: true)
    addArc(
      center: Point(x: s.minX + radius, y: s.maxY - radius), radius: radius, startAngle: half,
      endAngle: 2 * half, clockwise: true)
    addArc(
      center: Point(x: s.minX + radius, y: s.minY + radius), radius: radius, startAngle: 2 * half,
      endAngle: 3 * half, clockwise: true)
    close()
  }

  /// Adds the ellipse inscribed in `r` as a subpath of four cubic curves.
  public mutating func addEllipse(in r: Rect) {
    let s = r.standardized
    let rx = s.width / 2
    let ry = s.height / 2
    let cx = s.midX
    let cy = s.midY
    let k = 0.552_284_749_830_793_4  // 4/3·(√2 − 1): a quarter circle as one cubic
    move(to: Point(x: cx + rx, y: cy))
    cubic(
      to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
      control2: Point(x: cx + k * rx, y: cy + ry))
    cubic(
      to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
      control2: Point(x: cx - rx, y: cy + k * ry))
    cubic(
      to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
      control2: Point(x: cx - k * rx, y: cy - ry))
    cubic(
      to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
      control2: Point(x: cx + rx, y: cy - k * ry))
    close()
  }

  /// Adds a circle of `radius` about `center` as a subpath.
  public mutating func addCircle(center: Point, radius: Double) {
    addEllipse(in: Rect(center: center, size: Size(width: 2 * radius, height: 2 * radius)))
  }

  /// A closed rectangle, clockwise on screen from the top-left corner.
  public static func rect(_ r: Rect) -> Path {
    // Room for every element at once (the array would otherwise grow four times).
    made(reserving: 5) { $0.addRect(r) }
  }

  /// A rectangle with circular corners; the radius is clamped to half the shorter side.
  public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path {
    // A move, four arcs (a line and a cubic or two each) and the close.
    made(reserving: 14) { $0.addRoundedRect(r, cornerRadius: cornerRadius) }
  }

  /// The ellipse inscribed in `r`, as four cubic curves.
  public static func ellipse(in r: Rect) -> Path {
    made(reserving: 6) { $0.addEllipse(in: r) }
  }

  /// A circle of `radius` about `center`.
  public static func circle(center: Point, radius: Double) -> Path {
    made(reserving: 6) { $0.addCircle(center: center, radius: radius) }
  }

  /// A closed polygon through `points`; empty for fewer than two points.
  public static func polygon(_ points: [Point]) -> Path {
    guard points.count >= 2 else { return Path() }
    return made(reserving: points.count + 1) { p in
      p.move(to: points[0])
      for q in points.dropFirst() { p.line(to: q) }
      p.close()
    }
  }

  /// A new path with room for `count` elements, drawn by `draw`.
  private static func made(reserving count: Int, _ draw: (inout Path) -> Void) -> Path {
    var p = Path()
    p.reserveCapacity(count)
    draw(&p)
    return p
  }
}
