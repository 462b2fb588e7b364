import Strata

/// Writes ``JSONValue``s as indented JSON text, members in their order, numbers in the shortest
/// form that reads back to the same `Double`.
public enum JSONWriter {
  /// `value` as JSON text with two-space indentation and a final newline.
  public static func write(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, into: &out)
    out += "\n"
    return out
  }

  /// A number as JSON: whole numbers without a fraction, others in their shortest exact form.
  public static func format(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }

  /// A string as a JSON string literal.
  public static func quote(_ s: String) -> String { JSONLiteral.string(s) }

  package static func write(_ value: JSONValue, indent: Int, into out: inout String) {
    let pad = String(repeating: " ", count: indent + 2)
    switch value.kind {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += format(n)
    case .string(let s): out += quote(s)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      // Short arrays of scalars stay on one line.
      if items.count <= 8,
        items.allSatisfy({
          if case .array = $0.kind { false } else if case .object = $0.kind { false } else { true }
        })
      {
        out += "["
        for (i, item) in items.enumerated() {
          if i > 0 { out += ", " }
          write(item, indent: indent, into: &out)
        }
        out += "]"
        return
      }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += pad
        write(item, indent: indent + 2, into: &out)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for (i, m) in members.enumerated() {
        out += pad + quote(m.key) + ": "
        write(m.value, indent: indent + 2, into: &out)
        out += i + 1 < members.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    }
  }
}
