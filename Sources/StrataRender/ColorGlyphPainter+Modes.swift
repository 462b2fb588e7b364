import Strata
import StrataText

/// The gradients of `COLR` version 1, sampled at pixel centres, and its composite modes.
extension ColorGlyphPainter {
  /// A linear, radial or sweep gradient filling the whole layer.
  func gradient(_ paint: ColorPaint, _ t: Transform) -> Layer {
    var out = Layer(repeating: .zero, count: width * height)
    guard let inverse = t.inverted() else { return out }
    // Where on the colour line each point of the paint's space falls (nil: not painted).
    let position: (Point) -> Double?
    let line: ColorLine
    switch paint {
    case .linear(let l, let p0, let p1, let p2):
      line = l
      // Colours are constant along lines parallel to p0p2: project p1 onto the normal of
      // p0p2 through p0 to find where offset 1 lies.
      let r = Vector(dx: p2.x - p0.x, dy: p2.y - p0.y)
      let n = Vector(dx: r.dy, dy: -r.dx)
      let v = Vector(dx: p1.x - p0.x, dy: p1.y - p0.y)
      let nn = n.dx * n.dx + n.dy * n.dy
      guard nn > 0 else { return out }
      let k = (v.dx * n.dx + v.dy * n.dy) / nn
      let d = Vector(dx: n.dx * k, dy: n.dy * k)
      let dd = d.dx * d.dx + d.dy * d.dy
      guard dd > 1e-12 else { return out }
      position = { p in ((p.x - p0.x) * d.dx + (p.y - p0.y) * d.dy) / dd }
    case .radial(let l, let c0, let r0, let c1, let r1):
      line = l
      guard c0 != c1 || r0 != r1 else { return out }
      position = { p in Self.radialPosition(p, c0, r0, c1, r1) }
    case .sweep(let l, let c, let start, let end):
      line = l
      if start == end && l.extend != .pad { return out }
      position = { p in
        var angle = StrataMath.atan2(p.y - c.y, p.x - c.x) * 180 / .pi
        if angle < 0 { angle += 360 }
        return start == end
          ? (angle < start ? -.infinity : .infinity) : (angle - start) / (end - start)
      }
    default:
      return out
    }
    let stops = line.stops.map { (offset: $0.offset, color: premultiplied($0.ink)) }
    for y in 0..<height {
      for x in 0..<width {
        let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        guard let s = position(p), !s.isNaN else { continue }
        out[y * width + x] = Self.color(at: s, stops, extend: line.extend)
      }
    }
    return out
  }

  /// The largest ω for which `p` lies on the circle of centre c(ω) and radius r(ω) > 0, the
  /// circles running from (c0, r0) at 0 to (c1, r1) at 1 (the HTML canvas's radial gradient).
  static func radialPosition(_ p: Point, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double)
    -> Double?
  {
    let cdx = c1.x - c0.x
    let cdy = c1.y - c0.y
    let dr = r1 - r0
    let px = p.x - c0.x
    let py = p.y - c0.y
    // |p − c0 − ω·cd|² = (r0 + ω·dr)²  ⇔  a·ω² − 2b·ω + c = 0.
    let a = cdx * cdx + cdy * cdy - dr * dr
    let b = px * cdx + py * cdy + r0 * dr
    let c = px * px + py * py - r0 * r0
    func valid(_ w: Double) -> Bool { r0 + w * dr > 0 }
    if abs(a) < 1e-9 {
      guard b != 0 else { return nil }
      let w = c / (2 * b)
      return valid(w) ? w : nil
    }
    let disc = b * b - a * c
    guard disc >= 0 else { return nil }
    let root = disc.squareRoot()
    let w1 = (b + root) / a
    let w2 = (b - root) / a
    let (high, low) = w1 > w2 ? (w1, w2) : (w2, w1)
    if valid(high) { return high }
    if valid(low) { return low }
    return nil
  }

  /// The colour at `s` on a colour line (stops sorted by offset), extended past its ends.
  static func color(
    at s: Double, _ stops: [(offset: Double, color: SIMD4<Float>)], extend: Gradient.Spread
  ) -> SIMD4<Float> {
    guard let first = stops.first, let last = stops.last else { return .zero }
    let lo = first.offset
    let hi = last.offset
    var u = s
    if hi > lo {
      let span = hi - lo
      switch extend {
      case .pad: break
      case .repeat: u = lo + extend.fold((s - lo) / span) * span
      case .reflect: u = lo + extend.fold((s - lo) / span) * span
      }
    }
    if u < lo { return first.color }
    if u >= hi { return last.color }
    // The first stop above u (of stops at one offset, the last paints at and above it).
    var k = 1
    while k < stops.count, stops[k].offset <= u { k += 1 }
    let a = stops[k - 1]
    let b = stops[Swift.min(k, stops.count - 1)]
    let f = b.offset > a.offset ? Float((u - a.offset) / (b.offset - a.offset)) : 0
    return a.color + (b.color - a.color) * f
  }

  /// `s` over `b` by `mode`, premultiplied (Porter–Duff, and Compositing and Blending Level 1
  /// for the blend modes).
  static func composite(_ mode: ColorPaint.CompositeMode, _ s: SIMD4<Float>, _ b: SIMD4<Float>)
    -> SIMD4<Float>
  {
    let sa = s.w
    let da = b.w
    switch mode {
    case .clear: return .zero
    case .source: return s
    case .destination: return b
    case .sourceOver: return s + b * (1 - sa)
    case .destinationOver: return s * (1 - da) + b
    case .sourceIn: return s * da
    case .destinationIn: return b * sa
    case .sourceOut: return s * (1 - da)
    case .destinationOut: return b * (1 - sa)
    case .sourceAtop: return s * da + b * (1 - sa)
    case .destinationAtop: return s * (1 - da) + b * sa
    case .xor: return s * (1 - da) + b * (1 - sa)
    case .plus:
      return SIMD4(
        Swift.min(1, s.x + b.x), Swift.min(1, s.y + b.y), Swift.min(1, s.z + b.z),
        Swift.min(1, sa + da))
    default: break
    }
    // Blend modes: unpremultiplied colours meet in B; the result is
    // cs·(1 − da) + cb·(1 − sa) + sa·da·B(Cb, Cs), alpha sa + da − sa·da.
    let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
    let cb = da > 0 ? SIMD3(b.x, b.y, b.z) / da : .zero
    let blended = blend(mode, backdrop: cb, source: cs)
    let rgb =
      SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(b.x, b.y, b.z) * (1 - sa) + blended * (sa * da)
    return SIMD4(rgb.x, rgb.y, rgb.z, sa + da - sa * da)
  }

  /// B(Cb, Cs) of a blend mode, on unpremultiplied colours.
  static func blend(
    _ mode: ColorPaint.CompositeMode, backdrop cb: SIMD3<Float>, source cs: SIMD3<Float>
  )
    -> SIMD3<Float>
  {
    func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> {
      SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
    }
    func hardLight(_ b: Float, _ s: Float) -> Float {
      s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return each { b, s in hardLight(s, b) }
    case .darken: return pointwiseMin(cb, cs)
    case .lighten: return pointwiseMax(cb, cs)
    case .colorDodge:
      return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : Swift.min(1, b / (1 - s)) }
    case .colorBurn:
      return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - Swift.min(1, (1 - b) / s) }
    case .hardLight: return each(hardLight)
    case .softLight:
      return each { b, s in
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
      }
    case .difference: return each { b, s in abs(b - s) }
    case .exclusion: return cb + cs - 2 * cb * cs
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default: return cs
    }
  }

  static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    let d = l - lum(c)
    let moved = c + d
    // ClipColor: bring the colour back into gamut keeping its luminosity.
    let l2 = lum(moved)
    let n = Swift.min(moved.x, moved.y, moved.z)
    let x = Swift.max(moved.x, moved.y, moved.z)
    var out = moved
    if n < 0, l2 - n > 0 { out = l2 + (out - l2) * l2 / (l2 - n) }
    if x > 1, x - l2 > 0 { out = l2 + (out - l2) * (1 - l2) / (x - l2) }
    return out
  }

  static func sat(_ c: SIMD3<Float>) -> Float {
    Swift.max(c.x, c.y, c.z) - Swift.min(c.x, c.y, c.z)
  }

  static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let high = Swift.max(c.x, c.y, c.z)
    let low = Swift.min(c.x, c.y, c.z)
    guard high > low else { return .zero }
    // The largest channel becomes s, the smallest 0, the middle one in proportion.
    return (c - low) * (s / (high - low))
  }
}
