/// Embedding levels: the explicit rules (X1–X10), then the weak, neutral and implicit rules on
/// each isolating run sequence.
extension Bidi {
  /// The embedding level of each character of a paragraph at `base` level; with the
  /// characters, bracket pairs are resolved together (N0). Explicit embeddings, overrides and
  /// isolates (X1–X10) set levels first; the weak and neutral rules then run on each isolating
  /// run sequence.
  static func levels(_ input: [Kind], base: UInt8, scalars: [Unicode.Scalar] = []) -> [UInt8] {
    guard input.contains(where: \.isExplicit) else {
      let e: Kind = base % 2 == 0 ? .l : .r
      return resolveSequence(input, level: base, sos: e, eos: e, scalars: scalars)
    }
    let n = input.count
    var (levels, types) = explicitLevels(input, base: base)
    // X10: level runs, joined across isolates into sequences.
    let matching = matchingPDIs(input)
    var runs: [[Int]] = []
    var i = 0
    while i < n {
      var j = i
      while j < n, levels[j] == levels[i] { j += 1 }
      runs.append(Array(i..<j))
      i = j
    }
    var startsAt: [Int: Int] = [:]
    for (k, run) in runs.enumerated() { startsAt[run[0]] = k }
    var used = Set<Int>()
    for (k, run) in runs.enumerated() where !used.contains(k) {
      // A run that starts with a PDI matched to an initiator was joined to that initiator's.
      if input[run[0]] == .pdi, matching.values.contains(run[0]) { continue }
      var sequence = run
      used.insert(k)
      var last = run[run.count - 1]
      while input[last].isIsolateInitiator, let pdi = matching[last], let next = startsAt[pdi] {
        sequence += runs[next]
        used.insert(next)
        last = runs[next][runs[next].count - 1]
      }
      let level = levels[sequence[0]]
      let first = sequence[0]
      let before = first > 0 ? levels[first - 1] : base
      let after: UInt8 =
        input[last].isIsolateInitiator && matching[last] == nil
        ? base : (last + 1 < n ? levels[last + 1] : base)
      func direction(_ l: UInt8) -> Kind { l % 2 == 0 ? .l : .r }
      let resolved = resolveSequence(
        sequence.map { types[$0] }, level: level, sos: direction(Swift.max(level, before)),
        eos: direction(Swift.max(level, after)),
        scalars: scalars.count == n ? sequence.map { scalars[$0] } : [])
      for (k, index) in sequence.enumerated() { levels[index] = resolved[k] }
    }
    return levels
  }

  /// The matching PDI of each isolate initiator (BD9), by index.
  static func matchingPDIs(_ input: [Kind]) -> [Int: Int] {
    var open: [Int] = []
    var out: [Int: Int] = [:]
    for (i, k) in input.enumerated() {
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

  /// X1–X9: the explicit level of each character, and its type with overrides applied and
  /// embedding controls turned into boundary neutrals.
  static func explicitLevels(_ input: [Kind], base: UInt8) -> ([UInt8], [Kind]) {
    struct Entry {
      var level: UInt8
      var override: Kind?
      var isolate: Bool
    }
    let maxDepth: UInt8 = 125
    var stack = [Entry(level: base, override: nil, isolate: false)]
    var overflowIsolates = 0
    var overflowEmbeddings = 0
    var validIsolates = 0
    var levels = [UInt8](repeating: base, count: input.count)
    var types = input
    let matching = matchingPDIs(input)
    for (i, k) in input.enumerated() {
      let top = stack[stack.count - 1]
      func next(_ rtl: Bool) -> UInt8 {
        rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
      }
      switch k {
      case .rle, .lre, .rlo, .lro:
        levels[i] = top.level
        types[i] = .bn
        let level = next(k == .rle || k == .rlo)
        if level <= maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
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
          let end = matching[i] ?? input.count
          rtl = paragraphLevel(input[(i + 1)..<end]) == 1
        }
        let level = next(rtl)
        if level <= maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
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
          while let last = stack.last, !last.isolate, stack.count > 1 { stack.removeLast() }
          if stack.count > 1 { stack.removeLast() }
          validIsolates -= 1
        }
        let now = stack[stack.count - 1]
        levels[i] = now.level
        if let o = now.override { types[i] = o }
      case .pdf:
        levels[i] = top.level
        types[i] = .bn
        if overflowIsolates > 0 {
        } else if overflowEmbeddings > 0 {
          overflowEmbeddings -= 1
        } else if !top.isolate, stack.count > 1 {
          stack.removeLast()
        }
      case .b:
        levels[i] = base
      default:
        levels[i] = top.level
        if let o = top.override, k != .bn { types[i] = o }
      }
    }
    return (levels, types)
  }

  /// W1–W7, N0–N2 and I1–I2 for one isolating run sequence at `level`, with the directions
  /// before and after it (`sos`, `eos`).
  static func resolveSequence(
    _ input: [Kind], level base: UInt8, sos: Kind, eos: Kind, scalars: [Unicode.Scalar]
  ) -> [UInt8] {
    var t = input
    let n = t.count
    let e: Kind = base % 2 == 0 ? .l : .r
    // W1: a mark takes the type of what precedes it; after an isolate's boundary it is neutral.
    for i in 0..<n where t[i] == .nsm {
      guard i > 0 else {
        t[i] = sos
        continue
      }
      let previous = input[i - 1]
      if previous.isIsolateInitiator || previous == .pdi {
        t[i] = .on
      } else {
        t[i] = t[i - 1] == .bn ? sos : t[i - 1]
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
        if t[i] == .es, t[i - 1] == .en, t[i + 1] == .en { t[i] = .en }
        if t[i] == .cs, t[i - 1] == t[i + 1], t[i - 1] == .en || t[i - 1] == .an { t[i] = t[i - 1] }
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
    func direction(_ k: Kind) -> Kind? {
      switch k {
      case .l: return .l
      case .r, .en, .an: return .r
      default: return nil
      }
    }
    // N0: a bracket pair takes the embedding direction when it holds a strong type of it;
    // else the other direction when it holds that and the context before it has it too.
    if scalars.count == n {
      for (open, close) in bracketPairs(scalars, input) {
        let inside = (open + 1..<close).compactMap { direction(t[$0]) }
        guard !inside.isEmpty else { continue }
        var resolved = e
        if !inside.contains(e) {
          var before = sos
          var k = open - 1
          while k >= 0 {
            if let d = direction(t[k]) {
              before = d
              break
            }
            k -= 1
          }
          resolved = before == e ? e : before
        }
        t[open] = resolved
        t[close] = resolved
        // Marks after a bracket follow it.
        for b in [open, close] {
          var k = b + 1
          while k < n, input[k] == .nsm {
            t[k] = resolved
            k += 1
          }
        }
      }
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
      let before = i > 0 ? direction(t[i - 1]) ?? e : sos
      let after = j < n ? direction(t[j]) ?? e : eos
      let resolved = before == after ? before : e
      for k in i..<j { t[k] = resolved }
      i = j
    }
    // I1, I2.
    return t.map { k -> UInt8 in
      if base % 2 == 0 {
        switch k {
        case .r: return base + 1
        case .an, .en: return base + 2
        default: return base
        }
      } else {
        return k == .l || k == .en || k == .an ? base + 1 : base
      }
    }
  }
}
