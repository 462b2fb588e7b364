/// The reader's state over one document: where it is, the line it is on, how many values it
/// has read.
package struct JSONParser {
  package let bytes: [UInt8]
  package let limits: JSONReader.Limits
  package var index = 0
  package var line = 1
  package var lineStart = 0
  package var values = 0

  package init(bytes: [UInt8], limits: JSONReader.Limits) {
    self.bytes = bytes
    self.limits = limits
    // A byte order mark is allowed (and skipped) at the start.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
      lineStart = 3
      countedTo = 3
    }
  }

  /// How far column counting has got on the current line: a byte index and its column.
  package var countedTo = 0
  package var countedColumn = 1

  /// The position of byte `i` (at or after the last one asked for, as parsing only moves
  /// forward); columns count scalars, so continuation bytes are not counted. Counting picks up
  /// where it stopped, so a document costs one pass however long its lines.
  package mutating func position(_ i: Int) -> TextPosition {
    if countedTo < lineStart || countedTo > i {
      countedTo = lineStart
      countedColumn = 1
    }
    while countedTo < i && countedTo < bytes.count {
      if bytes[countedTo] & 0xC0 != 0x80 { countedColumn += 1 }
      countedTo += 1
    }
    return TextPosition(line: line, column: countedColumn)
  }

  package var here: TextPosition { mutating get { position(index) } }

  package mutating func document() throws(JSONError) -> JSONValue {
    skipSpace()
    let value = try parseValue(depth: 0)
    skipSpace()
    if index < bytes.count {
      throw JSONError(
        .unexpected(found: describe(index), expected: "the end of the document"), at: here)
    }
    return value
  }

  package func describe(_ i: Int) -> String {
    guard i < bytes.count else { return "the end" }
    let b = bytes[i]
    if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    return "byte 0x\(String(b, radix: 16))"
  }

  package mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  package mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
    values += 1
    if values > limits.maximumValues {
      throw JSONError(.tooManyValues(limit: limits.maximumValues), at: here)
    }
    guard index < bytes.count else {
      throw JSONError(.unexpectedEnd(expected: "a value"), at: here)
    }
    let start = here
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < limits.maximumDepth else {
        throw JSONError(.tooDeep(limit: limits.maximumDepth), at: start)
      }
      return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
    case UInt8(ascii: "["):
      guard depth < limits.maximumDepth else {
        throw JSONError(.tooDeep(limit: limits.maximumDepth), at: start)
      }
      return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), at: start)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONValue(.bool(true), at: start)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONValue(.bool(false), at: start)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONValue(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), at: start)
    default:
      throw JSONError(.unexpected(found: describe(index), expected: "a value"), at: start)
    }
  }

  package mutating func literal(_ word: String) throws(JSONError) {
    let start = here
    for b in word.utf8 {
      guard index < bytes.count, bytes[index] == b else {
        throw JSONError(.unexpected(found: describe(index), expected: "'\(word)'"), at: start)
      }
      index += 1
    }
  }

  package mutating func parseObject(depth: Int) throws(JSONError) -> [JSONValue.Member] {
    index += 1
    var members: [JSONValue.Member] = []
    skipSpace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipSpace()
      let keyPosition = here
      guard index < bytes.count else {
        throw JSONError(.unexpectedEnd(expected: "a key"), at: keyPosition)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw JSONError(
          .unexpected(found: describe(index), expected: "a key in quotes"), at: keyPosition)
      }
      // RFC 8259 allows a key twice in one object; every member is kept, in order (the
      // spec's checker reports the second as a problem).
      let key = try parseString()
      skipSpace()
      try expect(":", "':' after the key")
      skipSpace()
      let value = try parseValue(depth: depth)
      members.append(JSONValue.Member(key: key, position: keyPosition, value: value))
      skipSpace()
      guard index < bytes.count else {
        throw JSONError(.unexpectedEnd(expected: "',' or '}'"), at: here)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      }
      throw JSONError(.unexpected(found: describe(index), expected: "',' or '}'"), at: here)
    }
  }

  package mutating func parseArray(depth: Int) throws(JSONError) -> [JSONValue] {
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return items
    }
    while true {
      skipSpace()
      items.append(try parseValue(depth: depth))
      skipSpace()
      guard index < bytes.count else {
        throw JSONError(.unexpectedEnd(expected: "',' or ']'"), at: here)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return items
      }
      throw JSONError(.unexpected(found: describe(index), expected: "',' or ']'"), at: here)
    }
  }

  package mutating func expect(_ c: Character, _ what: String) throws(JSONError) {
    guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: what), at: here) }
    guard let ascii = c.asciiValue, bytes[index] == ascii else {
      throw JSONError(.unexpected(found: describe(index), expected: what), at: here)
    }
    index += 1
  }

  package mutating func parseNumber() throws(JSONError) -> Double {
    let start = index
    let startPosition = here
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ p: inout JSONParser) -> Int {
      let s = p.index
      while p.index < p.bytes.count, p.bytes[p.index] >= 0x30, p.bytes[p.index] <= 0x39 {
        p.index += 1
      }
      return p.index - s
    }
    guard index < bytes.count else {
      throw JSONError(.unexpectedEnd(expected: "a digit"), at: here)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits(&self) == 0 {
      throw JSONError(.unexpected(found: describe(index), expected: "a digit"), at: here)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      if digits(&self) == 0 {
        throw JSONError(
          .unexpected(found: describe(index), expected: "a digit after '.'"), at: here)
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      if digits(&self) == 0 {
        throw JSONError(
          .unexpected(found: describe(index), expected: "a digit in the exponent"), at: here)
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw JSONError(
        .numberOutOfRange(text.count > 24 ? String(text.prefix(24)) + "…" : text), at: startPosition
      )
    }
    return value
  }

  package mutating func hex4() throws(JSONError) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else {
        throw JSONError(.unexpectedEnd(expected: "four hex digits"), at: here)
      }
      let b = bytes[index]
      let d: UInt32
      switch b {
      case 0x30...0x39: d = UInt32(b - 0x30)
      case 0x41...0x46: d = UInt32(b - 0x41 + 10)
      case 0x61...0x66: d = UInt32(b - 0x61 + 10)
      default: throw JSONError(.invalidEscape("\\u with '\(describe(index))'"), at: here)
      }
      v = v << 4 | d
      index += 1
    }
    return v
  }

  package mutating func parseString() throws(JSONError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    while true {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: "'\"'"), at: here) }
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        let escapePosition = here
        index += 1
        guard index < bytes.count else {
          throw JSONError(.unexpectedEnd(expected: "an escape"), at: here)
        }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var v = try hex4()
          if (0xD800...0xDBFF).contains(v) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw JSONError(.invalidEscape("an unpaired surrogate"), at: escapePosition) }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw JSONError(.invalidEscape("an unpaired surrogate"), at: escapePosition)
            }
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let s = Unicode.Scalar(v) else {
            throw JSONError(.invalidEscape("an unpaired surrogate"), at: escapePosition)
          }
          scalars.append(s)
        default:
          throw JSONError(.invalidEscape("\\\(describe(index - 1))"), at: escapePosition)
        }
      case 0..<0x20:
        throw JSONError(.controlCharacter(b), at: here)
      case 0x20..<0x80:
        scalars.append(Unicode.Scalar(b))
        index += 1
      default:
        scalars.append(try decodeUTF8())
      }
    }
  }

  /// One multi-byte UTF-8 sequence (shortest form, no surrogates, at most U+10FFFF).
  package mutating func decodeUTF8() throws(JSONError) -> Unicode.Scalar {
    let start = here
    let b0 = bytes[index]
    let count: Int
    var v: UInt32
    switch b0 {
    case 0xC2...0xDF:
      count = 2
      v = UInt32(b0 & 0x1F)
    case 0xE0...0xEF:
      count = 3
      v = UInt32(b0 & 0x0F)
    case 0xF0...0xF4:
      count = 4
      v = UInt32(b0 & 0x07)
    default: throw JSONError(.invalidUTF8, at: start)
    }
    guard index + count <= bytes.count else { throw JSONError(.invalidUTF8, at: start) }
    for k in 1..<count {
      let b = bytes[index + k]
      guard b & 0xC0 == 0x80 else { throw JSONError(.invalidUTF8, at: start) }
      v = v << 6 | UInt32(b & 0x3F)
    }
    let minimum: UInt32 = count == 2 ? 0x80 : count == 3 ? 0x800 : 0x10000
    guard v >= minimum, let s = Unicode.Scalar(v) else { throw JSONError(.invalidUTF8, at: start) }
    index += count
    return s
  }
}
