import Strata

/// A problem in a spec: where (a JSON path and, when known, a line and column) and what.
public struct SpecProblem: Hashable, Sendable, CustomStringConvertible, Error {
  /// The JSON path, such as `layers.labels.pages[2].text.runs[0].font.size` (empty for the
  /// document itself).
  public var path: String
  /// What is wrong.
  public var message: String
  /// Where in the file, when known.
  public var position: TextPosition?

  /// Creates a problem.
  public init(path: String, message: String, position: TextPosition? = nil) {
    self.path = path
    self.message = message
    self.position = position
  }

  /// `path: message (line L, column C)`.
  public var description: String {
    let place = path.isEmpty ? "" : "\(path): "
    return "\(place)\(message)" + (position.map { " (\($0))" } ?? "")
  }
}

/// Checks a document against ``SpecSchema``: every problem at once, each with its path and
/// position. Unknown keys get a "did you mean" when a known key is close.
public struct SpecChecker: Sendable {
  /// At most this many problems are reported (the rest are counted in a last one).
  public var maximumProblems = 200

  /// Creates a checker.
  public init() {}

  /// The problems of `document` as a spec.
  public func check(_ document: JSONValue) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    walk(document, .reference("spec"), path: "", into: &problems)
    if problems.count > maximumProblems {
      let more = problems.count - maximumProblems
      problems = Array(problems.prefix(maximumProblems))
      problems.append(SpecProblem(path: "", message: "and \(more) more problems"))
    }
    return problems
  }

  /// Checks `value` against `schema` at `path`.
  func walk(
    _ value: JSONValue, _ schema: SchemaNode, path: String, into problems: inout [SpecProblem]
  ) {
    // A hard stop on pathological documents: enough problems is enough.
    guard problems.count <= maximumProblems else { return }
    func problem(_ message: String) {
      problems.append(SpecProblem(path: path, message: message, position: value.position))
    }
    func expected(_ what: String) { problem("expected \(what), got \(value.summary)") }
    switch schema {
    case .number(let minimum, let exclusiveMinimum, let maximum):
      guard case .number(let n) = value.kind else { return expected(Self.describe(schema)) }
      if let m = exclusiveMinimum, !(n > m) { return expected(Self.describe(schema)) }
      if let m = minimum, n < m { return expected(Self.describe(schema)) }
      if let m = maximum, n > m { return expected(Self.describe(schema)) }
    case .integer(let minimum, let maximum):
      guard case .number(let n) = value.kind, n == n.rounded(), abs(n) < 1e15 else {
        return expected(Self.describe(schema))
      }
      if let m = minimum, n < Double(m) { return expected(Self.describe(schema)) }
      if let m = maximum, n > Double(m) { return expected(Self.describe(schema)) }
    case .boolean:
      guard case .bool = value.kind else { return expected("true or false") }
    case .string(let values):
      guard case .string(let s) = value.kind else { return expected("a string") }
      if let values, !values.contains(s) {
        let hint = Self.suggestion(for: s, among: values).map { "; did you mean \"\($0)\"?" } ?? ""
        problem("\"\(s)\" is not one of \(Self.list(values))\(hint)")
      }
    case .color:
      guard case .string(let s) = value.kind else {
        return expected("a colour such as \"#1D1D1F\"")
      }
      if SpecColor.parse(s) == nil {
        problem(
          "\"\(s)\" is not a colour: write #RRGGBB or #RRGGBBAA, color(srgb R G B / A) from 0 to 1,"
            + " or a name: " + Color.named.map(\.name).joined(separator: ", ")
        )
      }
    case .easing:
      guard case .string(let s) = value.kind else { return expected(Self.describe(schema)) }
      if let p = Easing.problem(with: s) { problem(p) }
    case .pathData:
      guard case .string(let s) = value.kind else {
        return expected("path data such as \"M0 0 L10 0 Z\"")
      }
      if case .failure(let error) = SpecPathData.parse(s) { problem(error.description) }
    case .length:
      switch value.kind {
      case .number: break
      case .string(let s) where SpecLength.parse(s) != nil: break
      default: return expected(Self.describe(schema))
      }
    case .file:
      guard case .string(let s) = value.kind, !s.isEmpty else { return expected("a file's path") }
    case .array(let item, let minCount, let maxCount):
      guard case .array(let items) = value.kind else { return expected("an array") }
      if items.count < minCount {
        problem("expected at least \(minCount) item\(minCount == 1 ? "" : "s"), got \(items.count)")
      }
      if let maxCount, items.count > maxCount {
        problem("expected at most \(maxCount) items, got \(items.count)")
      }
      for (i, v) in items.enumerated() { walk(v, item, path: "\(path)[\(i)]", into: &problems) }
    case .nullable(let inner):
      if case .null = value.kind { return }
      walk(value, inner, path: path, into: &problems)
    case .reference(let name):
      guard let definition = SpecSchema.definition(name) else { return }
      walk(value, .object(definition), path: path, into: &problems)
    case .object(let object):
      guard case .object(let members) = value.kind else { return expected("an object") }
      Self.repeatedKeys(members, path: path, into: &problems)
      let variant = object.variants.flatMap { $0.variant(of: value) }
      let fields = object.fields(for: value)
      for member in members {
        let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
        guard let field = fields.first(where: { $0.name == member.key }) else {
          let message: String
          if let variants = object.variants, let variant,
            case let owners = variants.owners(of: member.key), !owners.isEmpty
          {
            let names = owners.map { "\"\($0)\"" }
            let list =
              names.count == 1
              ? names[0]
              : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            message =
              "\"\(member.key)\" belongs to \(list) \(variants.noun)s, not \"\(variant.name)\""
          } else {
            let hint =
              Self.suggestion(for: member.key, among: fields.map(\.name)).map {
                "; did you mean \"\($0)\"?"
              } ?? ""
            // Of a kind (an animator, a node type): say which keys that kind takes.
            var takes = ""
            if let variants = object.variants, let variant {
              let own = variant.fields.map { "\"\($0.name)\"" }
              takes =
                "; \(variants.subject(variant.name)) takes "
                + (own.isEmpty ? "no keys of its own" : own.joined(separator: ", "))
            }
            message = "unknown key\(hint)\(takes)"
          }
          problems.append(
            SpecProblem(path: memberPath, message: message, position: member.position))
          continue
        }
        // A kind's own keys are checked once the kind is known.
        if object.variants != nil, variant == nil,
          !object.fields.contains(where: { $0.name == field.name })
        {
          continue
        }
        walk(member.value, field.schema, path: memberPath, into: &problems)
      }
      for field in object.fields where field.isRequired && value[field.name] == nil {
        problem("missing the required key \"\(field.name)\"")
      }
      if let variants = object.variants, let variant {
        for field in variant.fields where field.isRequired && value[field.name] == nil {
          problem("\(variants.subject(variant.name)) needs \"\(field.name)\"")
        }
      }
    case .map(let item, let keys):
      guard case .object(let members) = value.kind else { return expected("an object") }
      Self.repeatedKeys(members, path: path, into: &problems)
      for member in members {
        let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
        if let keys, !keys.contains(member.key) {
          let hint =
            Self.suggestion(for: member.key, among: keys).map { "; did you mean \"\($0)\"?" } ?? ""
          problems.append(
            SpecProblem(path: memberPath, message: "unknown key\(hint)", position: member.position))
          continue
        }
        walk(member.value, item, path: memberPath, into: &problems)
      }
    case .anyOf(let options):
      for option in options {
        var trial: [SpecProblem] = []
        walk(value, option, path: path, into: &trial)
        if trial.isEmpty { return }
      }
      expected(options.map(Self.describe).joined(separator: " or "))
    }
  }

  /// A schema in words, for "expected …" messages.
  static func describe(_ schema: SchemaNode) -> String {
    switch schema {
    case .number(let minimum, let exclusiveMinimum, let maximum):
      if exclusiveMinimum == 0 {
        return maximum.map { "a positive number up to \(JSONWriter.format($0))" }
          ?? "a positive number"
      }
      if minimum == 0, maximum == nil { return "a number of at least 0" }
      if let a = minimum ?? exclusiveMinimum, let b = maximum {
        return "a number from \(JSONWriter.format(a)) to \(JSONWriter.format(b))"
      }
      if let b = maximum { return "a number of at most \(JSONWriter.format(b))" }
      if let a = minimum ?? exclusiveMinimum {
        return
          "a number \(exclusiveMinimum != nil ? "over" : "of at least") \(JSONWriter.format(a))"
      }
      return "a number"
    case .integer(let minimum, let maximum):
      if let a = minimum, let b = maximum { return "a whole number from \(a) to \(b)" }
      if let a = minimum { return "a whole number of at least \(a)" }
      return "a whole number"
    case .boolean: return "true or false"
    case .string(let values): return values.map { "one of \(list($0))" } ?? "a string"
    case .color: return "a colour such as \"#1D1D1F\""
    case .pathData: return "path data"
    case .easing: return "an easing such as \"easeOut\" or \"cubicBezier(0.4, 0, 0.2, 1)\""
    case .length: return "a number of points, a percentage such as \"50%\", or \"auto\""
    case .file: return "a file's path"
    case .array(let item, _, _):
      if case .number = item { return "an array of numbers" }
      return "an array"
    case .nullable(let inner): return describe(inner) + " or null"
    case .object, .reference, .map: return "an object"
    case .anyOf(let options): return options.map(describe).joined(separator: " or ")
    }
  }

  static func list(_ values: [String]) -> String {
    values.count > 12
      ? values.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + "…"
      : values.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// A key given twice in one object (JSON allows it; the last one counts): a problem at the
  /// repeat, naming where the key was first given.
  static func repeatedKeys(
    _ members: [JSONValue.Member], path: String, into problems: inout [SpecProblem]
  ) {
    guard members.count > 1 else { return }
    var first: [String: TextPosition] = [:]
    for m in members {
      guard let earlier = first[m.key] else {
        first[m.key] = m.position
        continue
      }
      problems.append(
        SpecProblem(
          path: path.isEmpty ? m.key : "\(path).\(m.key)",
          message: "the key \"\(m.key)\" is given twice, first at \(earlier); the last counts",
          position: m.position))
    }
  }

  /// The closest of `candidates` to `word`, when it is close enough to be a slip (an edit
  /// distance of at most a third of the word, case ignored): ``Spelling/nearest(to:among:)``.
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    Spelling.nearest(to: word, among: candidates)
  }
}
