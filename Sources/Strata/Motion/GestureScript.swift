/// A list of timed gestures — what a person would do to an onboarding — to drive a controller
/// headlessly, in Swift or in a small text form.
///
/// The text form is statements separated by `;` or new lines:
///
/// | statement | meaning |
/// |---|---|
/// | `wait 0.5` | do nothing for 0.5 s |
/// | `swipe left` / `swipe right [slow\|fast\|SPEED]` | a swipe across 60 % of the width at mid-height; 1500 pt/s, slow 400, fast 3000, or SPEED pt/s |
/// | `drag X Y to X Y [in T]` | a drag between two points over T s (default 0.4) |
/// | `drag to X Y [in T]` | a drag from the middle of the screen |
/// | `tap X Y` | a tap at a point |
/// | `tap 'LET'S START'` | a tap on the centre of the node with that name (quotes ' or ", a quote inside doubled or of the other kind) |
///
/// ```swift
/// let script = try GestureScript("wait 0.5; swipe left; wait 1; tap \"LET'S START\"")
/// ```
public struct GestureScript: Hashable, Sendable {
  /// One gesture.
  public enum Gesture: Hashable, Sendable {
    /// Nothing for a time, in seconds.
    case wait(Double)
    /// A swipe across 60 % of the width; `.left` moves to the next page.
    case swipe(Direction, speed: Double)
    /// A drag between two points over a duration.
    case drag(from: Point?, to: Point, duration: Double)
    /// A tap at a point.
    case tap(Point)
    /// A tap on the centre of the node with this name.
    case tapNode(String)
  }

  /// Which way a swipe moves the finger.
  public enum Direction: String, Hashable, Sendable {
    /// Right to left: towards the next page.
    case left
    /// Left to right: towards the previous page.
    case right
    /// Bottom to top: towards the next page of vertical pages.
    case up
    /// Top to bottom: towards the previous page of vertical pages.
    case down
  }

  /// The gestures, in order.
  public var gestures: [Gesture]

  /// The longest a script may run, in seconds (ten minutes): a longer one is an error before it
  /// plays, so no script can make a run take hours or hold millions of frames.
  public static let maximumDuration = 600.0
  /// The most frames one play records (a minute at 1000 frames per second, ten at 100).
  public static let maximumFrames = 60_000
  /// The most statements a script may have.
  public static let maximumStatements = 10_000
  /// The most characters of a script's text.
  public static let maximumLength = 1 << 20

  /// A statement as the text form writes it, for messages.
  public static func text(of g: Gesture) -> String {
    func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
    switch g {
    case .wait(let t): return "wait \(n(t))"
    case .swipe(let d, let speed): return "swipe \(d.rawValue) \(n(speed))"
    case .drag(let from, let to, let d):
      return "drag " + (from.map { "\(n($0.x)) \(n($0.y)) " } ?? "")
        + "\(n(to.x)) \(n(to.y)) \(n(d))"
    case .tap(let p): return "tap \(n(p.x)) \(n(p.y))"
    case .tapNode(let name): return "tap '\(name)'"
    }
  }

  /// Creates a script from gestures.
  public init(_ gestures: [Gesture]) {
    self.gestures = gestures
  }

  /// The same session mirrored left to right in a viewport `width` points wide: points at
  /// `width − x`, swipes the other way. A session written for a left-to-right layout, mirrored,
  /// does the same in a right-to-left one (a swipe left there goes back).
  public func mirrored(width: Double) -> GestureScript {
    func flip(_ p: Point) -> Point { Point(x: width - p.x, y: p.y) }
    return GestureScript(
      gestures.map { g in
        switch g {
        case .wait, .tapNode: return g
        case .swipe(let d, let speed):
          let flipped: Direction = d == .left ? .right : d == .right ? .left : d
          return .swipe(flipped, speed: speed)
        case .drag(let from, let to, let duration):
          return .drag(from: from.map(flip), to: flip(to), duration: duration)
        case .tap(let p): return .tap(flip(p))
        }
      })
  }

  /// Parses the text form.
  ///
  /// - Throws: ``GestureScriptError`` naming the statement and what was wrong.
  public init(_ text: String) throws(GestureScriptError) {
    guard text.utf8.count <= Self.maximumLength else {
      throw GestureScriptError(
        statement: 1, text: "", reason: "the script is longer than \(Self.maximumLength) bytes")
    }
    var gestures: [Gesture] = []
    let statements = Self.statements(text)
    guard statements.count <= Self.maximumStatements else {
      throw GestureScriptError(
        statement: Self.maximumStatements + 1, text: statements[Self.maximumStatements],
        reason: "a script has at most \(Self.maximumStatements) statements")
    }
    for (index, statement) in statements.enumerated() {
      let words = try Self.words(statement, index: index)
      guard let verb = words.first?.lowercased() else { continue }
      func number(_ i: Int, _ what: String) throws(GestureScriptError) -> Double {
        guard i < words.count, let v = Double(words[i]), v.isFinite else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "expected \(what)")
        }
        return v
      }
      switch verb {
      case "wait":
        let t = try number(1, "a time in seconds")
        guard t >= 0, t <= 3600, words.count == 2 else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "wait takes one time, 0...3600 s")
        }
        gestures.append(.wait(t))
      case "swipe":
        guard words.count >= 2, let dir = Direction(rawValue: words[1].lowercased()) else {
          throw GestureScriptError(
            statement: index + 1, text: statement,
            reason: "swipe left, right, up or down")
        }
        var speed = 1500.0
        if words.count == 3 {
          switch words[2].lowercased() {
          case "slow": speed = 400
          case "fast": speed = 3000
          default: speed = try number(2, "slow, fast or a speed in points per second")
          }
        }
        guard words.count <= 3, speed > 0, speed <= 100_000 else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "a swipe speed is 0...100000 pt/s")
        }
        gestures.append(.swipe(dir, speed: speed))
      case "drag":
        var i = 1
        var from: Point?
        if words.count > 1, words[1].lowercased() != "to" {
          from = Point(x: try number(1, "x"), y: try number(2, "y"))
          i = 3
        }
        guard i < words.count, words[i].lowercased() == "to" else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "drag [X Y] to X Y [in T]")
        }
        let to = Point(x: try number(i + 1, "x"), y: try number(i + 2, "y"))
        var duration = 0.4
        if words.count > i + 3 {
          guard words[i + 3].lowercased() == "in", words.count == i + 5 else {
            throw GestureScriptError(
              statement: index + 1, text: statement, reason: "drag [X Y] to X Y [in T]")
          }
          duration = try number(i + 4, "a duration in seconds")
        }
        guard duration > 0, duration <= 60 else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "a drag lasts 0...60 s")
        }
        gestures.append(.drag(from: from, to: to, duration: duration))
      case "tap":
        if words.count == 2, statement.contains("'") || statement.contains("\"") {
          gestures.append(.tapNode(words[1]))
        } else if words.count == 3 {
          gestures.append(.tap(Point(x: try number(1, "x"), y: try number(2, "y"))))
        } else {
          throw GestureScriptError(
            statement: index + 1, text: statement, reason: "tap X Y or tap 'name'")
        }
      default:
        throw GestureScriptError(
          statement: index + 1, text: statement,
          reason: "unknown gesture '\(words[0])' (wait, swipe, drag, tap)")
      }
    }
    self.gestures = gestures
  }

  static func statements(_ text: String) -> [String] {
    // Split on ; and new lines outside quotes.
    var out: [String] = []
    var current = ""
    var quote: Character?
    for ch in text {
      if let q = quote {
        current.append(ch)
        if ch == q { quote = nil }
      } else if ch == "'" || ch == "\"" {
        // An apostrophe inside a word (LET'S) does not open a quote.
        if ch == "'", let last = current.last, last.isLetter {
          current.append(ch)
        } else {
          quote = ch
          current.append(ch)
        }
      } else if ch == ";" || ch == "\n" {
        out.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    out.append(current)
    return out.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
  }

  static func words(_ statement: String, index: Int) throws(GestureScriptError) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var chars = Array(statement)
    var i = 0
    while i < chars.count {
      let ch = chars[i]
      if let q = quote {
        if ch == q {
          // A doubled quote is a quote character; an apostrophe followed by a letter is one too.
          if i + 1 < chars.count, chars[i + 1] == q {
            current.append(ch)
            i += 2
            continue
          }
          if q == "'", i + 1 < chars.count, chars[i + 1].isLetter {
            current.append(ch)
            i += 1
            continue
          }
          quote = nil
          words.append(current)
          current = ""
        } else {
          current.append(ch)
        }
      } else if ch == "'" || ch == "\"" {
        if !current.isEmpty {
          current.append(ch)
        } else {
          quote = ch
        }
      } else if ch == " " || ch == "\t" {
        if !current.isEmpty {
          words.append(current)
          current = ""
        }
      } else {
        current.append(ch)
      }
      i += 1
    }
    if quote != nil {
      throw GestureScriptError(
        statement: index + 1, text: statement, reason: "a quote is not closed")
    }
    if !current.isEmpty { words.append(current) }
    chars = []
    return words
  }

  /// How long the script takes, in seconds.
  public func duration(pageWidth: Double) -> Double {
    gestures.reduce(0) { $0 + GestureScript.duration(of: $1, pageWidth: pageWidth) }
  }

  static let tapDuration = 0.08

  static func duration(of g: Gesture, pageWidth: Double) -> Double {
    switch g {
    case .wait(let t): return t
    case .swipe(_, let speed): return 0.6 * pageWidth / speed
    case .drag(_, _, let d): return d
    case .tap, .tapNode: return tapDuration
    }
  }

  /// The touch events of the script for a viewport of `size`, sampled at `rate` per second.
  ///
  /// - Parameter locate: the centre of a node, by name, in root coordinates; `nil` when there
  ///   is no such node (the tap is then skipped).
  public func touchEvents(size: Size, rate: Double = 240, locate: (String) -> Point?)
    -> [TouchEvent]
  {
    var events: [TouchEvent] = []
    var t = 0.0
    for g in gestures {
      events += Self.touchEvents(of: g, at: t, size: size, rate: rate, locate: locate)
      t += Self.duration(of: g, pageWidth: size.width)
    }
    return events
  }

  /// The touch events of one gesture that starts at time `t`.
  public static func touchEvents(
    of g: Gesture, at t: Double, size: Size, rate: Double = 240, locate: (String) -> Point?
  ) -> [TouchEvent] {
    var events: [TouchEvent] = []
    let rate = rate.isFinite && rate > 0 ? rate : 240
    func stroke(from a: Point, to b: Point, duration: Double) {
      events.append(TouchEvent(.down, at: a, time: t))
      let n = Swift.max(1, Int((duration * rate).rounded()))
      for i in 1...n {
        let f = Double(i) / Double(n)
        events.append(TouchEvent(.move, at: a.lerp(to: b, f), time: t + duration * f))
      }
      events.append(TouchEvent(.up, at: b, time: t + duration))
    }
    do {
      let d = Self.duration(of: g, pageWidth: size.width)
      switch g {
      case .wait:
        break
      case .swipe(let dir, _):
        let y = size.height * 0.4
        switch dir {
        case .left, .right:
          let a = Point(x: size.width * (dir == .left ? 0.8 : 0.2), y: y)
          let b = Point(x: size.width * (dir == .left ? 0.2 : 0.8), y: y)
          stroke(from: a, to: b, duration: d)
        case .up, .down:
          // The same length as a sideways swipe, 0.6 of the width, about 0.4 of the height.
          let half = size.width * 0.3
          let x = size.width / 2
          let a = Point(x: x, y: dir == .up ? y + half : y - half)
          let b = Point(x: x, y: dir == .up ? y - half : y + half)
          stroke(from: a, to: b, duration: d)
        }
      case .drag(let from, let to, let duration):
        stroke(
          from: from ?? Point(x: size.width / 2, y: size.height / 2), to: to, duration: duration)
      case .tap(let p):
        events.append(TouchEvent(.down, at: p, time: t))
        events.append(TouchEvent(.up, at: p, time: t + d))
      case .tapNode(let name):
        if let p = locate(name) {
          events.append(TouchEvent(.down, at: p, time: t))
          events.append(TouchEvent(.up, at: p, time: t + d))
        }
      }
    }
    return events
  }
}

/// A mistake in a gesture script.
public struct GestureScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The statement, counted from 1.
  public var statement: Int
  /// Its text.
  public var text: String
  /// What was wrong.
  public var reason: String

  /// One line: which statement and why. The statement is shown with control characters
  /// escaped and cut at 80 characters, so a hostile script cannot garble a terminal or flood it.
  public var description: String {
    "script statement \(statement) ('\(Self.printable(text))'): \(Self.printable(reason, limit: 400))"
  }

  /// `s` on one line: control characters as \u{…} escapes, at most `limit` characters (then
  /// "…").
  static func printable(_ s: String, limit: Int = 80) -> String {
    var out = ""
    var count = 0
    for scalar in s.unicodeScalars {
      if count >= limit {
        out += "…"
        break
      }
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return out
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
