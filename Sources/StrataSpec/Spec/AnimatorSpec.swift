/// An animator of a layer: its name and its parameters, as the spec gives them.
///
/// The animators and their parameters are declared once, in ``SpecRegistry``: the checker,
/// the JSON Schema, the key reference in Docs/Spec.md, the builder and the exporter all read
/// that declaration. Parameters are kept as the JSON values read (with their positions, for
/// messages); `strata schema --markdown` lists each animator's keys.
///
/// ```swift
/// let slide = AnimatorSpec(name: "slide", parameters: ["offset": [40, 0], "followsSide": true])
/// ```
public struct AnimatorSpec: Codable, Hashable, Sendable {
  /// The animator's name: one of ``SpecRegistry/animators``.
  public var name: String
  /// Its parameters by key.
  public var parameters: [String: JSONValue]

  /// Creates an animator spec.
  public init(name: String, parameters: [String: JSONValue] = [:]) {
    self.name = name
    self.parameters = parameters
  }

  /// The parameter `key`.
  public subscript(key: String) -> JSONValue? {
    get { parameters[key] }
    set { parameters[key] = newValue }
  }

  /// Reads `name` and every other key as a parameter.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: JSONKey.self)
    name = try c.decode(String.self, forKey: JSONKey("name"))
    var parameters: [String: JSONValue] = [:]
    for key in c.allKeys where key.stringValue != "name" {
      parameters[key.stringValue] = try c.decode(JSONValue.self, forKey: key)
    }
    self.parameters = parameters
  }

  /// Writes `name`, then the parameters in the order the animator declares them (any others
  /// after, by key).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: JSONKey.self)
    try c.encode(name, forKey: JSONKey("name"))
    let declared = SpecRegistry.animator(named: name)?.variant.fields.map(\.name) ?? []
    let rest = parameters.keys.filter { !declared.contains($0) }.sorted()
    for key in declared + rest {
      if let value = parameters[key] { try c.encode(value, forKey: JSONKey(key)) }
    }
  }

  // MARK: Typed reading, for the registry's builders

  /// The parameter `key`, or the default its animator declares for it.
  func value(_ key: String) -> JSONValue? {
    parameters[key]
      ?? SpecRegistry.animator(named: name)?.variant.fields.first { $0.name == key }?.defaultValue
  }

  func number(_ key: String) -> Double? { value(key)?.numberValue }
  func string(_ key: String) -> String? { value(key)?.stringValue }
  func bool(_ key: String) -> Bool? { value(key)?.boolValue }

  /// `[x, y]`.
  func pair(_ key: String) -> [Double]? {
    guard let items = value(key)?.arrayValue else { return nil }
    let numbers = items.compactMap(\.numberValue)
    return numbers.count == 2 && items.count == 2 ? numbers : nil
  }

  func strings(_ key: String) -> [String]? {
    value(key)?.arrayValue.map { $0.compactMap(\.stringValue) }
  }

  /// A list of keyframes.
  func keyframes(_ key: String) -> [KeyframeSpec]? {
    guard let value = parameters[key], value.arrayValue != nil else { return nil }
    return try? JSONValueDecoder().decode([KeyframeSpec].self, from: value)
  }
}

extension KeyframeSpec {
  /// The keyframe as JSON: `at`, `value`, and `easing` when it has one.
  var json: JSONValue {
    let value: JSONValue
    switch self.value {
    case .number(let n): value = JSONValue(.number(n))
    case .vector(let v): value = JSONValue(.array(v.map { JSONValue(.number($0)) }))
    case .color(let c): value = JSONValue(.string(c))
    }
    var members: [(String, JSONValue)] = [("at", JSONValue(.number(at))), ("value", value)]
    if let easing { members.append(("easing", JSONValue(.string(easing)))) }
    return .object(members)
  }
}

extension JSONValue {
  /// Keyframes as a JSON array.
  init(keyframes: [KeyframeSpec]) { self.init(.array(keyframes.map(\.json))) }
  /// Numbers as a JSON array.
  init(numbers: [Double]) { self.init(.array(numbers.map { JSONValue(.number($0)) })) }
}
