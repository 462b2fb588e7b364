import Foundation
import Strata

/// Reads the small languages inside SVG attribute values: numbers, lengths, lists, path data and
/// transform lists, on Strata's one number scanner. Every reader returns `nil` (or what it read
/// so far, for path data, as SVG asks) instead of failing on malformed text.
typealias SVGScanner = NumberScanner

extension NumberScanner {
  /// An identifier of letters (a unit, a command name).
  mutating func word() -> String {
    let start = i
    while let b = peek,
      (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
        || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "%")
    {
      i += 1
    }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }
}

/// Values of SVG attributes.
enum SVGValues {
  /// Numbers separated by spaces and commas (`points`, `viewBox`, `stroke-dasharray`); `nil`
  /// when any cannot be read.
  static func numbers(_ text: String) -> [Double]? {
    let read = leadingNumbers(text)
    return read.stoppedEarly ? nil : read.numbers
  }

  /// The numbers at the start of `text`, up to the first that cannot be read, and whether
  /// anything was left unread.
  static func leadingNumbers(_ text: String) -> (numbers: [Double], stoppedEarly: Bool) {
    var s = SVGScanner(text)
    var out: [Double] = []
    s.skipSpace()
    while !s.atEnd {
      guard let v = s.number() else { return (out, true) }
      out.append(v)
      s.skipSeparator()
    }
    return (out, false)
  }

  /// An angle or a CSS length in a transform as degrees or user units: `deg`, `px` or no unit
  /// as it is, `rad`, `grad` and `turn` converted (CSS Values 4 §7.1); `nil` for another unit.
  static func degrees(_ v: Double, unit: String) -> Double? {
    switch unit {
    case "", "px", "deg": return v
    case "rad": return v * 180 / Double.pi
    case "grad": return v * 0.9
    case "turn": return v * 360
    default: return nil
    }
  }

  /// A length in user units: `12`, `12px`, `1in`, `2.5mm`, `50%` (of `percentOf`), `1em` (the
  /// font size), `1ex` (half of it, CSS Values 4 §6.1.1's fallback for the x-height).
  static func length(_ text: String, percentOf: Double = 0, fontSize: Double = 16) -> Double? {
    var s = SVGScanner(text)
    s.skipSpace()
    guard let v = s.number() else { return nil }
    let unit = s.word()
    s.skipSpace()
    guard s.atEnd else { return nil }
    switch unit {
    case "", "px": return v
    case "%": return v / 100 * percentOf
    case "pt": return v * 4 / 3
    case "pc": return v * 16
    case "in": return v * 96
    case "cm": return v * 96 / 2.54
    case "mm": return v * 96 / 25.4
    case "em": return v * fontSize
    case "ex": return v * fontSize / 2
    default: return nil
    }
  }

  /// A gradient offset or opacity: a number or a percentage, clamped to 0...1.
  static func fraction(_ text: String) -> Double? {
    var s = SVGScanner(text)
    s.skipSpace()
    guard var v = s.number() else { return nil }
    if s.peek == UInt8(ascii: "%") {
      s.i += 1
      v /= 100
    }
    s.skipSpace()
    guard s.atEnd else { return nil }
    return v.clamped(to: 0...1)
  }

  /// A transform list: `matrix`, `translate`, `scale`, `rotate` (with a centre), `skewX`,
  /// `skewY`, applied in the order SVG gives (the rightmost first). `nil` when malformed, which
  /// SVG treats as no transform… so the caller reports it.
  static func transform(_ text: String) -> Transform? {
    var s = SVGScanner(text)
    var result = Transform.identity
    var pieces: [Transform] = []
    s.skipSpace()
    while !s.atEnd {
      let name = s.word()
      s.skipSpace()
      guard s.peek == UInt8(ascii: "(") else { return nil }
      s.i += 1
      var args: [Double] = []
      s.skipSpace()
      while s.peek != UInt8(ascii: ")") {
        // CSS writes units (`rotate(45deg)`, `translate(10px)`); angles become degrees.
        guard let n = s.number(), let v = degrees(n, unit: s.word()), args.count < 6 else {
          return nil
        }
        args.append(v)
        s.skipSeparator()
      }
      s.i += 1
      let radians = Double.pi / 180
      switch (name, args.count) {
      case ("matrix", 6):
        pieces.append(
          Transform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5]))
      case ("translate", 1), ("translate", 2):
        pieces.append(Transform(translationX: args[0], y: args.count > 1 ? args[1] : 0))
      case ("scale", 1), ("scale", 2):
        pieces.append(Transform(scaleX: args[0], y: args.count > 1 ? args[1] : args[0]))
      case ("rotate", 1):
        pieces.append(Transform(rotation: args[0] * radians))
      case ("rotate", 3):
        pieces.append(
          Transform(translationX: -args[1], y: -args[2]).concatenating(
            Transform(rotation: args[0] * radians)
          ).thenTranslated(x: args[1], y: args[2]))
      case ("skewX", 1):
        pieces.append(Transform(a: 1, b: 0, c: tan(args[0] * radians), d: 1, tx: 0, ty: 0))
      case ("skewY", 1):
        pieces.append(Transform(a: 1, b: tan(args[0] * radians), c: 0, d: 1, tx: 0, ty: 0))
      default:
        return nil
      }
      s.skipSeparator()
    }
    // "A B" applies B to the element first, then A.
    for t in pieces.reversed() { result = result.concatenating(t) }
    return result.isFinite ? result : nil
  }

  /// A path's `d`: Strata's one path-data reader (``PathData/parse(_:maximumCommands:)``), whose
  /// message says what stopped it; SVG keeps what came before.
  static func pathData(_ text: String) -> (path: Path, error: String?) {
    let read = PathData.parse(text)
    return (read.path, read.error?.message)
  }
}
