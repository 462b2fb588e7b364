import Strata
import StrataIO

/// Colour glyph bitmaps: from a font's `CBLC` index and `CBDT` data (the format of Noto Color
/// Emoji), or from its `sbix` table (Apple's format). For each glyph, a PNG at the largest
/// strike, with its metrics. `CBLC` index formats 1 and 3 and image formats 17, 18 and 19 are
/// read; of `sbix`, graphic types `png ` and `dupe` (JPEG and TIFF glyphs are left undrawn).
/// The PNGs are decoded when first drawn and kept.
package final class ColorBitmaps: Sendable {
  package struct Location: Sendable {
    var offset: Int
    var length: Int
    var format: Int
    /// Metrics from the index (image format 19), if they are kept there.
    var bigMetrics: (height: Int, width: Int, bearingX: Int, bearingY: Int)?
    /// `sbix`: where the bitmap's lower left corner sits from the glyph's origin, in pixels of
    /// the strike (`format` is then ``sbixPNG``).
    var origin: (x: Int, y: Int)? = nil
  }

  /// The format of a PNG glyph read from `sbix`.
  static let sbixPNG = 0x10000

  /// A glyph's picture: its bitmap and where it sits, in pixels of the strike.
  package struct Glyph: Sendable {
    package var image: RasterImage
    package var bearingX: Double
    package var bearingY: Double
  }

  /// The largest glyph bitmap decoded, in pixels (2048 × 2048; Noto Color Emoji's are
  /// 136 × 128): a font cannot make one glyph cost a frame's worth of memory.
  package static let maximumBitmapPixels = 1 << 22

  package let data: [UInt8]
  /// Pixels per em of the strike read.
  package let ppem: Int
  package let locations: [UInt16: Location]
  private let decoded = Locked([UInt16: Glyph?]())

  private init(data: [UInt8], ppem: Int, locations: [UInt16: Location]) {
    self.data = data
    self.ppem = ppem
    self.locations = locations
  }

  /// The bitmaps of `sbix` (when the font has that table) or of `CBLC`/`CBDT`.
  package static func read(
    _ data: [UInt8], tables: [String: (offset: Int, length: Int)], glyphCount: Int
  ) -> ColorBitmaps? {
    if let sbix = tables["sbix"], let found = ColorBitmaps(data, sbix: sbix, glyphCount: glyphCount)
    {
      return found
    }
    return ColorBitmaps(data, cblc: tables["CBLC"], cbdt: tables["CBDT"])
  }

  /// The strike of `sbix` with the most pixels per em.
  convenience init?(_ data: [UInt8], sbix: (offset: Int, length: Int), glyphCount: Int) {
    let r = FontReader(data, table: "sbix")
    guard let n = try? r.u32(sbix.offset + 4), n > 0, n < 256, glyphCount > 0 else { return nil }
    var best: (offset: Int, ppem: Int)?
    for i in 0..<n {
      guard let o = try? r.u32(sbix.offset + 8 + 4 * i), let ppem = try? r.u16(sbix.offset + o),
        ppem > 0
      else { continue }
      if ppem > best?.ppem ?? 0 { best = (sbix.offset + o, ppem) }
    }
    guard let strike = best else { return nil }
    let end = sbix.offset + sbix.length
    func record(_ g: Int) -> (offset: Int, length: Int, type: String)? {
      guard let o0 = try? r.u32(strike.offset + 4 + 4 * g),
        let o1 = try? r.u32(strike.offset + 8 + 4 * g), o1 > o0 + 8,
        strike.offset + o1 <= end, let type = try? r.tag(strike.offset + o0 + 4)
      else { return nil }
      return (strike.offset + o0, o1 - o0, type)
    }
    var locations: [UInt16: Location] = [:]
    for g in 0..<Swift.min(glyphCount, 65_535) {
      guard var rec = record(g) else { continue }
      // A duplicate names the glyph whose picture it shares (one step, no chains).
      if rec.type == "dupe", let other = try? r.u16(rec.offset + 8), let target = record(other),
        target.type == "png "
      {
        rec = target
      }
      guard rec.type == "png ", let x = try? r.i16(rec.offset), let y = try? r.i16(rec.offset + 2)
      else { continue }
      locations[UInt16(g)] = Location(
        offset: rec.offset + 8, length: rec.length - 8, format: Self.sbixPNG, bigMetrics: nil,
        origin: (x, y))
    }
    guard !locations.isEmpty else { return nil }
    self.init(data: data, ppem: strike.ppem, locations: locations)
  }

  convenience init?(
    _ data: [UInt8], cblc: (offset: Int, length: Int)?, cbdt: (offset: Int, length: Int)?
  ) {
    guard let cblc, let cbdt else { return nil }
    let r = FontReader(data, table: "CBLC")
    guard let n = try? r.u32(cblc.offset + 4), n > 0, n < 256 else { return nil }
    // The strike with the most pixels per em.
    var best: (record: Int, ppem: Int)?
    for i in 0..<n {
      let record = cblc.offset + 8 + 48 * i
      guard let ppem = try? r.u8(record + 44) else { return nil }
      if best == nil || ppem > best?.ppem ?? 0 { best = (record, ppem) }
    }
    guard let strike = best,
      let arrayOffset = try? r.u32(strike.record),
      let subtableCount = try? r.u32(strike.record + 8), subtableCount < 65_536
    else { return nil }
    var locations: [UInt16: Location] = [:]
    let array = cblc.offset + arrayOffset
    for k in 0..<subtableCount {
      guard let first = try? r.u16(array + 8 * k), let last = try? r.u16(array + 8 * k + 2),
        let extra = try? r.u32(array + 8 * k + 4), last >= first
      else { continue }
      let sub = array + extra
      guard let indexFormat = try? r.u16(sub), let imageFormat = try? r.u16(sub + 2),
        let imageData = try? r.u32(sub + 4)
      else { continue }
      let base = cbdt.offset + imageData
      let count = last - first + 1
      switch indexFormat {
      case 1, 3:
        let size = indexFormat == 1 ? 4 : 2
        for g in 0..<count {
          let at = sub + 8 + size * g
          guard let o0 = try? (size == 4 ? r.u32(at) : r.u16(at)),
            let o1 = try? (size == 4 ? r.u32(at + size) : r.u16(at + size)), o1 > o0,
            base + o1 <= cbdt.offset + cbdt.length
          else { continue }
          locations[UInt16(first + g)] = Location(
            offset: base + o0, length: o1 - o0, format: imageFormat, bigMetrics: nil)
        }
      default:
        continue
      }
    }
    guard !locations.isEmpty else { return nil }
    self.init(data: data, ppem: strike.ppem, locations: locations)
  }

  /// The picture of `glyph`, or nil when it has none (or it cannot be decoded).
  package func glyph(_ glyph: UInt16) -> Glyph? {
    if let found = decoded.withLock({ $0[glyph] }) { return found }
    let made = decode(glyph)
    decoded.withLock { cache in
      if cache.count > 512 { cache.removeAll() }
      cache[glyph] = made
    }
    return made
  }

  private func decode(_ glyph: UInt16) -> Glyph? {
    guard let l = locations[glyph] else { return nil }
    let r = FontReader(data, table: "CBDT")
    var bearingX = 0
    var bearingY = 0
    let png: Int
    switch l.format {
    case 17:
      guard let bx = try? r.u8(l.offset + 2), let by = try? r.u8(l.offset + 3) else { return nil }
      bearingX = Int(Int8(bitPattern: UInt8(bx)))
      bearingY = Int(Int8(bitPattern: UInt8(by)))
      png = l.offset + 9
    case 18:
      guard let bx = try? r.u8(l.offset + 2), let by = try? r.u8(l.offset + 3) else { return nil }
      bearingX = Int(Int8(bitPattern: UInt8(bx)))
      bearingY = Int(Int8(bitPattern: UInt8(by)))
      png = l.offset + 12
    case 19:
      png = l.offset + 4
    case Self.sbixPNG:
      png = l.offset
    default:
      return nil
    }
    let end = l.offset + l.length
    guard png < end, end <= data.count,
      let image = try? PNGDecoder(pixelLimit: Self.maximumBitmapPixels).decode(
        Array(data[png..<end]))
    else { return nil }
    if let origin = l.origin {
      // sbix gives the lower left corner; the picture's top is its height above that.
      bearingX = origin.x
      bearingY = origin.y + image.height
    }
    return Glyph(image: image, bearingX: Double(bearingX), bearingY: Double(bearingY))
  }
}
