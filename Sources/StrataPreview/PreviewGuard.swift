import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who may use the preview and how much: the checks on each request and the book of open
/// connections, with the rules that keep one peer from starving the others.
///
/// - **Who.** A request must name the server itself in `Host` (`127.0.0.1:PORT`,
///   `localhost:PORT` or `[::1]:PORT`: a DNS-rebinding page names its own host), carry the
///   session's secret token (the address `strata preview` prints has it), and a WebSocket
///   upgrade must come from the page's own origin (`Origin: http://` + the `Host`): a page
///   on another site can neither read the preview nor drive it.
/// - **How many.** Connections still sending their request head are *pending*; upgraded ones
///   are *sessions* (tabs). When all places are taken, a new connection takes the place of
///   the oldest pending one (a slow head cannot hold a place others need), and a new tab that
///   passes the checks takes the place of the least recently active tab. Sessions that show no
///   life (no message, no answer to the server's pings) for ``PreviewServer/Configuration/idleTimeout``
///   are closed.
/// - **How much.** Each tab's frame is at most ``PreviewServer/Configuration/tabPixelLimit``
///   device pixels, and all tabs together at most ``PreviewServer/Configuration/memoryBudget``
///   bytes, reckoned at ``bytesPerPixel`` for the canvas, its layers and the encoder.
final class PreviewGuard: Sendable {
  /// What one device pixel of a tab costs, in bytes: the canvas (4), group layers and clip
  /// masks kept between frames, the frame buffer and the PNG encoder's rows (measured: 16 tabs
  /// of 3000 × 3000 took 3.6 GB, 25 bytes a pixel).
  static let bytesPerPixel = 32

  enum Phase: Equatable {
    case pending
    case session(pixels: Int)
  }

  struct Connection {
    var fd: Int32
    var phase: Phase
    var opened: ContinuousClock.Instant
    var lastActivity: ContinuousClock.Instant
  }

  struct Book {
    var connections: [Int: Connection] = [:]
    var nextID = 0
  }

  let configuration: PreviewServer.Configuration
  private let book = Mutex(Book())

  init(configuration: PreviewServer.Configuration) {
    self.configuration = configuration
  }

  // MARK: Places

  /// Takes a place for a new connection: `nil` when every place is a session's (the caller
  /// answers 503). When all are taken, the oldest pending connection is shut down for it.
  func admit(_ fd: Int32) -> Int? {
    let now = ContinuousClock.now
    return book.withLock { b in
      if b.connections.count >= configuration.connectionLimit {
        guard
          let oldest = b.connections.filter({ $0.value.phase == .pending })
            .min(by: { $0.value.opened < $1.value.opened })
        else { return nil }
        // Its thread sees the socket end and lets the place go.
        shutdown(oldest.value.fd, Int32(SHUT_RDWR))
        b.connections[oldest.key] = nil
      }
      b.nextID += 1
      b.connections[b.nextID] = Connection(fd: fd, phase: .pending, opened: now, lastActivity: now)
      return b.nextID
    }
  }

  /// Gives a connection's place back.
  func release(_ id: Int) {
    book.withLock { _ = $0.connections.removeValue(forKey: id) }
  }

  /// Whether the connection still has its place (false once another took it).
  func holds(_ id: Int) -> Bool { book.withLock { $0.connections[id] != nil } }

  /// The number of sessions open.
  var sessionCount: Int {
    book.withLock { b in b.connections.values.filter { $0.phase != .pending }.count }
  }

  /// Makes the connection a session of `pixels` device pixels: when the tabs are all taken,
  /// the least recently active one is closed for it. Throws when the pixels are over a limit.
  func beginSession(_ id: Int, pixels: Int) throws(HTTPError) {
    try check(pixels: pixels, for: id, evicting: true)
    book.withLock { b in
      b.connections[id]?.phase = .session(pixels: pixels)
      b.connections[id]?.lastActivity = .now
    }
  }

  /// Changes a session's frame to `pixels` device pixels, when that stays within the limits.
  func resize(_ id: Int, pixels: Int) throws(HTTPError) {
    try check(pixels: pixels, for: id, evicting: false)
    book.withLock { $0.connections[id]?.phase = .session(pixels: pixels) }
  }

  private func check(pixels: Int, for id: Int, evicting: Bool) throws(HTTPError) {
    guard pixels <= configuration.tabPixelLimit else {
      throw .overLimit(
        "a frame of \(pixels) device pixels is over the preview's \(configuration.tabPixelLimit) per tab"
      )
    }
    let budget = configuration.memoryBudget / Self.bytesPerPixel
    let fits: Bool = book.withLock { b in
      let sessions = b.connections.filter {
        if case .session = $0.value.phase { return $0.key != id }
        return false
      }
      // The tab that would give way, if the tabs are all taken.
      let victim =
        evicting && sessions.count >= configuration.sessionLimit
        ? sessions.min(by: { $0.value.lastActivity < $1.value.lastActivity }) : nil
      let used = sessions.reduce(0) {
        guard $1.key != victim?.key, case .session(let p) = $1.value.phase else { return $0 }
        return $0 + p
      }
      guard used + pixels <= budget else { return false }
      // Only a tab that is let in takes another's place.
      if let victim {
        shutdown(victim.value.fd, Int32(SHUT_RDWR))
        b.connections[victim.key] = nil
      }
      return true
    }
    guard fits else {
      throw .overLimit(
        "the preview's memory budget (\(configuration.memoryBudget >> 20) MiB) is taken by other tabs"
      )
    }
  }

  /// Notes that a session showed life (a message, a pong).
  func noteActivity(_ id: Int) {
    book.withLock { $0.connections[id]?.lastActivity = .now }
  }

  /// How long the session has shown no life.
  func idleTime(_ id: Int) -> Duration {
    book.withLock { b in b.connections[id].map { .now - $0.lastActivity } ?? .zero }
  }

  // MARK: Checks

  /// Whether `host` (a `Host` header) names this server on `port`.
  static func isOwnHost(_ host: String?, port: UInt16) -> Bool {
    guard let host = host?.lowercased() else { return false }
    return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host)
  }

  /// Whether `origin` (an `Origin` header) is the page's own, as served under `host`.
  static func isOwnOrigin(_ origin: String?, host: String?) -> Bool {
    guard let origin = origin?.lowercased(), let host = host?.lowercased() else { return false }
    return origin == "http://" + host
  }

  /// The value of `name` in the query of `path` (`/ws?token=…`), if there is one.
  static func query(_ name: String, in path: String) -> String? {
    guard let q = path.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for pair in q.split(separator: "&") {
      let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if kv.count == 2, kv[0] == name { return String(kv[1]) }
    }
    return nil
  }

  /// Compares a secret in time that does not depend on where the strings differ.
  static func sameSecret(_ a: String?, _ b: String) -> Bool {
    guard let a else { return false }
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var diff = UInt8(x.count == y.count ? 0 : 1)
    for i in 0..<Swift.min(x.count, y.count) { diff |= x[i] ^ y[i] }
    return diff == 0
  }

  /// A fresh secret: 128 random bits in hexadecimal.
  static func makeToken() -> String {
    var g = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let s = String(g.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - s.count) + s
    }.joined()
  }

  /// Whether `key` is a `Sec-WebSocket-Key` as RFC 6455 requires: 16 bytes in base64 (24
  /// characters ending in `==`).
  static func isWebSocketKey(_ key: String) -> Bool {
    let b = Array(key.utf8)
    guard b.count == 24, b[22] == UInt8(ascii: "="), b[23] == UInt8(ascii: "=") else {
      return false
    }
    func isBase64(_ c: UInt8) -> Bool {
      (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
        || c == UInt8(ascii: "+") || c == UInt8(ascii: "/")
    }
    return b[..<22].allSatisfy(isBase64)
  }
}
