import Foundation
import Strata

extension SVGBuilder {
  /// A fill or stroke resolved for a shape whose outline has bounds `bbox`.
  mutating func paint(
    _ spec: SVGPaint, opacity: Double, _ style: SVGStyle, _ bbox: Rect, _ e: XMLElement,
    _ key: String
  ) -> Paint? {
    switch spec {
    case .none:
      return nil
    case .color(let c):
      return .solid(c.withAlpha(c.alpha * opacity))
    case .currentColor:
      return .solid(style.color.withAlpha(style.color.alpha * opacity))
    case .reference(let id, let fallback):
      func useFallback(_ why: String) -> Paint? {
        if let f = fallback?.paint {
          note(e, "\(key) \(why); its fallback is used")
          return paint(f, opacity: opacity, style, bbox, e, key)
        }
        note(e, "\(key) \(why); it is not painted")
        return nil
      }
      guard let target = ids[id] else {
        return useFallback("refers to #\(id), which is not in the file")
      }
      switch target.localName {
      case "linearGradient", "radialGradient":
        // A gradient that paints nothing here (no stops, or bounding-box units on a shape
        // with no width or height) gives way to the fallback, as resvg and browsers do.
        if let g = gradient(target, opacity: opacity, style, bbox) { return g }
        return fallback.flatMap { paint($0.paint, opacity: opacity, style, bbox, e, key) }
      default:
        return useFallback("refers to a <\(target.localName)>, which is not a paint")
      }
    }
  }

  /// The chain of elements `e` inherits from through `href` (itself first), each one of
  /// `kinds` (gradients, or patterns), without loops and at most 16 long.
  func hrefChain(
    _ e: XMLElement, kinds: Set<String> = ["linearGradient", "radialGradient"]
  ) -> [XMLElement] {
    var chain = [e]
    var seen: Set<String> = []
    var current = e
    while chain.count < 16, let href = current.attribute("href")?.trimmingSpaces,
      href.hasPrefix("#")
    {
      let id = String(href.dropFirst())
      guard seen.insert(id).inserted, let next = ids[id], kinds.contains(next.localName) else {
        break
      }
      chain.append(next)
      current = next
    }
    return chain
  }

  /// A gradient element as a paint for a shape with bounds `bbox`.
  mutating func gradient(_ e: XMLElement, opacity: Double, _ style: SVGStyle, _ bbox: Rect)
    -> Paint?
  {
    let chain = hrefChain(e)
    // Geometry comes only from gradients of the same kind; units, transform, spread and
    // stops from any (SVG 1.1 §13.2.2–3: the attributes "defined on the referenced element").
    let geometry: Set<String> = ["x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr"]
    func attr(_ key: String) -> String? {
      chain.lazy.filter { !geometry.contains(key) || $0.localName == e.localName }
        .compactMap { $0.attributes[key] }.first
    }
    // Stops come from the first gradient of the chain that has any.
    let stopOwner = chain.first { $0.children.contains { $0.localName == "stop" } }
    var stops: [Gradient.Stop] = []
    var last = 0.0
    for s in stopOwner?.children ?? [] where s.localName == "stop" {
      let offset = Swift.max(last, s.attributes["offset"].flatMap(SVGValues.fraction) ?? 0)
      last = offset
      var color = Color(red: 0, green: 0, blue: 0)
      if let raw = stopProperty("stop-color", of: s) {
        if raw == "currentColor" || raw == "currentcolor" {
          // The stop's own `color`, inherited through the document (SVG 1.1 §13.2.4).
          color = documentStyle(of: s).color
        } else if let c = SVGColor.parse(raw) {
          color = c
        } else {
          note(s, "stop-color=\"\(raw)\" cannot be read; black is used")
        }
      }
      let stopOpacity = stopProperty("stop-opacity", of: s).flatMap(SVGValues.fraction) ?? 1
      stops.append(Gradient.Stop(color.withAlpha(color.alpha * stopOpacity * opacity), at: offset))
    }
    guard let first = stops.first else { return nil }
    if stops.count == 1 { return .solid(first.color) }
    let spread = Gradient.Spread(rawValue: attr("spreadMethod") ?? "pad") ?? .pad
    let g = Gradient(stops: stops, spread: spread)
    let userSpace = attr("gradientUnits") == "userSpaceOnUse"
    var m = Transform.identity
    if let raw = attr("gradientTransform") {
      if let t = SVGValues.transform(raw) {
        // A transform with no inverse squeezes the gradient to a line: it is left out, as
        // resvg does (SVG leaves the case undefined).
        if t.inverted() != nil { m = t }
      } else {
        note(e, "gradientTransform cannot be read")
      }
    }
    if !userSpace {
      // Drawn in the unit square of the shape's bounds; a shape with no width or no height
      // takes no bounding-box gradient (SVG's rule).
      guard bbox.width > 0, bbox.height > 0 else { return nil }
      m = m.concatenating(
        Transform(scaleX: bbox.width, y: bbox.height).thenTranslated(x: bbox.minX, y: bbox.minY))
    }
    func coordinate(_ key: String, _ fallback: String, _ base: Double) -> Double {
      let raw = attr(key) ?? fallback
      return SVGValues.length(raw, percentOf: userSpace ? base : 1) ?? 0
    }
    if e.localName == "linearGradient" {
      let p1 = Point(
        x: coordinate("x1", "0%", viewport.width), y: coordinate("y1", "0%", viewport.height))
      let p2 = Point(
        x: coordinate("x2", "100%", viewport.width), y: coordinate("y2", "0%", viewport.height))
      return Self.linear(g, p1, p2, through: m)
    }
    let c = Point(
      x: coordinate("cx", "50%", viewport.width), y: coordinate("cy", "50%", viewport.height))
    let r = coordinate("r", "50%", diagonal)
    // A radius of zero paints the last stop's colour (SVG 1.1 §13.2.3); a negative one is an
    // error SVG leaves undefined, painted the same way (as resvg does).
    if r <= 0 { return .solid(stops[stops.count - 1].color) }
    let fx = attr("fx").map { _ in coordinate("fx", "50%", viewport.width) } ?? c.x
    let fy = attr("fy").map { _ in coordinate("fy", "50%", viewport.height) } ?? c.y
    // SVG 2's focal radius: the gradient starts on the circle of fr around the focus.
    var fr = Swift.max(0, coordinate("fr", "0%", diagonal))
    // A focus outside the circle: SVG 2 (§14.4.4) draws the cone the two circles make and
    // leaves the rest clear, where SVG 1.1 moved the focus onto the circle (RadialGradient's
    // rule with no focal radius). A focal radius of r·10⁻⁹ selects the two-circle form; its
    // t differs from a focal point's by less than 10⁻⁹.
    if fr == 0, (Point(x: fx, y: fy) - c).length > r { fr = r * 1e-9 }
    return .radial(
      RadialGradient(
        g, center: c, radius: r, focus: Point(x: fx, y: fy), focalRadius: fr, transform: m))
  }

  /// A stop's `stop-color` or `stop-opacity` as declared, `inherit` taken from its parents
  /// (the properties are not inherited otherwise); `nil` for the initial value.
  mutating func stopProperty(_ key: String, of stop: XMLElement) -> String? {
    var owner = stop
    for _ in 0..<SVGImporter.maximumDepth {
      guard let raw = declarations(owner)[key]?.trimmingSpaces else { return nil }
      guard raw == "inherit" else { return raw }
      guard let p = parents[owner.serial] else { return nil }
      owner = p
    }
    return nil
  }

  /// A linear gradient from `p1` to `p2` in a space `m` maps to the shape's, as a gradient in
  /// the shape's space: t stays an affine function of the point under any affine map, so the
  /// result is exact (t = k·p + k0 with k = Aᵀd/|d|², where m⁻¹(p) = A·p + b).
  static func linear(_ g: Gradient, _ p1: Point, _ p2: Point, through m: Transform) -> Paint? {
    let d = p2 - p1
    let l2 = d.lengthSquared
    guard l2 > 0 else { return .solid(g.stops.last?.color ?? .clear) }
    guard let inv = m.inverted() else { return nil }
    let kx = (inv.a * d.dx + inv.b * d.dy) / l2
    let ky = (inv.c * d.dx + inv.d * d.dy) / l2
    let k0 = ((inv.tx - p1.x) * d.dx + (inv.ty - p1.y) * d.dy) / l2
    let kk = kx * kx + ky * ky
    guard kk > 0, kk.isFinite, k0.isFinite else { return nil }
    let start = Point(x: -k0 * kx / kk, y: -k0 * ky / kk)
    let end = Point(x: start.x + kx / kk, y: start.y + ky / kk)
    return .linearGradient(g, start: start, end: end)
  }
}
