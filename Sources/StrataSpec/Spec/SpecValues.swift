import Strata

/// Colours in a spec: `#RRGGBB` or `#RRGGBBAA` in hexadecimal, or, for components that are not
/// whole 8-bit values, CSS's `color(srgb R G B)` or `color(srgb R G B / A)` with components
/// from 0 to 1.
public enum SpecColor {
  /// The colour of `text`, or `nil` when it is not one.
  public static func parse(_ text: String) -> Color? {
    if text.hasPrefix("color(srgb "), text.hasSuffix(")") {
      let inner = text.dropFirst("color(srgb ".count).dropLast()
      let parts = inner.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count <= 2 else { return nil }
      let rgb = parts[0].split(separator: " ").compactMap { Double($0) }
      let alpha = parts.count == 2 ? Double(parts[1].trimmingSpaces) : 1
      guard rgb.count == 3, parts[0].split(separator: " ").count == 3, let alpha,
        (rgb + [alpha]).allSatisfy({ $0 >= 0 && $0 <= 1 })
      else { return nil }
      return Color(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }
    // Strata's one hex reader, held to the spec's two lengths.
    guard text.hasPrefix("#"), text.utf8.count == 7 || text.utf8.count == 9 else { return nil }
    return try? Color(hex: text)
  }

  /// `color` as `#RRGGBB` (`#RRGGBBAA` when not opaque) when its components are whole 8-bit
  /// values, otherwise as `color(srgb R G B / A)`; either reads back as the same colour.
  public static func format(_ color: Color) -> String {
    if let hex = hexFormat(color) { return hex }
    let n = JSONWriter.format
    let rgb = "\(n(color.red)) \(n(color.green)) \(n(color.blue))"
    return color.alpha == 1 ? "color(srgb \(rgb))" : "color(srgb \(rgb) / \(n(color.alpha)))"
  }

  static func hexFormat(_ color: Color) -> String? {
    let components = [color.red, color.green, color.blue, color.alpha]
    var out = "#"
    for (i, c) in components.enumerated() {
      let v = (c * 255).rounded()
      guard v >= 0, v <= 255, Color(red8: UInt8(v), green8: 0, blue8: 0).red == c else {
        return nil
      }
      if i == 3 && v == 255 { break }
      let byte = UInt8(v)
      let text = String(byte, radix: 16, uppercase: true)
      out += byte < 16 ? "0" + text : text
    }
    return out
  }
}

/// Path data in a spec: the SVG path commands `M L H V Q C Z` (upper case absolute, lower case
/// relative), numbers separated by spaces or commas.
public enum SpecPathData {
  /// Why path data cannot be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, and at which character.
    public var description: String
  }

  /// The path of `text`.
  public static func parse(_ text: String) -> Result<Path, ParseError> {
    let chars = Array(text.utf8)
    var i = 0
    var path = Path()
    var current = Point.zero
    var start = Point.zero
    var command: UInt8 = 0
    var count = 0
    func skip() {
      while i < chars.count,
        chars[i] == 0x20 || chars[i] == 0x2C || chars[i] == 0x0A || chars[i] == 0x09
          || chars[i] == 0x0D
      {
        i += 1
      }
    }
    func number() -> Double? {
      skip()
      let s = i
      if i < chars.count, chars[i] == UInt8(ascii: "-") || chars[i] == UInt8(ascii: "+") { i += 1 }
      while i < chars.count, (0x30...0x39).contains(chars[i]) || chars[i] == UInt8(ascii: ".") {
        i += 1
      }
      if i < chars.count, chars[i] == UInt8(ascii: "e") || chars[i] == UInt8(ascii: "E") {
        i += 1
        if i < chars.count, chars[i] == UInt8(ascii: "-") || chars[i] == UInt8(ascii: "+") {
          i += 1
        }
        while i < chars.count, (0x30...0x39).contains(chars[i]) { i += 1 }
      }
      guard i > s, let v = Double(String(decoding: chars[s..<i], as: UTF8.self)), v.isFinite else {
        i = s
        return nil
      }
      return v
    }
    func fail(_ what: String) -> Result<Path, ParseError> {
      .failure(ParseError(description: "path data: \(what) at character \(i + 1)"))
    }
    while true {
      skip()
      if i >= chars.count { break }
      let c = chars[i]
      if (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) {
        command = c
        i += 1
        count += 1
        guard count <= 1_000_000 else { return fail("too many commands") }
        if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
          path.close()
          current = start
          command = 0
          continue
        }
      } else if command == 0 {
        return fail("expected a command letter")
      }
      let relative = command >= 0x61
      func point() -> Point? {
        guard let x = number(), let y = number() else { return nil }
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
      }
      switch command | 0x20 {
      case UInt8(ascii: "m"):
        guard let p = point() else { return fail("expected two numbers after M") }
        path.move(to: p)
        current = p
        start = p
        // Further pairs after a move are lines.
        command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
      case UInt8(ascii: "l"):
        guard let p = point() else { return fail("expected two numbers after L") }
        path.line(to: p)
        current = p
      case UInt8(ascii: "h"):
        guard let x = number() else { return fail("expected a number after H") }
        current = Point(x: relative ? current.x + x : x, y: current.y)
        path.line(to: current)
      case UInt8(ascii: "v"):
        guard let y = number() else { return fail("expected a number after V") }
        current = Point(x: current.x, y: relative ? current.y + y : y)
        path.line(to: current)
      case UInt8(ascii: "q"):
        guard let c1 = point(), let p = point() else {
          return fail("expected four numbers after Q")
        }
        path.quad(to: p, control: c1)
        current = p
      case UInt8(ascii: "c"):
        guard let c1 = point(), let c2 = point(), let p = point() else {
          return fail("expected six numbers after C")
        }
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
      default:
        return fail("unknown command '\(Character(Unicode.Scalar(command)))'")
      }
    }
    return .success(path)
  }

  /// `path` as absolute path data whose numbers read back exactly.
  public static func format(_ path: Path) -> String {
    var parts: [String] = []
    func n(_ v: Double) -> String { JSONWriter.format(v) }
    for e in path.elements {
      switch e {
      case .move(let p): parts.append("M\(n(p.x)) \(n(p.y))")
      case .line(let p): parts.append("L\(n(p.x)) \(n(p.y))")
      case .quad(let p, let c): parts.append("Q\(n(c.x)) \(n(c.y)) \(n(p.x)) \(n(p.y))")
      case .cubic(let p, let c1, let c2):
        parts.append("C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(p.x)) \(n(p.y))")
      case .close: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}
