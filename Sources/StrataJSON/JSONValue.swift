/// A JSON value as read from a document, with where each value begins (for error messages).
///
/// Objects keep their members in document order. ``JSONReader`` makes these; the spec's
/// checker walks them. Two values are equal when their contents are, wherever they were read.
public struct JSONValue: Hashable, Sendable {
  /// A JSON value's kind and contents.
  public indirect enum Kind: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (always finite: numbers too large for a `Double` are refused when read).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in document order (a key given twice is there twice).
    case object([Member])
  }

  /// An object member: its key, where the key begins, and its value (equal when key and value
  /// are).
  public struct Member: Hashable, Sendable {
    /// The key.
    public var key: String
    /// Where the key begins.
    public var position: TextPosition
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, position: TextPosition, value: JSONValue) {
      self.key = key
      self.position = position
      self.value = value
    }

    /// Whether key and value are equal.
    public static func == (a: Member, b: Member) -> Bool { a.key == b.key && a.value == b.value }
    /// Hashes key and value.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// Whether the contents are equal (positions are not compared).
  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.kind == b.kind }
  /// Hashes the contents.
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

  /// What the value is.
  public var kind: Kind
  /// Where the value begins in the document.
  public var position: TextPosition

  /// Creates a value.
  public init(_ kind: Kind, at position: TextPosition = TextPosition(line: 1, column: 1)) {
    self.kind = kind
    self.position = position
  }

  /// The member `key` of an object (the last, when the key is given twice), or `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// A short name of the value's type, for messages: "a number", "an object"…
  public var typeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// A short rendering of the value, for messages (strings quoted, containers summarised).
  public var summary: String {
    switch kind {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONWriter.format(n)
    case .string(let s):
      let short = s.count > 40 ? String(s.prefix(40)) + "…" : s
      return "\"\(short)\""
    case .array(let a): return "an array of \(a.count)"
    case .object: return "an object"
    }
  }
}

/// A line and column in a text, both counted from 1; columns count Unicode scalars.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// "line L, column C".
  public var description: String { "line \(line), column \(column)" }
}
