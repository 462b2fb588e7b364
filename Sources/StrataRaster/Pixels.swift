import CStrataKernels
import StrataIO

/// Packed-pixel arithmetic: a premultiplied RGBA pixel as one UInt32 (red in the low byte,
/// as the bytes lie in memory on little-endian machines), processed two channels at a time.
package enum Pixels {
  static let lanes: UInt32 = 0x00FF_00FF

  /// Every channel of `p` times `a` / 255, rounded to nearest (exact for a in 0...255).
  @inline(__always) static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & lanes) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & lanes)) >> 8) & lanes
    var ga = ((p >> 8) & lanes) &* a &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & lanes)) & ~lanes
    return rb | ga
  }

  /// Source-over: `src` + `dst` · (255 − alpha(src)) / 255.
  ///
  /// No channel can overflow: a premultiplied source has every colour ≤ its alpha, so
  /// each sum is at most alpha + (255 − alpha). Every source here is premultiplied
  /// (shaders premultiply, and bilinear weights and coverage scaling keep colour ≤ alpha).
  @inline(__always) static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let sa = src >> 24
    if sa == 255 { return src }
    return src &+ scale(dst, 255 - sa)
  }

  /// (a · (256 − f) + b · f) / 256 per channel, for f in 0...256.
  @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g = 256 &- f
    let rb = (((a & lanes) &* g &+ (b & lanes) &* f) >> 8) & lanes
    let ga = ((((a >> 8) & lanes) &* g &+ ((b >> 8) & lanes) &* f) >> 8) & lanes
    return rb | (ga << 8)
  }

  @inline(__always) package static func pack(_ c: PremultipliedColor) -> UInt32 {
    UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
  }

  typealias Vector8 = SIMD8<UInt32>

  /// Whether ``blend(into:colors:solid:coverage:uniform:count:)`` and
  /// ``multiply(_:by:count:)`` run the C kernels for the processor's wider vector unit (AVX2 on
  /// x86-64) instead of the loops here, which are compiled for the baseline. The bytes are the
  /// same either way (tests compare them).
  @inline(__always) static var wideKernels: Bool { strata_wide_kernels() }

  /// ``lerp(_:_:_:)`` on eight pixels at once, each with its own weight (0...256).
  ///
  /// As in ``scale(_:_:)``, the channels are multiplied in 16-bit lanes: a channel's two
  /// products sum to at most 255 · 256, so nothing carries between channels, and the bytes are
  /// the scalar ``lerp(_:_:_:)``'s (a 32-bit lane multiply is emulated on baseline x86-64).
  @inline(__always) static func lerp(_ a: Vector8, _ b: Vector8, _ f: Vector8) -> Vector8 {
    typealias Lanes = SIMD16<UInt16>
    let a16 = unsafeBitCast(a, to: Lanes.self)
    let b16 = unsafeBitCast(b, to: Lanes.self)
    let f16 = unsafeBitCast(f | (f &<< 16), to: Lanes.self)
    let g16 = Lanes(repeating: 256) &- f16
    let low = Lanes(repeating: 0x00FF)
    let rb = ((a16 & low) &* g16 &+ (b16 & low) &* f16) &>> 8
    let ga = ((a16 &>> 8) &* g16 &+ (b16 &>> 8) &* f16) & ~low
    return unsafeBitCast(rb | ga, to: Vector8.self)
  }

  /// ``scale(_:_:)`` on eight pixels at once.
  ///
  /// Every product of a channel (≤ 255) and a weight (≤ 255), plus the rounding terms, fits in
  /// 16 bits, so the two channels of each 32-bit half-lane are multiplied as 16-bit lanes: one
  /// 16-bit multiply per lane, which every x86-64 and ARM64 vector unit has (a 32-bit lane
  /// multiply is emulated with shuffles on baseline x86-64). The bytes are those of the scalar
  /// ``scale(_:_:)``.
  @inline(__always) static func scale(_ p: Vector8, _ a: Vector8) -> Vector8 {
    typealias Lanes = SIMD16<UInt16>
    let p16 = unsafeBitCast(p, to: Lanes.self)
    // The weight in both 16-bit halves of each pixel.
    let a16 = unsafeBitCast(a | (a &<< 16), to: Lanes.self)
    let low = Lanes(repeating: 0x00FF)
    let half = Lanes(repeating: 0x0080)
    var rb = (p16 & low) &* a16 &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ga = (p16 &>> 8) &* a16 &+ half
    ga = (ga &+ (ga &>> 8)) & ~low
    return unsafeBitCast(rb | ga, to: Vector8.self)
  }

  /// Blends `count` source pixels over `dst`, each scaled by its coverage first:
  /// dst = s + dst · (255 − alpha(s)) / 255 with s = source · coverage / 255.
  ///
  /// The source is `colors[i]`, or `solid` for every pixel when `colors` is nil; the coverage is
  /// `coverage[i]`, or `uniform` when `coverage` is nil. Eight pixels go at a time: the same
  /// packed arithmetic as ``over(_:_:)`` in SIMD lanes, which gives the same bytes (a fully
  /// opaque source scales the destination by 0, a zero coverage leaves it as it was).
  static func blend(
    into dst: UnsafeMutablePointer<UInt32>, colors: UnsafePointer<UInt32>?, solid: UInt32,
    coverage: UnsafePointer<UInt8>?, uniform: UInt32, count: Int
  ) {
    if wideKernels {
      strata_blend(dst, colors, solid, coverage, uniform, count)
    } else {
      blendLoop(
        into: dst, colors: colors, solid: solid, coverage: coverage, uniform: uniform, count: count)
    }
  }

  /// ``blend(into:colors:solid:coverage:uniform:count:)`` in Swift's own vector lanes.
  static func blendLoop(
    into dst: UnsafeMutablePointer<UInt32>, colors: UnsafePointer<UInt32>?, solid: UInt32,
    coverage: UnsafePointer<UInt8>?, uniform: UInt32, count: Int
  ) {
    var i = 0
    let full = Vector8(repeating: 255)
    while i + 8 <= count {
      let src =
        colors.map { UnsafeRawPointer($0 + i).loadUnaligned(as: Vector8.self) }
        ?? Vector8(repeating: solid)
      let cov =
        coverage.map {
          Vector8(truncatingIfNeeded: UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        ?? Vector8(repeating: uniform)
      let s = scale(src, cov)
      let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Vector8.self)
      let out = s &+ scale(d, full &- (s &>> 24))
      UnsafeMutableRawPointer(dst + i).storeBytes(of: out, as: Vector8.self)
      i += 8
    }
    while i < count {
      let c = coverage.map { UInt32($0[i]) } ?? uniform
      if c != 0 {
        let src = colors?[i] ?? solid
        dst[i] = over(c == 255 ? src : scale(src, c), dst[i])
      }
      i += 1
    }
  }

  /// `values[i]` = `values[i]` · `factors[i]` / 255, rounded to nearest (as ``div255(_:)``),
  /// sixteen at a time in 16-bit lanes.
  static func multiply(
    _ values: UnsafeMutablePointer<UInt8>, by factors: UnsafePointer<UInt8>, count: Int
  ) {
    if wideKernels {
      strata_multiply(values, factors, count)
    } else {
      multiplyLoop(values, by: factors, count: count)
    }
  }

  /// ``multiply(_:by:count:)`` in Swift's own vector lanes.
  static func multiplyLoop(
    _ values: UnsafeMutablePointer<UInt8>, by factors: UnsafePointer<UInt8>, count: Int
  ) {
    var i = 0
    while i + 16 <= count {
      let v = SIMD16<UInt16>(
        truncatingIfNeeded: UnsafeRawPointer(values + i).loadUnaligned(as: SIMD16<UInt8>.self))
      let f = SIMD16<UInt16>(
        truncatingIfNeeded: UnsafeRawPointer(factors + i).loadUnaligned(as: SIMD16<UInt8>.self))
      UnsafeMutableRawPointer(values + i).storeBytes(of: divide255(v &* f), as: SIMD16<UInt8>.self)
      i += 16
    }
    while i < count {
      values[i] = UInt8(div255(Int(values[i]) * Int(factors[i])))
      i += 1
    }
  }

  /// `values[i]` = `values[i]` · `factor` / 255, rounded to nearest, sixteen at a time.
  static func multiply(_ values: UnsafeMutablePointer<UInt8>, by factor: UInt8, count: Int) {
    var i = 0
    let f = SIMD16<UInt16>(repeating: UInt16(factor))
    while i + 16 <= count {
      let v = SIMD16<UInt16>(
        truncatingIfNeeded: UnsafeRawPointer(values + i).loadUnaligned(as: SIMD16<UInt8>.self))
      UnsafeMutableRawPointer(values + i).storeBytes(of: divide255(v &* f), as: SIMD16<UInt8>.self)
      i += 16
    }
    while i < count {
      values[i] = UInt8(div255(Int(values[i]) * Int(factor)))
      i += 1
    }
  }

  /// ``div255(_:)`` in 16-bit lanes, for products of two bytes (≤ 65025, so nothing overflows).
  @inline(__always) static func divide255(_ x: SIMD16<UInt16>) -> SIMD16<UInt8> {
    let t = x &+ 128
    return SIMD16<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
  }
}
