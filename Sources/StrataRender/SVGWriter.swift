import Strata
import StrataIO

/// Writes a ``DisplayList`` as an SVG 1.1 document, so any SVG renderer can check our pixels.
///
/// Groups become `<g opacity>`, clips `<clipPath>`, gradients `<linearGradient>` and
/// `<radialGradient>` in user space, bitmaps `<image>` with embedded PNG data, and shadows
/// a path blurred by an `feGaussianBlur` filter with the same standard deviation the
/// rasterizer uses.
public struct SVGWriter: Sendable {
  /// Creates a writer.
  public init() {}

  /// The SVG document for `list`.
  public func svg(for list: DisplayList) -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
      width="\(list.width)" height="\(list.height)" viewBox="0 0 \(list.width) \(list.height)">

      """
    var nextID = 0
    func newID(_ prefix: String) -> String {
      nextID += 1
      return "\(prefix)\(nextID)"
    }
    // Which group each mask cuts (the innermost open one), and each mask's mode, by order.
    var groupMask: [Int: Int] = [:]
    var maskOf: [Int: (mode: VectorImage.Mask.Mode, inverted: Bool)] = [:]
    var openGroups: [Int] = []
    var openMasks: [Int] = []
    var count = 0
    for (i, c) in list.commands.enumerated() {
      switch c {
      case .beginGroup: openGroups.append(i)
      case .endGroup: _ = openGroups.popLast()
      case .beginMask:
        if let g = openGroups.last { groupMask[g] = count }
        openMasks.append(count)
        count += 1
      case .endMask(let mode, let inverted):
        if let m = openMasks.popLast() { maskOf[m] = (mode, inverted) }
      default: break
      }
    }
    var masks: [String] = []
    for (i, c) in list.commands.enumerated() {
      switch c {
      case .beginGroup(let o, _):
        let mask = groupMask[i].map { " mask=\"url(#mask\($0))\"" } ?? ""
        out += "<g opacity=\"\(Self.num(o))\"\(mask)>\n"
      case .endGroup, .endClip:
        out += "</g>\n"
      case .beginMask:
        // The group it cuts opened with a reference to it (see `maskOf`).
        let id = "mask\(masks.count)"
        let mask = maskOf[masks.count] ?? (.alpha, false)
        masks.append(id)
        out += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"-1e6\" y=\"-1e6\""
        out += " width=\"2e6\" height=\"2e6\" style=\"mask-type:"
        out += mask.mode == .alpha && !mask.inverted ? "alpha\">\n" : "luminance\">\n"
        if mask.inverted {
          // One minus the mask: white under it, its colours turned (luminance) or black (alpha).
          out += "<rect x=\"-1e6\" y=\"-1e6\" width=\"2e6\" height=\"2e6\" fill=\"white\"/>\n"
          let turn =
            mask.mode == .alpha
            ? "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" : "-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1"
          out +=
            "<filter id=\"\(id)f\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"\(turn) 0 0 0 1 0\"/></filter>"
          out += "<g filter=\"url(#\(id)f)\">\n"
        } else {
          out += "<g>\n"
        }
      case .endMask:
        out += "</g></mask>\n"
      case .beginClip(let p, let t, let rule):
        let id = newID("clip")
        out +=
          "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path d=\"\(Self.pathData(p))\""
        out += " transform=\"\(Self.matrix(t))\" clip-rule=\"\(Self.rule(rule))\"/></clipPath>\n"
        out += "<g clip-path=\"url(#\(id))\">\n"
      case .beginClipUnion(let shapes, let t):
        let id = newID("clip")
        out += "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\">"
        for s in shapes {
          out += "<path d=\"\(Self.pathData(s.path))\" transform=\"\(Self.matrix(t))\""
          out += " clip-rule=\"\(Self.rule(s.rule))\"/>"
        }
        out += "</clipPath>\n<g clip-path=\"url(#\(id))\">\n"
      case .fill(let p, let t, let paint, let rule, let o):
        let (fill, defs) = paintReference(paint, id: newID("paint"))
        out += defs
        out +=
          "<path d=\"\(Self.pathData(p))\" transform=\"\(Self.matrix(t))\" fill=\"\(fill.color)\""
        out +=
          " fill-opacity=\"\(Self.num(fill.opacity * o))\" fill-rule=\"\(Self.rule(rule))\"/>\n"
      case .stroke(let p, let t, let paint, let style, let o):
        let (stroke, defs) = paintReference(paint, id: newID("paint"))
        out += defs
        out += "<path d=\"\(Self.pathData(p))\" transform=\"\(Self.matrix(t))\" fill=\"none\""
        out += " stroke=\"\(stroke.color)\" stroke-opacity=\"\(Self.num(stroke.opacity * o))\""
        out +=
          " stroke-width=\"\(Self.num(style.width))\" stroke-linejoin=\"\(style.join.rawValue)\""
        out +=
          " stroke-linecap=\"\(style.cap.rawValue)\" stroke-miterlimit=\"\(Self.num(style.miterLimit))\""
        if !style.dash.isEmpty, style.dash.reduce(0, +) > 0 {
          out += " stroke-dasharray=\"\(style.dash.map(Self.num).joined(separator: " "))\""
          out += " stroke-dashoffset=\"\(Self.num(style.dashPhase))\""
        }
        out += "/>\n"
      case .image(let img, let t, let o):
        guard img.isEncodable else { continue }
        let data = Base64.encode(PNGEncoder(mode: .fastest).encode(img))
        let nearest = t.isTranslationOnly && t.tx == t.tx.rounded() && t.ty == t.ty.rounded()
        out +=
          "<image width=\"\(img.width)\" height=\"\(img.height)\" transform=\"\(Self.matrix(t))\""
        out += " opacity=\"\(Self.num(o))\" preserveAspectRatio=\"none\""
        out += nearest ? " image-rendering=\"optimizeSpeed\"" : " image-rendering=\"smooth\""
        out += " xlink:href=\"data:image/png;base64,\(data)\"/>\n"
      case .glyphs(let run, let t, let o):
        out += "<path d=\"\(Self.pathData(run.path()))\" transform=\"\(Self.matrix(t))\""
        out +=
          " fill=\"\(Self.colorString(run.color))\" fill-opacity=\"\(Self.num(run.color.alpha * o))\"/>\n"
      case .shadow(let p, let t, let color, let offset, let sigma, let o):
        let device = p.applying(t.concatenating(Transform(translation: offset)))
        let b = device.bounds.insetBy(dx: -3 * sigma - 2, dy: -3 * sigma - 2)
        let fill = Self.colorString(color)
        if sigma > 0 {
          let id = newID("shadow")
          out += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(Self.num(b.minX))\""
          out +=
            " y=\"\(Self.num(b.minY))\" width=\"\(Self.num(b.width))\" height=\"\(Self.num(b.height))\">"
          out += "<feGaussianBlur stdDeviation=\"\(Self.num(sigma))\"/></filter>\n"
          out += "<path d=\"\(Self.pathData(device))\" fill=\"\(fill)\""
          out += " fill-opacity=\"\(Self.num(color.alpha * o))\" filter=\"url(#\(id))\"/>\n"
        } else {
          out +=
            "<path d=\"\(Self.pathData(device))\" fill=\"\(fill)\" fill-opacity=\"\(Self.num(color.alpha * o))\"/>\n"
        }
      }
    }
    out += "</svg>\n"
    return out
  }

  private func paintReference(_ paint: Paint, id: String) -> (
    (color: String, opacity: Double), String
  ) {
    func stops(_ g: Gradient) -> String {
      g.stops.map { s in
        "<stop offset=\"\(Self.num(s.location))\" stop-color=\"\(Self.colorString(s.color))\""
          + " stop-opacity=\"\(Self.num(s.color.alpha))\"/>"
      }.joined()
    }
    func spread(_ g: Gradient) -> String {
      g.spread == .pad ? "" : " spreadMethod=\"\(g.spread.rawValue)\""
    }
    switch paint {
    case .solid(let c):
      return ((Self.colorString(c), c.alpha), "")
    case .linearGradient(let g, let s, let e):
      let defs =
        "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.num(s.x))\" y1=\"\(Self.num(s.y))\""
        + " x2=\"\(Self.num(e.x))\" y2=\"\(Self.num(e.y))\"\(spread(g))>\(stops(g))</linearGradient>\n"
      return (("url(#\(id))", 1), defs)
    case .radialGradient(let g, let c, let r):
      let defs =
        "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.num(c.x))\" cy=\"\(Self.num(c.y))\""
        + " r=\"\(Self.num(r))\" fx=\"\(Self.num(c.x))\" fy=\"\(Self.num(c.y))\"\(spread(g))>\(stops(g))</radialGradient>\n"
      return (("url(#\(id))", 1), defs)
    case .radial(let r):
      let c = r.center
      let f = r.focus
      let defs =
        "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.num(c.x))\" cy=\"\(Self.num(c.y))\""
        + " r=\"\(Self.num(r.radius))\" fx=\"\(Self.num(f.x))\" fy=\"\(Self.num(f.y))\""
        + (r.focalRadius > 0 ? " fr=\"\(Self.num(r.focalRadius))\"" : "")
        + " gradientTransform=\"\(Self.matrix(r.transform))\"\(spread(r.gradient))>"
        + "\(stops(r.gradient))</radialGradient>\n"
      return (("url(#\(id))", 1), defs)
    }
  }

  static func rule(_ r: FillRule) -> String { r == .nonZero ? "nonzero" : "evenodd" }

  static func colorString(_ c: Color) -> String {
    func b(_ v: Double) -> Int { Int((v * 255).rounded()) }
    return "rgb(\(b(c.red)),\(b(c.green)),\(b(c.blue)))"
  }

  static func matrix(_ t: Transform) -> String {
    "matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(num).joined(separator: " ")))"
  }

  /// A number with at most five decimals, without a trailing ".0".
  static func num(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 100_000).rounded() / 100_000
    if r == r.rounded(), Swift.abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }

  static func pathData(_ p: Path) -> String { PathData.format(p, number: num) }
}

/// Base64 encoding (RFC 4648, with padding).
package enum Base64 {
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  package static func encode(_ bytes: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < bytes.count {
      let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
      out += [
        alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], alphabet[n & 63],
      ]
      i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
      let n = Int(bytes[i]) << 16
      out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], 61, 61]
    } else if rest == 2 {
      let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
      out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], 61]
    }
    return String(decoding: out, as: UTF8.self)
  }
}
