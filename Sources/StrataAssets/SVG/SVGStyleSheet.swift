/// The CSS of `<style>` elements and `style` attributes: selectors of types, classes, ids,
/// attributes (`[x]`, `[a=b]`, `~=`, `|=`, `^=`, `$=`, `*=`), `*` and `:first-child`, joined by
/// the descendant, child (`>`), next-sibling (`+`) and subsequent-sibling (`~`) combinators;
/// declarations cascade by importance, specificity and order (CSS Cascade 4 §6, Selectors 4
/// §16). Other selectors are reported and their rules dropped.
struct SVGStyleSheet {
  /// A compound selector: the tests one element must pass.
  struct Compound {
    var type: String?
    var id: String?
    var classes: [String] = []
    var attributes: [AttributeTest] = []
    var firstChild = false

    var isEmpty: Bool {
      type == nil && id == nil && classes.isEmpty && attributes.isEmpty && !firstChild
    }
  }

  /// `[name]`, or `[name op value]`.
  struct AttributeTest {
    var name: String
    var op: String
    var value: String

    func matches(_ e: XMLElement) -> Bool {
      guard let v = e.attribute(name) else { return false }
      switch op {
      case "": return true
      case "=": return v == value
      case "~=": return v.split(separator: " ").contains { $0 == value }
      case "|=": return v == value || v.hasPrefix(value + "-")
      case "^=": return !value.isEmpty && v.hasPrefix(value)
      case "$=": return !value.isEmpty && v.hasSuffix(value)
      default: return !value.isEmpty && v.contains(value)  // *=
      }
    }
  }

  /// How a compound relates to the one on its left.
  enum Combinator { case descendant, child, nextSibling, laterSibling }

  /// A complex selector: compounds from left to right, each with the combinator that joins it
  /// to the one before (the first's is unused).
  struct Selector {
    var parts: [(combinator: Combinator, compound: Compound)]

    /// (ids, classes + attributes + pseudo-classes, types), as one comparable number.
    var specificity: Int {
      var ids = 0
      var classes = 0
      var types = 0
      for (_, c) in parts {
        ids += c.id == nil ? 0 : 1
        classes += c.classes.count + c.attributes.count + (c.firstChild ? 1 : 0)
        types += c.type == nil || c.type == "*" ? 0 : 1
      }
      return ids * 1_000_000 + classes * 1_000 + types
    }
  }

  struct Rule {
    var selector: Selector
    var order: Int
    var declarations: [Declaration]
  }

  /// A property and its value, and whether it was marked `!important`.
  struct Declaration {
    var key: String
    var value: String
    var important: Bool
  }

  /// What the sheet matches against: an element's parent, and its place among the parent's
  /// children.
  struct Tree {
    var parent: (XMLElement) -> XMLElement?
    var position: (XMLElement) -> Int?
  }

  var rules: [Rule] = []
  /// Rules by the most selective part of their last compound: id, else first class, else
  /// type; the rest in `universal`. An element tests only the rules of its own keys.
  private var byID: [String: [Int]] = [:]
  private var byClass: [String: [Int]] = [:]
  private var byType: [String: [Int]] = [:]
  private var universal: [Int] = []
  /// Bytes of comments read so far, in all sheets.
  private(set) var commentBytes = 0
  /// Compound selectors tested against elements so far (``SVGImporter/maximumSelectorTests``).
  private(set) var selectorTests = 0

  /// Adds the rules of `css`; what cannot be read is passed to `note`. Returns false (and
  /// adds nothing more) once the sheets' comments pass ``SVGImporter/maximumCommentBytes``.
  mutating func add(_ css: String, note: (String) -> Void) -> Bool {
    guard let text = withoutComments(css) else { return false }
    var rest = Substring(text)
    while let brace = rest.firstIndex(of: "{") {
      let head = rest[..<brace].trimmingCharacters(in: " \n\t\r")
      guard let end = rest[brace...].firstIndex(of: "}") else { break }
      let body = rest[rest.index(after: brace)..<end]
      rest = rest[rest.index(after: end)...]
      if head.hasPrefix("@") {
        note("the at-rule \(head.split(separator: " ").first ?? "") is not supported")
        // An at-rule with a block inside: skip to its closing brace.
        if body.contains("{"), let close = rest.firstIndex(of: "}") {
          rest = rest[rest.index(after: close)...]
        }
        continue
      }
      let declarations = Self.declarations(String(body))
      for part in head.split(separator: ",") {
        let text = part.trimmingCharacters(in: " \n\t\r")
        guard let selector = Self.selector(text), let last = selector.parts.last?.compound else {
          note("the selector '\(text)' is not supported")
          continue
        }
        let index = rules.count
        rules.append(Rule(selector: selector, order: index, declarations: declarations))
        if let id = last.id {
          byID[id, default: []].append(index)
        } else if let c = last.classes.first {
          byClass[c, default: []].append(index)
        } else if let t = last.type, t != "*" {
          byType[t, default: []].append(index)
        } else {
          universal.append(index)
        }
      }
    }
    return true
  }

  /// `css` without its comments, counting their bytes; `nil` past the budget.
  private mutating func withoutComments(_ css: String) -> String? {
    let bytes = Array(css.utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
        var j = i + 2
        while j + 1 < bytes.count,
          !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/"))
        {
          j += 1
        }
        let end = Swift.min(bytes.count, j + 2)
        commentBytes += end - i
        guard commentBytes <= SVGImporter.maximumCommentBytes else { return nil }
        i = end
      } else {
        kept.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: kept, as: UTF8.self)
  }

  /// The most compounds one selector may have.
  static let maximumCompounds = 32

  /// A complex selector, or `nil` when it uses what is not supported.
  static func selector(_ text: String) -> Selector? {
    var parts: [(Combinator, Compound)] = []
    var chars = Array(text)
    chars.append(" ")
    var k = 0
    var pending: Combinator? = nil
    var compound = Compound()
    var sawSpace = false
    func isName(_ c: Character) -> Bool {
      c.isLetter || c.isNumber || c == "-" || c == "_" || c == "\\"
    }
    func name() -> String {
      var out = ""
      while k < chars.count, isName(chars[k]) {
        out.append(chars[k])
        k += 1
      }
      return out
    }
    // Ends the compound being read, joined by the combinator seen before it.
    func finish() -> Bool {
      guard !compound.isEmpty, parts.count < maximumCompounds else { return false }
      parts.append((pending ?? .descendant, compound))
      compound = Compound()
      pending = nil
      return true
    }
    while k < chars.count {
      let c = chars[k]
      switch c {
      case " ", "\t", "\n", "\r":
        k += 1
        sawSpace = true
        continue
      case ">", "+", "~":
        if !compound.isEmpty { guard finish() else { return nil } }
        guard !parts.isEmpty, pending == nil else { return nil }
        pending = c == ">" ? .child : c == "+" ? .nextSibling : .laterSibling
        k += 1
        sawSpace = false
        continue
      default:
        break
      }
      if sawSpace, !compound.isEmpty {
        guard finish() else { return nil }
        pending = .descendant
      }
      sawSpace = false
      switch c {
      case "*":
        k += 1
        // `*` matches any element: a compound with no tests, kept as the type "*".
        guard compound.isEmpty else { return nil }
        compound.type = "*"
      case ".", "#":
        k += 1
        let n = name()
        guard !n.isEmpty else { return nil }
        if c == "." { compound.classes.append(n) } else { compound.id = n }
      case "[":
        k += 1
        guard let test = attributeTest(chars, &k) else { return nil }
        compound.attributes.append(test)
      case ":":
        k += 1
        guard name() == "first-child" else { return nil }
        compound.firstChild = true
      default:
        guard isName(c), compound.isEmpty else { return nil }
        compound.type = name()
      }
    }
    if !compound.isEmpty { guard finish() else { return nil } }
    guard pending == nil, !parts.isEmpty else { return nil }
    return Selector(parts: parts.map { ($0.0, $0.1) })
  }

  /// The inside of `[…]`, with `k` just past `[`; leaves `k` past `]`.
  static func attributeTest(_ chars: [Character], _ k: inout Int) -> AttributeTest? {
    var inside = ""
    while k < chars.count, chars[k] != "]" {
      inside.append(chars[k])
      k += 1
    }
    guard k < chars.count else { return nil }
    k += 1
    let ops = ["~=", "|=", "^=", "$=", "*=", "="]
    for op in ops {
      if let r = inside.range(of: op) {
        let name = inside[..<r.lowerBound].trimmingCharacters(in: " \t")
        let value = inside[r.upperBound...].trimmingCharacters(in: " \t\"'")
        return name.isEmpty ? nil : AttributeTest(name: name, op: op, value: value)
      }
    }
    let name = Substring(inside).trimmingCharacters(in: " \t")
    return name.isEmpty ? nil : AttributeTest(name: name, op: "", value: "")
  }

  /// `a: b; c: d !important` as declarations, comments left out, keys in lower case.
  static func declarations(_ body: String) -> [Declaration] {
    var text = body
    while let open = text.range(of: "/*") {
      let close = text[open.upperBound...].range(of: "*/")?.upperBound ?? text.endIndex
      text.removeSubrange(open.lowerBound..<close)
    }
    return text.split(separator: ";").compactMap { decl in
      guard let colon = decl.firstIndex(of: ":") else { return nil }
      let key = decl[..<colon].trimmingCharacters(in: " \n\t\r")
      var value = decl[decl.index(after: colon)...].trimmingCharacters(in: " \n\t\r")
      var important = false
      if let bang = value.range(of: "!") {
        let flag = value[bang.upperBound...].trimmingCharacters(in: " \n\t\r").lowercased()
        guard flag == "important" else { return nil }
        important = true
        value = String(value[..<bang.lowerBound]).trimmingSpaces
      }
      return key.isEmpty
        ? nil : Declaration(key: key.lowercased(), value: value, important: important)
    }
  }

  /// The declarations of the rules matching `e`, by specificity then order (the caller
  /// cascades them with the style attribute's, importance first). Counts the compounds tested
  /// in ``selectorTests``.
  mutating func declarations(for e: XMLElement, in tree: Tree) -> [Declaration] {
    guard !rules.isEmpty else { return [] }
    var candidates = universal
    if let id = e.attributes["id"], let r = byID[id] { candidates += r }
    var seen: Set<String> = []
    for c in (e.attributes["class"] ?? "").split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n"
    })
    where seen.insert(String(c)).inserted {
      if let r = byClass[String(c)] { candidates += r }
    }
    if let r = byType[e.localName] { candidates += r }
    var matched: [Rule] = []
    for index in candidates {
      let rule = rules[index]
      if matches(rule.selector, e, part: rule.selector.parts.count - 1, tree) {
        matched.append(rule)
      }
    }
    matched.sort { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
    return matched.flatMap(\.declarations)
  }

  /// Whether `e` matches the selector's parts up to `part`, trying each way its combinators
  /// can be met (the tests are counted, so the budget bounds the search).
  private mutating func matches(_ s: Selector, _ e: XMLElement, part: Int, _ tree: Tree) -> Bool {
    guard selectorTests <= SVGImporter.maximumSelectorTests else { return false }
    selectorTests += 1
    guard test(s.parts[part].compound, e, tree) else { return false }
    guard part > 0 else { return true }
    switch s.parts[part].combinator {
    case .child:
      guard let p = tree.parent(e) else { return false }
      return matches(s, p, part: part - 1, tree)
    case .descendant:
      var p = tree.parent(e)
      while let a = p {
        if matches(s, a, part: part - 1, tree) { return true }
        p = tree.parent(a)
      }
      return false
    case .nextSibling:
      guard let b = Self.siblingsBefore(e, tree).last else { return false }
      return matches(s, b, part: part - 1, tree)
    case .laterSibling:
      for b in Self.siblingsBefore(e, tree).reversed() where matches(s, b, part: part - 1, tree) {
        return true
      }
      return false
    }
  }

  /// The element children before `e` in its parent.
  static func siblingsBefore(_ e: XMLElement, _ tree: Tree) -> ArraySlice<XMLElement> {
    guard let p = tree.parent(e), let i = tree.position(e), i <= p.children.count else { return [] }
    return p.children[..<i]
  }

  /// Whether `e` passes one compound's tests.
  private func test(_ c: Compound, _ e: XMLElement, _ tree: Tree) -> Bool {
    if let type = c.type, type != "*", type != e.localName { return false }
    if let id = c.id, id != e.attributes["id"] { return false }
    if !c.classes.isEmpty {
      let own = (e.attributes["class"] ?? "").split(whereSeparator: {
        $0 == " " || $0 == "\t" || $0 == "\n"
      })
      guard c.classes.allSatisfy({ name in own.contains { $0 == name } }) else { return false }
    }
    guard c.attributes.allSatisfy({ $0.matches(e) }) else { return false }
    if c.firstChild, !Self.siblingsBefore(e, tree).isEmpty { return false }
    return true
  }
}
