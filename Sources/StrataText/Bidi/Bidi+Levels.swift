/// Embedding levels of one paragraph: the explicit rules (X1–X8), the removal of X9, the
/// isolating run sequences of X10, and on each sequence the weak (W1–W7), bracket (N0),
/// neutral (N1–N2) and implicit (I1–I2) rules.
extension Bidi {
  /// The resolved levels of a paragraph.
  struct Resolution: Equatable {
    /// The paragraph embedding level.
    var paragraphLevel: UInt8
    /// Each character's level; a character X9 removes has the level of the character before
    /// it (the paragraph level at the start), so that it never splits a run.
    var levels: [UInt8]
    /// Whether X9 removes the character (embedding and override controls, PDF, boundary
    /// neutrals).
    var removed: [Bool]
  }

  /// The deepest embedding level (BD2).
  static let maximumDepth: UInt8 = 125

  /// Resolves a paragraph of `kinds` (without paragraph separators but, perhaps, the last)
  /// at `base` level, or at the level of its first strong character (P2–P3) when `base` is
  /// nil. With `scalars`, bracket pairs are resolved (N0); without, none are found.
  static func resolve(_ kinds: [Kind], scalars: [Unicode.Scalar] = [], base: UInt8? = nil)
    -> Resolution
  {
    let n = kinds.count
    let matching = matchingPDIs(kinds)
    let paragraph = base ?? firstStrongLevel(kinds, 0..<n, matching: matching) ?? 0
    var (levels, types) = explicitLevels(kinds, base: paragraph, matching: matching)
    let explicit = levels
    let removed = kinds.map(isRemovedByX9)
    // The nearest character before and after each that X9 keeps (-1 and n: none).
    var keptBefore = [Int](repeating: -1, count: n)
    var keptAfter = [Int](repeating: n, count: n)
    for i in 1..<Swift.max(1, n) { keptBefore[i] = removed[i - 1] ? keptBefore[i - 1] : i - 1 }
    for i in stride(from: n - 2, through: 0, by: -1) {
      keptAfter[i] = removed[i + 1] ? keptAfter[i + 1] : i + 1
    }
    // X10: level runs of the characters that remain, joined across isolates into sequences.
    var runs: [[Int]] = []
    for i in 0..<n where !removed[i] {
      if let last = runs.last?.last, levels[last] == levels[i] {
        runs[runs.count - 1].append(i)
      } else {
        runs.append([i])
      }
    }
    var runStartingAt: [Int: Int] = [:]
    for (k, run) in runs.enumerated() { runStartingAt[run[0]] = k }
    var joined = [Bool](repeating: false, count: runs.count)
    let brackets = scalars.count == n
    for k in runs.indices where !joined[k] {
      var sequence = runs[k]
      var last = sequence[sequence.count - 1]
      while kinds[last].isIsolateInitiator, let pdi = matching[last], let next = runStartingAt[pdi]
      {
        sequence += runs[next]
        joined[next] = true
        last = sequence[sequence.count - 1]
      }
      let level = explicit[sequence[0]]
      let p = keptBefore[sequence[0]]
      let before = p >= 0 ? explicit[p] : paragraph
      let q = keptAfter[last]
      let after = !kinds[last].isIsolateInitiator && q < n ? explicit[q] : paragraph
      resolveSequence(
        sequence, types: &types, original: kinds, level: level,
        sos: direction(Swift.max(level, before)), eos: direction(Swift.max(level, after)),
        scalars: brackets ? scalars : [])
      for i in sequence { levels[i] = implicitLevel(types[i], level) }
    }
    // Removed characters take the level before them.
    var previous = paragraph
    for i in 0..<n {
      if removed[i] { levels[i] = previous } else { previous = levels[i] }
    }
    return Resolution(paragraphLevel: paragraph, levels: levels, removed: removed)
  }

  /// The direction of a level: left to right when even.
  static func direction(_ level: UInt8) -> Kind { level % 2 == 0 ? .l : .r }

  /// Whether rule X9 removes a character of this type.
  static func isRemovedByX9(_ k: Kind) -> Bool {
    switch k {
    case .rle, .lre, .rlo, .lro, .pdf, .bn: return true
    default: return false
    }
  }

  /// I1, I2: the level of a character of resolved type `k` in a sequence at `level`.
  static func implicitLevel(_ k: Kind, _ level: UInt8) -> UInt8 {
    if level % 2 == 0 {
      switch k {
      case .r: return level + 1
      case .an, .en: return level + 2
      default: return level
      }
    }
    return k == .l || k == .en || k == .an ? level + 1 : level
  }

  /// P2–P3 over `range`: 0 or 1 after the first strong character outside isolates, nil when
  /// there is none. An unmatched PDI is skipped; the search ends at a paragraph separator.
  static func firstStrongLevel(_ kinds: [Kind], _ range: Range<Int>, matching: [Int: Int])
    -> UInt8?
  {
    var i = range.lowerBound
    while i < range.upperBound {
      let k = kinds[i]
      if k.isIsolateInitiator {
        guard let end = matching[i] else { return nil }
        i = end + 1
        continue
      }
      if k == .b { return nil }
      if k.isStrong { return k == .l ? 0 : 1 }
      i += 1
    }
    return nil
  }

  /// The matching PDI of each isolate initiator (BD9), by index.
  static func matchingPDIs(_ kinds: [Kind]) -> [Int: Int] {
    var open: [Int] = []
    var out: [Int: Int] = [:]
    for (i, k) in kinds.enumerated() {
      if k.isIsolateInitiator {
        open.append(i)
      } else if k == .pdi, let o = open.popLast() {
        out[o] = i
      } else if k == .b {
        open = []
      }
    }
    return out
  }

  /// X1–X8: the explicit level of each character, and its type with overrides applied.
  static func explicitLevels(_ kinds: [Kind], base: UInt8, matching: [Int: Int]) -> (
    [UInt8], [Kind]
  ) {
    struct Entry {
      var level: UInt8
      var override: Kind?
      var isolate: Bool
    }
    var stack = [Entry(level: base, override: nil, isolate: false)]
    var overflowIsolates = 0
    var overflowEmbeddings = 0
    var validIsolates = 0
    var levels = [UInt8](repeating: base, count: kinds.count)
    var types = kinds
    for (i, k) in kinds.enumerated() {
      let top = stack[stack.count - 1]
      func next(_ rtl: Bool) -> UInt8 { rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1 }
      switch k {
      case .rle, .lre, .rlo, .lro:
        levels[i] = top.level
        let level = next(k == .rle || k == .rlo)
        if level <= maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
          let o: Kind? = k == .rlo ? .r : k == .lro ? .l : nil
          stack.append(Entry(level: level, override: o, isolate: false))
        } else if overflowIsolates == 0 {
          overflowEmbeddings += 1
        }
      case .rli, .lri, .fsi:
        levels[i] = top.level
        if let o = top.override { types[i] = o }
        var rtl = k == .rli
        if k == .fsi {
          let end = matching[i] ?? kinds.count
          rtl = firstStrongLevel(kinds, (i + 1)..<end, matching: matching) == 1
        }
        let level = next(rtl)
        if level <= maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
          validIsolates += 1
          stack.append(Entry(level: level, override: nil, isolate: true))
        } else {
          overflowIsolates += 1
        }
      case .pdi:
        if overflowIsolates > 0 {
          overflowIsolates -= 1
        } else if validIsolates > 0 {
          overflowEmbeddings = 0
          while let last = stack.last, !last.isolate { stack.removeLast() }
          stack.removeLast()
          validIsolates -= 1
        }
        let now = stack[stack.count - 1]
        levels[i] = now.level
        if let o = now.override { types[i] = o }
      case .pdf:
        levels[i] = top.level
        if overflowIsolates > 0 {
        } else if overflowEmbeddings > 0 {
          overflowEmbeddings -= 1
        } else if !top.isolate, stack.count > 1 {
          stack.removeLast()
        }
      case .b:
        levels[i] = base
      case .bn:
        levels[i] = top.level
      default:
        levels[i] = top.level
        if let o = top.override { types[i] = o }
      }
    }
    return (levels, types)
  }

  /// W1–W7, N0–N2 for one isolating run sequence (indexes into the paragraph) at `level`,
  /// with the directions before and after it (`sos`, `eos`): `types` ends resolved to L, R,
  /// EN or AN for each of its characters.
  // swift-format-ignore: CyclomaticComplexity
  static func resolveSequence(
    _ sequence: [Int], types: inout [Kind], original: [Kind], level: UInt8, sos: Kind,
    eos: Kind, scalars: [Unicode.Scalar]
  ) {
    var t = sequence.map { types[$0] }
    let n = t.count
    let e = direction(level)
    // W1: a mark takes the type of what precedes it; after an isolate's boundary it is neutral.
    for i in 0..<n where t[i] == .nsm {
      if i == 0 {
        t[i] = sos
      } else if t[i - 1].isIsolateInitiator || t[i - 1] == .pdi {
        t[i] = .on
      } else {
        t[i] = t[i - 1]
      }
    }
    // W2: European numbers after Arabic letters are Arabic numbers; W3: AL is R.
    var lastStrong = sos
    for i in 0..<n {
      switch t[i] {
      case .l, .r: lastStrong = t[i]
      case .al:
        lastStrong = .al
        t[i] = .r
      case .en where lastStrong == .al: t[i] = .an
      default: break
      }
    }
    // W4: a single separator between two numbers of one kind joins them.
    if n >= 3 {
      for i in 1..<(n - 1) {
        if t[i] == .es, t[i - 1] == .en, t[i + 1] == .en {
          t[i] = .en
        } else if t[i] == .cs, t[i - 1] == t[i + 1], t[i - 1] == .en || t[i - 1] == .an {
          t[i] = t[i - 1]
        }
      }
    }
    // W5: terminators next to European numbers become European numbers.
    var i = 0
    while i < n {
      guard t[i] == .et else {
        i += 1
        continue
      }
      var j = i
      while j < n, t[j] == .et { j += 1 }
      if (i > 0 && t[i - 1] == .en) || (j < n && t[j] == .en) {
        for k in i..<j { t[k] = .en }
      }
      i = j
    }
    // W6: remaining separators and terminators are neutral.
    for i in 0..<n where t[i] == .es || t[i] == .et || t[i] == .cs { t[i] = .on }
    // W7: European numbers after a left-to-right letter are left to right.
    lastStrong = sos
    for i in 0..<n {
      if t[i] == .l || t[i] == .r { lastStrong = t[i] }
      if t[i] == .en, lastStrong == .l { t[i] = .l }
    }
    // N0: bracket pairs.
    if !scalars.isEmpty {
      resolveBrackets(sequence, &t, original: original, embedding: e, sos: sos, scalars: scalars)
    }
    // N1, N2: neutrals between two strong types of one direction take it; others the embedding's.
    i = 0
    while i < n {
      guard t[i].isNeutral else {
        i += 1
        continue
      }
      var j = i
      while j < n, t[j].isNeutral { j += 1 }
      let before = i > 0 ? strongDirection(t[i - 1]) ?? e : sos
      let after = j < n ? strongDirection(t[j]) ?? e : eos
      let resolved = before == after ? before : e
      for k in i..<j { t[k] = resolved }
      i = j
    }
    for (k, index) in sequence.enumerated() { types[index] = t[k] }
  }

  /// The direction a resolved type counts as in N0–N2: numbers count as right to left.
  static func strongDirection(_ k: Kind) -> Kind? {
    switch k {
    case .l: return .l
    case .r, .al, .en, .an: return .r
    default: return nil
    }
  }

  /// N0: each bracket pair of the sequence takes the embedding direction when it holds a
  /// strong type of it; else the other direction when it holds that and the context before it
  /// has it too. Marks after a bracket follow it.
  static func resolveBrackets(
    _ sequence: [Int], _ t: inout [Kind], original: [Kind], embedding e: Kind, sos: Kind,
    scalars: [Unicode.Scalar]
  ) {
    for (open, close) in bracketPairs(sequence, t, scalars: scalars) {
      var found: Kind? = nil
      for k in (open + 1)..<close {
        guard let d = strongDirection(t[k]) else { continue }
        if d == e {
          found = e
          break
        }
        found = d
      }
      guard let inside = found else { continue }
      var resolved = e
      if inside != e {
        var before = sos
        for k in stride(from: open - 1, through: 0, by: -1) {
          if let d = strongDirection(t[k]) {
            before = d
            break
          }
        }
        resolved = before == inside ? inside : e
      }
      for b in [open, close] {
        t[b] = resolved
        var k = b + 1
        while k < t.count, original[sequence[k]] == .nsm {
          t[k] = resolved
          k += 1
        }
      }
    }
  }

  /// BD16: the bracket pairs of a sequence (positions in it), in the order of their openings.
  /// A bracket counts only while its type is ON; with 63 openings pending, the search stops
  /// and finds nothing.
  static func bracketPairs(_ sequence: [Int], _ t: [Kind], scalars: [Unicode.Scalar]) -> [(
    Int, Int
  )] {
    var stack: [(key: UInt32, position: Int)] = []
    var pairs: [(Int, Int)] = []
    for (position, index) in sequence.enumerated() where t[position] == .on {
      guard let bracket = bracket(of: scalars[index]) else { continue }
      if bracket.isOpening {
        guard stack.count < 63 else { return [] }
        stack.append((bracket.key, position))
      } else if let k = stack.lastIndex(where: { $0.key == bracket.key }) {
        pairs.append((stack[k].position, position))
        stack.removeSubrange(k...)
      }
    }
    return pairs.sorted { $0.0 < $1.0 }
  }
}
