/// The header of a `GSUB` or `GPOS` table: for each script, the lookups of each feature in its
/// default language system, and where the lookup list is.
struct OpenTypeLayout {
  /// script tag → feature tag → lookup indexes.
  var features: [String: [String: [Int]]] = [:]
  /// The lookup list's offset in the file.
  var lookupList: Int

  init(_ r: FontReader, base: Int, budget: inout Int) throws(FontError) {
    func spend(_ n: Int) throws(FontError) {
      guard n <= budget else { throw .truncated(table: r.table, offset: base) }
      budget -= n
    }
    let scriptList = base + (try r.u16(base + 4))
    let featureList = base + (try r.u16(base + 6))
    lookupList = base + (try r.u16(base + 8))
    let featureCount = try r.u16(featureList)
    try spend(featureCount)
    var featureTable: [(String, [Int])] = []
    for i in 0..<featureCount {
      let rec = featureList + 2 + 6 * i
      let tag = try r.tag(rec)
      let f = featureList + (try r.u16(rec + 4))
      let n = try r.u16(f + 2)
      try spend(n)
      var list: [Int] = []
      for k in 0..<n { list.append(try r.u16(f + 4 + 2 * k)) }
      featureTable.append((tag, list))
    }
    let scriptCount = try r.u16(scriptList)
    for i in 0..<scriptCount {
      let rec = scriptList + 2 + 6 * i
      let tag = try r.tag(rec)
      let script = scriptList + (try r.u16(rec + 4))
      let defaultLang = try r.u16(script)
      guard defaultLang != 0 else { continue }
      let lang = script + defaultLang
      let n = try r.u16(lang + 4)
      try spend(n)
      var byFeature: [String: [Int]] = [:]
      for k in 0..<n {
        let index = try r.u16(lang + 6 + 2 * k)
        guard index < featureTable.count else { continue }
        byFeature[featureTable[index].0, default: []] += featureTable[index].1
      }
      features[tag] = byFeature
    }
  }
}

/// The common tables of `GSUB`, `GPOS` and `GDEF` (Coverage and ClassDef), read where every
/// table that names glyphs reads them.
extension OpenTypeLayout {
  /// The most glyphs a Coverage or ClassDef table expands to (its ranges are expanded into
  /// lists): a font cannot make one table cost more than this.
  static let entryLimit = Kerning.limit

  /// The glyphs of a Coverage table, in coverage-index order.
  static func coverage(_ r: FontReader, _ p: Int) throws(FontError) -> [UInt16] {
    let format = try r.u16(p)
    var out: [UInt16] = []
    if format == 1 {
      let n = try r.u16(p + 2)
      try r.check(p + 4, 2 * n)
      for i in 0..<n { out.append(UInt16(try r.u16(p + 4 + 2 * i))) }
    } else if format == 2 {
      let n = try r.u16(p + 2)
      try r.check(p + 4, 6 * n)
      for i in 0..<n {
        let s = try r.u16(p + 4 + 6 * i)
        let e = try r.u16(p + 6 + 6 * i)
        guard e >= s, out.count + (e - s) < entryLimit else { continue }
        for g in s...e { out.append(UInt16(g)) }
      }
    }
    return out
  }

  /// The class of each glyph a ClassDef table names (glyphs it does not name are class 0).
  static func classDef(_ r: FontReader, _ p: Int) throws(FontError) -> [UInt16: UInt16] {
    let format = try r.u16(p)
    var out: [UInt16: UInt16] = [:]
    if format == 1 {
      let start = try r.u16(p + 2)
      let n = try r.u16(p + 4)
      try r.check(p + 6, 2 * n)
      for i in 0..<n where start + i <= 0xFFFF {
        out[UInt16(start + i)] = UInt16(try r.u16(p + 6 + 2 * i))
      }
    } else if format == 2 {
      let n = try r.u16(p + 2)
      try r.check(p + 4, 6 * n)
      for i in 0..<n {
        let s = try r.u16(p + 4 + 6 * i)
        let e = try r.u16(p + 6 + 6 * i)
        let c = UInt16(try r.u16(p + 8 + 6 * i))
        guard e >= s, out.count + (e - s) < entryLimit else { continue }
        for g in s...e { out[UInt16(g)] = c }
      }
    }
    return out
  }
}
