/// Pair kerning from `GPOS` (pair adjustment, formats 1 and 2, in the lookups of the `kern`
/// feature, Extension lookups included) and the legacy `kern` table (format 0).
///
/// When the font has GPOS kerning the `kern` table is not used, as shaping engines do.
struct Kerning: Sendable {
  /// Format 1 and `kern` pairs: (left << 16 | right) → x advance adjustment of the left glyph.
  var pairs: [UInt32: Int16] = [:]
  var classTables: [ClassPairs] = []

  struct ClassPairs: Sendable {
    var coverage: Set<UInt16>
    var class1: [UInt16: UInt16]
    var class2: [UInt16: UInt16]
    var class2Count: Int
    var values: [Int16]
  }

  func adjustment(_ l: UInt16, _ r: UInt16) -> Int {
    if let v = pairs[UInt32(l) << 16 | UInt32(r)] { return Int(v) }
    for t in classTables where t.coverage.contains(l) {
      let c1 = Int(t.class1[l] ?? 0)
      let c2 = Int(t.class2[r] ?? 0)
      let i = c1 * t.class2Count + c2
      if i < t.values.count { return Int(t.values[i]) }
    }
    return 0
  }

  /// The most pairs or classes read, so that a hostile table cannot exhaust memory.
  static let limit = 2_000_000

  /// The most table entries read for one face's kerning, whatever the tables repeat: a
  /// hostile GPOS whose thousands of subtables all point at one huge coverage or class table
  /// would otherwise cost time and memory in proportion to the references. Past the budget the
  /// face keeps the kerning read so far and reads no more (a documented clamp, not an error).
  static let workBudget = 4_000_000

  /// What is left of ``workBudget``.
  private var budget = Kerning.workBudget

  /// Takes `n` entries of work from the budget; false (and nothing taken) when it would run out.
  private mutating func spend(_ n: Int) -> Bool {
    guard n <= budget else {
      budget = 0
      return false
    }
    budget -= n
    return true
  }

  /// Whether the budget ran out while reading.
  private(set) var isTruncated = false

  init(
    _ data: [UInt8], kern: (offset: Int, length: Int)?, gpos: (offset: Int, length: Int)?,
    glyphCount: Int
  )
    throws(FontError)
  {
    if let gpos {
      try readGPOS(data, gpos.offset)
    }
    if pairs.isEmpty && classTables.isEmpty, let kern {
      try readKern(data, kern.offset)
    }
  }

  private mutating func readKern(_ data: [UInt8], _ base: Int) throws(FontError) {
    let r = FontReader(data, table: "kern")
    guard try r.u16(base) == 0 else { return }  // only the Microsoft version-0 header
    let tables = try r.u16(base + 2)
    var p = base + 4
    for _ in 0..<tables {
      let length = try r.u16(p + 2)
      let coverage = try r.u16(p + 4)
      // Format 0, horizontal, not cross-stream, not minimum.
      if coverage >> 8 == 0 && (coverage & 0x7) == 1 {
        let n = try r.u16(p + 6)
        try r.check(p + 14, n * 6)
        guard spend(n) else {
          isTruncated = true
          return
        }
        for i in 0..<Swift.min(n, Self.limit) {
          let e = p + 14 + 6 * i
          let key = UInt32(try r.u16(e)) << 16 | UInt32(try r.u16(e + 2))
          pairs[key] = Int16(try r.i16(e + 4))
        }
      }
      guard length > 0 else { break }
      p += length
    }
  }

  private mutating func readGPOS(_ data: [UInt8], _ base: Int) throws(FontError) {
    let r = FontReader(data, table: "GPOS")
    let featureList = base + (try r.u16(base + 6))
    let lookupList = base + (try r.u16(base + 8))
    var lookups: Set<Int> = []
    let features = try r.u16(featureList)
    for i in 0..<features {
      let rec = featureList + 2 + 6 * i
      guard try r.tag(rec) == "kern" else { continue }
      let feature = featureList + (try r.u16(rec + 4))
      let count = try r.u16(feature + 2)
      for j in 0..<count { lookups.insert(try r.u16(feature + 4 + 2 * j)) }
    }
    let lookupCount = try r.u16(lookupList)
    for index in lookups.sorted() where index < lookupCount {
      let lookup = lookupList + (try r.u16(lookupList + 2 + 2 * index))
      var type = try r.u16(lookup)
      let subtables = try r.u16(lookup + 4)
      for s in 0..<subtables {
        var sub = lookup + (try r.u16(lookup + 6 + 2 * s))
        if type == 9 {
          // Extension: the real type and a 32-bit offset.
          type = try r.u16(sub + 2)
          sub += try r.u32(sub + 4)
        }
        guard type == 2 else { continue }
        try readPairPos(r, sub)
        if budget == 0 {
          isTruncated = true
          return
        }
      }
    }
  }

  private mutating func readPairPos(_ r: FontReader, _ sub: Int) throws(FontError) {
    let format = try r.u16(sub)
    guard spend(1) else { return }
    let coverage = try OpenTypeLayout.coverage(r, sub + (try r.u16(sub + 2)))
    guard spend(coverage.count) else { return }
    let vf1 = try r.u16(sub + 4)
    let vf2 = try r.u16(sub + 6)
    let size1 = 2 * (vf1 & 0xFF).nonzeroBitCount
    let size2 = 2 * (vf2 & 0xFF).nonzeroBitCount
    // Only the x advance of the first glyph kerns horizontally; find where it sits.
    guard vf1 & 0x4 != 0 else { return }
    let xAdvanceOffset = 2 * (vf1 & 0x3).nonzeroBitCount
    if format == 1 {
      let setCount = try r.u16(sub + 8)
      for (i, first) in coverage.enumerated() where i < setCount {
        let set = sub + (try r.u16(sub + 10 + 2 * i))
        let n = try r.u16(set)
        guard spend(n + 1) else { return }
        let recordSize = 2 + size1 + size2
        for j in 0..<n {
          let rec = set + 2 + j * recordSize
          let second = UInt32(try r.u16(rec))
          let key = UInt32(first) << 16 | second
          if pairs[key] == nil { pairs[key] = Int16(try r.i16(rec + 2 + xAdvanceOffset)) }
          if pairs.count > Self.limit { return }
        }
      }
    } else if format == 2 {
      let class1 = try OpenTypeLayout.classDef(r, sub + (try r.u16(sub + 8)))
      guard spend(class1.count) else { return }
      let class2 = try OpenTypeLayout.classDef(r, sub + (try r.u16(sub + 10)))
      guard spend(class2.count) else { return }
      let c1Count = try r.u16(sub + 12)
      let c2Count = try r.u16(sub + 14)
      guard spend(c1Count * c2Count) else { return }
      guard c1Count * c2Count <= Self.limit else {
        throw .malformed(table: "GPOS", reason: "\(c1Count) × \(c2Count) kerning classes")
      }
      var values = [Int16](repeating: 0, count: c1Count * c2Count)
      let recordSize = size1 + size2
      try r.check(sub + 16, c1Count * c2Count * recordSize)
      for c1 in 0..<c1Count {
        for c2 in 0..<c2Count {
          let rec = sub + 16 + (c1 * c2Count + c2) * recordSize
          values[c1 * c2Count + c2] = Int16(try r.i16(rec + xAdvanceOffset))
        }
      }
      classTables.append(
        ClassPairs(
          coverage: Set(coverage), class1: class1, class2: class2, class2Count: c2Count,
          values: values))
    }
  }
}
