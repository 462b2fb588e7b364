import Strata

/// A paint resolved to device space: what colour each pixel centre gets, premultiplied.
enum Shader {
  case solid(PremultipliedColor)
  /// t = kx·x + ky·y + k0 at pixel centres, looked up in a 256-entry table.
  case linear(lut: [PremultipliedColor], kx: Double, ky: Double, k0: Double)
  /// t = |inverse(p) − centre| / radius.
  case radial(lut: [PremultipliedColor], inverse: Transform, center: Point, radius: Double)
  /// A bitmap seen through `inverse` (device → image pixels).
  case image(RasterImage, inverse: Transform, nearest: Bool)

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
      let lut = Shader.table(g, opacity: opacity)
      guard l2 > 0, l2.isFinite else {
        // A zero-length gradient shows its last colour (as SVG does).
        guard let last = lut.last else { return nil }
        self = .solid(last)
        return
      }
      // local = inv(p); t = (local − start)·d / |d|²
      let kx = (inv.a * d.dx + inv.b * d.dy) / l2
      let ky = (inv.c * d.dx + inv.d * d.dy) / l2
      let k0 = ((inv.tx - start.x) * d.dx + (inv.ty - start.y) * d.dy) / l2
      self = .linear(lut: lut, kx: kx, ky: ky, k0: k0)
    case .radialGradient(let g, let center, let radius):
      guard let inv = transform.inverted() else { return nil }
      let lut = Shader.table(g, opacity: opacity)
      guard radius > 0, radius.isFinite else {
        guard let last = lut.last else { return nil }
        self = .solid(last)
        return
      }
      self = .radial(lut: lut, inverse: inv, center: center, radius: radius)
    }
  }

  static func table(_ g: Gradient, opacity: Double) -> [PremultipliedColor] {
    (0..<256).map { PremultipliedColor(g.color(at: Double($0) / 255), opacity: opacity) }
  }

  /// Writes the colours of `count` pixels from (x, y) into `out` (4 bytes each).
  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    let py = Double(y) + 0.5
    switch self {
    case .solid(let c):
      for i in 0..<count {
        out[4 * i] = c.r
        out[4 * i + 1] = c.g
        out[4 * i + 2] = c.b
        out[4 * i + 3] = c.a
      }
    case .linear(let lut, let kx, let ky, let k0):
      var t = kx * (Double(x) + 0.5) + ky * py + k0
      lut.withUnsafeBufferPointer { table in
        for i in 0..<count {
          let c = table[Shader.index(t)]
          out[4 * i] = c.r
          out[4 * i + 1] = c.g
          out[4 * i + 2] = c.b
          out[4 * i + 3] = c.a
          t += kx
        }
      }
    case .radial(let lut, let inv, let center, let radius):
      lut.withUnsafeBufferPointer { table in
        for i in 0..<count {
          let p = inv.apply(to: Point(x: Double(x + i) + 0.5, y: py))
          let t = (p - center).length / radius
          let c = table[Shader.index(t)]
          out[4 * i] = c.r
          out[4 * i + 1] = c.g
          out[4 * i + 2] = c.b
          out[4 * i + 3] = c.a
        }
      }
    case .image(let img, let inv, let nearest):
      img.pixels.withUnsafeBufferPointer { src in
        for i in 0..<count {
          let p = inv.apply(to: Point(x: Double(x + i) + 0.5, y: py))
          if nearest {
            Shader.sampleNearest(src, img.width, img.height, p, out + 4 * i)
          } else {
            Shader.sampleBilinear(src, img.width, img.height, p, out + 4 * i)
          }
        }
      }
    }
  }

  @inline(__always) static func index(_ t: Double) -> Int {
    if !(t > 0) { return 0 }
    if t >= 1 { return 255 }
    return Int(t * 255 + 0.5)
  }

  @inline(__always) static func sampleNearest(
    _ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ p: Point, _ out: UnsafeMutablePointer<UInt8>
  ) {
    let fx = p.x.rounded(.down)
    let fy = p.y.rounded(.down)
    guard fx.isFinite, fy.isFinite else {
      out.update(repeating: 0, count: 4)
      return
    }
    let x = Int(fx.clamped(to: 0...Double(w - 1)))
    let y = Int(fy.clamped(to: 0...Double(h - 1)))
    let i = (y * w + x) * 4
    out[0] = src[i]
    out[1] = src[i + 1]
    out[2] = src[i + 2]
    out[3] = src[i + 3]
  }

  /// Bilinear sampling of premultiplied pixels at image point `p` (pixel centres at k + 0.5),
  /// clamping to the edge.
  @inline(__always) static func sampleBilinear(
    _ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ p: Point, _ out: UnsafeMutablePointer<UInt8>
  ) {
    let u = (p.x - 0.5).clamped(to: 0...Double(w - 1))
    let v = (p.y - 0.5).clamped(to: 0...Double(h - 1))
    let x0 = Int(u)
    let y0 = Int(v)
    let x1 = Swift.min(x0 + 1, w - 1)
    let y1 = Swift.min(y0 + 1, h - 1)
    let fx = Int((u - Double(x0)) * 256)
    let fy = Int((v - Double(y0)) * 256)
    let i00 = (y0 * w + x0) * 4
    let i10 = (y0 * w + x1) * 4
    let i01 = (y1 * w + x0) * 4
    let i11 = (y1 * w + x1) * 4
    for c in 0..<4 {
      let top = Int(src[i00 + c]) * (256 - fx) + Int(src[i10 + c]) * fx
      let bottom = Int(src[i01 + c]) * (256 - fx) + Int(src[i11 + c]) * fx
      out[c] = UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
    }
  }
}
