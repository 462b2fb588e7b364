import Foundation

/// A paint graph of `COLR` version 1, written into the table's bytes by ``encoded`` and ``colr(_:layers:clips:)``.
public indirect enum TestPaint {
  case solid(palette: Int, alpha: Double = 1)
  case linear(stops: [(Double, Int)], extend: Int = 0, _ p: [Int])
  case radial(
    stops: [(Double, Int)], extend: Int = 0, c0: (Int, Int), r0: Int, c1: (Int, Int), r1: Int)
  case sweep(
    stops: [(Double, Int)], extend: Int = 0, center: (Int, Int), start: Double, end: Double)
  case glyph(Int, TestPaint)
  case colrGlyph(Int)
  case translate(Int, Int, TestPaint)
  case rotate(degrees: Double, center: (Int, Int), TestPaint)
  case scale(Double, Double, TestPaint)
  case skew(x: Double, y: Double, TestPaint)
  case affine([Double], TestPaint)
  case composite(Int, source: TestPaint, backdrop: TestPaint)
  case layers(first: Int, count: Int)

  /// The byte writer.
  public typealias B = FontBuilder
  /// A 2.14 fixed-point number.
  public static func f2(_ v: Double) -> [UInt8] { B.be16(Int((v * 16384).rounded()) & 0xFFFF) }
  /// A signed 16-bit font-unit value.
  public static func fword(_ v: Int) -> [UInt8] { B.be16(v & 0xFFFF) }
  /// A 24-bit offset.
  public static func off24(_ v: Int) -> [UInt8] {
    [UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
  /// A ColorLine: extend mode and stops (offset, palette index; alpha 1).
  public static func line(_ stops: [(Double, Int)], _ extend: Int) -> [UInt8] {
    [UInt8(extend)] + B.be16(stops.count) + stops.flatMap { f2($0.0) + B.be16($0.1) + f2(1) }
  }

  /// The paint table, its children after it.
  public var encoded: [UInt8] {
    switch self {
    case .solid(let p, let a): return [2] + B.be16(p) + Self.f2(a)
    case .linear(let stops, let e, let p):
      return [4] + Self.off24(16) + p.flatMap(Self.fword) + Self.line(stops, e)
    case .radial(let stops, let e, let c0, let r0, let c1, let r1):
      return [6] + Self.off24(16) + Self.fword(c0.0) + Self.fword(c0.1) + B.be16(r0)
        + Self.fword(c1.0) + Self.fword(c1.1) + B.be16(r1) + Self.line(stops, e)
    case .sweep(let stops, let e, let c, let start, let end):
      return [8] + Self.off24(12) + Self.fword(c.0) + Self.fword(c.1)
        + Self.f2(start / 180 - 1) + Self.f2(end / 180 - 1) + Self.line(stops, e)
    case .glyph(let g, let child): return [10] + Self.off24(6) + B.be16(g) + child.encoded
    case .colrGlyph(let g): return [11] + B.be16(g)
    case .translate(let dx, let dy, let child):
      return [14] + Self.off24(8) + Self.fword(dx) + Self.fword(dy) + child.encoded
    case .rotate(let d, let c, let child):
      return [26] + Self.off24(10) + Self.f2(d / 180) + Self.fword(c.0) + Self.fword(c.1)
        + child.encoded
    case .scale(let x, let y, let child):
      return [16] + Self.off24(8) + Self.f2(x) + Self.f2(y) + child.encoded
    case .skew(let x, let y, let child):
      return [28] + Self.off24(8) + Self.f2(x / 180) + Self.f2(y / 180) + child.encoded
    case .affine(let m, let child):
      let fixed = m.flatMap { B.be32(Int(($0 * 65536).rounded()) & 0xFFFF_FFFF) }
      return [12] + Self.off24(7 + 24) + Self.off24(7) + fixed + child.encoded
    case .composite(let mode, let s, let b):
      let source = s.encoded
      return [32] + Self.off24(8) + [UInt8(mode)] + Self.off24(8 + source.count) + source
        + b.encoded
    case .layers(let first, let count): return [1, UInt8(count)] + B.be32(first)
    }
  }

  /// A COLR table of version 1: base glyphs with their paints, a layer list, clip boxes.
  public static func colr(
    _ bases: [(Int, TestPaint)], layers: [TestPaint] = [], clips: [(Int, [Int])] = []
  ) -> [UInt8] {
    var baseList = B.be32(bases.count)
    var paints: [UInt8] = []
    let recordsEnd = 4 + 6 * bases.count
    for (g, p) in bases {
      baseList += B.be16(g) + B.be32(recordsEnd + paints.count)
      paints += p.encoded
    }
    baseList += paints
    var layerList = B.be32(layers.count)
    var layerPaints: [UInt8] = []
    for p in layers {
      layerList += B.be32(4 + 4 * layers.count + layerPaints.count)
      layerPaints += p.encoded
    }
    layerList += layerPaints
    var clipList: [UInt8] = [1] + B.be32(clips.count)
    var boxes: [UInt8] = []
    for (g, box) in clips {
      clipList += B.be16(g) + B.be16(g) + off24(5 + 7 * clips.count + boxes.count)
      boxes += [1] + box.flatMap(fword)
    }
    clipList += boxes
    let header = 34
    let layerAt = header + baseList.count
    let clipAt = layerAt + layerList.count
    return B.be16(1) + B.be16(0) + B.be32(0) + B.be32(0) + B.be16(0) + B.be32(header)
      + B.be32(layerAt) + B.be32(clips.isEmpty ? 0 : clipAt) + B.be32(0) + B.be32(0) + baseList
      + layerList + (clips.isEmpty ? [] : clipList)
  }

  /// Palette 0: red, green, blue, white at half alpha.
  public static let cpal: [UInt8] =
    B.be16(0) + B.be16(4) + B.be16(1) + B.be16(4) + B.be32(14) + B.be16(0)
    + [0, 0, 255, 255] + [0, 255, 0, 255] + [255, 0, 0, 255] + [255, 255, 255, 128]
}
