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
  /// What `em` and `ex` lengths refer to (CSS Fonts 4 §2.5; 16 px by default).
  var fontSize = 16.0

  /// The properties every element inherits (the rest apply to the element alone).
  static let inherited: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
    "stroke-dashoffset", "clip-rule", "color", "visibility", "font-size",
  ]

  /// The absolute font-size keywords, in px (CSS Fonts 4 §2.5, medium = 16 px).
  static let fontSizes: [String: Double] = [
    "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
    "xx-large": 32,
  ]

  /// This style with the declarations of an element applied; what cannot be read is noted
  /// through `note` and leaves the inherited value.
  func applying(
    _ d: [String: String], percentBase: Double, note: (String) -> Void
  ) -> SVGStyle {
    var s = self
    // The font size first: the other lengths may be in its ems.
    if let raw = d["font-size"]?.trimmingSpaces, raw != "inherit" {
      if let v = Self.fontSizes[raw] {
        s.fontSize = v
      } else if raw == "larger" || raw == "smaller" {
        s.fontSize = raw == "larger" ? fontSize * 1.2 : fontSize / 1.2
      } else if let v = SVGValues.length(raw, percentOf: fontSize, fontSize: fontSize), v >= 0,
        v.isFinite
      {
        s.fontSize = v
      } else {
        note("font-size=\"\(raw)\" cannot be read; the inherited value is used")
      }
    }
    for (key, raw) in d where Self.inherited.contains(key) && key != "font-size" {
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
        if let v = SVGValues.length(value, percentOf: percentBase, fontSize: s.fontSize), v >= 0 {
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
            SVGValues.length(String($0), percentOf: percentBase, fontSize: s.fontSize)
          }),
          lengths.count == parts.count
        {
          // All zero or any negative draws solid; an odd list repeats to make it even
          // (SVG 2 §13.5.5).
          s.dash =
            lengths.reduce(0, +) > 0 && lengths.allSatisfy({ $0 >= 0 })
            ? (lengths.count % 2 == 1 ? lengths + lengths : lengths) : []
        } else {
          bad()
        }
      case "stroke-dashoffset":
        if let v = SVGValues.length(value, percentOf: percentBase, fontSize: s.fontSize) {
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
