/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
///
/// Components outside 0...1 or NaN are clamped when the colour is created, so
/// every `Color` is valid.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red component, 0...1, sRGB-encoded.
  public let red: Double
  /// The green component, 0...1, sRGB-encoded.
  public let green: Double
  /// The blue component, 0...1, sRGB-encoded.
  public let blue: Double
  /// The opacity, 0 (transparent) ... 1 (opaque).
  public let alpha: Double

  /// Creates a colour; each component is clamped to 0...1 (NaN becomes 0).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red.clamped(to: 0...1)
    self.green = green.clamped(to: 0...1)
    self.blue = blue.clamped(to: 0...1)
    self.alpha = alpha.clamped(to: 0...1)
  }

  /// Creates a colour from 8-bit components (0...255).
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  /// A grey of the given sRGB level.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Parses a CSS-style hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; the `#` is optional.
  ///
  /// - Throws: ``ColorParseError`` naming what was wrong and where.
  public init(hex: String) throws(ColorParseError) {
    var digits = Substring(hex)
    if digits.first == "#" { digits = digits.dropFirst() }
    guard [3, 4, 6, 8].contains(digits.count) else {
      throw ColorParseError(input: hex, reason: .badLength(digits.count))
    }
    var values: [UInt8] = []
    values.reserveCapacity(8)
    for (index, ch) in digits.enumerated() {
      guard ch.isASCII, let v = ch.hexDigitValue else {
        throw ColorParseError(input: hex, reason: .badCharacter(ch, position: index))
      }
      values.append(UInt8(v))
    }
    func pair(_ i: Int) -> UInt8 { values[i] << 4 | values[i + 1] }
    func single(_ i: Int) -> UInt8 { values[i] << 4 | values[i] }
    switch values.count {
    case 3: self.init(red8: single(0), green8: single(1), blue8: single(2))
    case 4: self.init(red8: single(0), green8: single(1), blue8: single(2), alpha8: single(3))
    case 6: self.init(red8: pair(0), green8: pair(2), blue8: pair(4))
    default: self.init(red8: pair(0), green8: pair(2), blue8: pair(4), alpha8: pair(6))
    }
  }

  /// The same colour with another alpha.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour as `#RRGGBBAA`.
  public var hexString: String {
    func h(_ v: Double) -> String {
      let n = Int((v * 255).rounded())
      let s = String(n, radix: 16, uppercase: true)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(red) + h(green) + h(blue) + h(alpha)
  }

  /// A textual form, the ``hexString``.
  public var description: String { hexString }

  /// Fully transparent black.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Opaque mid grey.
  public static let gray = Color(white: 0.5)
  /// Opaque red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Opaque green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Opaque blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Orange (255, 149, 0).
  public static let orange = Color(red8: 255, green8: 149, blue8: 0)
  /// Yellow (255, 204, 0).
  public static let yellow = Color(red8: 255, green8: 204, blue8: 0)
  /// Purple (175, 82, 222).
  public static let purple = Color(red8: 175, green8: 82, blue8: 222)
  /// Pink (255, 45, 85).
  public static let pink = Color(red8: 255, green8: 45, blue8: 85)
  /// Teal (48, 176, 199).
  public static let teal = Color(red8: 48, green8: 176, blue8: 199)
  /// Brown (162, 132, 94).
  public static let brown = Color(red8: 162, green8: 132, blue8: 94)

  /// The named colours above, by their Swift names: the one list the spec, the command line
  /// and the preview read names from.
  public static let named: [(name: String, color: Color)] = [
    ("clear", .clear), ("black", .black), ("white", .white), ("gray", .gray), ("red", .red),
    ("green", .green), ("blue", .blue), ("orange", .orange), ("yellow", .yellow),
    ("purple", .purple), ("pink", .pink), ("teal", .teal), ("brown", .brown),
  ]

  /// The colour of one of the names of ``named``, or nil.
  public init?(named name: String) {
    guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
    self = found.color
  }
}

/// Why a hex colour string could not be parsed.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Hashable, Sendable {
    /// The number of hex digits was not 3, 4, 6 or 8.
    case badLength(Int)
    /// A character that is not a hex digit, at a position counted from after the `#`.
    case badCharacter(Character, position: Int)
  }

  /// The string that was parsed.
  public let input: String
  /// What was wrong with it.
  public let reason: Reason

  /// A one-line explanation.
  public var description: String {
    switch reason {
    case .badLength(let n):
      return "colour \"\(input)\": expected 3, 4, 6 or 8 hex digits, found \(n)"
    case .badCharacter(let ch, let position):
      return "colour \"\(input)\": '\(ch)' at digit \(position + 1) is not a hex digit"
    }
  }
}
