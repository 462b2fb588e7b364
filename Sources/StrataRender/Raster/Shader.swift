import Strata

/// A paint resolved to device space: what colour each pixel centre gets, premultiplied.
enum Shader {
  case solid(PremultipliedColor)
  /// t = kx·x + ky·y + k0 at pixel centres, looked up in a 256-entry table.
  case linear(lut: [UInt32], kx: Double, ky: Double, k0: Double)
  /// t = |inverse(p) − centre| / radius.
  case radial(lut: [UInt32], inverse: Transform, center: Point, radius: Double)
  /// A bitmap seen through `inverse` (device → image pixels).
  case image(RasterImage, inverse: Transform, nearest: Bool)
  /// A bitmap under a transform without rotation or shear: the horizontal sampling
  /// positions are the same on every row, so they are computed once per column.
  case axisAlignedImage(RasterImage, inverse: Transform, columns: ColumnTable)

  /// Resolves `paint`, given in a space that `transform` maps to device pixels.
  /// Returns `nil` when nothing would be drawn (a singular transform, a transparent paint).
  init?(_ paint: Paint, transform: Transform, opacity: Double) {
    switch paint {
    case .solid(let c):
      let pc = PremultipliedColor(c, opacity: opacity)
      if pc.a == 0 { return nil }
      self = .solid(pc)
    case .linearGradient(let g, let start, let end):
      guard let inv = transform.inverted() else { return nil }
      let d = end - start
      let l2 = d.lengthSquared
      guard l2 > 0, l2.isFinite else {
        // A zero-length gradient shows its last colour (as SVG does).
        self = .solid(PremultipliedColor(g.color(at: 1), opacity: opacity))
        return
      }
      let lut = Shader.table(g, opacity: opacity)
      // local = inv(p); t = (local − start)·d / |d|²
      let kx = (inv.a * d.dx + inv.b * d.dy) / l2
      let ky = (inv.c * d.dx + inv.d * d.dy) / l2
      let k0 = ((inv.tx - start.x) * d.dx + (inv.ty - start.y) * d.dy) / l2
      self = .linear(lut: lut, kx: kx, ky: ky, k0: k0)
    case .radialGradient(let g, let center, let radius):
      guard let inv = transform.inverted() else { return nil }
      guard radius > 0, radius.isFinite else {
        self = .solid(PremultipliedColor(g.color(at: 1), opacity: opacity))
        return
      }
      let lut = Shader.table(g, opacity: opacity)
      self = .radial(lut: lut, inverse: inv, center: center, radius: radius)
    }
  }

  static func table(_ g: Gradient, opacity: Double) -> [UInt32] {
    (0..<256).map {
      Pixels.pack(PremultipliedColor(g.color(at: Double($0) / 255), opacity: opacity))
    }
  }

  /// Writes the packed colours (see ``Pixels``) of `count` pixels from (x, y) into `out`.
  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let py = Double(y) + 0.5
    switch self {
    case .solid(let c):
      out.update(repeating: Pixels.pack(c), count: count)
    // Every value is computed from the pixel's own coordinates, never accumulated along the
    // span, so a pixel's colour does not depend on where the span it is drawn in starts.
    case .linear(let lut, let kx, let ky, let k0):
      let row = ky * py + k0
      lut.withUnsafeBufferPointer { table in
        for i in 0..<count {
          out[i] = table[Shader.index(kx * (Double(x + i) + 0.5) + row)]
        }
      }
    case .radial(let lut, let inv, let center, let radius):
      let r2 = 1 / (radius * radius)
      let rowX = inv.c * py + inv.tx - center.x
      let rowY = inv.d * py + inv.ty - center.y
      lut.withUnsafeBufferPointer { table in
        for i in 0..<count {
          let px = Double(x + i) + 0.5
          let dx = inv.a * px + rowX
          let dy = inv.b * px + rowY
          out[i] = table[Shader.index(((dx * dx + dy * dy) * r2).squareRoot())]
        }
      }
    case .axisAlignedImage(let img, let inv, let columns):
      let maxY = Double(img.height - 1)
      let v = inv.d * py + inv.ty - 0.5
      let cv = v.isFinite ? (v < 0 ? 0 : (v > maxY ? maxY : v)) : 0
      let y0 = Int(cv)
      let fy = UInt32((cv - Double(y0)) * 256)
      let row0 = y0 * img.width
      let row1 = (y0 + 1 < img.height ? y0 + 1 : y0) * img.width
      img.pixels.withUnsafeBytes { raw in
        let src = raw.bindMemory(to: UInt32.self)
        columns.x0.withUnsafeBufferPointer { x0s in
          columns.x1.withUnsafeBufferPointer { x1s in
            columns.fx.withUnsafeBufferPointer { fxs in
              guard count > 0 else { return }
              // Blend the two source rows once over the columns this span reads, then
              // each pixel needs one horizontal blend.
              let lo = Int(Swift.min(x0s[x], x0s[x + count - 1]))
              let hi = Int(Swift.max(x1s[x], x1s[x + count - 1]))
              let row = UnsafeMutablePointer<UInt32>.allocate(capacity: hi - lo + 1)
              defer { row.deallocate() }
              if fy == 0 {
                for j in lo...hi { row[j - lo] = src[row0 + j] }
              } else {
                for j in lo...hi { row[j - lo] = Pixels.lerp(src[row0 + j], src[row1 + j], fy) }
              }
              guard let fxBase = fxs.baseAddress else { return }
              var i = 0
              while i + 8 <= count {
                // Eight pixels: gather both neighbours, then blend in SIMD lanes.
                let c = x + i
                var a = Pixels.Vector8()
                var b = Pixels.Vector8()
                for k in 0..<8 {
                  a[k] = row[Int(x0s[c + k]) - lo]
                  b[k] = row[Int(x1s[c + k]) - lo]
                }
                let f = UnsafeRawPointer(fxBase + c).loadUnaligned(as: Pixels.Vector8.self)
                UnsafeMutableRawPointer(out + i).storeBytes(
                  of: Pixels.lerp(a, b, f), as: Pixels.Vector8.self)
                i += 8
              }
              while i < count {
                let c = x + i
                out[i] = Pixels.lerp(row[Int(x0s[c]) - lo], row[Int(x1s[c]) - lo], fxs[c])
                i += 1
              }
            }
          }
        }
      }
    case .image(let img, let inv, let nearest):
      img.pixels.withUnsafeBytes { raw in
        let src = raw.bindMemory(to: UInt32.self)
        if nearest {
          Shader.sampleNearest(src, img.width, img.height, inv, x, py, count, out)
        } else {
          Shader.sampleBilinear(src, img.width, img.height, inv, x, py, count, out)
        }
      }
    }
  }

  /// The bilinear sampling positions of device columns 0..<count under `inverse`.
  struct ColumnTable {
    var x0: [Int32]
    var x1: [Int32]
    var fx: [UInt32]

    init(inverse: Transform, imageWidth w: Int, count: Int) {
      x0 = [Int32](repeating: 0, count: count)
      x1 = [Int32](repeating: 0, count: count)
      fx = [UInt32](repeating: 0, count: count)
      let maxX = Double(w - 1)
      for c in 0..<count {
        let u = inv(inverse, c)
        let cu = u.isFinite ? (u < 0 ? 0 : (u > maxX ? maxX : u)) : 0
        let i = Int(cu)
        x0[c] = Int32(i)
        x1[c] = Int32(i + 1 < w ? i + 1 : i)
        fx[c] = UInt32((cu - Double(i)) * 256)
      }
    }

    private static func inv(_ t: Transform, _ c: Int) -> Double {
      t.a * (Double(c) + 0.5) + t.tx - 0.5
    }
    private func inv(_ t: Transform, _ c: Int) -> Double { Self.inv(t, c) }
  }

  /// The colour every pixel of row `y` gets, when it does not vary along the row (a solid
  /// colour, or a linear gradient that changes only vertically).
  func rowColor(y: Int) -> UInt32? {
    switch self {
    case .solid(let c): return Pixels.pack(c)
    case .linear(let lut, let kx, let ky, let k0) where kx == 0:
      return lut[Shader.index(ky * (Double(y) + 0.5) + k0)]
    default: return nil
    }
  }

  @inline(__always) static func index(_ t: Double) -> Int {
    if !(t > 0) { return 0 }
    if t >= 1 { return 255 }
    return Int(t * 255 + 0.5)
  }

  /// Nearest-neighbour samples of `count` pixels of row `py` from device column `x`, seen through `inv`.
  static func sampleNearest(
    _ src: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ inv: Transform, _ x: Int,
    _ py: Double,
    _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>
  ) {
    let maxX = Double(w - 1)
    let maxY = Double(h - 1)
    for i in 0..<count {
      let px = Double(x + i) + 0.5
      let u = inv.a * px + inv.c * py + inv.tx
      let v = inv.b * px + inv.d * py + inv.ty
      guard u.isFinite, v.isFinite else {
        out[i] = 0
        continue
      }
      let sx = Int(u.rounded(.down).clamped(to: 0...maxX))
      let sy = Int(v.rounded(.down).clamped(to: 0...maxY))
      out[i] = src[sy * w + sx]
    }
  }

  /// Bilinear samples of premultiplied pixels (centres at k + 0.5) of `count` pixels of row
  /// `py` from device column `x`, seen through `inv`, clamping to the edge.
  static func sampleBilinear(
    _ src: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ inv: Transform, _ x: Int,
    _ py: Double,
    _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>
  ) {
    let maxX = Double(w - 1)
    let maxY = Double(h - 1)
    for i in 0..<count {
      let px = Double(x + i) + 0.5
      let u = inv.a * px + inv.c * py + inv.tx - 0.5
      let v = inv.b * px + inv.d * py + inv.ty - 0.5
      guard u.isFinite, v.isFinite else {
        out[i] = 0
        continue
      }
      let cu = u < 0 ? 0 : (u > maxX ? maxX : u)
      let cv = v < 0 ? 0 : (v > maxY ? maxY : v)
      let x0 = Int(cu)
      let y0 = Int(cv)
      let fx = UInt32((cu - Double(x0)) * 256)
      let fy = UInt32((cv - Double(y0)) * 256)
      let x1 = x0 + 1 < w ? x0 + 1 : x0
      let row0 = y0 * w
      let row1 = (y0 + 1 < h ? y0 + 1 : y0) * w
      let top = Pixels.lerp(src[row0 + x0], src[row0 + x1], fx)
      let bottom = Pixels.lerp(src[row1 + x0], src[row1 + x1], fx)
      out[i] = Pixels.lerp(top, bottom, fy)
    }
  }
}
