import Strata
import StrataIO

/// Colour glyph bitmaps from a font's `CBLC` index and `CBDT` data (the format of Noto Color
/// Emoji): for each glyph, a PNG at the largest strike, with its metrics. Index formats 1 and 3,
/// image formats 17, 18 and 19 are read; the PNGs are decoded when first drawn and kept.
package final class ColorBitmaps: Sendable {
  package struct Location: Sendable {
    var offset: Int
    var length: Int
    var format: Int
    /// Metrics from the index (image format 19), if they are kept there.
    var bigMetrics: (height: Int, width: Int, bearingX: Int, bearingY: Int)?
  }

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

  package init?(
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
    self.data = data
    self.ppem = strike.ppem
    self.locations = locations
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
    default:
      return nil
    }
    let end = l.offset + l.length
    guard png < end, end <= data.count,
      let image = try? PNGDecoder(pixelLimit: Self.maximumBitmapPixels).decode(
        Array(data[png..<end]))
    else { return nil }
    return Glyph(image: image, bearingX: Double(bearingX), bearingY: Double(bearingY))
  }
}
