/// Why a document is not JSON Strata reads, and where.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The document is larger than the limit.
    case tooLarge(bytes: Int, limit: Int)
    /// Arrays and objects nest deeper than the limit.
    case tooDeep(limit: Int)
    /// The document holds more values than the limit.
    case tooManyValues(limit: Int)
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// Something else was expected here.
    case unexpected(found: String, expected: String)
    /// The document ended early.
    case unexpectedEnd(expected: String)
    /// A number too large for a `Double`.
    case numberOutOfRange(String)
    /// A bad escape in a string.
    case invalidEscape(String)
    /// A control character inside a string.
    case controlCharacter(UInt8)
  }

  /// What went wrong.
  public var reason: Reason
  /// Where.
  public var position: TextPosition

  /// Creates an error.
  public init(_ reason: Reason, at position: TextPosition) {
    self.reason = reason
    self.position = position
  }

  /// The problem and where it is, as one line.
  public var description: String {
    let what: String
    switch reason {
    case .tooLarge(let bytes, let limit):
      what = "the document is \(bytes) bytes, over the limit of \(limit)"
    case .tooDeep(let limit): what = "arrays and objects nest deeper than \(limit) levels"
    case .tooManyValues(let limit): what = "the document holds more than \(limit) values"
    case .invalidUTF8: what = "the bytes here are not UTF-8"
    case .unexpected(let found, let expected): what = "expected \(expected), found \(found)"
    case .unexpectedEnd(let expected): what = "the document ends where \(expected) was expected"
    case .numberOutOfRange(let n): what = "the number \(n) is too large"
    case .invalidEscape(let e): what = "invalid escape \(e)"
    case .controlCharacter(let c):
      what = "control character 0x\(String(c, radix: 16)) inside a string"
    }
    return "\(what) (\(position))"
  }
}
