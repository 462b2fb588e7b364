/// How Arabic letters join (the Joining_Type property), for choosing initial, medial, final and
/// isolated forms.
enum ArabicJoining {
  enum Kind { case dual, right, transparent, none, causing }

  static func kind(of c: Unicode.Scalar) -> Kind {
    switch c.value {
    case 0x640, 0x200D: return .causing
    case 0x610...0x61A, 0x64B...0x65F, 0x670, 0x6D6...0x6DC, 0x6DF...0x6E4, 0x6E7, 0x6E8,
      0x6EA...0x6ED:
      return .transparent
    case 0x622...0x625, 0x627, 0x629, 0x62F...0x632, 0x648, 0x671...0x673, 0x675...0x677,
      0x688...0x699, 0x6C0, 0x6C3...0x6CB, 0x6CD, 0x6CF, 0x6D2, 0x6D3, 0x6D5, 0x6EE, 0x6EF:
      return .right
    case 0x620, 0x626, 0x628, 0x62A...0x62E, 0x633...0x63F, 0x641...0x647, 0x649, 0x64A, 0x66E,
      0x66F,
      0x678...0x687, 0x69A...0x6BF, 0x6C1, 0x6C2, 0x6CC, 0x6CE, 0x6D0, 0x6D1, 0x6FA...0x6FC, 0x6FF:
      return .dual
    default: return .none
    }
  }

  /// The form feature (`isol`, `init`, `medi`, `fina`) of each character of `text` (nil for
  /// those that do not join).
  static func forms(_ text: [Unicode.Scalar]) -> [String?] {
    let kinds = text.map(kind(of:))
    var out = [String?](repeating: nil, count: text.count)
    func neighbour(_ i: Int, _ step: Int) -> Kind {
      var k = i + step
      while k >= 0, k < kinds.count, kinds[k] == .transparent { k += step }
      return k >= 0 && k < kinds.count ? kinds[k] : .none
    }
    for i in text.indices where kinds[i] == .dual || kinds[i] == .right {
      let prev = neighbour(i, -1)
      let next = neighbour(i, 1)
      let joinsPrevious = prev == .dual || prev == .causing
      let joinsNext = kinds[i] == .dual && (next == .dual || next == .right || next == .causing)
      out[i] =
        joinsPrevious && joinsNext ? "medi" : joinsPrevious ? "fina" : joinsNext ? "init" : "isol"
    }
    return out
  }
}
