import Foundation
import Strata

/// A message the page sends, read once into its type (see ``PreviewSession`` for the JSON).
enum PageMessage: Equatable {
  /// The page drew the last frame: the next may go.
  case ack
  /// A finger, in points of the onboarding.
  case touch(TouchEvent.Phase, Point)
  /// Show this page position.
  case scrub(Double)
  /// Settings changed; what is absent stays as it is.
  case settings(Settings)

  /// The page's settings; `nil` for what the message leaves as it is.
  struct Settings: Equatable {
    /// The reader's direction, motion and text size: what is given replaces the session's.
    var reader = ReaderSettings()
    /// The pager switches (going round, the axis, autoplay): what is given replaces the
    /// session's.
    var pager = PagerSettings()
    var size: SizeRequest = .keep
  }

  /// What a settings message asks of the size.
  enum SizeRequest: Equatable {
    /// No size given.
    case keep
    /// A size within the limits, and how it was written.
    case set(Size, written: String)
    /// A size that is not WIDTHxHEIGHT within the limits, as written.
    case refused(String)
  }

  /// The sizes a page may ask for, in points on each side.
  static let sizeLimits = 100.0...3000.0

  /// Why a message could not be read: the error the page is sent back.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// Reads a text message from the page.
  static func parse(_ text: String) -> Result<PageMessage, Problem> {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let type = object["type"] as? String
    else { return .failure(Problem(message: "not a JSON message with a type")) }
    func number(_ key: String) -> Double? {
      guard let n = object[key] as? NSNumber else { return nil }
      let v = n.doubleValue
      return v.isFinite ? v : nil
    }
    switch type {
    case "ack": return .success(.ack)
    case "touch":
      guard let phase = (object["phase"] as? String).flatMap(TouchEvent.Phase.init(rawValue:)),
        let x = number("x"), let y = number("y")
      else {
        return .failure(Problem(message: "a touch needs a phase (down, move, up, cancel), x and y"))
      }
      return .success(.touch(phase, Point(x: x, y: y)))
    case "scrub":
      guard let p = number("position") else {
        return .failure(Problem(message: "a scrub needs a finite position"))
      }
      return .success(.scrub(p))
    case "settings":
      var s = Settings()
      s.reader.layoutDirection = (object["rtl"] as? Bool).map { $0 ? .rightToLeft : .leftToRight }
      s.reader.reduceMotion = object["reduceMotion"] as? Bool
      s.reader.contentSize = (object["textSize"] as? String).flatMap(ContentSize.init(rawValue:))
      s.pager.isCircular = object["circular"] as? Bool
      s.pager.axis = (object["vertical"] as? Bool).map { $0 ? .vertical : .horizontal }
      s.pager.autoplayInterval = number("autoplay")
      if let text = object["size"] as? String {
        let parts = text.split(separator: "x").compactMap { Double($0) }
        if parts.count == 2, sizeLimits.contains(parts[0]), sizeLimits.contains(parts[1]) {
          s.size = .set(Size(width: parts[0], height: parts[1]), written: text)
        } else {
          s.size = .refused(text)
        }
      }
      return .success(.settings(s))
    default:
      return .failure(Problem(message: "unknown message type '\(type)'"))
    }
  }
}

/// A text message the server sends the page.
enum ServerMessage: Equatable {
  /// The frame that follows as a binary PNG message, and the state it shows.
  case frame(number: Int, position: Double, page: Int, pageCount: Int, size: Size, time: Double)
  /// The changes to the page's layers (``LayerStream``'s operations), after the bitmaps of
  /// new contents as binary messages, and the state they show.
  case layers(
    number: Int, position: Double, page: Int, pageCount: Int, size: Size, time: Double,
    operations: [String])
  /// An event of the controller, as its JSON object.
  case event(json: String)
  /// Something the page asked for could not be done.
  case error(String)
  /// The spec file was saved and the onboarding built again.
  case reloaded

  /// The message as JSON text, keys in alphabetical order.
  var json: String {
    // Numbers stay numbers with a fraction ("1.0"), as the page and the tests read them.
    func n(_ v: Double) -> String { v.isFinite ? String(v) : "0.0" }
    switch self {
    case .frame(let number, let position, let page, let pageCount, let size, let time):
      return "{\"height\":\(n(size.height)),\"n\":\(number),\"page\":\(page),"
        + "\"pageCount\":\(pageCount),\"position\":\(n(position)),\"time\":\(n(time)),"
        + "\"type\":\"frame\",\"width\":\(n(size.width))}"
    case .layers(let number, let position, let page, let pageCount, let size, let time, let ops):
      return
        "{\"height\":\(n(size.height)),\"n\":\(number),\"ops\":[\(ops.joined(separator: ","))],"
        + "\"page\":\(page),\"pageCount\":\(pageCount),\"position\":\(n(position)),"
        + "\"time\":\(n(time)),\"type\":\"layers\",\"width\":\(n(size.width))}"
    case .event(let json): return "{\"event\":\(json),\"type\":\"event\"}"
    case .error(let message):
      return "{\"message\":\(JSONLiteral.string(message)),\"type\":\"error\"}"
    case .reloaded: return "{\"type\":\"reloaded\"}"
    }
  }
}
