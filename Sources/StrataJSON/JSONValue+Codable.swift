/// A key made at run time: an object's key not known ahead, or an array's index.
package struct JSONKey: CodingKey {
  package var stringValue: String
  package var intValue: Int?
  package init(_ string: String) { stringValue = string }
  package init(stringValue: String) { self.stringValue = stringValue }
  package init(index: Int) {
    stringValue = String(index)
    intValue = index
  }
  package init?(intValue: Int) { self.init(index: intValue) }
}

/// A `JSONValue` is any JSON: decoded from a ``JSONValueDecoder`` it is the value read, with
/// its positions; from another decoder, it is rebuilt (positions at 1:1, members in the
/// decoder's key order).
extension JSONValue: Codable {
  /// Reads any JSON value.
  public init(from decoder: any Decoder) throws {
    if let holder = decoder as? any JSONValueHolder {
      self = holder.heldValue
      return
    }
    if let object = try? decoder.container(keyedBy: JSONKey.self) {
      let members = try object.allKeys.map {
        Member(
          key: $0.stringValue, position: TextPosition(line: 1, column: 1),
          value: try object.decode(JSONValue.self, forKey: $0))
      }
      self.init(.object(members))
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self.init(.array(items))
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self.init(.null)
    } else if let b = try? single.decode(Bool.self) {
      self.init(.bool(b))
    } else if let n = try? single.decode(Double.self) {
      self.init(.number(n))
    } else {
      self.init(.string(try single.decode(String.self)))
    }
  }

  /// Writes the value, members in their order.
  public func encode(to encoder: any Encoder) throws {
    switch kind {
    case .null:
      var c = encoder.singleValueContainer()
      try c.encodeNil()
    case .bool(let b):
      var c = encoder.singleValueContainer()
      try c.encode(b)
    case .number(let n):
      var c = encoder.singleValueContainer()
      try c.encode(n)
    case .string(let s):
      var c = encoder.singleValueContainer()
      try c.encode(s)
    case .array(let items):
      var c = encoder.unkeyedContainer()
      for item in items { try c.encode(item) }
    case .object(let members):
      var c = encoder.container(keyedBy: JSONKey.self)
      for m in members { try c.encode(m.value, forKey: JSONKey(m.key)) }
    }
  }
}

/// `0.5` is a number.
extension JSONValue: ExpressibleByFloatLiteral {
  /// A number.
  public init(floatLiteral value: Double) { self.init(.number(value)) }
}

/// `2` is a number.
extension JSONValue: ExpressibleByIntegerLiteral {
  /// A number.
  public init(integerLiteral value: Int) { self.init(.number(Double(value))) }
}

/// `true` is a boolean.
extension JSONValue: ExpressibleByBooleanLiteral {
  /// A boolean.
  public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
}

/// `"ease"` is a string.
extension JSONValue: ExpressibleByStringLiteral {
  /// A string.
  public init(stringLiteral value: String) { self.init(.string(value)) }
}

/// `[40, 0]` is an array.
extension JSONValue: ExpressibleByArrayLiteral {
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self.init(.array(elements)) }
}

extension JSONValue {
  /// An object of `members`, in order.
  package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    JSONValue(
      .object(
        members.map { Member(key: $0.0, position: TextPosition(line: 1, column: 1), value: $0.1) }))
  }

  /// A number.
  package static func number(_ n: Double) -> JSONValue { JSONValue(.number(n)) }

  /// A string.
  package static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }

  /// The number, when it is one.
  package var numberValue: Double? {
    if case .number(let n) = kind { return n }
    return nil
  }

  /// The string, when it is one.
  package var stringValue: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  /// The boolean, when it is one.
  package var boolValue: Bool? {
    if case .bool(let b) = kind { return b }
    return nil
  }

  /// The items, when it is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let a) = kind { return a }
    return nil
  }
}
