/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph: character types, the weak
/// and neutral rules, embedding levels, and the reordering of a line.
///
/// Implemented: rules P2–P3 (the paragraph level from the first strong character, unless
/// given), W1–W7, N0–N2, I1–I2, L1 (trailing white space) and L2 (reversal), with L4 mirroring
/// left to the caller (``mirror(_:)``), the bracket-pair rule N0 for the common pairs, and
/// explicit embeddings, overrides and isolates (X1–X10, with isolating run sequences). Character types are read from range tables covering Latin,
/// Greek, Cyrillic, Armenian, Hebrew, Arabic (with its presentation forms), Syriac, Thaana and
/// N'Ko, digits, and the common punctuation; other characters count as left-to-right letters.
enum Bidi {
  /// A character's bidirectional type (Bidi_Class): strong left to right, right to left and
  /// Arabic letter; European and Arabic numbers with their separators and terminator; marks;
  /// boundary neutrals; paragraph and segment separators; white space; other neutrals.
  enum Kind: UInt8 {
    case l, r, al, en, es, et, an, cs, nsm, bn, b, s, ws, on, lre, rle, lro, rlo, pdf, lri, rli,
      fsi, pdi
    var isStrong: Bool { self == .l || self == .r || self == .al }
    var isNeutral: Bool {
      switch self {
      case .b, .s, .ws, .on, .bn, .lri, .rli, .fsi, .pdi: return true
      default: return false
      }
    }
    /// Whether it starts an isolate.
    var isIsolateInitiator: Bool { self == .lri || self == .rli || self == .fsi }
    /// Whether it is an explicit formatting character (embedding, override, isolate).
    var isExplicit: Bool {
      switch self {
      case .lre, .rle, .lro, .rlo, .pdf, .lri, .rli, .fsi, .pdi: return true
      default: return false
      }
    }
  }

  /// Whether a character is drawn as nothing: a boundary neutral or an explicit formatting
  /// character (Default_Ignorable in practice for the characters typed into an onboarding).
  static func isInvisible(_ c: Unicode.Scalar) -> Bool {
    let k = kind(of: c)
    return k == .bn || k.isExplicit
  }

  /// The types of the ASCII characters, looked up without the range tests.
  static let ascii: [Kind] = (0..<128).map { slowKind(of: Unicode.Scalar(UInt8($0))) }

  static func kind(of c: Unicode.Scalar) -> Kind {
    c.value < 128 ? ascii[Int(c.value)] : slowKind(of: c)
  }

  static func slowKind(of c: Unicode.Scalar) -> Kind {
    let v = c.value
    switch v {
    case 0x202A: return .lre
    case 0x202B: return .rle
    case 0x202C: return .pdf
    case 0x202D: return .lro
    case 0x202E: return .rlo
    case 0x2066: return .lri
    case 0x2067: return .rli
    case 0x2068: return .fsi
    case 0x2069: return .pdi
    case 0x30...0x39, 0xB2, 0xB3, 0xB9, 0x6F0...0x6F9, 0x2070...0x2079, 0x2080...0x2089,
      0xFF10...0xFF19:
      return .en
    case 0x660...0x669, 0x66B, 0x66C, 0x600...0x605, 0x6DD, 0x8E2, 0x10D30...0x10D39:
      return .an
    case 0x2B, 0x2D, 0x207A, 0x207B, 0x208A, 0x208B, 0x2212, 0xFB29, 0xFE62, 0xFE63, 0xFF0B, 0xFF0D:
      return .es
    case 0x23...0x25, 0xA2...0xA5, 0xB0, 0xB1, 0x609, 0x60A, 0x66A, 0x20A0...0x20CF,
      0x2030...0x2034,
      0x2213:
      return .et
    case 0x2C, 0x2E, 0x2F, 0x3A, 0xA0, 0x60C, 0x202F, 0x2044, 0xFE50, 0xFE52, 0xFE55, 0xFF0C,
      0xFF0E,
      0xFF1A:
      return .cs
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return .b
    case 0x09, 0x0B, 0x1F: return .s
    case 0x0C, 0x20, 0x1680, 0x2000...0x200A, 0x2028, 0x205F, 0x3000: return .ws
    case 0x00...0x08, 0x0E...0x1B, 0x7F...0x84, 0x86...0x9F, 0xAD, 0x200B...0x200D, 0x2060...0x206F,
      0xFEFF, 0x202A...0x202E:
      return .bn
    case 0x300...0x36F, 0x483...0x489, 0x591...0x5BD, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7,
      0x610...0x61A, 0x64B...0x65F, 0x670, 0x6D6...0x6DC, 0x6DF...0x6E4, 0x6E7, 0x6E8,
      0x6EA...0x6ED,
      0x711, 0x730...0x74A, 0x7A6...0x7B0, 0x7EB...0x7F3, 0x20D0...0x20F0, 0xFE00...0xFE0F,
      0xFE20...0xFE2F:
      return .nsm
    case 0x5BE, 0x5C0, 0x5C3, 0x5C6, 0x5D0...0x5FF, 0x7C0...0x7EA, 0x7F4, 0x7F5, 0x7FA, 0x200F,
      0xFB1D, 0xFB1F...0xFB28, 0xFB2A...0xFB4F, 0x10800...0x10FFF:
      return .r
    case 0x608, 0x60B, 0x60D, 0x61B...0x64A, 0x66D...0x66F, 0x671...0x6D5, 0x6E5, 0x6E6, 0x6EE,
      0x6EF,
      0x6FA...0x70D, 0x70F...0x710, 0x712...0x72F, 0x74D...0x7A5, 0x7B1, 0x860...0x8FF,
      0xFB50...0xFD3D, 0xFD50...0xFDFC, 0xFE70...0xFEFE:
      return .al
    case 0x21, 0x22, 0x26...0x2A, 0x3B...0x40, 0x5B...0x60, 0x7B...0x7E, 0xA1, 0xA6...0xA9, 0xAB,
      0xAC, 0xAE, 0xAF, 0xB4, 0xB6...0xB8, 0xBB...0xBF, 0xD7, 0xF7, 0x2010...0x2027,
      0x2035...0x2043,
      0x2045...0x205E, 0x2190...0x23FF, 0x2500...0x27FF, 0x2E00...0x2E7F, 0x3001...0x3003,
      0xFE10...0xFE19, 0x1F000...0x1FAFF:
      return .on
    default:
      return .l
    }
  }

  /// The paragraph level of `kinds` (P2–P3): 1 when the first strong type is R or AL,
  /// skipping what lies inside isolates.
  static func paragraphLevel(_ kinds: some Collection<Kind>) -> UInt8 {
    var depth = 0
    for k in kinds {
      if k.isIsolateInitiator {
        depth += 1
      } else if k == .pdi {
        if depth == 0 { return 0 }
        depth -= 1
      } else if depth == 0, k.isStrong {
        return k == .l ? 0 : 1
      }
    }
    return 0
  }

  /// The paired brackets (BidiBrackets.txt's common pairs): opening → closing.
  static let bracketPairs: [UInt32: UInt32] = [
    0x28: 0x29, 0x5B: 0x5D, 0x7B: 0x7D, 0xF3A: 0xF3B, 0xF3C: 0xF3D, 0x169B: 0x169C,
    0x2045: 0x2046, 0x207D: 0x207E, 0x208D: 0x208E, 0x2329: 0x232A, 0x2768: 0x2769,
    0x276A: 0x276B, 0x27E6: 0x27E7, 0x27E8: 0x27E9, 0x2983: 0x2984, 0x3008: 0x3009,
    0x300A: 0x300B, 0x300C: 0x300D, 0x3010: 0x3011, 0xFF08: 0xFF09, 0xFF3B: 0xFF3D,
    0xFF5B: 0xFF5D,
  ]

  /// The bracket pairs of a paragraph (BD16): indexes of opening and closing brackets, in the
  /// order of their openings, with at most 63 open at once.
  static func bracketPairs(_ scalars: [Unicode.Scalar], _ kinds: [Kind]) -> [(Int, Int)] {
    var stack: [(closing: UInt32, index: Int)] = []
    var pairs: [(Int, Int)] = []
    for (i, c) in scalars.enumerated() where kinds[i] == .on {
      if let closing = bracketPairs[c.value] {
        guard stack.count < 63 else { break }
        stack.append((closing, i))
      } else if let k = stack.lastIndex(where: { $0.closing == c.value }) {
        pairs.append((stack[k].index, i))
        stack.removeSubrange(k...)
      }
    }
    return pairs.sorted { $0.0 < $1.0 }
  }

  /// The visual order of a line's characters (indexes into it), from their levels and kinds:
  /// L1 puts trailing white space (and segment separators) at the paragraph level, then L2
  /// reverses every run at each level from the highest down to the lowest odd one.
  static func visualOrder(levels: [UInt8], kinds: [Kind], base: UInt8) -> [Int] {
    var lv = levels
    var k = lv.count - 1
    while k >= 0, kinds[k] == .ws || kinds[k] == .s || kinds[k] == .bn || kinds[k] == .b {
      lv[k] = base
      k -= 1
    }
    for i in lv.indices where kinds[i] == .s || kinds[i] == .b { lv[i] = base }
    var order = Array(lv.indices)
    guard let highest = lv.max() else { return order }
    let lowestOdd = (lv.filter { $0 % 2 == 1 }.min()) ?? (highest + 1)
    var level = highest
    while level >= lowestOdd && level > 0 {
      var i = 0
      while i < order.count {
        guard lv[order[i]] >= level else {
          i += 1
          continue
        }
        var j = i
        while j < order.count, lv[order[j]] >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return order
  }

  /// The mirrored form of a character drawn right to left (L4), if it has one.
  static func mirror(_ c: Unicode.Scalar) -> Unicode.Scalar? {
    let pairs: [UInt32: UInt32] = [
      0x28: 0x29, 0x29: 0x28, 0x3C: 0x3E, 0x3E: 0x3C, 0x5B: 0x5D, 0x5D: 0x5B, 0x7B: 0x7D,
      0x7D: 0x7B, 0xAB: 0xBB, 0xBB: 0xAB, 0x2039: 0x203A, 0x203A: 0x2039, 0x2045: 0x2046,
      0x2046: 0x2045, 0x207D: 0x207E, 0x207E: 0x207D, 0x2264: 0x2265, 0x2265: 0x2264,
      0x3008: 0x3009, 0x3009: 0x3008, 0x300A: 0x300B, 0x300B: 0x300A, 0xFF08: 0xFF09,
      0xFF09: 0xFF08,
    ]
    return pairs[c.value].flatMap(Unicode.Scalar.init)
  }
}
