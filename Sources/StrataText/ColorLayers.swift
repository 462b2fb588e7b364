import Strata

/// Colour glyphs made of layers (`COLR` version 0 with `CPAL`'s first palette): a glyph drawn
/// as other glyphs' outlines, each filled with a palette colour or the text's colour.
package struct ColorLayers: Sendable {
  /// The layers of each colour glyph: the glyph to fill and its colour (`nil`: the text's).
  package let layers: [UInt16: [(glyph: UInt16, color: Color?)]]

  package init?(_ data: [UInt8], colr: (offset: Int, length: Int)?, palette: [Color]) {
    guard let colr else { return nil }
    let r = FontReader(data, table: "COLR")
    guard let baseCount = try? r.u16(colr.offset + 2),
      let baseOffset = try? r.u32(colr.offset + 4),
      let layerOffset = try? r.u32(colr.offset + 8),
      let layerCount = try? r.u16(colr.offset + 12)
    else { return nil }
    var out: [UInt16: [(glyph: UInt16, color: Color?)]] = [:]
    for i in 0..<baseCount {
      let rec = colr.offset + baseOffset + 6 * i
      guard let glyph = try? r.u16(rec), let firstLayer = try? r.u16(rec + 2),
        let n = try? r.u16(rec + 4), firstLayer + n <= layerCount
      else { continue }
      var list: [(glyph: UInt16, color: Color?)] = []
      for k in 0..<n {
        let at = colr.offset + layerOffset + 4 * (firstLayer + k)
        guard let g = try? r.u16(at), let p = try? r.u16(at + 2) else { break }
        list.append((UInt16(g), p == 0xFFFF || p >= palette.count ? nil : palette[p]))
      }
      if !list.isEmpty { out[UInt16(glyph)] = list }
    }
    guard !out.isEmpty else { return nil }
    layers = out
  }

  /// The first palette of a `CPAL` table (empty without one).
  package static func palette(_ data: [UInt8], cpal: (offset: Int, length: Int)?) -> [Color] {
    guard let cpal else { return [] }
    let r = FontReader(data, table: "CPAL")
    var palette: [Color] = []
    if let entries = try? r.u16(cpal.offset + 2), let records = try? r.u32(cpal.offset + 8),
      let first = try? r.u16(cpal.offset + 12)
    {
      for k in 0..<Swift.min(entries, 4096) {
        let at = cpal.offset + records + 4 * (first + k)
        guard let b = try? r.u8(at), let g = try? r.u8(at + 1), let rr = try? r.u8(at + 2),
          let a = try? r.u8(at + 3)
        else { break }
        palette.append(
          Color(red8: UInt8(rr), green8: UInt8(g), blue8: UInt8(b), alpha8: UInt8(a)))
      }
    }
    return palette
  }
}
