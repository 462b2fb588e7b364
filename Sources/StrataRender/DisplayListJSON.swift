import Strata
import StrataIO

/// Writes a ``DisplayList`` as JSON drawing commands, for replaying a frame in another
/// renderer (`Benchmarks/peers.sh` replays it with Blend2D) or for looking at what a frame
/// draws.
///
/// The document is `{"width", "height", "commands": [...]}`; each command has an `"op"`:
/// `beginGroup` (`opacity`, `bounds` as x, y, width, height), `endGroup`, `beginClip`
/// (`path`, `transform`, `rule`), `beginClipUnion` (`shapes`: path and rule each,
/// `transform`), `endClip`, `fill` (`path`, `transform`, `paint`, `rule`, `opacity`),
/// `stroke` (`path`, `transform`, `paint`, `width`, `join`, `cap`, `miterLimit`, `dash`,
/// `dashPhase`, `opacity`), `image` (`width`, `height`, `transform`, `opacity`, and the
/// bitmap as a base64 PNG in `png`), `shadow` (`path` in device pixels already moved by the
/// offset, `color`, `sigma`, `opacity`) and `glyphs` (the outlines as one `path`,
/// `transform`, `color`, `opacity`). Paths are SVG path data; transforms are
/// `[a, b, c, d, tx, ty]` mapping the command's space to device pixels; colours are
/// `[red, green, blue, alpha]` from 0 to 1, not premultiplied; paints are
/// `{"type": "solid", "color"}`, `{"type": "linear", "start", "end", "stops", "spread"}` or
/// `{"type": "radial", "center", "focus", "radius", "transform", "stops", "spread"}`, each
/// stop `{"offset", "color"}`.
public struct DisplayListJSONWriter: Sendable {
  /// Whether bitmaps are included as base64 PNG data (large for photographs).
  public var includesBitmaps: Bool

  /// Creates a writer.
  public init(includesBitmaps: Bool = true) {
    self.includesBitmaps = includesBitmaps
  }

  /// The JSON document for `list`.
  public func json(for list: DisplayList) -> String {
    var out = "{\"width\":\(list.width),\"height\":\(list.height),\"commands\":[\n"
    for (i, c) in list.commands.enumerated() {
      out += (i == 0 ? "" : ",\n") + command(c)
    }
    return out + "\n]}\n"
  }

  private func command(_ c: DisplayList.Command) -> String {
    switch c {
    case .beginGroup(let o, let b):
      return object([
        ("op", q("beginGroup")), ("opacity", n(o)),
        ("bounds", array([b.minX, b.minY, b.width, b.height].map(n))),
      ])
    case .endGroup: return object([("op", q("endGroup"))])
    case .beginClip(let p, let t, let r):
      return object([
        ("op", q("beginClip")), ("path", path(p)), ("transform", matrix(t)), ("rule", rule(r)),
      ])
    case .beginClipUnion(let shapes, let t):
      let list = shapes.map { object([("path", path($0.path)), ("rule", rule($0.rule))]) }
      return object([
        ("op", q("beginClipUnion")), ("shapes", array(list)), ("transform", matrix(t)),
      ])
    case .endClip: return object([("op", q("endClip"))])
    case .beginMask: return object([("op", q("beginMask"))])
    case .endMask(let mode, let inverted):
      return object([
        ("op", q("endMask")), ("mode", q(mode.rawValue)), ("inverted", inverted ? "true" : "false"),
      ])
    case .fill(let p, let t, let paint, let r, let o):
      return object([
        ("op", q("fill")), ("path", path(p)), ("transform", matrix(t)),
        ("paint", self.paint(paint)),
        ("rule", rule(r)), ("opacity", n(o)),
      ])
    case .stroke(let p, let t, let paint, let style, let o):
      return object([
        ("op", q("stroke")), ("path", path(p)), ("transform", matrix(t)),
        ("paint", self.paint(paint)), ("width", n(style.width)), ("join", q(style.join.rawValue)),
        ("cap", q(style.cap.rawValue)), ("miterLimit", n(style.miterLimit)),
        ("dash", array(style.dash.map(n))), ("dashPhase", n(style.dashPhase)), ("opacity", n(o)),
      ])
    case .image(let img, let t, let o):
      var fields = [
        ("op", q("image")), ("width", String(img.width)), ("height", String(img.height)),
        ("transform", matrix(t)), ("opacity", n(o)),
      ]
      if includesBitmaps, img.isEncodable {
        fields.append(("png", q(Base64.encode(PNGEncoder(mode: .fastest).encode(img)))))
      }
      return object(fields)
    case .shadow(let p, let t, let color, let offset, let sigma, let o):
      let device = p.applying(t.concatenating(Transform(translation: offset)))
      return object([
        ("op", q("shadow")), ("path", path(device)), ("color", self.color(color)),
        ("sigma", n(sigma)), ("opacity", n(o)),
      ])
    case .glyphs(let run, let t, let o):
      return object([
        ("op", q("glyphs")), ("path", path(run.path())), ("transform", matrix(t)),
        ("color", color(run.color)), ("opacity", n(o)),
      ])
    }
  }

  private func paint(_ p: Paint) -> String {
    func stops(_ g: Gradient) -> String {
      array(g.stops.map { object([("offset", n($0.location)), ("color", color($0.color))]) })
    }
    func point(_ p: Point) -> String { array([n(p.x), n(p.y)]) }
    switch p {
    case .solid(let c): return object([("type", q("solid")), ("color", color(c))])
    case .linearGradient(let g, let s, let e):
      return object([
        ("type", q("linear")), ("start", point(s)), ("end", point(e)), ("stops", stops(g)),
        ("spread", q(g.spread.rawValue)),
      ])
    case .radialGradient(let g, let c, let r):
      return object([
        ("type", q("radial")), ("center", point(c)), ("focus", point(c)), ("focalRadius", n(0)),
        ("radius", n(r)),
        ("transform", matrix(.identity)), ("stops", stops(g)), ("spread", q(g.spread.rawValue)),
      ])
    case .radial(let r):
      return object([
        ("type", q("radial")), ("center", point(r.center)), ("focus", point(r.focus)),
        ("focalRadius", n(r.focalRadius)), ("radius", n(r.radius)),
        ("transform", matrix(r.transform)), ("stops", stops(r.gradient)),
        ("spread", q(r.gradient.spread.rawValue)),
      ])
    }
  }

  private func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }
  private func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
  private func q(_ s: String) -> String { JSONLiteral.string(s) }
  private func n(_ v: Double) -> String { SVGWriter.num(v) }
  private func path(_ p: Path) -> String { q(SVGWriter.pathData(p)) }
  private func matrix(_ t: Transform) -> String { array([t.a, t.b, t.c, t.d, t.tx, t.ty].map(n)) }
  private func rule(_ r: FillRule) -> String { q(SVGWriter.rule(r)) }
  private func color(_ c: Color) -> String { array([c.red, c.green, c.blue, c.alpha].map(n)) }
}
