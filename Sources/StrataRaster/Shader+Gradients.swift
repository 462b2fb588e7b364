import CStrataKernels
import Strata
import StrataIO

extension Shader {
  /// The colour every pixel of row `y` gets, when it does not vary along the row (a solid
  /// colour, or a linear gradient that changes only vertically).
  func rowColor(y: Int) -> UInt32? {
    switch self {
    case .solid(let c): return Pixels.pack(c)
    case .linear(let lut, let kx, let ky, let k0, let spread) where kx == 0:
      return lut[Shader.index(spread.fold(ky * (Double(y) + 0.5) + k0))]
    default: return nil
    }
  }

  /// Whether every pixel gets an opaque colour that does not vary along its row: filling with
  /// such a shader is a plain copy of one colour, which costs less than finding what a later
  /// fill covers.
  var isOpaqueAlongRows: Bool {
    switch self {
    case .solid(let c): return c.a == 255
    case .linear(let lut, let kx, _, _, _) where kx == 0: return lut.allSatisfy { $0 >> 24 == 255 }
    default: return false
    }
  }

  @inline(__always) static func index(_ t: Double) -> Int {
    if !(t > 0) { return 0 }
    if t >= 1 { return 255 }
    return Int(t * 255 + 0.5)
  }

  /// A padded linear gradient along a span: column c from `x` gets
  /// table[index(kx · (c + 0.5) + row)]. Through the AVX2 kernel when there is one, else
  /// ``linearPadLoop(_:_:_:_:_:_:)``; the values are the same.
  static func linearPad(
    _ out: UnsafeMutablePointer<UInt32>, _ table: UnsafeBufferPointer<UInt32>, _ count: Int,
    _ x: Int, _ kx: Double, _ row: Double
  ) {
    if Pixels.wideKernels, let base = table.baseAddress {
      strata_linear_pad(out, base, count, x, kx, row)
    } else {
      linearPadLoop(out, table, count, x, kx, row)
    }
  }

  /// ``linearPad(_:_:_:_:_:_:)`` in Swift, four pixels at a time: the same operations in the
  /// same order, so the same values.
  static func linearPadLoop(
    _ out: UnsafeMutablePointer<UInt32>, _ table: UnsafeBufferPointer<UInt32>, _ count: Int,
    _ x: Int, _ kx: Double, _ row: Double
  ) {
    var i = 0
    let columns = SIMD4<Double>(0.5, 1.5, 2.5, 3.5)
    while i + 4 <= count {
      look(up: kx * (SIMD4(repeating: Double(x + i)) + columns) + row, in: table, into: out + i)
      i += 4
    }
    while i < count {
      out[i] = table[index(kx * (Double(x + i) + 0.5) + row)]
      i += 1
    }
  }

  /// A padded radial gradient along a span: column c from `x` has px = c + 0.5,
  /// dx = a·px + rowX, dy = b·px + rowY and gets table[index(√((dx² + dy²)·r2))]. Through the
  /// AVX2 kernel when there is one, else ``radialPadLoop(_:_:_:_:_:_:_:_:_:)``.
  static func radialPad(
    _ out: UnsafeMutablePointer<UInt32>, _ table: UnsafeBufferPointer<UInt32>, _ count: Int,
    _ x: Int, _ a: Double, _ b: Double, _ rowX: Double, _ rowY: Double, _ r2: Double
  ) {
    if Pixels.wideKernels, let base = table.baseAddress {
      strata_radial_pad(out, base, count, x, a, b, rowX, rowY, r2)
    } else {
      radialPadLoop(out, table, count, x, a, b, rowX, rowY, r2)
    }
  }

  /// ``radialPad(_:_:_:_:_:_:_:_:_:)`` in Swift, four pixels at a time.
  static func radialPadLoop(
    _ out: UnsafeMutablePointer<UInt32>, _ table: UnsafeBufferPointer<UInt32>, _ count: Int,
    _ x: Int, _ a: Double, _ b: Double, _ rowX: Double, _ rowY: Double, _ r2: Double
  ) {
    var i = 0
    let columns = SIMD4<Double>(0.5, 1.5, 2.5, 3.5)
    while i + 4 <= count {
      let px = SIMD4(repeating: Double(x + i)) + columns
      let dx = a * px + rowX
      let dy = b * px + rowY
      look(up: ((dx * dx + dy * dy) * r2).squareRoot(), in: table, into: out + i)
      i += 4
    }
    while i < count {
      let px = Double(x + i) + 0.5
      let dx = a * px + rowX
      let dy = b * px + rowY
      out[i] = table[index(((dx * dx + dy * dy) * r2).squareRoot())]
      i += 1
    }
  }

  /// The colours at four gradient positions `t`, as ``index(_:)`` finds them, into `out[0..<4]`.
  @inline(__always) static func look(
    up t: SIMD4<Double>, in table: UnsafeBufferPointer<UInt32>,
    into out: UnsafeMutablePointer<UInt32>
  ) {
    let v = t * 255 + 0.5
    out[0] = table[index(t[0], scaled: v[0])]
    out[1] = table[index(t[1], scaled: v[1])]
    out[2] = table[index(t[2], scaled: v[2])]
    out[3] = table[index(t[3], scaled: v[3])]
  }

  /// ``index(_:)`` with `scaled` = t · 255 + 0.5 already worked out.
  @inline(__always) static func index(_ t: Double, scaled: Double) -> Int {
    if !(t > 0) { return 0 }
    if t >= 1 { return 255 }
    return Int(scaled)
  }
}

extension Shader {
  /// A gradient's 256 packed colours at `opacity`. Frames of a sequence fill the same
  /// gradients again and again, so recent tables are kept (process-wide, at most
  /// ``tableLimit``, all forgotten when full) and shared.
  static func table(_ g: Gradient, opacity: Double) -> [UInt32] {
    let key = TableKey(gradient: g, opacity: opacity)
    if let kept = tables.withLock({ $0[key] }) { return kept }
    let made = (0..<256).map {
      Pixels.pack(PremultipliedColor(g.color(at: Double($0) / 255), opacity: opacity))
    }
    tables.withLock {
      if $0.count >= tableLimit { $0.removeAll() }
      $0[key] = made
    }
    return made
  }

  /// The most gradient tables kept.
  static let tableLimit = 256

  /// What a kept table was made for.
  struct TableKey: Hashable {
    let gradient: Gradient
    let opacity: Double
  }

  /// The kept tables.
  static let tables = Locked<[TableKey: [UInt32]]>([:])

  /// ``Shader/focal(lut:inverse:center:radius:focus:spread:)`` along a span.
  static func focal(
    _ out: UnsafeMutablePointer<UInt32>, _ lut: [UInt32], _ count: Int, _ x: Int, _ py: Double,
    _ inv: Transform, _ center: Point, _ radius: Double, _ focus: Point,
    _ spread: Gradient.Spread
  ) {
    // The circle for t is centred at focus + t·(centre − focus) with radius t·r; a point p
    // lies on it where (cd² − r²)t² − 2(pd·cd)t + pd² = 0 (pd = p − focus, cd = centre − focus).
    // With the focus inside the circle the leading coefficient is negative and the larger
    // root is (b − √(b² − a·pd²)) / a.
    let cdx = center.x - focus.x
    let cdy = center.y - focus.y
    let a = cdx * cdx + cdy * cdy - radius * radius
    let rowX = inv.c * py + inv.tx - focus.x
    let rowY = inv.d * py + inv.ty - focus.y
    lut.withUnsafeBufferPointer { table in
      for i in 0..<count {
        let px = Double(x + i) + 0.5
        let dx = inv.a * px + rowX
        let dy = inv.b * px + rowY
        let b = dx * cdx + dy * cdy
        let disc = Swift.max(0, b * b - a * (dx * dx + dy * dy))
        let t = (b - disc.squareRoot()) / a
        out[i] = table[Shader.index(spread == .pad ? t : spread.fold(t))]
      }
    }
  }

  /// ``Shader/conical(lut:inverse:start:startRadius:center:radius:spread:)`` along a span.
  ///
  /// The circle for t is centred at c0 + t·(c1 − c0) with radius r0 + t·(r1 − r0); a point p
  /// lies on it where a·t² − 2b·t + c = 0 with pc = p − c0, dc = c1 − c0, dr = r1 − r0,
  /// a = dc² − dr², b = pc·dc + r0·dr, c = pc² − r0². The larger root whose radius is not
  /// negative wins (the later circle paints over the earlier); with none, the pixel is clear.
  static func conical(
    _ out: UnsafeMutablePointer<UInt32>, _ lut: [UInt32], _ count: Int, _ x: Int, _ py: Double,
    _ inv: Transform, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double,
    _ spread: Gradient.Spread
  ) {
    let dcx = c1.x - c0.x
    let dcy = c1.y - c0.y
    let dr = r1 - r0
    let a = dcx * dcx + dcy * dcy - dr * dr
    let linear = Swift.abs(a) < 1e-9 * Swift.max(1, r1 * r1)
    // One circle twice: the first colour inside it, the last outside (as resvg draws it; SVG
    // leaves the case undefined).
    let oneCircle = linear && dr == 0 && dcx == 0 && dcy == 0
    let rowX = inv.c * py + inv.tx - c0.x
    let rowY = inv.d * py + inv.ty - c0.y
    lut.withUnsafeBufferPointer { table in
      for i in 0..<count {
        let px = Double(x + i) + 0.5
        let dx = inv.a * px + rowX
        let dy = inv.b * px + rowY
        let b = dx * dcx + dy * dcy + r0 * dr
        let c = dx * dx + dy * dy - r0 * r0
        var t = Double.nan
        if oneCircle {
          t = c <= 0 ? 0 : 1
        } else if linear {
          // a = 0: one root, t = c / 2b.
          if b != 0 {
            let only = c / (2 * b)
            if r0 + only * dr >= 0 { t = only }
          }
        } else {
          let disc = b * b - a * c
          if disc >= 0 {
            let root = disc.squareRoot()
            let hi = Swift.max((b + root) / a, (b - root) / a)
            let lo = Swift.min((b + root) / a, (b - root) / a)
            if r0 + hi * dr >= 0 {
              t = hi
            } else if r0 + lo * dr >= 0 {
              t = lo
            }
          }
        }
        out[i] = t.isNaN ? 0 : table[Shader.index(spread == .pad ? t : spread.fold(t))]
      }
    }
  }
}
