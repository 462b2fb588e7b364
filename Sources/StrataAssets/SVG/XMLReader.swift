/// One element of an XML document: its name, attributes, children and text, and the line it
/// starts on (for messages).
struct XMLElement: Sendable {
  var name: String
  var attributes: [String: String]
  var children: [XMLElement]
  /// The character data directly inside the element (for `<style>`), entities resolved.
  var text: String
  var line: Int
  /// The element's place in document order, from 0: what names it apart from its copies.
  var serial = 0
  /// The namespace its prefix (or the default namespace) is bound to, `nil` when none is.
  var namespace: String? = nil
}

/// A small, strict-enough XML reader for SVG files: elements, attributes, the predefined and
/// numeric entities, general entities declared in the DOCTYPE's internal subset (text or
/// markup), comments, CDATA and processing instructions. Depth, element count and the bytes
/// entities expand to are bounded before anything is built, so no input can make it recurse
/// or allocate without limit.
struct XMLReader {
  let bytes: [UInt8]
  let maximumDepth: Int
  let maximumElements: Int
  var i = 0
  var line = 1
  var elements = 0
  /// The general entities the DOCTYPE declares: name → replacement text.
  var entities: [String: [UInt8]] = [:]
  /// Bytes entities have expanded to so far (``SVGImporter/maximumEntityBytes``).
  var entityBytes = 0
  /// The entities being expanded, innermost last (to stop an entity that contains itself).
  var expandingEntities: [String] = []
  /// The namespace bindings in scope (prefix → URI; "" for the default), innermost last.
  var scopes: [[String: String]] = [[:]]

  init(_ bytes: [UInt8], maximumDepth: Int, maximumElements: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.maximumElements = maximumElements
  }

  /// The document's root element.
  static func parse(_ bytes: [UInt8], maximumDepth: Int, maximumElements: Int)
    throws(SVGError) -> XMLElement
  {
    var reader = XMLReader(bytes, maximumDepth: maximumDepth, maximumElements: maximumElements)
    // A UTF-8 byte order mark.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    try reader.skipMisc(doctype: true)
    guard reader.peek == UInt8(ascii: "<") else {
      throw .malformed("the document has no root element", line: reader.line)
    }
    let root = try reader.element(depth: 1)
    try reader.skipMisc()
    guard reader.i >= bytes.count else {
      throw .malformed("content after the root element", line: reader.line)
    }
    return root
  }

  var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  func starts(with s: String) -> Bool {
    var k = i
    for b in s.utf8 {
      guard k < bytes.count, bytes[k] == b else { return false }
      k += 1
    }
    return true
  }

  mutating func advance(_ n: Int = 1) {
    for _ in 0..<n where i < bytes.count {
      if bytes[i] == 10 { line += 1 }
      i += 1
    }
  }

  mutating func skipSpace() {
    while let b = peek, b == 32 || b == 9 || b == 10 || b == 13 { advance() }
  }

  /// Skips to just past `end`, or throws naming `what` when the document ends first.
  mutating func skip(past end: String, what: String) throws(SVGError) {
    let startLine = line
    while i < bytes.count {
      if starts(with: end) {
        advance(end.utf8.count)
        return
      }
      advance()
    }
    throw .malformed("\(what) is not closed", line: startLine)
  }

  /// Skips white space, comments and processing instructions (and, before the root, a DOCTYPE).
  mutating func skipMisc(doctype: Bool = false) throws(SVGError) {
    while true {
      skipSpace()
      if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if doctype && starts(with: "<!DOCTYPE") {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
      UInt8(ascii: "-"), UInt8(ascii: "."):
      return true
    default:
      return b >= 0x80
    }
  }

  mutating func name() throws(SVGError) -> String {
    let start = i
    while let b = peek, Self.isNameByte(b) { advance() }
    guard i > start else { throw .malformed("a name was expected", line: line) }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  /// An element starting at `<`, with everything inside it.
  mutating func element(depth: Int) throws(SVGError) -> XMLElement {
    guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, line: line) }
    let serial = elements
    elements += 1
    guard elements <= maximumElements else {
      throw .tooManyElements(limit: maximumElements, line: line)
    }
    let startLine = line
    advance()  // <
    let name = try self.name()
    var attributes: [String: String] = [:]
    var selfClosing = false
    while true {
      skipSpace()
      guard let b = peek else { throw .malformed("<\(name)> is not closed", line: startLine) }
      if b == UInt8(ascii: "/") {
        advance()
        guard peek == UInt8(ascii: ">") else {
          throw .malformed("'/' not followed by '>' in <\(name)>", line: line)
        }
        advance()
        selfClosing = true
        break
      }
      if b == UInt8(ascii: ">") {
        advance()
        break
      }
      let key = try self.name()
      skipSpace()
      guard peek == UInt8(ascii: "=") else {
        throw .malformed("attribute \(key) of <\(name)> has no value", line: line)
      }
      advance()
      skipSpace()
      guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw .malformed("the value of \(key) in <\(name)> is not quoted", line: line)
      }
      advance()
      let start = i
      while let c = peek, c != quote {
        if c == UInt8(ascii: "<") {
          throw .malformed("'<' inside the value of \(key) in <\(name)>", line: line)
        }
        advance()
      }
      guard peek == quote else {
        throw .malformed("the value of \(key) in <\(name)> is not closed", line: startLine)
      }
      let raw = bytes[start..<i]
      advance()
      attributes[key] = String(decoding: try resolveEntities(raw, markup: false), as: UTF8.self)
    }
    // Namespaces (Namespaces in XML 1.0 §5): the element's own xmlns attributes, then its
    // parent's bindings.
    var scope = scopes[scopes.count - 1]
    for (k, v) in attributes where k == "xmlns" || k.hasPrefix("xmlns:") {
      scope[k == "xmlns" ? "" : String(k.dropFirst(6))] = v
    }
    let prefix = name.firstIndex(of: ":").map { String(name[..<$0]) } ?? ""
    let namespace = scope[prefix]
    if selfClosing {
      return XMLElement(
        name: name, attributes: attributes, children: [], text: "", line: startLine,
        serial: serial, namespace: namespace)
    }
    var children: [XMLElement] = []
    var text: [UInt8] = []
    scopes.append(scope)
    try content(closing: name, startLine: startLine, depth: depth, children: &children, text: &text)
    scopes.removeLast()
    return XMLElement(
      name: name, attributes: attributes, children: children,
      text: String(decoding: text, as: UTF8.self), line: startLine, serial: serial,
      namespace: namespace)
  }

  /// An element's content up to its end tag `</closing>` (or, with `closing` nil, an entity's
  /// replacement text to its end): children, and character data into `text`.
  mutating func content(
    closing name: String?, startLine: Int, depth: Int, children: inout [XMLElement],
    text: inout [UInt8]
  ) throws(SVGError) {
    while true {
      guard let b = peek else {
        guard let name else { return }
        throw .malformed("<\(name)> is not closed", line: startLine)
      }
      if b == UInt8(ascii: "<") {
        if starts(with: "</") {
          guard let name else {
            throw .malformed("an end tag inside an entity's replacement text", line: line)
          }
          advance(2)
          let end = try self.name()
          guard end == name else {
            throw .malformed("</\(end)> closes <\(name)> (line \(startLine))", line: line)
          }
          skipSpace()
          guard peek == UInt8(ascii: ">") else {
            throw .malformed("</\(end) is not closed", line: line)
          }
          advance()
          return
        } else if starts(with: "<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts(with: "<![CDATA[") {
          advance(9)
          let start = i
          try skip(past: "]]>", what: "a CDATA section")
          text += bytes[start..<(i - 3)]
        } else if starts(with: "<?") {
          try skip(past: "?>", what: "a processing instruction")
        } else {
          children.append(try element(depth: depth + 1))
        }
      } else {
        try characterData(depth: depth, children: &children, text: &text)
      }
    }
  }
}
