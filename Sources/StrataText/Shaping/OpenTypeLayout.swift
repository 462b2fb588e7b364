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
