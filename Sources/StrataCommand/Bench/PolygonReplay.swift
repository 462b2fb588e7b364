import Strata
import StrataRender

/// What Benchmarks/peers.py has Blend2D draw for a frame, as a display list Strata can draw
/// too, so that the two rasterizers are timed on the same polygons.
///
/// Blend2D's Python binding fills polygons with a solid colour and nothing else, so its replay
/// of a frame's drawing commands keeps only their geometry. This is the same reduction, step
/// for step:
/// - every curve becomes 16 straight segments, evenly spaced in its parameter, and every path
///   is filled by the non-zero rule;
/// - a fill keeps its colour (a gradient becomes the mean of its stops' colours), its alpha
///   times its opacity;
/// - glyphs are filled as their outlines in their run's colour;
/// - a shadow is its outline, moved by its offset and left unblurred;
/// - a bitmap is its rectangle in opaque grey;
/// - strokes, clips, masks and group layers are left out.
///
/// Colours are rounded to 8 bits per channel as the replay rounds them.
enum PolygonReplay {
  /// `list` reduced to the polygons Blend2D's replay fills.
  static func polygons(of list: DisplayList) -> DisplayList {
    var out: [DisplayList.Command] = []
    for command in list.commands {
      switch command {
      case .fill(let path, let t, let paint, _, let opacity):
        out.append(fill(path, t, color(of: paint), opacity))
      case .glyphs(let run, let t, let opacity):
        out.append(fill(run.path(), t, run.color, opacity))
      case .shadow(let path, let t, let color, let offset, _, let opacity):
        out.append(fill(path, t.concatenating(Transform(translation: offset)), color, opacity))
      case .image(let image, let t, _):
        let w = Double(image.width)
        let h = Double(image.height)
        out.append(
          fill(
            .rect(Rect(x: 0, y: 0, width: w, height: h)), t,
            Color(red: 128 / 255, green: 128 / 255, blue: 128 / 255), 1))
      case .beginGroup, .endGroup, .beginClip, .beginClipUnion, .endClip, .beginMask, .endMask,
        .stroke:
        continue
      }
    }
    return DisplayList(width: list.width, height: list.height, commands: out)
  }

  /// A fill of `path`'s polygons through `t` in `color` with its alpha times `opacity`.
  private static func fill(_ path: Path, _ t: Transform, _ color: Color, _ opacity: Double)
    -> DisplayList.Command
  {
    func byte(_ v: Double) -> Double {
      guard v.isFinite else { return 0 }
      return (Swift.min(Swift.max(v, 0), 1) * 255).rounded(.toNearestOrEven) / 255
    }
    let rounded = Color(
      red: byte(color.red), green: byte(color.green), blue: byte(color.blue),
      alpha: byte(color.alpha * opacity))
    return .fill(
      polygons(path.applying(t)), transform: .identity, paint: .solid(rounded), rule: .nonZero,
      opacity: 1)
  }

  /// The colour the replay gives `paint`: a solid colour, or the mean of a gradient's stops
  /// (transparent black for a gradient without stops).
  static func color(of paint: Paint) -> Color {
    let stops: [Gradient.Stop]
    switch paint {
    case .solid(let c): return c
    case .linearGradient(let g, _, _): stops = g.stops
    case .radialGradient(let g, _, _): stops = g.stops
    case .radial(let r): stops = r.gradient.stops
    }
    guard !stops.isEmpty else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
    let n = Double(stops.count)
    return Color(
      red: stops.reduce(0) { $0 + $1.color.red } / n,
      green: stops.reduce(0) { $0 + $1.color.green } / n,
      blue: stops.reduce(0) { $0 + $1.color.blue } / n,
      alpha: stops.reduce(0) { $0 + $1.color.alpha } / n)
  }

  /// `path` with every curve replaced by 16 straight segments, evenly spaced in its parameter.
  static func polygons(_ path: Path) -> Path {
    var out = Path()
    var pen = Point(x: 0, y: 0)
    var start = pen
    for element in path.elements {
      switch element {
      case .move(let p):
        out.move(to: p)
        pen = p
        start = p
      case .line(let p):
        out.line(to: p)
        pen = p
      case .quad(let p, let c):
        for s in 1...16 {
          let u = Double(s) / 16
          let v = 1 - u
          out.line(
            to: Point(
              x: v * v * pen.x + 2 * v * u * c.x + u * u * p.x,
              y: v * v * pen.y + 2 * v * u * c.y + u * u * p.y))
        }
        pen = p
      case .cubic(let p, let c1, let c2):
        for s in 1...16 {
          let u = Double(s) / 16
          let v = 1 - u
          let (a, b, c, d) = (v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u)
          out.line(
            to: Point(
              x: a * pen.x + b * c1.x + c * c2.x + d * p.x,
              y: a * pen.y + b * c1.y + c * c2.y + d * p.y))
        }
        pen = p
      case .close:
        out.close()
        pen = start
      }
    }
    return out
  }
}
