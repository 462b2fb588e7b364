import Strata

extension SpecSchema {
  /// The format as a JSON Schema (draft 2020-12), for editors that complete and check specs.
  public static var jsonSchema: JSONValue {
    func v(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind) }
    func object(_ members: [(String, JSONValue)]) -> JSONValue {
      v(
        .object(
          members.map {
            JSONValue.Member(key: $0.0, position: TextPosition(line: 1, column: 1), value: $0.1)
          }))
    }
    func string(_ s: String) -> JSONValue { v(.string(s)) }
    func number(_ n: Double) -> JSONValue { v(.number(n)) }
    func node(_ s: SchemaNode) -> JSONValue {
      switch s {
      case .number(let minimum, let exclusiveMinimum, let maximum):
        var m: [(String, JSONValue)] = [("type", string("number"))]
        if let x = minimum { m.append(("minimum", number(x))) }
        if let x = exclusiveMinimum { m.append(("exclusiveMinimum", number(x))) }
        if let x = maximum { m.append(("maximum", number(x))) }
        return object(m)
      case .integer(let minimum, let maximum):
        var m: [(String, JSONValue)] = [("type", string("integer"))]
        if let x = minimum { m.append(("minimum", number(Double(x)))) }
        if let x = maximum { m.append(("maximum", number(Double(x)))) }
        return object(m)
      case .boolean: return object([("type", string("boolean"))])
      case .string(let values):
        var m: [(String, JSONValue)] = [("type", string("string"))]
        if let values { m.append(("enum", v(.array(values.map(string))))) }
        return object(m)
      case .color:
        return object([
          ("type", string("string")),
          (
            "pattern",
            string(
              "^(#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?|color\\(srgb [0-9.eE+-]+ [0-9.eE+-]+ [0-9.eE+-]+( / [0-9.eE+-]+)?\\)|"
                + Color.named.map(\.name).joined(separator: "|") + ")$"
            )
          ),
        ])
      case .easing:
        let number = "\\s*-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?\\s*"
        return object([
          (
            "anyOf",
            v(
              .array([
                object([("type", string("string")), ("enum", v(.array(Easing.names.map(string))))]),
                object([
                  ("type", string("string")),
                  (
                    "pattern",
                    string(
                      "^\\s*(cubicBezier\\((\(number),){3}\(number)\\)|steps\\(\(number)\\)"
                        + "|spring\\(\(number),\(number)\\))\\s*$")
                  ),
                ]),
              ]))
          )
        ])
      case .pathData:
        return object([
          ("type", string("string")), ("pattern", string("^[\\sMmLlHhVvQqCcZz0-9.,eE+-]*$")),
        ])
      case .length:
        return object([
          (
            "anyOf",
            v(
              .array([
                object([("type", string("number"))]),
                object([
                  ("type", string("string")),
                  ("pattern", string("^(auto|-?[0-9]+(\\.[0-9]+)?%)$")),
                ]),
              ]))
          )
        ])
      case .file: return object([("type", string("string")), ("minLength", number(1))])
      case .array(let item, let minCount, let maxCount):
        var m: [(String, JSONValue)] = [("type", string("array")), ("items", node(item))]
        if minCount > 0 { m.append(("minItems", number(Double(minCount)))) }
        if let x = maxCount { m.append(("maxItems", number(Double(x)))) }
        return object(m)
      case .nullable(let inner):
        return object([("anyOf", v(.array([node(inner), object([("type", string("null"))])])))])
      case .object(let o): return definition(o)
      case .map(let item, let keys):
        var m: [(String, JSONValue)] = [
          ("type", string("object")), ("additionalProperties", node(item)),
        ]
        if let keys {
          m.append(("propertyNames", object([("enum", v(.array(keys.map(string))))])))
        }
        return object(m)
      case .reference(let name): return object([("$ref", string("#/$defs/\(name)"))])
      case .anyOf(let options): return object([("anyOf", v(.array(options.map(node))))])
      }
    }
    func described(_ f: SchemaField) -> JSONValue {
      var n = node(f.schema)
      if case .object(var members) = n.kind {
        members.append(
          JSONValue.Member(
            key: "description", position: TextPosition(line: 1, column: 1),
            value: string(f.summary)))
        if let d = f.defaultValue {
          members.append(
            JSONValue.Member(key: "default", position: TextPosition(line: 1, column: 1), value: d))
        }
        n = JSONValue(.object(members))
      }
      return n
    }
    func required(_ fields: [SchemaField]) -> [(String, JSONValue)] {
      let names = fields.filter(\.isRequired).map { string($0.name) }
      return names.isEmpty ? [] : [("required", v(.array(names)))]
    }
    /// Each kind's keys, as `if` the kind's name `then` its keys' shapes, the others refused.
    func kinds(_ variants: SchemaVariants) -> JSONValue {
      let own = variants.allFields.map(\.name)
      return v(
        .array(
          variants.cases.map { c in
            var condition: [(String, JSONValue)] = [
              ("properties", object([(variants.key, object([("const", string(c.name))]))]))
            ]
            if c.name != variants.defaultCase {
              condition.append(("required", v(.array([string(variants.key)]))))
            }
            let mine = Set(c.fields.map(\.name))
            let properties =
              c.fields.map { ($0.name, described($0)) }
              + own.filter { !mine.contains($0) }.map { ($0, v(.bool(false))) }
            return object([
              ("if", object(condition)),
              ("then", object([("properties", object(properties))] + required(c.fields))),
            ])
          }))
    }
    func definition(_ o: ObjectSchema) -> JSONValue {
      // A key several kinds declare is described here and shaped by each kind's `then`.
      let common = o.fields.map { ($0.name, described($0)) }
      let variantKeys = (o.variants?.allFields ?? []).filter { f in
        !o.fields.contains { $0.name == f.name }
      }.map { ($0.name, object([("description", string($0.summary))])) }
      var m: [(String, JSONValue)] = [
        ("type", string("object")), ("description", string(o.summary)),
        ("properties", object(common + variantKeys)),
      ]
      m += required(o.fields)
      m.append(("additionalProperties", v(.bool(false))))
      if let variants = o.variants { m.append(("allOf", kinds(variants))) }
      return object(m)
    }
    return object([
      ("$schema", string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", string("https://strata.example/spec/v\(version).json")),
      ("title", string("Strata onboarding spec, version \(version)")),
      ("$ref", string("#/$defs/spec")),
      ("$defs", object(definitions.map { ($0.name, definition($0)) })),
    ])
  }
}
