extension XMLReader {
  /// A DOCTYPE: its internal subset's general entity declarations are kept (XML 1.0 §4.2);
  /// other declarations, parameter entities and external entities are skipped.
  mutating func skipDoctype() throws(SVGError) {
    let startLine = line
    advance(9)  // <!DOCTYPE
    // The name and external id, up to the internal subset or the end.
    while let b = peek, b != UInt8(ascii: "["), b != UInt8(ascii: ">") {
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
        try quoted()
      } else {
        advance()
      }
    }
    guard let b = peek else { throw .malformed("the DOCTYPE is not closed", line: startLine) }
    if b == UInt8(ascii: "[") {
      advance()
      try internalSubset(startLine: startLine)
    }
    skipSpace()
    guard peek == UInt8(ascii: ">") else {
      throw .malformed("the DOCTYPE is not closed", line: startLine)
    }
    advance()
  }

  /// A quoted literal's bytes, the quotes passed.
  @discardableResult
  mutating func quoted() throws(SVGError) -> ArraySlice<UInt8> {
    let startLine = line
    guard let quote = peek else { return [] }
    advance()
    let start = i
    while let c = peek, c != quote { advance() }
    guard peek == quote else { throw .malformed("a quoted literal is not closed", line: startLine) }
    advance()
    return bytes[start..<(i - 1)]
  }

  /// The declarations between `[` and `]`.
  mutating func internalSubset(startLine: Int) throws(SVGError) {
    while true {
      skipSpace()
      guard let b = peek else { throw .malformed("the DOCTYPE is not closed", line: startLine) }
      if b == UInt8(ascii: "]") {
        advance()
        return
      }
      if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!ENTITY") {
        advance(8)
        try entityDeclaration()
      } else {
        // Another declaration (ELEMENT, ATTLIST, NOTATION), passed over with its quotes, or
        // a parameter-entity reference (`%name;`).
        let end = b == UInt8(ascii: "%") ? UInt8(ascii: ";") : UInt8(ascii: ">")
        advance()
        while let c = peek, c != end {
          if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { try quoted() } else { advance() }
        }
        guard peek == end else { throw .malformed("the DOCTYPE is not closed", line: startLine) }
        advance()
      }
    }
  }

  /// `<!ENTITY name "value">` after `<!ENTITY`: kept when it is a general entity with a
  /// literal value (the first declaration of a name binds, XML 1.0 §4.2).
  mutating func entityDeclaration() throws(SVGError) {
    skipSpace()
    var parameter = false
    if peek == UInt8(ascii: "%") {
      parameter = true
      advance()
      skipSpace()
    }
    let name = try self.name()
    skipSpace()
    var value: ArraySlice<UInt8>?
    var sawKeyword = false
    while let c = peek, c != UInt8(ascii: ">") {
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        let literal = try quoted()
        // A SYSTEM or PUBLIC id is quoted too, but after a keyword: only a literal that comes
        // first is the value.
        if value == nil, !parameter, entities[name] == nil, !sawKeyword { value = literal }
        sawKeyword = true
      } else {
        if c != 32 && c != 9 && c != 10 && c != 13 { sawKeyword = true }
        advance()
      }
    }
    guard peek == UInt8(ascii: ">") else {
      throw .malformed("the entity \(name) is not closed", line: line)
    }
    advance()
    if let value { entities[name] = Array(value) }
  }

  /// `raw` with its entity references replaced: the predefined ones, character references
  /// and declared entities (expanded in turn). In an attribute (`markup` false) a declared
  /// entity may not bring a `<` (XML 1.0 §3.1, "No < in Attribute Values").
  mutating func resolveEntities(_ raw: ArraySlice<UInt8>, markup: Bool) throws(SVGError)
    -> [UInt8]
  {
    guard raw.contains(UInt8(ascii: "&")) else { return Array(raw) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var k = raw.startIndex
    while k < raw.endIndex {
      let b = raw[k]
      guard b == UInt8(ascii: "&") else {
        out.append(b)
        k += 1
        continue
      }
      let (name, next) = try reference(in: raw, at: k)
      k = next
      if let builtIn = try Self.predefined(name, line: line) {
        out += builtIn
        continue
      }
      let replacement = try expansion(of: name)
      defer { expandingEntities.removeLast() }
      let resolved = try resolveEntities(replacement[...], markup: markup)
      if !markup, resolved.contains(UInt8(ascii: "<")) {
        throw .malformed("the entity &\(name); puts a '<' in an attribute value", line: line)
      }
      out += resolved
    }
    return out
  }

  /// The entity name of the reference at `k` (an `&`), and where the text goes on after it.
  func reference(in raw: ArraySlice<UInt8>, at k: Int) throws(SVGError) -> (String, Int) {
    guard let semi = raw[k...].firstIndex(of: UInt8(ascii: ";")), semi - k <= 64, semi > k + 1
    else { throw .malformed("an '&' that starts no entity", line: line) }
    return (String(decoding: raw[(k + 1)..<semi], as: UTF8.self), semi + 1)
  }

  /// A declared entity's replacement text, counted against the budget and pushed on the
  /// stack of entities being expanded (the caller pops it).
  mutating func expansion(of name: String) throws(SVGError) -> [UInt8] {
    guard let replacement = entities[name] else {
      throw .malformed("unknown entity &\(name);", line: line)
    }
    guard !expandingEntities.contains(name) else {
      throw .malformed("the entity &\(name); refers to itself", line: line)
    }
    guard expandingEntities.count < SVGImporter.maximumEntityDepth else {
      throw .malformed(
        "entities nest deeper than \(SVGImporter.maximumEntityDepth) levels at &\(name);",
        line: line)
    }
    entityBytes += replacement.count
    guard entityBytes <= SVGImporter.maximumEntityBytes else {
      throw .overBudget(
        "bytes of entity expansion", limit: SVGImporter.maximumEntityBytes, line: line)
    }
    expandingEntities.append(name)
    return replacement
  }

  /// The bytes of a predefined entity or a character reference; `nil` for any other name.
  static func predefined(_ entity: String, line: Int) throws(SVGError) -> [UInt8]? {
    switch entity {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      guard entity.hasPrefix("#") else { return nil }
      var value: UInt32?
      if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
        value = UInt32(entity.dropFirst(2), radix: 16)
      } else {
        value = UInt32(entity.dropFirst(), radix: 10)
      }
      guard let v = value, let scalar = Unicode.Scalar(v) else {
        throw .malformed("unknown entity &\(entity);", line: line)
      }
      return Array(String(Character(scalar)).utf8)
    }
  }

  /// Character data up to the next `<`: text (kept for `<style>`), with references to declared
  /// entities that bring markup parsed as content in their place (XML 1.0 §4.4.2).
  mutating func characterData(
    depth: Int, children: inout [XMLElement], text: inout [UInt8]
  ) throws(SVGError) {
    var start = i
    while let c = peek, c != UInt8(ascii: "<") {
      guard c == UInt8(ascii: "&") else {
        advance()
        continue
      }
      let (name, next) = try reference(in: bytes[...], at: i)
      if try Self.predefined(name, line: line) != nil {
        advance(next - i)
        continue
      }
      text += try resolveEntities(bytes[start..<i], markup: true)
      advance(next - i)
      start = i
      let replacement = try expansion(of: name)
      // The replacement text is read as content by a reader of its own that shares this
      // one's entities, counts and budgets.
      var inner = XMLReader(
        replacement, maximumDepth: maximumDepth, maximumElements: maximumElements)
      inner.line = line
      inner.elements = elements
      inner.entities = entities
      inner.entityBytes = entityBytes
      inner.expandingEntities = expandingEntities
      inner.scopes = [scopes[scopes.count - 1]]
      try inner.content(
        closing: nil, startLine: line, depth: depth, children: &children, text: &text)
      elements = inner.elements
      entityBytes = inner.entityBytes
      expandingEntities.removeLast()
    }
    text += try resolveEntities(bytes[start..<i], markup: true)
  }
}
