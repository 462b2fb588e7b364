/// JSON text for values Strata writes itself (event lines, spec files): one place that escapes
/// strings as RFC 8259 asks.
public enum JSONLiteral {
  /// `s` as a JSON string literal: quotes and backslashes escaped, control characters as
  /// `\n`, `\r`, `\t` or `\u00XX`, everything else as it is.
  public static func string(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
