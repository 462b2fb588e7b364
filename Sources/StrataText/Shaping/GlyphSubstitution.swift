/// Glyph substitution from a font's `GSUB` table: single (1), multiple (2), alternate (3),
/// ligature (4), contextual (5, formats 1 to 3), chaining contextual (6, formats 1 to 3) and
/// extension (7) lookups, looked up
/// by script and feature in the default language system. Marks are skipped where a lookup's
/// flag asks, from `GDEF` glyph classes.
///
/// Everything is read when the face loads, within a work budget like kerning's: a hostile
/// table costs at most that much, and a lookup that cannot be read is left out.
struct GlyphSubstitution: Sendable {
  struct ChainRule: Sendable {
    var backtrack: [Set<UInt16>]
    var input: [Set<UInt16>]
    var lookahead: [Set<UInt16>]
    var records: [(sequenceIndex: Int, lookup: Int)]
  }

  enum Subtable: Sendable {
    case single([UInt16: UInt16])
    case multiple([UInt16: [UInt16]])
    case ligature([UInt16: [(components: [UInt16], glyph: UInt16)]])
    case chain([ChainRule])
  }

  struct Lookup: Sendable {
    var flag: Int
    var subtables: [Subtable]
    /// Every glyph a subtable can start at: the rest are passed over at once.
    var firstGlyphs = GlyphBits()
    var ignoresMarks: Bool { flag & 8 != 0 }
  }

  var lookups: [Lookup] = []
  /// script tag → feature tag → lookup indexes (the default language system's).
  var features: [String: [String: [Int]]] = [:]
  var markGlyphs = GlyphBits()
  private var budget = 2_000_000

  init() {}

  init(_ data: [UInt8], gsub: (offset: Int, length: Int)?, gdef: (offset: Int, length: Int)?) {
    if let gdef { markGlyphs = GlyphBits((try? Self.marks(data, gdef)) ?? []) }
    guard let gsub else { return }
    do {
      try read(data, gsub.offset)
    } catch {
      lookups = []
      features = [:]
    }
  }

  static func marks(_ data: [UInt8], _ t: (offset: Int, length: Int)) throws(FontError) -> Set<
    UInt16
  > {
    let r = FontReader(data, table: "GDEF")
    let classOffset = try r.u16(t.offset + 4)
    guard classOffset != 0 else { return [] }
    return Set(try OpenTypeLayout.classDef(r, t.offset + classOffset).filter { $0.value == 3 }.keys)
  }

  private mutating func spend(_ n: Int) throws(FontError) {
    guard n <= budget else { throw .truncated(table: "GSUB", offset: 0) }
    budget -= n
  }

  private mutating func read(_ data: [UInt8], _ base: Int) throws(FontError) {
    let r = FontReader(data, table: "GSUB")
    let header = try OpenTypeLayout(r, base: base, budget: &budget)
    features = header.features
    let lookupList = header.lookupList
    // Lookups.
    let lookupCount = try r.u16(lookupList)
    try spend(lookupCount)
    for i in 0..<lookupCount {
      let l = lookupList + (try r.u16(lookupList + 2 + 2 * i))
      var type = try r.u16(l)
      let flag = try r.u16(l + 2)
      let n = try r.u16(l + 4)
      var subtables: [Subtable] = []
      for k in 0..<n {
        var s = l + (try r.u16(l + 6 + 2 * k))
        if type == 7 {
          type = try r.u16(s + 2)
          s += try r.u32(s + 4)
        }
        if let sub = try? subtable(r, type, s) { subtables.append(sub) }
      }
      var first: Set<UInt16> = []
      for sub in subtables {
        switch sub {
        case .single(let m): first.formUnion(m.keys)
        case .multiple(let m): first.formUnion(m.keys)
        case .ligature(let m): first.formUnion(m.keys)
        case .chain(let rules): for rule in rules { first.formUnion(rule.input.first ?? []) }
        }
      }
      lookups.append(Lookup(flag: flag, subtables: subtables, firstGlyphs: GlyphBits(first)))
    }
  }

  private mutating func glyphs(_ r: FontReader, _ p: Int, _ n: Int) throws(FontError) -> [UInt16] {
    try spend(n)
    try r.check(p, 2 * n)
    return try (0..<n).map { (k) throws(FontError) -> UInt16 in UInt16(try r.u16(p + 2 * k)) }
  }

  private mutating func coverage(_ r: FontReader, _ p: Int) throws(FontError) -> [UInt16] {
    let c = try OpenTypeLayout.coverage(r, p)
    try spend(c.count)
    return c
  }

  private mutating func subtable(_ r: FontReader, _ type: Int, _ s: Int) throws(FontError)
    -> Subtable?
  {
    let format = try r.u16(s)
    switch (type, format) {
    case (1, 1):
      let cov = try coverage(r, s + (try r.u16(s + 2)))
      let delta = try r.i16(s + 4)
      var map: [UInt16: UInt16] = [:]
      for g in cov { map[g] = UInt16(truncatingIfNeeded: Int(g) + delta) }
      return .single(map)
    case (1, 2):
      let cov = try coverage(r, s + (try r.u16(s + 2)))
      let n = try r.u16(s + 4)
      let subs = try glyphs(r, s + 6, n)
      var map: [UInt16: UInt16] = [:]
      for (i, g) in cov.enumerated() where i < subs.count { map[g] = subs[i] }
      return .single(map)
    case (2, 1), (3, 1):
      // Multiple: a glyph becomes a sequence; alternate: the first alternate is taken.
      let cov = try coverage(r, s + (try r.u16(s + 2)))
      let n = try r.u16(s + 4)
      var map: [UInt16: [UInt16]] = [:]
      for i in 0..<Swift.min(n, cov.count) {
        let seq = s + (try r.u16(s + 6 + 2 * i))
        let count = try r.u16(seq)
        let list = try glyphs(r, seq + 2, count)
        map[cov[i]] = type == 2 ? list : Array(list.prefix(1))
      }
      return .multiple(map)
    case (4, 1):
      let cov = try coverage(r, s + (try r.u16(s + 2)))
      let n = try r.u16(s + 4)
      var map: [UInt16: [(components: [UInt16], glyph: UInt16)]] = [:]
      for i in 0..<Swift.min(n, cov.count) {
        let set = s + (try r.u16(s + 6 + 2 * i))
        let count = try r.u16(set)
        var ligs: [(components: [UInt16], glyph: UInt16)] = []
        for k in 0..<count {
          let lig = set + (try r.u16(set + 2 + 2 * k))
          let glyph = UInt16(try r.u16(lig))
          let compCount = try r.u16(lig + 2)
          guard compCount >= 1 else { continue }
          ligs.append((try glyphs(r, lig + 4, compCount - 1), glyph))
        }
        map[cov[i]] = ligs
      }
      return .ligature(map)
    case (5, 3):
      // Contextual, coverage-based: an input sequence with no context around it.
      let glyphCount = try r.u16(s + 2)
      let recordCount = try r.u16(s + 4)
      var input: [Set<UInt16>] = []
      for k in 0..<glyphCount { input.append(Set(try coverage(r, s + (try r.u16(s + 6 + 2 * k))))) }
      let p = s + 6 + 2 * glyphCount
      var records: [(Int, Int)] = []
      for k in 0..<recordCount { records.append((try r.u16(p + 4 * k), try r.u16(p + 2 + 4 * k))) }
      return .chain([ChainRule(backtrack: [], input: input, lookahead: [], records: records)])
    case (5, 1), (6, 1):
      // Glyph sequences, by first glyph: set i starts with the coverage's glyph i.
      let cov = try coverage(r, s + (try r.u16(s + 2)))
      let setCount = Swift.min(try r.u16(s + 4), cov.count)
      return .chain(
        try ruleSets(
          r, s, offsets: s + 6, count: setCount, chained: type == 6, first: { [cov[$0]] },
          item: { _, glyph in [UInt16(truncatingIfNeeded: glyph)] }))
    case (6, 3):
      var p = s + 2
      func sets(_ p: inout Int) throws(FontError) -> [Set<UInt16>] {
        let n = try r.u16(p)
        var out: [Set<UInt16>] = []
        for k in 0..<n { out.append(Set(try coverage(r, s + (try r.u16(p + 2 + 2 * k))))) }
        p += 2 + 2 * n
        return out
      }
      let back = try sets(&p)
      let input = try sets(&p)
      let ahead = try sets(&p)
      let n = try r.u16(p)
      var records: [(Int, Int)] = []
      for k in 0..<n { records.append((try r.u16(p + 2 + 4 * k), try r.u16(p + 4 + 4 * k))) }
      return .chain([ChainRule(backtrack: back, input: input, lookahead: ahead, records: records)])
    case (5, 2), (6, 2):
      return .chain(try classRules(r, s, chained: type == 6))
    default:
      return nil
    }
  }

  /// The glyphs of class `c` in `table`. Class 0 is every glyph not in the table: taken as the
  /// glyphs of `within` (the coverage, for the first input glyph) that no other class holds.
  private static func members(_ table: [UInt16: UInt16], _ c: Int, within: Set<UInt16>? = nil)
    -> Set<UInt16>
  {
    if c == 0 { return within.map { $0.filter { table[$0] == nil } } ?? [] }
    return Set(table.filter { Int($0.value) == c }.keys)
  }

  /// Class-based contextual rules (type 5 format 2, or chained: type 6 format 2), turned into
  /// glyph sets.
  private mutating func classRules(_ r: FontReader, _ s: Int, chained: Bool) throws(FontError)
    -> [ChainRule]
  {
    let cov = Set(try coverage(r, s + (try r.u16(s + 2))))
    let inputClasses = try OpenTypeLayout.classDef(r, s + (try r.u16(s + (chained ? 6 : 4))))
    let backClasses = chained ? try OpenTypeLayout.classDef(r, s + (try r.u16(s + 4))) : [:]
    let aheadClasses = chained ? try OpenTypeLayout.classDef(r, s + (try r.u16(s + 8))) : [:]
    try spend(backClasses.count + inputClasses.count + aheadClasses.count)
    let sets = s + (chained ? 10 : 6)
    let tables = [backClasses, inputClasses, aheadClasses]
    return try ruleSets(
      r, s, offsets: sets + 2, count: try r.u16(sets), chained: chained,
      first: { Self.members(inputClasses, $0, within: cov).intersection(cov) },
      item: { list, c in Self.members(tables[list], c) })
  }

  /// The rules of contextual rule sets (type 5 or 6, format 1 or 2): `setCount` sets whose
  /// offsets (from `s`) start at `offsets`. Set i's rules begin with `first(i)`; every other
  /// number a rule holds becomes a glyph set through `item` — given the list it is in (0 the
  /// backtrack, 1 the input, 2 the lookahead): glyph ids for format 1, classes for format 2.
  private mutating func ruleSets(
    _ r: FontReader, _ s: Int, offsets: Int, count setCount: Int, chained: Bool,
    first: (Int) -> Set<UInt16>, item: (Int, Int) -> Set<UInt16>
  ) throws(FontError) -> [ChainRule] {
    var rules: [ChainRule] = []
    for c in 0..<setCount {
      let setOffset = try r.u16(offsets + 2 * c)
      guard setOffset != 0 else { continue }
      let set = s + setOffset
      let ruleCount = try r.u16(set)
      try spend(ruleCount)
      for k in 0..<ruleCount {
        var p = set + (try r.u16(set + 2 + 2 * k))
        /// `n` numbers at p of list `list`, as glyph sets; p moves past them.
        func sets(_ n: Int, _ list: Int) throws(FontError) -> [Set<UInt16>] {
          try spend(n)
          try r.check(p, 2 * n)
          var out: [Set<UInt16>] = []
          for i in 0..<n { out.append(item(list, try r.u16(p + 2 * i))) }
          p += 2 * n
          return out
        }
        var back: [Set<UInt16>] = []
        var ahead: [Set<UInt16>] = []
        var input = [first(c)]
        let recordCount: Int
        if chained {
          let nb = try r.u16(p)
          p += 2
          back = try sets(nb, 0)
          let ni = try r.u16(p)
          p += 2
          input += try sets(Swift.max(0, ni - 1), 1)
          let na = try r.u16(p)
          p += 2
          ahead = try sets(na, 2)
          recordCount = try r.u16(p)
          p += 2
        } else {
          let ni = try r.u16(p)
          recordCount = try r.u16(p + 2)
          p += 4
          input += try sets(Swift.max(0, ni - 1), 1)
        }
        var records: [(Int, Int)] = []
        for i in 0..<recordCount {
          records.append((try r.u16(p + 4 * i), try r.u16(p + 2 + 4 * i)))
        }
        rules.append(ChainRule(backtrack: back, input: input, lookahead: ahead, records: records))
      }
    }
    return rules
  }

  /// The bit of a feature in a glyph's mask: the Arabic forms have their own; every other
  /// feature applies to every glyph.
  static func featureBit(_ tag: String) -> UInt8 {
    switch tag {
    case "isol": return 2
    case "init": return 4
    case "medi": return 8
    case "fina": return 16
    default: return 1
    }
  }

  /// The lookup indexes of `features` for `script` (falling back to `DFLT`, then `latn`), in
  /// lookup order, each with the bit of the feature it serves.
  func lookups(script: String, features wanted: [String]) -> [(index: Int, feature: UInt8)] {
    guard let table = features[script] ?? features["DFLT"] ?? features["latn"] else { return [] }
    var out: [Int: UInt8] = [:]
    for f in wanted { for i in table[f] ?? [] where out[i] == nil { out[i] = Self.featureBit(f) } }
    return out.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
