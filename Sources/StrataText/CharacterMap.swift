/// The `cmap` subtable in use: format 12 (full Unicode) when present, else format 4 (the BMP).
struct CharacterMap: Sendable {
  struct Segment: Sendable {
    var start: UInt32
    var end: UInt32
    var delta: Int
    /// For format 4 segments with an idRangeOffset: the absolute offset of the glyph id
    /// for `start` in the glyphIdArray; -1 otherwise.
    var rangeOffset: Int
    /// Format 12: glyphs run from `delta` upward; format 4: glyph = (code + delta) mod 65536.
    var sequential: Bool
  }

  var segments: [Segment] = []

  init(_ data: [UInt8], table: (offset: Int, length: Int)) throws(FontError) {
    let r = FontReader(data, table: "cmap")
    let count = try r.u16(table.offset + 2)
    var best: (score: Int, offset: Int)?
    for i in 0..<count {
      let rec = table.offset + 4 + 8 * i
      let platform = try r.u16(rec)
      let encoding = try r.u16(rec + 2)
      let off = table.offset + (try r.u32(rec + 4))
      let format = try r.u16(off)
      let score: Int
      switch (platform, encoding, format) {
      case (3, 10, 12), (0, 4, 12), (0, 6, 12): score = 4
      case (3, 1, 4): score = 3
      case (0, _, 4): score = 2
      case (3, 0, 4): score = 1
      default: continue
      }
      if best.map({ score > $0.score }) ?? true { best = (score, off) }
    }
    guard let chosen = best else {
      throw .malformed(table: "cmap", reason: "no Unicode subtable of format 4 or 12")
    }
    let off = chosen.offset
    if try r.u16(off) == 12 {
      let groups = try r.u32(off + 12)
      try r.check(off + 16, groups * 12)
      segments.reserveCapacity(groups)
      for g in 0..<groups {
        let p = off + 16 + 12 * g
        let s = UInt32(try r.u32(p))
        let e = UInt32(try r.u32(p + 4))
        guard e >= s else {
          throw .malformed(table: "cmap", reason: "group \(g) ends before it starts")
        }
        segments.append(
          Segment(start: s, end: e, delta: try r.u32(p + 8), rangeOffset: -1, sequential: true))
      }
    } else {
      let segX2 = try r.u16(off + 6)
      let n = segX2 / 2
      let ends = off + 14
      let starts = ends + segX2 + 2
      let deltas = starts + segX2
      let ranges = deltas + segX2
      try r.check(off, 16 + 4 * segX2)
      for i in 0..<n {
        let e = UInt32(try r.u16(ends + 2 * i))
        let s = UInt32(try r.u16(starts + 2 * i))
        guard e >= s else { continue }
        let delta = try r.i16(deltas + 2 * i)
        let ro = try r.u16(ranges + 2 * i)
        segments.append(
          Segment(
            start: s, end: e, delta: delta, rangeOffset: ro == 0 ? -1 : ranges + 2 * i + ro,
            sequential: false))
      }
    }
    segments.sort { $0.start < $1.start }
  }

  func glyph(for code: UInt32, data: [UInt8], glyphCount: Int) -> UInt16 {
    var lo = 0
    var hi = segments.count - 1
    while lo <= hi {
      let mid = (lo + hi) / 2
      let s = segments[mid]
      if code < s.start {
        hi = mid - 1
      } else if code > s.end {
        lo = mid + 1
      } else {
        let g: Int
        if s.sequential {
          g = s.delta + Int(code - s.start)
        } else if s.rangeOffset < 0 {
          g = (Int(code) + s.delta) & 0xFFFF
        } else {
          let p = s.rangeOffset + 2 * Int(code - s.start)
          guard p >= 0, p + 1 < data.count else { return 0 }
          let raw = Int(data[p]) << 8 | Int(data[p + 1])
          g = raw == 0 ? 0 : (raw + s.delta) & 0xFFFF
        }
        return g > 0 && g < glyphCount ? UInt16(g) : 0
      }
    }
    return 0
  }
}
