import Foundation
import Strata

/// A paint as written: none, a colour, `currentColor`, or a reference with a fallback.
enum SVGPaint: Hashable {
  case none
  case color(Color)
  case currentColor
  case reference(id: String, fallback: Box?)

  /// Boxes the fallback so the enum can hold one of its own.
  final class Box: Hashable {
    let paint: SVGPaint
    init(_ paint: SVGPaint) { self.paint = paint }
    static func == (a: Box, b: Box) -> Bool { a.paint == b.paint }
    func hash(into h: inout Hasher) { h.combine(paint) }
  }

  /// `none`, a colour, `currentColor` or `url(#id) [fallback]`; `nil` when unreadable.
  static func parse(_ text: String) -> SVGPaint? {
    let t = text.trimmingSpaces
    if t == "none" { return SVGPaint.none }
    if t == "currentColor" || t == "currentcolor" { return .currentColor }
    if t.hasPrefix("url(") {
      guard let close = t.firstIndex(of: ")") else { return nil }
      var ref = t[t.index(t.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: "'\" ")
      guard ref.hasPrefix("#") else { return nil }
      ref.removeFirst()
      let rest = String(t[t.index(after: close)...]).trimmingSpaces
      let fallback = rest.isEmpty ? nil : parse(rest).map(Box.init)
      return .reference(id: ref, fallback: fallback)
    }
    return SVGColor.parse(t).map(SVGPaint.color)
  }
}

extension Substring {
  func trimmingCharacters(in set: String) -> String {
    let chars = Set(set)
    var s = self
    while let f = s.first, chars.contains(f) { s.removeFirst() }
    while let l = s.last, chars.contains(l) { s.removeLast() }
    return String(s)
  }
}

/// The inherited properties in effect at an element.
struct SVGStyle {
  var fill = SVGPaint.color(Color(red: 0, green: 0, blue: 0))
  var fillOpacity = 1.0
  var fillRule = FillRule.nonZero
  var stroke = SVGPaint.none
  var strokeOpacity = 1.0
  var strokeWidth = 1.0
  var cap = StrokeStyle.Cap.butt
  var join = StrokeStyle.Join.miter
  var miterLimit = 4.0
  var dash: [Double] = []
  var dashOffset = 0.0
  var clipRule = FillRule.nonZero
  var color = Color(red: 0, green: 0, blue: 0)
  var visible = true

  /// The properties every element inherits (the rest apply to the element alone).
  static let inherited: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
    "stroke-dashoffset", "clip-rule", "color", "visibility",
  ]

  /// This style with the declarations of an element applied; what cannot be read is noted
  /// through `note` and leaves the inherited value.
  func applying(
    _ d: [String: String], percentBase: Double, note: (String) -> Void
  ) -> SVGStyle {
    var s = self
    for (key, raw) in d where Self.inherited.contains(key) {
      let value = raw.trimmingSpaces
      if value == "inherit" { continue }
      func bad() { note("\(key)=\"\(value)\" cannot be read; the inherited value is used") }
      switch key {
      case "color":
        if let c = SVGColor.parse(value) { s.color = c } else { bad() }
      case "fill", "stroke":
        guard let p = SVGPaint.parse(value) else {
          bad()
          continue
        }
        if key == "fill" { s.fill = p } else { s.stroke = p }
      case "fill-opacity":
        if let v = SVGValues.fraction(value) { s.fillOpacity = v } else { bad() }
      case "stroke-opacity":
        if let v = SVGValues.fraction(value) { s.strokeOpacity = v } else { bad() }
      case "fill-rule", "clip-rule":
        let rule: FillRule? =
          value == "evenodd" ? .evenOdd : value == "nonzero" ? .nonZero : nil
        guard let rule else {
          bad()
          continue
        }
        if key == "fill-rule" { s.fillRule = rule } else { s.clipRule = rule }
      case "stroke-width":
        if let v = SVGValues.length(value, percentOf: percentBase), v >= 0 {
          s.strokeWidth = v
        } else {
          bad()
        }
      case "stroke-linecap":
        if let c = StrokeStyle.Cap(rawValue: value) { s.cap = c } else { bad() }
      case "stroke-linejoin":
        if let j = StrokeStyle.Join(rawValue: value) {
          s.join = j
        } else if value == "miter-clip" || value == "arcs" {
          s.join = .miter
          note("stroke-linejoin=\"\(value)\" is drawn as miter")
        } else {
          bad()
        }
      case "stroke-miterlimit":
        if let v = SVGValues.numbers(value), v.count == 1, v[0] >= 1 {
          s.miterLimit = v[0]
        } else {
          bad()
        }
      case "stroke-dasharray":
        if value == "none" {
          s.dash = []
        } else if let parts = Optional(value.split(whereSeparator: { $0 == "," || $0 == " " })),
          case let lengths = parts.compactMap({
            SVGValues.length(String($0), percentOf: percentBase)
          }),
          lengths.count == parts.count, lengths.allSatisfy({ $0 >= 0 })
        {
          // All zero draws solid; an odd list repeats to make it even (SVG's rules).
          s.dash =
            lengths.reduce(0, +) > 0 ? (lengths.count % 2 == 1 ? lengths + lengths : lengths) : []
        } else {
          bad()
        }
      case "stroke-dashoffset":
        if let v = SVGValues.length(value, percentOf: percentBase) {
          s.dashOffset = v
        } else {
          bad()
        }
      case "visibility":
        s.visible = value != "hidden" && value != "collapse"
      default:
        continue
      }
    }
    return s
  }
}

/// A style sheet of simple rules: type, class and id selectors (`rect`, `.a`, `#b`,
/// `path.a.b`, `*`), comma-separated, with declarations. Other selectors are reported.
struct SVGStyleSheet {
  struct Selector {
    var type: String?
    var id: String?
    var classes: [String]
    var specificity: Int { (id == nil ? 0 : 100) + classes.count * 10 + (type == nil ? 0 : 1) }

    func matches(_ e: XMLElement, classes own: [String]) -> Bool {
      if let type, type != e.localName { return false }
      if let id, id != e.attributes["id"] { return false }
      return classes.allSatisfy(own.contains)
    }
  }

  struct Rule {
    var selector: Selector
    var order: Int
    var declarations: [(String, String)]
  }

  var rules: [Rule] = []
  /// Rules by the most selective part of their selector: id, else first class, else type;
  /// the rest (`*`) in `universal`. An element tests only the rules of its own keys.
  private var byID: [String: [Int]] = [:]
  private var byClass: [String: [Int]] = [:]
  private var byType: [String: [Int]] = [:]
  private var universal: [Int] = []
  /// Bytes of comments read so far, in all sheets.
  private(set) var commentBytes = 0
  /// Rules tested against elements so far (``SVGImporter/maximumSelectorTests``).
  private(set) var selectorTests = 0

  /// Adds the rules of `css`; what cannot be read is passed to `note`. Returns false (and
  /// adds nothing more) once the sheets' comments pass ``SVGImporter/maximumCommentBytes``.
  mutating func add(_ css: String, note: (String) -> Void) -> Bool {
    // Comments out, in one pass.
    var kept: [UInt8] = []
    let bytes = Array(css.utf8)
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
        guard commentBytes <= SVGImporter.maximumCommentBytes else { return false }
        i = end
      } else {
        kept.append(bytes[i])
        i += 1
      }
    }
    var rest = Substring(String(decoding: kept, as: UTF8.self))
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
        let sel = part.trimmingCharacters(in: " \n\t\r")
        guard let selector = Self.selector(sel) else {
          note("the selector '\(sel)' is not supported (only type, class and id selectors)")
          continue
        }
        let index = rules.count
        rules.append(Rule(selector: selector, order: index, declarations: declarations))
        if let id = selector.id {
          byID[id, default: []].append(index)
        } else if let c = selector.classes.first {
          byClass[c, default: []].append(index)
        } else if let t = selector.type {
          byType[t, default: []].append(index)
        } else {
          universal.append(index)
        }
      }
    }
    return true
  }

  static func selector(_ s: String) -> Selector? {
    if s == "*" { return Selector(type: nil, id: nil, classes: []) }
    var type: String?
    var id: String?
    var classes: [String] = []
    var current = ""
    var kind: Character = "t"
    func flush() -> Bool {
      if current.isEmpty { return kind == "t" }
      switch kind {
      case "t": type = current
      case "#": id = current
      default: classes.append(current)
      }
      current = ""
      return true
    }
    for ch in s {
      if ch == "." || ch == "#" {
        guard flush() else { return nil }
        kind = ch
      } else if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" {
        current.append(ch)
      } else {
        return nil
      }
    }
    guard flush(), type != nil || id != nil || !classes.isEmpty else { return nil }
    return Selector(type: type, id: id, classes: classes)
  }

  /// `a: b; c: d` as pairs (`!important` dropped).
  static func declarations(_ body: String) -> [(String, String)] {
    body.split(separator: ";").compactMap { decl in
      guard let colon = decl.firstIndex(of: ":") else { return nil }
      let key = decl[..<colon].trimmingCharacters(in: " \n\t\r")
      var value = decl[decl.index(after: colon)...].trimmingCharacters(in: " \n\t\r")
      if let bang = value.range(of: "!important") {
        value = String(value[..<bang.lowerBound]).trimmingSpaces
      }
      return key.isEmpty ? nil : (key.lowercased(), value)
    }
  }

  /// The declarations of the rules matching `e`, least specific first. Counts the rules
  /// tested in ``selectorTests``.
  mutating func declarations(for e: XMLElement) -> [(String, String)] {
    guard !rules.isEmpty else { return [] }
    var own = (e.attributes["class"] ?? "").split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n"
    }).map(String.init)
    own = Array(Set(own))
    var candidates = universal
    if let id = e.attributes["id"], let r = byID[id] { candidates += r }
    for c in own { if let r = byClass[c] { candidates += r } }
    if let r = byType[e.localName] { candidates += r }
    selectorTests += candidates.count
    return candidates.map { rules[$0] }.filter { $0.selector.matches(e, classes: own) }
      .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
      .flatMap(\.declarations)
  }
}
