extension SpecSchema {
  /// The key reference of Docs/Spec.md: a table per definition (`strata schema --markdown`).
  public static var markdownReference: String {
    func number(_ v: Double) -> String { JSONWriter.format(v) }
    func describe(_ s: SchemaNode) -> String {
      switch s {
      case .number(let minimum, let exclusiveMinimum, let maximum):
        var r: [String] = []
        if let m = minimum { r.append("≥ \(number(m))") }
        if let m = exclusiveMinimum { r.append("> \(number(m))") }
        if let m = maximum { r.append("≤ \(number(m))") }
        return "number" + (r.isEmpty ? "" : " (\(r.joined(separator: ", ")))")
      case .integer(let minimum, let maximum):
        var r: [String] = []
        if let m = minimum { r.append("≥ \(m)") }
        if let m = maximum { r.append("≤ \(m)") }
        return "integer" + (r.isEmpty ? "" : " (\(r.joined(separator: ", ")))")
      case .boolean: return "boolean"
      case .string(let values):
        guard let values else { return "string" }
        return values.prefix(12).map { "`\($0)`" }.joined(separator: " \\| ")
          + (values.count > 12 ? " …" : "")
      case .color: return "colour"
      case .pathData: return "path data"
      case .easing: return "easing"
      case .length: return "points, `\"N%\"` or `\"auto\"`"
      case .file: return "file path"
      case .array(let item, let minCount, let maxCount):
        let n = minCount == maxCount ? " of \(minCount)" : ""
        return "array\(n) of \(describe(item))"
      case .nullable(let inner): return "\(describe(inner)) or null"
      case .object(let o): return "`\(o.name)`"
      case .map(let item, let keys):
        return "object of \(describe(item))"
          + (keys.map { " by " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? "")
      case .reference(let name): return "`\(name)`"
      case .anyOf(let options): return options.map(describe).joined(separator: " or ")
      }
    }
    func table(_ fields: [SchemaField]) -> String {
      var out = "| Key | Value | Meaning |\n|---|---|---|\n"
      for f in fields {
        var fallback = ""
        if let d = f.defaultValue {
          var text = ""
          JSONWriter.write(d, indent: 0, into: &text)
          fallback = " Default: `\(text)`."
        }
        out +=
          "| `\(f.name)`\(f.isRequired ? " (required)" : "") | \(describe(f.schema)) | \(f.summary)\(fallback) |\n"
      }
      return out
    }
    var out = ""
    for d in definitions {
      out += "### `\(d.name)`\n\n\(d.summary)\n\n" + table(d.fields) + "\n"
      guard let variants = d.variants else { continue }
      for c in variants.cases {
        out += "#### \(d.name) `\(c.name)`\n\n\(c.summary)"
        out += c.fields.isEmpty ? " No keys of its own.\n\n" : "\n\n" + table(c.fields) + "\n"
      }
    }
    return out
  }
}
