import Strata

/// Colours in a spec: `#RRGGBB` or `#RRGGBBAA` in hexadecimal, or, for components that are not
/// whole 8-bit values, CSS's `color(srgb R G B)` or `color(srgb R G B / A)` with components
/// from 0 to 1.
public enum SpecColor {
  /// The colour of `text`, or `nil` when it is not one.
  public static func parse(_ text: String) -> Color? {
    if let named = Color(named: text) { return named }
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

/// Path data in a spec: SVG's path data (``PathData``, Strata's one reader and writer), every
/// command of SVG 1.1 (`M L H V C S Q T A Z`, upper case absolute, lower case relative), numbers
/// separated by spaces or commas. Unlike an SVG file, a spec's path data must be read whole.
public enum SpecPathData {
  /// Why path data cannot be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, and at which character.
    public var description: String
  }

  /// The most commands one path may have.
  public static let maximumCommands = 1_000_000

  /// The path of `text`.
  public static func parse(_ text: String) -> Result<Path, ParseError> {
    let read = PathData.parse(text, maximumCommands: maximumCommands)
    if let error = read.error { return .failure(ParseError(description: "path data: \(error)")) }
    return .success(read.path)
  }

  /// `path` as absolute path data whose numbers read back exactly.
  public static func format(_ path: Path) -> String {
    PathData.format(path, number: JSONWriter.format)
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
