import Strata

/// Layout lengths as a spec writes them: a number (points), `"N%"` or `"auto"`.
enum SpecLength {
  /// The length `text` names, or `nil` when it is not `"auto"` or a percentage.
  static func parse(_ text: String) -> FlexLength? {
    if text == "auto" { return .auto }
    guard text.hasSuffix("%"), let p = Double(text.dropLast()), p.isFinite,
      text.first != "+", !text.dropLast().contains(where: { $0 == "e" || $0 == "E" })
    else { return nil }
    return .percent(p)
  }

  /// The length a JSON value gives (`nil` when it gives none).
  static func read(_ value: JSONValue) -> FlexLength? {
    switch value.kind {
    case .number(let n): return .points(n)
    case .string(let s): return parse(s)
    default: return nil
    }
  }

  /// The JSON value of a length.
  static func write(_ length: FlexLength) -> JSONValue {
    switch length {
    case .auto: return .string("auto")
    case .points(let v): return .number(v)
    case .percent(let p): return .string(JSONWriter.format(p) + "%")
    }
  }
}
