import Foundation
import Strata
import StrataFiles
import StrataHost
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
/// "textSize", "circular", "vertical", "autoplay": seconds (0: off)}` (each optional), `{"type": "scrub", "position"}` and `{"type": "ack"}` after drawing a frame.
/// The server sends `{"type": "frame", ...}` (the frame's state) followed by the frame as a
/// binary PNG message, `{"type": "event", "event": {...}}` for each controller event,
/// `{"type": "error", "message"}` and `{"type": "reloaded"}`.
///
/// With `/ws?mode=layers` (what the page asks for) the server keeps the page's layers instead:
/// each new content's bitmap goes once, as a binary message, and each frame is a
/// `{"type": "layers", "ops": [...], ...}` message of what changed (``LayerStream``).
///
/// Frames are paced by the page: a new frame goes only when the page has acknowledged all
/// but ``window`` − 1 of those before it, and it shows the controller as it is then — a page
/// that falls behind gets fewer frames, never a queue of old ones.
struct PreviewSession {
  let fd: Int32
  /// The session's place in the server's ``PreviewGuard``.
  let id: Int
  let server: PreviewServer
  var reader = WebSocket.Reader()
  var controller: TutorialController?
  var renderer: FrameRenderer
  var size: Size
  /// The page's direction, motion and text size, given to every controller the tab builds.
  var readerSettings = ReaderSettings(
    layoutDirection: .leftToRight, reduceMotion: false, contentSize: .large)
  /// The pager switches the page set; those it has not set stay as the onboarding has them.
  var pagerSettings = PagerSettings()
  let start = ContinuousClock.now
  /// Frames sent and not yet acknowledged.
  var unacknowledged = 0
  /// How many frames may be unacknowledged: one picture, or two sets of layer changes (small
  /// enough that one may travel while the page shows the other, so the page keeps its
  /// display's pace).
  var window: Int { stream == nil ? 1 : 2 }
  var lastList: DisplayList?
  var frameNumber = 0
  var outbox: [[UInt8]] = []
  /// The files watched for saves, and how they were when last seen.
  var watched = FileChanges()
  var lastCheck = ContinuousClock.now
  var subscription: TutorialEventStream.Subscription?
  /// Events heard since the last tick (the controller's stream calls back synchronously).
  let heard = EventBox()

  /// When the server last pinged the page.
  var lastPing = ContinuousClock.now
  /// In layers mode (`/ws?mode=layers`), the page's retained layers: the stream of their
  /// changes, and the reconciler that finds them; `nil` sends whole frames as PNG.
  let stream: LayerStream?
  var reconciler = Reconciler()

  init(fd: Int32, id: Int, server: PreviewServer, layers: Bool = false) {
    self.fd = fd
    self.id = id
    self.server = server
    stream = layers ? LayerStream(scale: server.configuration.scale) : nil
    size = server.source.defaultPageSize
    var r = FrameRenderer(scale: server.configuration.scale)
    r.cache = RenderCache(frameLimit: 2)
    // Each frame is drawn on every core, in bands of rows.
    r.threads = FrameRenderer.processorCount
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
        PreviewServer.send(fd, WebSocket.close(code: .goingAway, reason: "idle for too long"))
        return
      }
      if ContinuousClock.now - lastPing > idle / 3 {
        lastPing = .now
        outbox.append(WebSocket.frame(opcode: .ping, Array("alive?".utf8)))
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
    PreviewServer.send(fd, WebSocket.close(code: .goingAway, reason: "the server is stopping"))
  }

  /// Handles a message; false when the connection should end.
  mutating func handle(_ message: WebSocket.Message) -> Bool {
    switch message {
    case .close:
      // RFC 6455 §5.5.1: a close is answered with a close; this server's says "normal".
      PreviewServer.send(fd, WebSocket.close(code: .normal, reason: ""))
      return false
    case .ping(let payload):
      outbox.append(WebSocket.frame(opcode: .pong, payload))
    case .pong, .binary:
      break
    case .text(let text):
      switch PageMessage.parse(text) {
      case .success(let m): handle(m)
      case .failure(let problem): send(.error(problem.message))
      }
    }
    return true
  }

  mutating func handle(_ message: PageMessage) {
    guard let controller else { return }
    switch message {
    case .ack:
      unacknowledged = Swift.max(0, unacknowledged - 1)
    case .touch(let phase, let point):
      controller.advance(to: now)
      controller.handle(TouchEvent(phase, at: point, time: now))
    case .scrub(let p):
      controller.setPagePosition(p)
    case .settings(let settings):
      readerSettings = readerSettings.merging(settings.reader)
      pagerSettings = pagerSettings.merging(settings.pager)
      switch settings.size {
      case .keep: break
      case .set(let wanted, let written):
        do {
          try server.guardian.resize(
            id, pixels: wanted.devicePixels(scale: server.configuration.scale))
          size = wanted
        } catch {
          send(.error("\(written) is refused: \(error.message)"))
        }
      case .refused:
        send(.error("a size is WIDTHxHEIGHT, each 100 to 3000 points"))
      }
      rebuild(keeping: controller.pagePosition)
    }
  }

  /// Builds the controller again (settings changed, or the spec file was saved), keeping the
  /// page position; a failure is shown on the page and the old controller stays.
  mutating func rebuild(keeping position: Double) {
    do {
      let c = try server.source.makeController(size)
      readerSettings.apply(to: c)
      pagerSettings.apply(to: c)
      c.setPagePosition(position)
      subscription?.cancel()
      let box = heard
      subscription = c.events.subscribe { box.append($0.json) }
      controller = c
      lastList = nil
      unacknowledged = 0
      if let stream {
        stream.reset()
        reconciler = Reconciler()
      }
      watched = FileChanges(watching: server.source.watchedFiles())
    } catch {
      send(.error("\(error)"))
    }
  }

  /// One tick: moves the clock, reloads a saved spec, sends the events heard and, if the page
  /// is ready and the picture changed, a frame.
  mutating func step() {
    if !watched.paths.isEmpty, ContinuousClock.now - lastCheck > .milliseconds(100) {
      lastCheck = ContinuousClock.now
      if !watched.changes().isEmpty {
        let before = controller != nil
        let after = controller
        rebuild(keeping: controller?.pagePosition ?? 0)
        if before && controller !== after { send(.reloaded) }
      }
    }
    guard let controller else { return }
    controller.advance(to: now)
    for json in heard.take() {
      send(.event(json: json))
    }
    guard unacknowledged < window else { return }
    if let stream {
      sendLayers(controller, stream)
      return
    }
    guard let list = try? renderer.displayList(for: controller.scene()), list != lastList else {
      return
    }
    var image = RasterImage.placeholder
    guard (try? renderer.render(list, into: &image)) != nil else { return }
    lastList = list
    frameNumber += 1
    send(
      .frame(
        number: frameNumber, position: controller.pagePosition, page: controller.currentPage,
        pageCount: controller.pageCount, size: size, time: now))
    outbox.append(
      WebSocket.binary(PNGEncoder(mode: .fastest, threads: renderer.threads).encode(image)))
    unacknowledged += 1
  }

  /// Brings the page's layers in step with the controller: the bitmaps of new contents, then
  /// the operations, when anything changed.
  mutating func sendLayers(_ controller: TutorialController, _ stream: LayerStream) {
    controller.layoutIfNeeded()
    reconciler.reconcile(controller.root, into: stream)
    for problem in reconciler.problems + stream.cache.takeProblems() {
      send(.error(problem))
    }
    let (operations, binaries) = stream.take()
    guard !operations.isEmpty else { return }
    frameNumber += 1
    for b in binaries { outbox.append(WebSocket.binary(b)) }
    send(
      .layers(
        number: frameNumber, position: controller.pagePosition, page: controller.currentPage,
        pageCount: controller.pageCount, size: size, time: now, operations: operations))
    unacknowledged += 1
  }

  mutating func send(_ message: ServerMessage) {
    outbox.append(WebSocket.text(message.json))
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
