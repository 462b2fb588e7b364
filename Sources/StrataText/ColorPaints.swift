import Strata
import StrataIO

/// What a colour glyph of `COLR` version 1 paints: a tree of fills, gradients, glyph clips,
/// transforms and compositions, in font units (y up). Reused sub-graphs (`PaintColrLayers`,
/// `PaintColrGlyph`) are inlined when the glyph is read.
package indirect enum ColorPaint: Hashable, Sendable {
  /// Layers, bottom first, each composited over the ones before (source over).
  case layers([ColorPaint])
  /// One colour everywhere.
  case solid(ColorStop.Ink)
  /// Colours along the line from `p0` to `p1`, constant along lines parallel to `p0`–`p2`.
  case linear(ColorLine, p0: Point, p1: Point, p2: Point)
  /// Colours along the circles from (`c0`, `r0`) to (`c1`, `r1`) (a two-point conical
  /// gradient, as the HTML canvas draws it).
  case radial(ColorLine, c0: Point, r0: Double, c1: Point, r1: Double)
  /// Colours around `center`, from `start` to `end` degrees counter-clockwise.
  case sweep(ColorLine, center: Point, start: Double, end: Double)
  /// The paint, clipped to a glyph's outline.
  case glyph(UInt16, ColorPaint)
  /// The paint under a transform (from the paint's space to the space around it).
  case transform(Transform, ColorPaint)
  /// `source` composited onto `backdrop` with a mode.
  case composite(CompositeMode, source: ColorPaint, backdrop: ColorPaint)
  /// Nothing (an unknown format, a cycle, a part past the limits).
  case none

  /// The composite modes of `PaintComposite`: Porter–Duff operators, then the separable and
  /// non-separable blend modes of Compositing and Blending Level 1.
  package enum CompositeMode: UInt8, Hashable, Sendable, CaseIterable {
    case clear, source, destination, sourceOver, destinationOver, sourceIn, destinationIn,
      sourceOut, destinationOut, sourceAtop, destinationAtop, xor, plus, screen, overlay, darken,
      lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion, multiply, hue,
      saturation, color, luminosity
  }
}

/// A gradient's colour stops and what it paints outside them.
package struct ColorLine: Hashable, Sendable {
  /// Pad, repeat or reflect.
  package var extend: Gradient.Spread
  /// The stops, sorted by offset (stable: stops at one offset keep their order).
  package var stops: [ColorStop]
}

/// One stop of a colour line.
package struct ColorStop: Hashable, Sendable {
  /// A colour of the palette, or the text's colour.
  package enum Ink: Hashable, Sendable {
    /// A palette colour, its alpha already multiplied by the paint's.
    case color(Color)
    /// The text's colour, with this alpha multiplied in.
    case foreground(alpha: Double)
  }
  package var offset: Double
  package var ink: Ink
}

/// The colour glyphs of `COLR` version 1 (`BaseGlyphList`, `LayerList`, `ClipList`), read
/// glyph by glyph when first drawn and kept. Variable fonts are drawn at their default
/// instance: the variation deltas of the `Var` formats are not applied.
package final class ColorPaints: Sendable {
  let data: [UInt8]
  let colr: Int
  let palette: [Color]
  /// Base glyph → offset of its paint (absolute).
  let roots: [UInt16: Int]
  /// Offsets of the LayerList's paints (absolute).
  let layerOffsets: [Int]
  /// Clip boxes by glyph ranges: first, last, box (font units).
  let clips: [(first: UInt16, last: UInt16, box: Rect)]
  private let cache = Locked([UInt16: ColorPaint]())

  /// The most paint nodes one glyph may have once reuse is inlined, and the deepest nesting.
  package static let maximumNodes = 20_000
  package static let maximumDepth = 64

  package init?(_ data: [UInt8], colr: (offset: Int, length: Int)?, palette: [Color]) {
    guard let colr else { return nil }
    let r = FontReader(data, table: "COLR")
    let o = colr.offset
    guard let version = try? r.u16(o), version >= 1,
      let baseList = try? r.u32(o + 14), baseList > 0,
      let layerList = try? r.u32(o + 18), let clipList = try? r.u32(o + 22)
    else { return nil }
    var roots: [UInt16: Int] = [:]
    if let n = try? r.u32(o + baseList), n < 65_536 {
      for i in 0..<n {
        let at = o + baseList + 4 + 6 * i
        guard let g = try? r.u16(at), let p = try? r.u32(at + 2) else { break }
        roots[UInt16(g)] = o + baseList + p
      }
    }
    var layers: [Int] = []
    if layerList > 0, let n = try? r.u32(o + layerList), n < 1 << 20 {
      for i in 0..<n {
        guard let p = try? r.u32(o + layerList + 4 + 4 * i) else { break }
        layers.append(o + layerList + p)
      }
    }
    var clips: [(first: UInt16, last: UInt16, box: Rect)] = []
    if clipList > 0, let n = try? r.u32(o + clipList + 1), n < 65_536 {
      for i in 0..<n {
        let at = o + clipList + 5 + 7 * i
        guard let first = try? r.u16(at), let last = try? r.u16(at + 2),
          let boxOffset = try? r.u24(at + 4)
        else { break }
        let b = o + clipList + boxOffset
        guard let x0 = try? r.i16(b + 1), let y0 = try? r.i16(b + 3), let x1 = try? r.i16(b + 5),
          let y1 = try? r.i16(b + 7), x1 >= x0, y1 >= y0
        else { continue }
        clips.append(
          (
            UInt16(first), UInt16(last),
            Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
          ))
      }
    }
    guard !roots.isEmpty else { return nil }
    self.data = data
    self.colr = o
    self.palette = palette
    self.roots = roots
    self.layerOffsets = layers
    self.clips = clips
  }

  /// Whether `glyph` is a colour glyph of version 1.
  package func has(_ glyph: UInt16) -> Bool { roots[glyph] != nil }

  /// The clip box of `glyph` (font units, y up), if the font gives one.
  package func clipBox(of glyph: UInt16) -> Rect? {
    clips.first { $0.first <= glyph && glyph <= $0.last }?.box
  }

  /// The paint of `glyph`, or nil when it is not a colour glyph of version 1.
  package func paint(of glyph: UInt16) -> ColorPaint? {
    guard let root = roots[glyph] else { return nil }
    if let found = cache.withLock({ $0[glyph] }) { return found }
    var reader = PaintReader(owner: self, budget: Self.maximumNodes)
    let made = reader.paint(at: root, depth: 0, glyphs: [glyph])
    cache.withLock { c in
      if c.count > 256 { c.removeAll() }
      c[glyph] = made
    }
    return made
  }
}

/// Reads one glyph's paint graph, within a budget of nodes and a depth, inlining reuse.
struct PaintReader {
  let owner: ColorPaints
  var budget: Int
  var r: FontReader { FontReader(owner.data, table: "COLR") }

  mutating func paint(at o: Int, depth: Int, glyphs: Set<UInt16>) -> ColorPaint {
    budget -= 1
    guard budget > 0, depth < ColorPaints.maximumDepth, let format = try? r.u8(o) else {
      return .none
    }
    func child(_ at: Int) -> Int? { (try? r.u24(o + at)).map { o + $0 } }
    func fword(_ at: Int) -> Double { Double((try? r.i16(o + at)) ?? 0) }
    func f2(_ at: Int) -> Double { (try? r.f2dot14(o + at)) ?? 0 }
    func point(_ at: Int) -> Point { Point(x: fword(at), y: fword(at + 2)) }
    func sub(_ at: Int) -> ColorPaint {
      guard let c = child(at) else { return .none }
      return paint(at: c, depth: depth + 1, glyphs: glyphs)
    }
    let degrees = 180.0
    switch format {
    case 1:  // PaintColrLayers
      guard let n = try? r.u8(o + 1), let first = try? r.u32(o + 2) else { return .none }
      var out: [ColorPaint] = []
      for k in first..<(first + n) where k < owner.layerOffsets.count {
        out.append(paint(at: owner.layerOffsets[k], depth: depth + 1, glyphs: glyphs))
      }
      return .layers(out)
    case 2, 3:  // PaintSolid, PaintVarSolid
      return .solid(ink(palette: (try? r.u16(o + 1)) ?? 0xFFFF, alpha: f2(3)))
    case 4, 5:  // PaintLinearGradient
      guard let line = colorLine(child(1), variable: format == 5) else { return .none }
      return .linear(line, p0: point(4), p1: point(8), p2: point(12))
    case 6, 7:  // PaintRadialGradient
      guard let line = colorLine(child(1), variable: format == 7) else { return .none }
      return .radial(
        line, c0: point(4), r0: Double((try? r.u16(o + 8)) ?? 0), c1: point(10),
        r1: Double((try? r.u16(o + 14)) ?? 0))
    case 8, 9:  // PaintSweepGradient: angles biased by 1.0, 180° a unit
      guard let line = colorLine(child(1), variable: format == 9) else { return .none }
      return .sweep(
        line, center: point(4), start: (f2(8) + 1) * degrees, end: (f2(10) + 1) * degrees)
    case 10:  // PaintGlyph
      guard let g = try? r.u16(o + 4) else { return .none }
      return .glyph(UInt16(g), sub(1))
    case 11:  // PaintColrGlyph: another colour glyph, unless that makes a cycle
      guard let raw = try? r.u16(o + 1), case let g = UInt16(raw), !glyphs.contains(g),
        let root = owner.roots[g]
      else { return .none }
      return paint(at: root, depth: depth + 1, glyphs: glyphs.union([g]))
    case 12, 13:  // PaintTransform: Affine2x3 of Fixed 16.16
      guard let t = child(4) else { return .none }
      func fixed(_ k: Int) -> Double {
        Double(Int32(truncatingIfNeeded: (try? r.u32(t + 4 * k)) ?? 0)) / 65536
      }
      let m = Transform(
        a: fixed(0), b: fixed(1), c: fixed(2), d: fixed(3), tx: fixed(4), ty: fixed(5))
      return .transform(m, sub(1))
    case 14, 15:  // PaintTranslate
      return .transform(Transform(translationX: fword(4), y: fword(6)), sub(1))
    case 16...23:  // PaintScale, …AroundCenter, …Uniform, …UniformAroundCenter
      let uniform = format >= 20
      let sx = f2(4)
      let sy = uniform ? sx : f2(6)
      let around = format == 18 || format == 19 || format == 22 || format == 23
      let c = around ? point(uniform ? 6 : 8) : Point(x: 0, y: 0)
      return .transform(Self.about(c, Transform(scaleX: sx, y: sy)), sub(1))
    case 24...27:  // PaintRotate, …AroundCenter
      let angle = f2(4) * degrees * .pi / 180
      let c = format >= 26 ? point(6) : Point(x: 0, y: 0)
      let m = Transform(
        a: StrataMath.cos(angle), b: StrataMath.sin(angle), c: -StrataMath.sin(angle),
        d: StrataMath.cos(angle), tx: 0, ty: 0)
      return .transform(Self.about(c, m), sub(1))
    case 28...31:  // PaintSkew, …AroundCenter
      let x = f2(4) * degrees * .pi / 180
      let y = f2(6) * degrees * .pi / 180
      let c = format >= 30 ? point(8) : Point(x: 0, y: 0)
      let m = Transform(a: 1, b: StrataMath.tan(y), c: -StrataMath.tan(x), d: 1, tx: 0, ty: 0)
      return .transform(Self.about(c, m), sub(1))
    case 32:  // PaintComposite; an unknown mode clears
      let mode = (try? r.u8(o + 4)).flatMap { ColorPaint.CompositeMode(rawValue: UInt8($0)) }
      return .composite(mode ?? .clear, source: sub(1), backdrop: sub(5))
    default:
      return .none
    }
  }

  /// `m` about the point `c`: move `c` to the origin, apply `m`, move back.
  static func about(_ c: Point, _ m: Transform) -> Transform {
    Transform(translationX: -c.x, y: -c.y).concatenating(m).thenTranslated(x: c.x, y: c.y)
  }

  /// A palette entry (or the text's colour, 0xFFFF) with `alpha` multiplied in.
  func ink(palette index: Int, alpha: Double) -> ColorStop.Ink {
    let a = alpha.isFinite ? Swift.min(1, Swift.max(0, alpha)) : 1
    guard index != 0xFFFF, index < owner.palette.count else { return .foreground(alpha: a) }
    let c = owner.palette[index]
    return .color(c.withAlpha(c.alpha * a))
  }

  /// A ColorLine (or VarColorLine) at `o`.
  func colorLine(_ o: Int?, variable: Bool) -> ColorLine? {
    guard let o, let extend = try? r.u8(o), let n = try? r.u16(o + 1), n > 0 else { return nil }
    let size = variable ? 10 : 6
    var stops: [ColorStop] = []
    for k in 0..<n {
      let at = o + 3 + size * k
      guard let offset = try? r.f2dot14(at), let index = try? r.u16(at + 2),
        let alpha = try? r.f2dot14(at + 4)
      else { break }
      stops.append(ColorStop(offset: offset, ink: ink(palette: index, alpha: alpha)))
    }
    guard !stops.isEmpty else { return nil }
    let spread: Gradient.Spread = extend == 1 ? .repeat : extend == 2 ? .reflect : .pad
    // A stable sort: of stops at one offset, the first paints below it and the last above.
    let sorted = stops.enumerated().sorted {
      $0.element.offset != $1.element.offset
        ? $0.element.offset < $1.element.offset : $0.offset < $1.offset
    }.map(\.element)
    return ColorLine(extend: spread, stops: sorted)
  }
}
