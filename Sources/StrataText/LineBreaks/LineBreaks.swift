/// Where lines may break: the Unicode Line Breaking Algorithm (UAX #14, Unicode 14) with its
/// default rules LB1–LB31, over the line-break classes of `LineBreakTable.swift`, and LB15a and
/// LB15b of Unicode 15.1 (an opening quotation mark after a space holds to what follows it, even
/// across spaces, and a closing one before a space to what precedes it: « bonjour »).
///
/// The rules are applied as the annex orders them; the first that matches a position decides
/// it. Numbers follow LB25's pair rules; regional-indicator flags pair up (LB30a); emoji
/// modifiers stay with their base (LB30b); zero-width joiner sequences hold together (LB8a).
/// Scripts that need a dictionary to find words (class SA: Thai, Lao, Khmer, Myanmar) are
/// treated as alphabetic, as LB1 allows without one: they break at spaces only.
enum LineBreaks {
  /// The line-break classes, in the order of the generated table's raw values. `opWide` and
  /// `cpWide` are OP and CP of East Asian width F, W or H (which LB30 leaves out);
  /// `idPictographic` is an unassigned extended pictographic code point of class ID (LB30b);
  /// `quInitial` and `quFinal` are quotation marks of general category Pi and Pf (LB15a, LB15b).
  enum Class: UInt8 {
    case al, ba, bb, b2, bk, cb, cl, cm, cp, cr, eb, em, ex, gl, h2, h3, hl, hy, id, inseparable,
      infixSeparator, jl, jt, jv, lf, nl, ns, nu, op, po, pr, qu, ri, sa, sp, sy, wj, zw, zwj, cj,
      opWide, cpWide, idPictographic, quInitial, quFinal
  }

  /// A break opportunity after a character.
  enum Opportunity: UInt8 {
    /// A line must not end here.
    case prohibited
    /// A line may end here.
    case allowed
    /// A line must end here (after a line or paragraph separator).
    case mandatory
  }

  /// The class of `c`, from the generated table.
  static func lineBreakClass(of c: Unicode.Scalar) -> Class {
    if c.value < 128 { return ascii[Int(c.value)] }
    return lookUp(c.value)
  }

  private static let ascii: [Class] = (0..<128).map { lookUp(UInt32($0)) }

  private static func lookUp(_ value: UInt32) -> Class {
    // The last entry whose first code point is at most `value`.
    var low = 0
    var high = table.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if table[mid] >> 8 <= value { low = mid } else { high = mid }
    }
    return Class(rawValue: UInt8(truncatingIfNeeded: table[low])) ?? .al
  }

  /// The opportunity after each scalar of `scalars` (the last is always `.mandatory`, LB3).
  static func opportunities(_ scalars: [Unicode.Scalar]) -> [Opportunity] {
    let n = scalars.count
    guard n > 0 else { return [] }
    var original = [Class]()
    original.reserveCapacity(n)
    // The class each rule after LB9 sees, whether it is an East Asian wide bracket, whether it
    // is an unassigned pictograph, and whether it is a combining mark or joiner taken into the
    // character before (LB9).
    var effective = [Class]()
    effective.reserveCapacity(n)
    var wide = [Bool](repeating: false, count: n)
    var pictograph = [Bool](repeating: false, count: n)
    var attached = [Bool](repeating: false, count: n)
    var quote = [Quote](repeating: .none, count: n)
    for (i, scalar) in scalars.enumerated() {
      var c = lineBreakClass(of: scalar)
      switch c {
      case .sa: c = .al
      case .cj: c = .ns
      case .opWide:
        c = .op
        wide[i] = true
      case .cpWide:
        c = .cp
        wide[i] = true
      case .idPictographic:
        c = .id
        pictograph[i] = true
      case .quInitial:
        c = .qu
        quote[i] = .initial
      case .quFinal:
        c = .qu
        quote[i] = .final
      default: break
      }
      original.append(c)
      var e = c
      if c == .cm || c == .zwj {
        if i > 0, !Self.isBreakOrSpace(effective[i - 1]) {
          e = effective[i - 1]
          wide[i] = wide[i - 1]
          pictograph[i] = pictograph[i - 1]
          attached[i] = true
        } else {
          e = .al  // LB10
        }
      }
      effective.append(e)
    }
    var result = [Opportunity](repeating: .prohibited, count: n)
    result[n - 1] = .mandatory
    // The class before the spaces that end at a position (for the SP* rules), the class of
    // the character before the current one's combining sequence (LB21a), and the count of
    // regional indicators in a row (LB30a).
    var beforeSpaces = effective[0]
    var unitBefore: Class? = nil
    // LB15a: whether the last character before the spaces is an opening quotation mark that
    // begins a word (after the start, a break, a space, an opening bracket, a quote or glue).
    var openingQuote = quote[0] == .initial
    // The index of the next character that begins a unit, after each position (LB15b).
    var nextUnit = [Int](repeating: n, count: n)
    for i in stride(from: n - 2, through: 0, by: -1) {
      nextUnit[i] = attached[i + 1] ? nextUnit[i + 1] : i + 1
    }
    var regionalRun = effective[0] == .ri ? 1 : 0
    for i in 1..<n {
      let a = i - 1
      result[a] = decide(
        before: a, after: i, original: original, effective: effective, wide: wide,
        pictograph: pictograph, attached: attached, beforeSpaces: beforeSpaces,
        unitBefore: unitBefore, regionalRun: regionalRun, openingQuote: openingQuote,
        closingQuote: quote[i] == .final
          && Self.endsAQuote(nextUnit[i] < n ? effective[nextUnit[i]] : nil))
      // Move the running state on to position i; a combining mark or joiner taken into the
      // character before continues its unit.
      if !attached[i] {
        if effective[i] != .sp {
          openingQuote = quote[i] == .initial && Self.beginsAQuote(effective[a])
        }
        unitBefore = effective[a]
        regionalRun = effective[i] == .ri ? regionalRun + 1 : 0
      }
      if effective[i] != .sp { beforeSpaces = effective[i] }
    }
    return result
  }

  /// Which quotation marks LB15a and LB15b tell apart.
  enum Quote { case none, initial, final }

  private static func isBreakOrSpace(_ c: Class) -> Bool {
    switch c {
    case .bk, .cr, .lf, .nl, .sp, .zw: return true
    default: return false
    }
  }

  /// LB15a: what may come before an opening quotation mark that holds to what follows.
  private static func beginsAQuote(_ c: Class) -> Bool {
    switch c {
    case .bk, .cr, .lf, .nl, .op, .qu, .gl, .sp, .zw: return true
    default: return false
    }
  }

  /// LB15b: what may come after a closing quotation mark that holds to what precedes (`nil`
  /// is the end of the text).
  private static func endsAQuote(_ c: Class?) -> Bool {
    guard let c else { return true }
    switch c {
    case .sp, .gl, .wj, .cl, .qu, .cp, .ex, .infixSeparator, .sy, .bk, .cr, .lf, .nl, .zw:
      return true
    default: return false
    }
  }

  private static func isHangul(_ c: Class) -> Bool {
    switch c {
    case .jl, .jv, .jt, .h2, .h3: return true
    default: return false
    }
  }

  // One position, rule by rule (a long switch of the annex's rules, kept in its order).
  // swift-format-ignore: CyclomaticComplexity
  private static func decide(
    before a: Int, after b: Int, original: [Class], effective: [Class], wide: [Bool],
    pictograph: [Bool], attached: [Bool], beforeSpaces: Class, unitBefore: Class?,
    regionalRun: Int, openingQuote: Bool, closingQuote: Bool
  ) -> Opportunity {
    let oa = original[a]
    let ob = original[b]
    // LB4, LB5: mandatory breaks after hard line ends; CR LF stays together.
    if oa == .bk { return .mandatory }
    if oa == .cr && ob == .lf { return .prohibited }
    if oa == .cr || oa == .lf || oa == .nl { return .mandatory }
    // LB6: not before hard line ends. LB7: not before spaces or zero width space.
    switch ob {
    case .bk, .cr, .lf, .nl, .sp, .zw: return .prohibited
    default: break
    }
    // LB8: after a zero width space (and any spaces after it).
    if beforeSpaces == .zw { return .allowed }
    // LB8a: not after a zero width joiner.
    if oa == .zwj { return .prohibited }
    // LB9: not inside a combining sequence.
    if attached[b] { return .prohibited }
    let x = effective[a]
    let y = effective[b]
    // LB11: word joiners. LB12, LB12a: glue.
    if x == .wj || y == .wj { return .prohibited }
    if x == .gl { return .prohibited }
    if y == .gl && x != .sp && x != .ba && x != .hy { return .prohibited }
    // LB13: not before closing punctuation, exclamation and separators.
    switch y {
    case .cl, .cp, .ex, .infixSeparator, .sy: return .prohibited
    default: break
    }
    // LB14–LB17: the rules across spaces.
    if beforeSpaces == .op { return .prohibited }
    // LB15a, LB15b (Unicode 15.1): quotation marks that open and close a quote.
    if openingQuote || closingQuote { return .prohibited }
    if beforeSpaces == .qu && y == .op { return .prohibited }
    if (beforeSpaces == .cl || beforeSpaces == .cp) && y == .ns { return .prohibited }
    if beforeSpaces == .b2 && y == .b2 { return .prohibited }
    // LB18: after spaces.
    if x == .sp { return .allowed }
    // LB19: around quotation marks. LB20: around contingent breaks.
    if x == .qu || y == .qu { return .prohibited }
    if x == .cb || y == .cb { return .allowed }
    // LB21: before hyphens, break-after and non-starters; after break-before.
    if y == .ba || y == .hy || y == .ns || x == .bb { return .prohibited }
    // LB21a: a Hebrew letter's hyphen stays with the next character. LB21b.
    if (x == .hy || x == .ba) && unitBefore == .hl { return .prohibited }
    if x == .sy && y == .hl { return .prohibited }
    // LB22: before inseparables.
    if y == .inseparable { return .prohibited }
    // LB23, LB23a, LB24: letters, numbers and affixes.
    let xLetter = x == .al || x == .hl
    let yLetter = y == .al || y == .hl
    if (xLetter && y == .nu) || (x == .nu && yLetter) { return .prohibited }
    if x == .pr && (y == .id || y == .eb || y == .em) { return .prohibited }
    if (x == .id || x == .eb || x == .em) && y == .po { return .prohibited }
    if (x == .pr || x == .po) && yLetter { return .prohibited }
    if xLetter && (y == .pr || y == .po) { return .prohibited }
    // LB25: numbers with their prefixes, suffixes and separators.
    switch (x, y) {
    case (.cl, .po), (.cp, .po), (.cl, .pr), (.cp, .pr), (.nu, .po), (.nu, .pr), (.po, .op),
      (.po, .nu), (.pr, .op), (.pr, .nu), (.hy, .nu), (.infixSeparator, .nu), (.nu, .nu),
      (.sy, .nu):
      return .prohibited
    default: break
    }
    // LB26, LB27: Korean syllable blocks.
    if x == .jl && (y == .jl || y == .jv || y == .h2 || y == .h3) { return .prohibited }
    if (x == .jv || x == .h2) && (y == .jv || y == .jt) { return .prohibited }
    if (x == .jt || x == .h3) && y == .jt { return .prohibited }
    if isHangul(x) && y == .po { return .prohibited }
    if x == .pr && isHangul(y) { return .prohibited }
    // LB28: between letters. LB29: after an infix separator before letters.
    if xLetter && yLetter { return .prohibited }
    if x == .infixSeparator && yLetter { return .prohibited }
    // LB30: letters and numbers with narrow brackets.
    if (xLetter || x == .nu) && y == .op && !wide[b] { return .prohibited }
    if x == .cp && !wide[a] && (yLetter || y == .nu) { return .prohibited }
    // LB30a: regional indicators pair up.
    if x == .ri && y == .ri && regionalRun % 2 == 1 { return .prohibited }
    // LB30b: emoji modifiers stay with their base.
    if y == .em && (x == .eb || pictograph[a]) { return .prohibited }
    // LB31: everywhere else.
    return .allowed
  }

  /// Sets each item's `breakAfter` from the opportunities of its characters.
  static func mark(_ items: inout [TextEngine.Item]) {
    let found = opportunities(items.map(\.scalar))
    for i in items.indices {
      items[i].breakAfter = !items[i].isNewline && found[i] == .allowed
    }
  }
}
