/// Reads JSON (RFC 8259) into ``JSONValue``s that remember where they began, within limits
/// that bound the work any document can cause.
///
/// Every document RFC 8259 calls valid is read (within the limits), a key given twice in an
/// object included: both members are kept, in order, and lookups take the last (the spec's
/// checker reports the repeat). Refused, each with a ``JSONError`` saying where: documents
/// over ``Limits/maximumBytes``, nesting deeper than ``Limits/maximumDepth``, invalid UTF-8,
/// control characters in strings, trailing content, anything that is not JSON, and, where the
/// RFC leaves it to the implementation, numbers that do not fit a `Double` and escapes of
/// unpaired surrogates (which no `String` can hold). A byte order mark at the start is
/// skipped, as the RFC allows.
public struct JSONReader: Sendable {
  /// The limits a document must keep.
  public struct Limits: Hashable, Sendable {
    /// The largest document, in bytes (8 MiB by default).
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects (64 by default).
    public var maximumDepth: Int
    /// The most values in the whole document (1,000,000 by default).
    public var maximumValues: Int

    /// Creates limits.
    public init(maximumBytes: Int = 8 << 20, maximumDepth: Int = 64, maximumValues: Int = 1_000_000)
    {
      self.maximumBytes = maximumBytes
      self.maximumDepth = maximumDepth
      self.maximumValues = maximumValues
    }
  }

  /// The limits this reader applies.
  public var limits: Limits

  /// Creates a reader.
  public init(limits: Limits = Limits()) { self.limits = limits }

  /// Reads one JSON document from `bytes`.
  public func read(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    guard bytes.count <= limits.maximumBytes else {
      throw JSONError(
        .tooLarge(bytes: bytes.count, limit: limits.maximumBytes),
        at: TextPosition(line: 1, column: 1))
    }
    var parser = JSONParser(bytes: bytes, limits: limits)
    return try parser.document()
  }

  /// Reads one JSON document from `text`.
  public func read(_ text: String) throws(JSONError) -> JSONValue {
    try read(Array(text.utf8))
  }
}
