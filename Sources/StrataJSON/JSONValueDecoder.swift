/// Decodes `Decodable` values from a ``JSONValue`` tree already read by ``JSONReader``: a spec's
/// bytes are parsed once, and a decoding error names where in the document it happened.
///
/// It follows `JSONDecoder`'s default strategies: numbers become any numeric type they fit
/// exactly, `null` or an absent key is `nil` for an optional, keys are used as written, and
/// dictionaries keyed by strings (or by string-backed keys) are objects.
public struct JSONValueDecoder {
  /// A decoder.
  public init() {}

  /// The value of type `T` that `value` holds.
  ///
  /// - Throws: `DecodingError`, whose context's description ends with the value's line and
  ///   column.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try T(from: ValueDecoder(value: value, codingPath: []))
  }
}

/// A decoder that holds a ``JSONValue`` whole: a `JSONValue` decoded from it is that value,
/// positions and all.
package protocol JSONValueHolder {
  /// The value being decoded.
  var heldValue: JSONValue { get }
}

private struct ValueDecoder: Decoder, JSONValueHolder {
  package let value: JSONValue
  package var heldValue: JSONValue { value }
  package let codingPath: [any CodingKey]
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  package func context(_ what: String) -> DecodingError.Context {
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription: "\(what) (line \(value.position.line), column \(value.position.column))")
  }

  package func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    .typeMismatch(type, context("expected \(expected), found \(value.typeDescription)"))
  }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    guard case .object(let members) = value.kind else {
      throw mismatch([String: Any].self, "an object")
    }
    return KeyedDecodingContainer(ObjectContainer<Key>(decoder: self, members: members))
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value.kind else { throw mismatch([Any].self, "an array") }
    return ArrayContainer(decoder: self, items: items)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  package func child(_ value: JSONValue, _ key: any CodingKey) -> ValueDecoder {
    ValueDecoder(value: value, codingPath: codingPath + [key])
  }
}

extension ValueDecoder: SingleValueDecodingContainer {
  package func decodeNil() -> Bool {
    if case .null = value.kind { return true }
    return false
  }

  package func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let b) = value.kind else { throw mismatch(type, "a boolean") }
    return b
  }

  package func decode(_ type: String.Type) throws -> String {
    guard case .string(let s) = value.kind else { throw mismatch(type, "a string") }
    return s
  }

  package func number() throws -> Double {
    guard case .number(let n) = value.kind else { throw mismatch(Double.self, "a number") }
    return n
  }

  package func decode(_ type: Double.Type) throws -> Double { try number() }
  package func decode(_ type: Float.Type) throws -> Float {
    let n = try number()
    guard Swift.abs(n) <= Double(Float.greatestFiniteMagnitude) else {
      throw DecodingError.dataCorrupted(context("\(n) does not fit a Float"))
    }
    return Float(n)
  }

  package func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    let n = try number()
    guard let i = I(exactly: n) else {
      throw DecodingError.dataCorrupted(context("\(n) is not a whole number that fits \(type)"))
    }
    return i
  }

  package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  package func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  package let decoder: ValueDecoder
  package let members: [JSONValue.Member]
  package var codingPath: [any CodingKey] { decoder.codingPath }

  package var allKeys: [Key] {
    var seen = Set<String>()
    return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
  }

  package func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

  package func value(_ key: Key) throws -> JSONValue {
    // A key given twice: the last member, as JSONValue's subscript has it.
    guard let m = members.last(where: { $0.key == key.stringValue }) else {
      throw DecodingError.keyNotFound(key, decoder.context("no member \"\(key.stringValue)\""))
    }
    return m.value
  }

  package func decodeNil(forKey key: Key) throws -> Bool {
    guard case .null = try value(key).kind else { return false }
    return true
  }

  package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try T(from: decoder.child(try value(key), key))
  }

  package func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.child(try value(key), key).container(keyedBy: type)
  }

  package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(try value(key), key).unkeyedContainer()
  }

  package func superDecoder() throws -> any Decoder {
    decoder.child(
      JSONValue(.object(members), at: decoder.value.position), JSONKey("super"))
  }

  package func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(try value(key), key)
  }
}

private struct ArrayContainer: UnkeyedDecodingContainer {
  package let decoder: ValueDecoder
  package let items: [JSONValue]
  package var currentIndex = 0
  package var codingPath: [any CodingKey] { decoder.codingPath }
  package var count: Int? { items.count }
  package var isAtEnd: Bool { currentIndex >= items.count }

  package mutating func next() throws -> ValueDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self, decoder.context("the array has only \(items.count) items"))
    }
    defer { currentIndex += 1 }
    return decoder.child(items[currentIndex], JSONKey(index: currentIndex))
  }

  package mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, case .null = items[currentIndex].kind else { return false }
    currentIndex += 1
    return true
  }

  package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next()) }

  package mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().container(keyedBy: type)
  }

  package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  package mutating func superDecoder() throws -> any Decoder { try next() }
}
