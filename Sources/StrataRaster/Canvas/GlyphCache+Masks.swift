import Strata
import StrataIO
import StrataText

extension GlyphCache {
  /// The coverage of `glyph` at `deviceSize` pixels per em, shifted right by `subpixel` quarter
  /// pixels: from the cache, or rasterized with `rasterizer` and kept.
  package func mask(
    _ face: FontFace, _ glyph: UInt16, deviceSize: Double, subpixel: Int, rasterizer: Rasterizer
  ) -> Mask {
    let size64 = Int((deviceSize * 64).rounded())
    let key = MaskKey(
      face: ObjectIdentifier(face), glyph: glyph, size64: size64, subpixel: subpixel)
    if let m = keptMask(key) { return m }
    let s = Double(size64) / 64 / Double(face.unitsPerEm)
    let t = Transform(a: s, b: 0, c: 0, d: -s, tx: Double(subpixel) / 4, ty: 0)
    let polys = outline(face, glyph).applying(t).flattened(
      tolerance: Canvas.flatteningTolerance * 4)
    let box = IntRect(covering: Canvas.bounds(of: polys))
    var m = Mask(
      left: box.x, top: box.y, width: Swift.max(0, box.width), height: Swift.max(0, box.height),
      coverage: [])
    if !box.isEmpty, box.width * box.height <= 4_000_000 {
      m.coverage = [UInt8](repeating: 0, count: box.width * box.height)
      rasterizer.reset(region: box)
      rasterizer.add(polys)
      rasterizer.forEachSpan(rule: .nonZero) { y, x, n, values, c in
        let base = (y - box.y) * box.width + (x - box.x)
        for i in 0..<n { m.coverage[base + i] = values?[i] ?? c }
      }
    } else {
      m.width = 0
      m.height = 0
    }
    keep(m, for: key)
    return m
  }
}
