/// The one vocabulary of easings: the names Swift's static members have, and the three
/// parameterised forms, read from text the same way by the spec, the command line and the
/// preview.
extension Easing {
  /// Every easing name, in the order the docs list them: `linear`, `ease`, the CSS-style
  /// `easeIn`, `easeOut` and `easeInOut` (Swift's ``easeIn``, ``easeOut`` and ``easeInOut``:
  /// the cubic curves), then the presets.
  public static let names: [String] =
    ["linear", "ease", "easeIn", "easeOut", "easeInOut"]
    + presets.map(\.name).filter { !$0.contains("(") && $0 != "linear" }

  /// The parameterised forms, as the docs and messages write them.
  public static let parameterisedForms = [
    "cubicBezier(x1, y1, x2, y2)", "steps(n)", "spring(damping, frequency)",
  ]

  /// The easing `text` names: one of ``names``, or `cubicBezier(x1, y1, x2, y2)` with x1 and
  /// x2 from 0 to 1 (as CSS asks), `steps(n)` with n a whole number from 1 to 1000, or
  /// `spring(damping, frequency)` with damping over 0 and under 1 and frequency from 0.1 to
  /// 20 (the parameters ``spring(damping:frequency:)`` takes). Spaces around the numbers are
  /// allowed. Nil for anything else; ``problem(with:)`` says why.
  public init?(named text: String) {
    switch Self.parse(text) {
    case .success(let e): self = e
    case .failure: return nil
    }
  }

  /// Why `text` names no easing, or nil when it names one: the message lists every name and
  /// form, and suggests the nearest name.
  public static func problem(with text: String) -> String? {
    if case .failure(let message) = parse(text) { return message.text }
    return nil
  }

  /// A reason an easing could not be read.
  struct Refusal: Error {
    var text: String
  }

  static func parse(_ raw: String) -> Result<Easing, Refusal> {
    let text = raw.trimmingSpaces
    switch text {
    case "linear": return .success(.linear)
    case "ease": return .success(.ease)
    case "easeIn": return .success(.easeIn)
    case "easeOut": return .success(.easeOut)
    case "easeInOut": return .success(.easeInOut)
    default: break
    }
    if let preset = presets.first(where: { $0.name == text && !text.contains("(") }) {
      return .success(preset)
    }
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
      let every =
        names.joined(separator: ", ") + ", or " + parameterisedForms.joined(separator: ", ")
      let near = Spelling.nearest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
      return .failure(Refusal(text: "\"\(raw)\" is not an easing: write one of \(every)\(near)"))
    }
    let name = String(text[..<open])
    let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
    let parts = inside.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingSpaces
    }
    let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
    func refuse(_ why: String) -> Result<Easing, Refusal> {
      .failure(Refusal(text: "\"\(raw)\": \(why)"))
    }
    guard numbers.count == parts.count else { return refuse("the parameters must be numbers") }
    switch name {
    case "cubicBezier":
      guard numbers.count == 4 else {
        return refuse("cubicBezier takes four numbers, x1, y1, x2, y2")
      }
      guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
        return refuse("x1 and x2 of cubicBezier must be from 0 to 1")
      }
      return .success(.cubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]))
    case "steps":
      guard numbers.count == 1, let n = Int(exactly: numbers[0]), (1...1000).contains(n) else {
        return refuse("steps takes one whole number from 1 to 1000")
      }
      return .success(.steps(n))
    case "spring":
      guard numbers.count == 2 else {
        return refuse("spring takes two numbers, damping and frequency")
      }
      guard numbers[0] > 0, numbers[0] < 1, (0.1...20).contains(numbers[1]) else {
        return refuse("spring's damping must be over 0 and under 1, its frequency from 0.1 to 20")
      }
      return .success(.spring(damping: numbers[0], frequency: numbers[1]))
    default:
      return refuse(
        "\(name) is not a parameterised easing: write one of "
          + parameterisedForms.joined(separator: ", "))
    }
  }

}
