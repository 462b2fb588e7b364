import Foundation
import Strata
import StrataRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One browser tab: its controller, its settings, and the loop that takes its touches and
/// sends its frames.
///
/// The page sends JSON text messages: `{"type": "touch", "phase": "down"|"move"|"up"|"cancel",
/// "x", "y"}` (points), `{"type": "settings", "rtl", "reduceMotion", "size": "390x844",
/// "textSize"}`, `{"type": "scrub", "position"}` and `{"type": "ack"}` after drawing a frame.
/// The server sends `{"type": "frame", ...}` (the frame's state) followed by the frame as a
/// binary PNG message, `{"type": "event", "event": {...}}` for each controller event,
/// `{"type": "error", "message"}` and `{"type": "reloaded"}`.
///
/// Frames are paced by the page: a new frame goes only when the last was acknowledged, and it
/// shows the controller as it is then — a page that falls behind gets fewer frames, never a
/// queue of old ones.
struct PreviewSession {
  let fd: Int32
  /// The session's place in the server's ``PreviewGuard``.
  let id: Int
  let server: PreviewServer
  var reader = WebSocket.Reader()
  var controller: TutorialController?
  var renderer: FrameRenderer
  var size: Size
  var rightToLeft = false
  var reduceMotion = false
  var textSize = ContentSize.large
  let start = ContinuousClock.now
  var awaitingAck = false
  var lastList: DisplayList?
  var frameNumber = 0
  var outbox: [[UInt8]] = []
  /// The files watched for saves, and how they were when last seen.
  var watched: [FileStamp] = []
  var lastCheck = ContinuousClock.now
  var subscription: TutorialEventStream.Subscription?
  /// Events heard since the last tick (the controller's stream calls back synchronously).
  let heard = EventBox()

  /// When the server last pinged the page.
  var lastPing = ContinuousClock.now

  init(fd: Int32, id: Int, server: PreviewServer) {
    self.fd = fd
    self.id = id
    self.server = server
    size = server.source.defaultPageSize
    var r = FrameRenderer(scale: server.configuration.scale)
    r.cache = RenderCache(frameLimit: 2)
    renderer = r
  }

  /// Seconds since the session began: the controller's clock.
  var now: Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  mutating func run(leftover: ArraySlice<UInt8>) {
    reader.feed(leftover)
    rebuild(keeping: 0)
    let tick: Double = 1.0 / 60
    var nextTick = now
    let idle = Duration.milliseconds(Int(server.configuration.idleTimeout * 1000))
    while !server.isStopping {
      // Another tab took this one's place, or it showed no life for too long.
      guard server.guardian.holds(id) else { return }
      if server.guardian.idleTime(id) > idle {
        PreviewServer.send(fd, WebSocket.close(code: 1001, reason: "idle for too long"))
        return
      }
      if ContinuousClock.now - lastPing > idle / 3 {
        lastPing = .now
        outbox.append(WebSocket.frame(opcode: 0x9, Array("alive?".utf8)))
      }
      let wait = Int32(Swift.max(0, Swift.min(16, (nextTick - now) * 1000)))
      guard let bytes = PreviewServer.receive(fd, timeout: wait) else { return }
      if !bytes.isEmpty {
        reader.feed(bytes[...])
      }
      do {
        while let message = try reader.next() {
          server.guardian.noteActivity(id)
          guard handle(message) else { return }
        }
      } catch {
        PreviewServer.send(fd, WebSocket.close(code: error.code, reason: error.reason))
        return
      }
      if now >= nextTick {
        nextTick = Swift.max(nextTick + tick, now)
        step()
      }
      for m in outbox where !PreviewServer.send(fd, m) { return }
      outbox.removeAll()
    }
    PreviewServer.send(fd, WebSocket.close(code: 1001, reason: "the server is stopping"))
  }

  /// Handles a message; false when the connection should end.
  mutating func handle(_ message: WebSocket.Message) -> Bool {
    switch message {
    case .close:
      // RFC 6455 §5.5.1: the close is echoed with the peer's code (1000 when it gave none).
      PreviewServer.send(fd, WebSocket.close(code: 1000, reason: ""))
      return false
    case .ping(let payload):
      outbox.append(WebSocket.frame(opcode: 0xA, payload))
    case .pong, .binary:
      break
    case .text(let text):
      guard let data = text.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let type = object["type"] as? String
      else {
        send(["type": "error", "message": "not a JSON message with a type"])
        return true
      }
      handle(type, object)
    }
    return true
  }

  mutating func handle(_ type: String, _ m: [String: Any]) {
    guard let controller else { return }
    switch type {
    case "ack":
      awaitingAck = false
    case "touch":
      guard let phaseName = m["phase"] as? String,
        let phase = TouchEvent.Phase(rawValue: phaseName),
        let x = (m["x"] as? NSNumber)?.doubleValue, let y = (m["y"] as? NSNumber)?.doubleValue,
        x.isFinite, y.isFinite
      else {
        send([
          "type": "error", "message": "a touch needs a phase (down, move, up, cancel), x and y",
        ])
        return
      }
      controller.advance(to: now)
      controller.handle(TouchEvent(phase, at: Point(x: x, y: y), time: now))
    case "scrub":
      guard let p = (m["position"] as? NSNumber)?.doubleValue, p.isFinite else { return }
      controller.setPagePosition(p)
    case "settings":
      if let rtl = m["rtl"] as? Bool { rightToLeft = rtl }
      if let reduce = m["reduceMotion"] as? Bool { reduceMotion = reduce }
      if let t = m["textSize"] as? String, let s = ContentSize(rawValue: t) { textSize = s }
      if let s = m["size"] as? String {
        let parts = s.split(separator: "x").compactMap { Double($0) }
        if parts.count == 2, (100...3000).contains(parts[0]), (100...3000).contains(parts[1]) {
          let wanted = Size(width: parts[0], height: parts[1])
          do {
            try server.guardian.resize(
              id, pixels: wanted.devicePixels(scale: server.configuration.scale))
            size = wanted
          } catch {
            send(["type": "error", "message": "\(s) is refused: \(error.message)"])
          }
        } else {
          send(["type": "error", "message": "a size is WIDTHxHEIGHT, each 100 to 3000 points"])
        }
      }
      rebuild(keeping: controller.pagePosition)
    default:
      send(["type": "error", "message": "unknown message type '\(type)'"])
    }
  }

  /// Builds the controller again (settings changed, or the spec file was saved), keeping the
  /// page position; a failure is shown on the page and the old controller stays.
  mutating func rebuild(keeping position: Double) {
    do {
      let c = try server.source.makeController(size)
      c.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
      c.reduceMotion = reduceMotion
      c.contentSize = textSize
      c.setPagePosition(position)
      subscription?.cancel()
      let box = heard
      subscription = c.events.subscribe { box.append($0.json) }
      controller = c
      lastList = nil
      watched = server.source.watchedFiles().map(FileStamp.init(path:))
    } catch {
      send(["type": "error", "message": "\(error)"])
    }
  }

  /// One tick: moves the clock, reloads a saved spec, sends the events heard and, if the page
  /// is ready and the picture changed, a frame.
  mutating func step() {
    if !watched.isEmpty, ContinuousClock.now - lastCheck > .milliseconds(100) {
      lastCheck = ContinuousClock.now
      var changed = false
      for i in watched.indices where watched[i].changed() { changed = true }
      if changed {
        let before = controller != nil
        let after = controller
        rebuild(keeping: controller?.pagePosition ?? 0)
        if before && controller !== after { send(["type": "reloaded"]) }
      }
    }
    guard let controller else { return }
    controller.advance(to: now)
    for json in heard.take() {
      outbox.append(WebSocket.text("{\"type\":\"event\",\"event\":\(json)}"))
    }
    guard !awaitingAck else { return }
    guard let list = try? renderer.displayList(for: controller.scene()), list != lastList else {
      return
    }
    var image = PixelBuffer.placeholder
    guard (try? renderer.render(list, into: &image)) != nil else { return }
    lastList = list
    frameNumber += 1
    send([
      "type": "frame", "n": frameNumber, "position": controller.pagePosition,
      "page": controller.currentPage, "pageCount": controller.pageCount,
      "width": size.width, "height": size.height, "time": now,
    ])
    outbox.append(WebSocket.binary(PNGEncoder(mode: .fastest).encode(image)))
    awaitingAck = true
  }

  mutating func send(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return }
    outbox.append(WebSocket.text(text))
  }
}

/// Events the controller reported, until the session's next tick takes them.
final class EventBox: @unchecked Sendable {
  private var items: [String] = []
  func append(_ json: String) { items.append(json) }
  func take() -> [String] {
    defer { items = [] }
    return items
  }
}

/// A file's identity and modification time, to see it saved.
struct FileStamp {
  let path: String
  var stamp: [Int]

  init(path: String) {
    self.path = path
    stamp = Self.read(path)
  }

  /// Whether the file changed since the last look (and notes the new stamp).
  mutating func changed() -> Bool {
    let now = Self.read(path)
    defer { stamp = now }
    return now != stamp
  }

  static func read(_ path: String) -> [Int] {
    var s = stat()
    guard stat(path, &s) == 0 else { return [] }
    #if canImport(Glibc)
      return [Int(s.st_ino), Int(s.st_size), Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec)]
    #else
      return [
        Int(s.st_ino), Int(s.st_size), Int(s.st_mtimespec.tv_sec), Int(s.st_mtimespec.tv_nsec),
      ]
    #endif
  }
}
