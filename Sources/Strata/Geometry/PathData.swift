// SVG path data, read and written in one place: the SVG importer's `d` attributes and the
// spec's `path` values both go through it.

/// Reads numbers as SVG and CSS write them, and the separators between them, from UTF-8 text:
/// the scanner under path data (here) and the SVG importer's attribute values.
public struct NumberScanner {
  /// The text's bytes.
  public let bytes: [UInt8]
  /// Where reading is.
  public var i = 0

  /// A scanner at the start of `text`.
  public init(_ text: String) { bytes = Array(text.utf8) }

  /// Whether everything was read.
  public var atEnd: Bool { i >= bytes.count }
  /// The byte at the reading place, if any.
  public var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  /// Skips white space.
  public mutating func skipSpace() {
    while let b = peek, b == 32 || b == 9 || b == 10 || b == 13 || b == 12 { i += 1 }
  }

  /// Spaces and at most one comma.
  public mutating func skipSeparator() {
    skipSpace()
    if peek == UInt8(ascii: ",") {
      i += 1
      skipSpace()
    }
  }

  /// Whether `b` is an ASCII digit.
  public static func isDigit(_ b: UInt8?) -> Bool {
    guard let b else { return false }
    return b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
  }

  /// A number as SVG writes them: sign, digits, fraction, exponent (`-1.5e3`, `.5`, `1.`).
  public mutating func number() -> Double? {
    let start = i
    if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while Self.isDigit(peek) {
      i += 1
      digits += 1
    }
    if peek == UInt8(ascii: ".") {
      i += 1
      while Self.isDigit(peek) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      i = start
      return nil
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      let mark = i
      i += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
      if Self.isDigit(peek) {
        while Self.isDigit(peek) { i += 1 }
      } else {
        i = mark  // "1em": the e belongs to a unit
      }
    }
    guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
      i = start
      return nil
    }
    return v
  }

  /// An arc flag: a single 0 or 1, which may be followed directly by the next number.
  public mutating func flag() -> Bool? {
    skipSeparator()
    guard let b = peek, b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else { return nil }
    i += 1
    return b == UInt8(ascii: "1")
  }
}

/// Path data as SVG writes it (`M0 0 L10 0 Q15 5 10 10 Z`): the one reader and the one writer
/// of Strata, for SVG files, specs and the SVG and JSON outputs.
public enum PathData {
  /// Why path data stopped being read: what was wrong, and the byte offset it was found at.
  public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong (`"M needs two numbers"`).
    public var message: String
    /// The byte offset in the text where reading stopped (0 is the first byte).
    public var offset: Int
    /// `message at byte offset`.
    public var description: String { "\(message) at character \(offset + 1)" }
  }

  /// Reads path data: every command of SVG 1.1 (`M L H V C S Q T A Z`), relative and
  /// absolute, with implicit repeats. Reading stops at the first error and keeps what came
  /// before it (SVG's rule); the error says what and where. At most `maximumCommands`
  /// commands are read.
  public static func parse(_ text: String, maximumCommands: Int = .max) -> (
    path: Path, error: SyntaxError?
  ) {
    var s = NumberScanner(text)
    var commands = 0
    var path = Path()
    var current = Point(x: 0, y: 0)
    var start = current
    var lastControl: Point?
    var lastCommand: UInt8 = 0
    var command: UInt8 = 0
    func fail(_ why: String) -> (Path, SyntaxError?) {
      (path, SyntaxError(message: why, offset: s.i))
    }
    s.skipSpace()
    while !s.atEnd {
      if let b = s.peek, (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z"),
        b != UInt8(ascii: "e") && b != UInt8(ascii: "E")
      {
        command = b
        s.i += 1
        commands += 1
        guard commands <= maximumCommands else { return fail("too many commands") }
      } else if command == 0 {
        return fail("path data must start with a command")
      } else if command == UInt8(ascii: "M") {
        command = UInt8(ascii: "L")
      } else if command == UInt8(ascii: "m") {
        command = UInt8(ascii: "l")
      } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
        return fail("numbers after Z")
      }
      let relative = command >= UInt8(ascii: "a")
      let upper = command & ~0x20
      let base = relative ? current : Point(x: 0, y: 0)
      func num() -> Double? {
        s.skipSeparator()
        return s.number()
      }
      func point() -> Point? {
        guard let x = num(), let y = num() else { return nil }
        return Point(x: base.x + x, y: base.y + y)
      }
      if lastCommand == 0, upper != UInt8(ascii: "M") {
        return fail("path data must start with M")
      }
      switch upper {
      case UInt8(ascii: "M"):
        guard let p = point() else { return fail("M needs two numbers") }
        path.move(to: p)
        current = p
        start = p
        lastControl = nil
      case UInt8(ascii: "L"):
        guard let p = point() else { return fail("L needs two numbers") }
        path.line(to: p)
        current = p
        lastControl = nil
      case UInt8(ascii: "H"):
        guard let x = num() else { return fail("H needs a number") }
        current = Point(x: (relative ? current.x : 0) + x, y: current.y)
        path.line(to: current)
        lastControl = nil
      case UInt8(ascii: "V"):
        guard let y = num() else { return fail("V needs a number") }
        current = Point(x: current.x, y: (relative ? current.y : 0) + y)
        path.line(to: current)
        lastControl = nil
      case UInt8(ascii: "C"):
        guard let c1 = point(), let c2 = point(), let p = point() else {
          return fail("C needs six numbers")
        }
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
        lastControl = c2
      case UInt8(ascii: "S"):
        guard let c2 = point(), let p = point() else { return fail("S needs four numbers") }
        let smooth = lastCommand == UInt8(ascii: "C") || lastCommand == UInt8(ascii: "S")
        let c1 = smooth ? reflect(lastControl, about: current) : current
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
        lastControl = c2
      case UInt8(ascii: "Q"):
        guard let c = point(), let p = point() else { return fail("Q needs four numbers") }
        path.quad(to: p, control: c)
        current = p
        lastControl = c
      case UInt8(ascii: "T"):
        guard let p = point() else { return fail("T needs two numbers") }
        let smooth = lastCommand == UInt8(ascii: "Q") || lastCommand == UInt8(ascii: "T")
        let c = smooth ? reflect(lastControl, about: current) : current
        path.quad(to: p, control: c)
        current = p
        lastControl = c
      case UInt8(ascii: "A"):
        guard let rx = num(), let ry = num(), let angle = num(), let large = s.flag(),
          let sweep = s.flag(), let p = point()
        else { return fail("A needs seven values") }
        appendArc(
          to: &path, from: current, to: p, rx: rx, ry: ry, angle: angle, large: large, sweep: sweep)
        current = p
        lastControl = nil
      case UInt8(ascii: "Z"):
        path.close()
        current = start
        lastControl = nil
      default:
        return fail("unknown path command '\(Character(Unicode.Scalar(command)))'")
      }
      lastCommand = upper
      s.skipSeparator()
    }
    return (path, nil)
  }

  static func reflect(_ p: Point?, about c: Point) -> Point {
    guard let p else { return c }
    return Point(x: 2 * c.x - p.x, y: 2 * c.y - p.y)
  }

  /// An elliptical arc in SVG's endpoint form, as cubic curves (SVG 1.1, appendix F.6.5–F.6.6:
  /// radii too small are scaled up, a zero radius is a straight line).
  static func appendArc(
    to path: inout Path, from p0: Point, to p1: Point, rx: Double, ry: Double, angle: Double,
    large: Bool, sweep: Bool
  ) {
    if p0 == p1 { return }
    var rx = Swift.abs(rx)
    var ry = Swift.abs(ry)
    guard rx > 0, ry > 0 else {
      path.line(to: p1)
      return
    }
    let phi = angle * Double.pi / 180
    let cosPhi = _cos(phi)
    let sinPhi = _sin(phi)
    let dx = (p0.x - p1.x) / 2
    let dy = (p0.y - p1.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      let k = lambda.squareRoot()
      rx *= k
      ry *= k
    }
    let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var coef = den > 0 ? (Swift.max(0, num) / den).squareRoot() : 0
    if large == sweep { coef = -coef }
    let cx1 = coef * rx * y1 / ry
    let cy1 = -coef * ry * x1 / rx
    let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
    let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
    func angleOf(_ ux: Double, _ uy: Double) -> Double { _atan2(uy, ux) }
    let theta1 = angleOf((x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angleOf((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
    if sweep && delta < 0 { delta += 2 * Double.pi }
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    guard delta.isFinite, cx.isFinite, cy.isFinite else {
      path.line(to: p1)
      return
    }
    let segments = Swift.max(1, Int((Swift.abs(delta) / (Double.pi / 2)).rounded(.up)))
    let step = delta / Double(segments)
    let k = 4.0 / 3.0 * _tan(step / 4)
    func onEllipse(_ t: Double) -> (Point, Vector) {
      let ct = _cos(t)
      let st = _sin(t)
      let p = Point(
        x: cx + rx * ct * cosPhi - ry * st * sinPhi, y: cy + rx * ct * sinPhi + ry * st * cosPhi)
      let d = Vector(
        dx: -rx * st * cosPhi - ry * ct * sinPhi, dy: -rx * st * sinPhi + ry * ct * cosPhi)
      return (p, d)
    }
    var t = theta1
    var (from, fromD) = onEllipse(t)
    for n in 0..<segments {
      let t1 = t + step
      var (to, toD) = onEllipse(t1)
      if n == segments - 1 { to = p1 }
      path.cubic(to: to, control1: from + fromD * k, control2: to - toD * k)
      (from, fromD, t) = (to, toD, t1)
    }
  }

  /// `path` as absolute path data (`M L Q C Z`), each number written by `number`.
  public static func format(_ path: Path, number: (Double) -> String) -> String {
    var parts: [String] = []
    parts.reserveCapacity(path.elements.count)
    func pt(_ q: Point) -> String { number(q.x) + " " + number(q.y) }
    for e in path.elements {
      switch e {
      case .move(let q): parts.append("M" + pt(q))
      case .line(let q): parts.append("L" + pt(q))
      case .quad(let q, let c): parts.append("Q" + pt(c) + " " + pt(q))
      case .cubic(let q, let c1, let c2): parts.append("C" + pt(c1) + " " + pt(c2) + " " + pt(q))
      case .close: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }
}
