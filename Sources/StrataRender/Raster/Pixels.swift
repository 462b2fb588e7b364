/// Packed-pixel arithmetic: a premultiplied RGBA pixel as one UInt32 (red in the low byte,
/// as the bytes lie in memory on little-endian machines), processed two channels at a time.
enum Pixels {
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

  @inline(__always) static func pack(_ c: PremultipliedColor) -> UInt32 {
    UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
  }

  typealias Vector8 = SIMD8<UInt32>

  /// ``lerp(_:_:_:)`` on eight pixels at once, each with its own weight.
  @inline(__always) static func lerp(_ a: Vector8, _ b: Vector8, _ f: Vector8) -> Vector8 {
    let lanes = Vector8(repeating: 0x00FF_00FF)
    let g = Vector8(repeating: 256) &- f
    let rb = (((a & lanes) &* g &+ (b & lanes) &* f) &>> 8) & lanes
    let ga = ((((a &>> 8) & lanes) &* g &+ ((b &>> 8) & lanes) &* f) &>> 8) & lanes
    return rb | (ga &<< 8)
  }

  /// ``scale(_:_:)`` on eight pixels at once.
  @inline(__always) static func scale(_ p: Vector8, _ a: Vector8) -> Vector8 {
    let lanes = Vector8(repeating: 0x00FF_00FF)
    let half = Vector8(repeating: 0x0080_0080)
    var rb = (p & lanes) &* a &+ half
    rb = ((rb &+ ((rb &>> 8) & lanes)) &>> 8) & lanes
    var ga = ((p &>> 8) & lanes) &* a &+ half
    ga = (ga &+ ((ga &>> 8) & lanes)) & ~lanes
    return rb | ga
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
}
