import CStrataKernels
import Strata
import StrataIO

/// A paint resolved to device space: what colour each pixel centre gets, premultiplied.
package enum Shader {
  case solid(PremultipliedColor)
  /// t = kx·x + ky·y + k0 at pixel centres, folded by `spread`, looked up in a 256-entry table.
  case linear(lut: [UInt32], kx: Double, ky: Double, k0: Double, spread: Gradient.Spread)
  /// t = |inverse(p) − centre| / radius, folded by `spread`.
  case radial(
    lut: [UInt32], inverse: Transform, center: Point, radius: Double, spread: Gradient.Spread)
  /// The two-point form: t is where inverse(p) lies between `focus` (0) and the circle (1).
  case focal(
    lut: [UInt32], inverse: Transform, center: Point, radius: Double, focus: Point,
    spread: Gradient.Spread)
  /// Two circles: t is where inverse(p) lies from the circle of `startRadius` around `start`
  /// (0) to the circle of `radius` around `center` (1), the largest t whose circle has a
  /// radius of zero or more; a point no such circle passes through is left clear.
  case conical(
    lut: [UInt32], inverse: Transform, start: Point, startRadius: Double, center: Point,
    radius: Double, spread: Gradient.Spread)
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
      self = .linear(lut: lut, kx: kx, ky: ky, k0: k0, spread: g.spread)
    case .radialGradient(let g, let center, let radius):
      self.init(
        .radial(RadialGradient(g, center: center, radius: radius)), transform: transform,
        opacity: opacity)
    case .radial(let r):
      guard let inv = r.transform.concatenating(transform).inverted() else { return nil }
      guard r.radius > 0, r.radius.isFinite else {
        self = .solid(PremultipliedColor(r.gradient.color(at: 1), opacity: opacity))
        return
      }
      let lut = Shader.table(r.gradient, opacity: opacity)
      if r.focalRadius > 0, r.focus.x.isFinite, r.focus.y.isFinite {
        self = .conical(
          lut: lut, inverse: inv, start: r.focus, startRadius: r.focalRadius, center: r.center,
          radius: r.radius, spread: r.gradient.spread)
        return
      }
      var focus = r.focus
      let away = focus - r.center
      let limit = r.radius * 0.999
      if !(away.dx.isFinite && away.dy.isFinite) {
        focus = r.center
      } else if away.length > limit {
        // A focus on or outside the circle is moved just inside it, as SVG 1.1 asks.
        focus = r.center + away * (limit / away.length)
      }
      if focus == r.center {
        self = .radial(
          lut: lut, inverse: inv, center: r.center, radius: r.radius, spread: r.gradient.spread)
      } else {
        self = .focal(
          lut: lut, inverse: inv, center: r.center, radius: r.radius, focus: focus,
          spread: r.gradient.spread)
      }
    }
  }

  /// Whether an opaque `paint` (``Strata/Paint/isOpaque``) under `transform` gives every pixel
  /// it fills an opaque colour: not when the paint cannot be resolved (a gradient whose
  /// space is singular draws nothing), so such a fill must not hide what is under it.
  package static func paintsOpaquely(_ paint: Paint, transform: Transform) -> Bool {
    guard paint.isOpaque else { return false }
    switch paint {
    case .solid: return true
    case .linearGradient, .radialGradient: return transform.inverted() != nil
    case .radial(let r): return r.transform.concatenating(transform).inverted() != nil
    }
  }

  /// Writes the packed colours (see ``Pixels``) of `count` pixels from (x, y) into `out`.
  func shade(
    x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, cache: inout ShadeCache
  ) {
    let py = Double(y) + 0.5
    switch self {
    case .solid(let c):
      out.update(repeating: Pixels.pack(c), count: count)
    // Every value is computed from the pixel's own coordinates, never accumulated along the
    // span, so a pixel's colour does not depend on where the span it is drawn in starts.
    case .linear(let lut, let kx, let ky, let k0, let spread):
      let row = ky * py + k0
      lut.withUnsafeBufferPointer { table in
        if spread == .pad {
          Shader.linearPad(out, table, count, x, kx, row)
        } else {
          for i in 0..<count {
            out[i] = table[Shader.index(spread.fold(kx * (Double(x + i) + 0.5) + row))]
          }
        }
      }
    case .radial(let lut, let inv, let center, let radius, let spread):
      let r2 = 1 / (radius * radius)
      let rowX = inv.c * py + inv.tx - center.x
      let rowY = inv.d * py + inv.ty - center.y
      lut.withUnsafeBufferPointer { table in
        if spread == .pad {
          Shader.radialPad(out, table, count, x, inv.a, inv.b, rowX, rowY, r2)
          return
        }
        for i in 0..<count {
          let px = Double(x + i) + 0.5
          let dx = inv.a * px + rowX
          let dy = inv.b * px + rowY
          let t = ((dx * dx + dy * dy) * r2).squareRoot()
          out[i] = table[Shader.index(spread.fold(t))]
        }
      }
    case .focal(let lut, let inv, let center, let radius, let focus, let spread):
      Shader.focal(out, lut, count, x, py, inv, center, radius, focus, spread)
    case .conical(let lut, let inv, let c0, let r0, let c1, let r1, let spread):
      Shader.conical(out, lut, count, x, py, inv, c0, r0, c1, r1, spread)
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
        guard count > 0, let base = src.baseAddress else { return }
        // Separable: each source row is resampled across the fill's columns once (and kept
        // for the other spans of this row and the next device rows, which mostly read the
        // same two source rows), then a span blends two resampled rows in SIMD lanes.
        let cols = cache.prepare(image: UnsafeRawPointer(base), inverse: inv, x: x, count: count)
        let a = cache.row(y0) {
          Shader.resample(src, row0, columns, cols.lowerBound, cols.count, into: &$0)
        }
        let b =
          row1 == row0 || fy == 0
          ? a
          : cache.row(y0 + 1) {
            Shader.resample(src, row1, columns, cols.lowerBound, cols.count, into: &$0)
          }
        let offset = x - cols.lowerBound
        cache.slots[a].values.withUnsafeBufferPointer { top in
          cache.slots[b].values.withUnsafeBufferPointer { bottom in
            guard let t = top.baseAddress.map({ $0 + offset }),
              let d = bottom.baseAddress.map({ $0 + offset })
            else { return }
            var i = 0
            let f = Pixels.Vector8(repeating: fy)
            while i + 8 <= count {
              let va = UnsafeRawPointer(t + i).loadUnaligned(as: Pixels.Vector8.self)
              let vb = UnsafeRawPointer(d + i).loadUnaligned(as: Pixels.Vector8.self)
              UnsafeMutableRawPointer(out + i).storeBytes(
                of: Pixels.lerp(va, vb, f), as: Pixels.Vector8.self)
              i += 8
            }
            while i < count {
              out[i] = Pixels.lerp(t[i], d[i], fy)
              i += 1
            }
          }
        }
      }
    case .image(let img, let inv, let nearest):
      img.pixels.withUnsafeBytes { raw in
        let src = raw.bindMemory(to: UInt32.self)
        if nearest {
          Shader.sampleNearest(src, img.width, img.height, inv, x, py, count, out)
        } else if Pixels.wideKernels, let base = src.baseAddress {
          // The kernel takes the transform as six doubles in a row, a to ty.
          let m = SIMD8<Double>(inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty, 0, 0)
          withUnsafeBytes(of: m) { raw in
            let inverse = raw.assumingMemoryBound(to: Double.self).baseAddress
            strata_bilinear(out, base, img.width, img.height, inverse, x, py, count)
          }
        } else {
          Shader.sampleBilinear(src, img.width, img.height, inv, x, py, count, out)
        }
      }
    }
  }
}
