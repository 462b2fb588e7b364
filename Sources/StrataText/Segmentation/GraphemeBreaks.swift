/// Extended grapheme clusters (UAX #29, rules GB1–GB999) over the grapheme-cluster-break
/// property of `GraphemeBreakTable.swift`, generated from the Unicode Character Database by
/// `Scripts/make_unicode_tables.py`.
enum GraphemeBreaks {
  /// The grapheme-cluster-break values, in the order of the generated table's raw values;
  /// `extendedPictographic` is Extended_Pictographic (GB11), which the table folds in.
  enum Property: UInt8 {
    case other, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark, l, v, t,
      lv, lvt, extendedPictographic
  }

  /// The property of `c`, from the generated table.
  static func property(of c: Unicode.Scalar) -> Property {
    if c.value < 128 { return ascii[Int(c.value)] }
    return Property(rawValue: UInt8(truncatingIfNeeded: rangeValue(table, c.value))) ?? .other
  }

  private static let ascii: [Property] = (0..<128).map {
    Property(rawValue: UInt8(truncatingIfNeeded: rangeValue(table, UInt32($0)))) ?? .other
  }

  /// Where each cluster of `scalars` begins (offsets; the first is 0 when there are any).
  static func clusterStarts(_ scalars: some Collection<Unicode.Scalar>) -> [Int] {
    var starts: [Int] = []
    var previous: Property? = nil
    // GB11 and GB12/13 look back further than one character.
    var emojiPrefix = false  // the text so far ends in ExtPict Extend*
    var emojiJoiner = false  // the text so far ends in ExtPict Extend* ZWJ
    var regionalRun = 0
    for (i, scalar) in scalars.enumerated() {
      let p = property(of: scalar)
      if let a = previous {
        if breaks(a, p, pictographBeforeZWJ: emojiJoiner, oddRegionalRun: regionalRun % 2 == 1) {
          starts.append(i)
        }
      } else {
        starts.append(i)
      }
      emojiJoiner = p == .zwj && emojiPrefix
      emojiPrefix = p == .extendedPictographic || (p == .extend && emojiPrefix)
      regionalRun = p == .regionalIndicator ? regionalRun + 1 : 0
      previous = p
    }
    return starts
  }

  // The pair rules, in the annex's order.
  private static func breaks(
    _ a: Property, _ b: Property, pictographBeforeZWJ: Bool, oddRegionalRun: Bool
  ) -> Bool {
    switch (a, b) {
    case (.cr, .lf): return false  // GB3
    case (.cr, _), (.lf, _), (.control, _): return true  // GB4
    case (_, .cr), (_, .lf), (_, .control): return true  // GB5
    case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false  // GB6
    case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): return false  // GB7
    case (.lvt, .t), (.t, .t): return false  // GB8
    case (_, .extend), (_, .zwj): return false  // GB9
    case (_, .spacingMark): return false  // GB9a
    case (.prepend, _): return false  // GB9b
    case (.zwj, .extendedPictographic) where pictographBeforeZWJ: return false  // GB11
    case (.regionalIndicator, .regionalIndicator) where oddRegionalRun: return false  // GB12, GB13
    default: return true  // GB999
    }
  }
}

/// The value of `value` in a generated range table: the last entry whose first code point is
/// at most `value` (entries are first code points shifted left by 8, or'ed with the value).
func rangeValue(_ table: [UInt32], _ value: UInt32) -> UInt32 {
  var low = 0
  var high = table.count
  while high - low > 1 {
    let mid = (low + high) / 2
    if table[mid] >> 8 <= value { low = mid } else { high = mid }
  }
  return table.isEmpty ? 0 : table[low] & 0xFF
}
