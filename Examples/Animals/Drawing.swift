import Strata

/// Small helpers for drawing vector artwork in code.
enum Drawing {
  /// An opaque colour from 0xRRGGBB, with an alpha.
  static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> Color {
    Color(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255,
      alpha: alpha)
  }

  static func circle(_ x: Double, _ y: Double, _ r: Double) -> Path {
    .circle(center: Point(x: x, y: y), radius: r)
  }

  static func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double) -> Path {
    .ellipse(in: Rect(x: x - rx, y: y - ry, width: 2 * rx, height: 2 * ry))
  }

  static func rounded(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> Path {
    .roundedRect(Rect(x: x, y: y, width: w, height: h), cornerRadius: r)
  }

  static func polygon(_ pts: [(Double, Double)]) -> Path {
    .polygon(pts.map { Point(x: $0.0, y: $0.1) })
  }

  /// `path` turned by `angle` radians about (x, y).
  static func turned(_ path: Path, _ angle: Double, about x: Double, _ y: Double) -> Path {
    path.applying(
      Transform(translationX: -x, y: -y).thenRotated(by: angle).thenTranslated(x: x, y: y))
  }

  static func fill(_ path: Path, _ color: Color, opacity: Double = 1) -> VectorImage.Shape {
    VectorImage.Shape(path: path, fill: .solid(color), opacity: opacity)
  }

  static func fill(_ path: Path, _ paint: Paint) -> VectorImage.Shape {
    VectorImage.Shape(path: path, fill: paint)
  }

  static func stroke(_ path: Path, _ color: Color, width: Double, cap: StrokeStyle.Cap = .round)
    -> VectorImage.Shape
  {
    VectorImage.Shape(
      path: path, stroke: .solid(color),
      strokeStyle: StrokeStyle(width: width, join: .round, cap: cap))
  }

  static func vertical(_ top: Color, _ bottom: Color, from y0: Double, to y1: Double) -> Paint {
    .linearGradient(
      Gradient(colors: [top, bottom]), start: Point(x: 0, y: y0), end: Point(x: 0, y: y1))
  }

  /// A smooth closed curve through `pts` (a Catmull-Rom spline as cubic Béziers).
  static func blob(_ pts: [(Double, Double)]) -> Path {
    let p = pts.map { Point(x: $0.0, y: $0.1) }
    var path = Path()
    guard p.count > 2 else { return path }
    path.move(to: p[0])
    for i in 0..<p.count {
      let p0 = p[(i - 1 + p.count) % p.count]
      let p1 = p[i]
      let p2 = p[(i + 1) % p.count]
      let p3 = p[(i + 2) % p.count]
      let c1 = p1 + (p2 - p0) / 6
      let c2 = p2 - (p3 - p1) / 6
      path.cubic(to: p2, control1: c1, control2: c2)
    }
    path.close()
    return path
  }

  /// A pine tree: three stacked triangles and a trunk, its base centred at (x, y).
  static func pine(_ x: Double, _ y: Double, _ h: Double, _ color: Color) -> [VectorImage.Shape] {
    let w = h * 0.46
    var shapes = [fill(rounded(x - h * 0.03, y - h * 0.14, h * 0.06, h * 0.14, 1), rgb(0x4A3B2F))]
    for (i, f) in [0.0, 0.28, 0.52].enumerated() {
      let top = y - h + f * h * 0.9
      let bottom = y - h * 0.1 - Double(2 - i) * h * 0.18
      let half = w * (0.5 + Double(i) * 0.12) / 1.1 * (1 - f * 0.2)
      shapes.append(fill(polygon([(x, top), (x + half, bottom), (x - half, bottom)]), color))
    }
    return shapes
  }

  /// A fluffy cloud of overlapping circles, its base on y.
  static func cloud(_ x: Double, _ y: Double, _ s: Double, _ color: Color) -> VectorImage.Shape {
    var p = rounded(x - 40 * s, y - 18 * s, 80 * s, 18 * s, 9 * s)
    p.append(circle(x - 18 * s, y - 18 * s, 16 * s))
    p.append(circle(x + 6 * s, y - 26 * s, 22 * s))
    p.append(circle(x + 26 * s, y - 14 * s, 13 * s))
    return fill(p, color)
  }
}
