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
              "^(#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?|color\\(srgb [0-9.eE+-]+ [0-9.eE+-]+ [0-9.eE+-]+( / [0-9.eE+-]+)?\\))$"
            )
          ),
        ])
      case .pathData:
        return object([
          ("type", string("string")), ("pattern", string("^[\\sMmLlHhVvQqCcZz0-9.,eE+-]*$")),
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
    func definition(_ o: ObjectSchema) -> JSONValue {
      var m: [(String, JSONValue)] = [
        ("type", string("object")), ("description", string(o.summary)),
        (
          "properties",
          object(
            o.fields.map { f in
              var n = node(f.schema)
              if case .object(var members) = n.kind {
                members.append(
                  JSONValue.Member(
                    key: "description", position: TextPosition(line: 1, column: 1),
                    value: string(f.summary)))
                n = JSONValue(.object(members))
              }
              return (f.name, n)
            })
        ),
      ]
      let required = o.fields.filter(\.isRequired).map { string($0.name) }
      if !required.isEmpty { m.append(("required", v(.array(required)))) }
      m.append(("additionalProperties", v(.bool(false))))
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
