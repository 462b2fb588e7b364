/// The kinds an object comes in — a node's `type`, an animator's `name` — each adding keys of
/// its own to the object's common ones.
///
/// Declared once in ``SpecRegistry``: the checker allows a key only in the kinds that declare
/// it, the JSON Schema says so with `if`/`then`, and the key reference lists each kind's keys.
public struct SchemaVariants: Sendable {
  /// The key whose string value names the kind.
  public var key: String
  /// The kind when the key is absent (`nil`: the key is required).
  public var defaultCase: String?
  /// What one of these objects is called in messages: "node", "animator".
  public var noun: String
  /// The kinds, in the order they are documented.
  public var cases: [SchemaVariant]

  /// Creates the variants of an object.
  public init(key: String, defaultCase: String? = nil, noun: String, cases: [SchemaVariant]) {
    self.key = key
    self.defaultCase = defaultCase
    self.noun = noun
    self.cases = cases
  }

  /// The kind named `name`.
  public func variant(named name: String) -> SchemaVariant? {
    cases.first { $0.name == name }
  }

  /// The kind `value` is (its key's value, or the default), or `nil` when that names no kind.
  func variant(of value: JSONValue) -> SchemaVariant? {
    switch value[key]?.kind {
    case .string(let name)?: return variant(named: name)
    case nil: return defaultCase.flatMap(variant(named:))
    default: return nil
    }
  }

  /// The kinds that declare `key`, by name, sorted.
  func owners(of key: String) -> [String] {
    cases.filter { c in c.fields.contains { $0.name == key } }.map(\.name).sorted()
  }

  /// Every kind's keys, each once, in the order first declared.
  var allFields: [SchemaField] {
    var seen = Set<String>()
    return cases.flatMap(\.fields).filter { seen.insert($0.name).inserted }
  }

  /// "a "text" node", "an "image" node".
  func subject(_ name: String) -> String {
    let vowel = name.first.map { "aeiou".contains($0) } ?? false
    return "\(vowel ? "an" : "a") \"\(name)\" \(noun)"
  }
}

/// One kind of a ``SchemaVariants`` object: its name, what it is, and its own keys.
public struct SchemaVariant: Sendable {
  /// The kind's name (the value of the variants' key).
  public var name: String
  /// What it is.
  public var summary: String
  /// Its own keys, besides the object's common ones.
  public var fields: [SchemaField]

  /// Creates a kind.
  public init(_ name: String, _ summary: String, _ fields: [SchemaField]) {
    self.name = name
    self.summary = summary
    self.fields = fields
  }
}

extension ObjectSchema {
  /// The common keys and every kind's keys, each once.
  var allFields: [SchemaField] {
    guard let variants else { return fields }
    let common = Set(fields.map(\.name))
    return fields + variants.allFields.filter { !common.contains($0.name) }
  }

  /// The keys an object `value` may have: the common ones and its kind's (every kind's when
  /// its kind is unknown, so that only the kind's name is reported).
  func fields(for value: JSONValue) -> [SchemaField] {
    guard let variants else { return fields }
    guard let variant = variants.variant(of: value) else { return allFields }
    return fields + variant.fields
  }
}
