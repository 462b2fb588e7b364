import Foundation
import Strata
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A live preview of an onboarding in the browser: an HTTP/1.1 and WebSocket server on
/// 127.0.0.1, written on POSIX sockets for this job.
///
/// `GET /?token=…` is the page (a phone-shaped frame and the controls), `GET /app.js` its
/// script, and `GET /ws?token=…` upgrades to a WebSocket over which the page sends touches and
/// settings and the server sends frames. Each WebSocket has its own controller on its own
/// thread, so several tabs preview independently. Nothing else is served: there are no files
/// behind the server, so no path can reach outside it.
///
/// Only the page the server printed can use it (``PreviewGuard``): requests must name the
/// server in `Host`, carry the session's ``token``, and upgrade from the page's own `Origin`.
///
/// Limits: a request head of at most 16 KiB and 64 headers, read within
/// ``Configuration/headTimeout``; at most ``Configuration/connectionLimit`` connections, of
/// which ``Configuration/sessionLimit`` tabs (the oldest pending connection and the least
/// recently active tab give way to new ones); frames of at most
/// ``Configuration/tabPixelLimit`` device pixels a tab and ``Configuration/memoryBudget``
/// bytes for all; WebSocket messages of at most 64 KiB; a tab silent for
/// ``Configuration/idleTimeout`` is closed. Malformed requests get a 4xx response and
/// malformed frames a close with RFC 6455's code; the server goes on.
public final class PreviewServer: Sendable {
  /// How the server listens and renders.
  public struct Configuration: Sendable {
    /// The port; 0 lets the system choose one (``start()`` returns it).
    public var port: UInt16
    /// Device pixels per point of the frames sent.
    public var scale: Double
    /// The most connections open at once, pending and upgraded (at least ``sessionLimit`` + 4).
    public var connectionLimit: Int
    /// The most tabs (WebSocket sessions) at once.
    public var sessionLimit: Int
    /// The most device pixels of one tab's frame (8 megapixels: an iPad Pro at @2x fits).
    public var tabPixelLimit: Int
    /// The bytes all tabs' rendering may take together.
    public var memoryBudget: Int
    /// The seconds a connection has to send its request head.
    public var headTimeout: Double
    /// The seconds a tab may show no life (no message, no answer to a ping) before it is closed.
    public var idleTimeout: Double
    /// The secret the page's address carries; `nil` makes a fresh random one.
    public var token: String?

    /// Creates a configuration.
    public init(
      port: UInt16 = 8017, scale: Double = 1, connectionLimit: Int = 32, sessionLimit: Int = 8,
      tabPixelLimit: Int = 8 << 20, memoryBudget: Int = 1 << 30, headTimeout: Double = 5,
      idleTimeout: Double = 45, token: String? = nil
    ) {
      self.port = port
      self.scale = scale.isFinite ? Swift.min(Swift.max(scale, 0.25), 4) : 1
      self.sessionLimit = Swift.max(1, sessionLimit)
      self.connectionLimit = Swift.max(connectionLimit, self.sessionLimit + 4)
      self.tabPixelLimit = Swift.max(1, tabPixelLimit)
      self.memoryBudget = Swift.max(0, memoryBudget)
      self.headTimeout = headTimeout.isFinite ? Swift.min(Swift.max(headTimeout, 0.05), 60) : 5
      self.idleTimeout = idleTimeout.isFinite ? Swift.min(Swift.max(idleTimeout, 0.1), 3600) : 45
      self.token = token
    }
  }

  /// What the server shows.
  public let source: PreviewSource
  /// How it listens and renders.
  public let configuration: Configuration
  /// The secret every request for the page and the socket must carry (`?token=`).
  public let token: String
  let guardian: PreviewGuard
  private let listener = Atomic<Int32>(-1)
  private let boundPort = Atomic<UInt16>(0)
  private let stopping = Atomic<Bool>(false)
  private let threads = Atomic<Int>(0)

  /// Creates a server for `source`.
  public init(source: PreviewSource, configuration: Configuration = Configuration()) {
    self.source = source
    self.configuration = configuration
    token = configuration.token ?? PreviewGuard.makeToken()
    guardian = PreviewGuard(configuration: configuration)
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// What failed and why.
    public let description: String
  }

  /// The page's address, with its token: what to open in a browser (after ``start()``).
  public var address: String {
    "http://127.0.0.1:\(boundPort.load(ordering: .relaxed))/?token=\(token)"
  }

  /// Binds 127.0.0.1 and listens; returns the port. Call ``run()`` to serve.
  public func start() throws(StartError) -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw StartError(description: "socket: \(Self.reason())") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = configuration.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      let why = Self.reason()
      close(fd)
      throw StartError(
        description: "cannot listen on 127.0.0.1:\(configuration.port): \(why)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    // The acceptor never waits on a peer.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    listener.store(fd, ordering: .sequentiallyConsistent)
    boundPort.store(UInt16(bigEndian: actual.sin_port), ordering: .relaxed)
    return UInt16(bigEndian: actual.sin_port)
  }

  /// The port the server listens on (0 before ``start()``).
  public var port: UInt16 { boundPort.load(ordering: .relaxed) }

  /// Serves until ``stop()`` (or `shouldStop` returns true, checked ten times a second), then
  /// closes the listener and waits for the connections to end.
  public func run(shouldStop: @escaping @Sendable () -> Bool = { false }) {
    let fd = listener.load(ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    while !stopping.load(ordering: .relaxed) && !shouldStop() {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 100) > 0 else { continue }
      let client = accept(fd, nil, nil)
      guard client >= 0 else { continue }
      var on: Int32 = 1
      setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      // A peer that stops reading cannot hold a sender for longer than this.
      var wait = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
      guard let id = guardian.admit(client) else {
        // Every place is a tab's: a short answer that cannot block (the buffer takes it).
        let busy = Self.errorResponse(.busy)
        _ = busy.withUnsafeBytes { socketSend(client, $0.baseAddress, $0.count, dontWait: true) }
        close(client)
        continue
      }
      threads.add(1, ordering: .relaxed)
      let thread = Thread { [self] in
        serve(client, id: id)
        guardian.release(id)
        close(client)
        threads.subtract(1, ordering: .relaxed)
      }
      thread.stackSize = 1 << 22
      thread.start()
    }
    stopping.store(true, ordering: .relaxed)
    close(fd)
    listener.store(-1, ordering: .sequentiallyConsistent)
    // The connections see the flag within a tick and end.
    for _ in 0..<100 where threads.load(ordering: .relaxed) > 0 { usleep(20_000) }
  }

  /// Asks the server to stop: ``run()`` returns soon after.
  public func stop() { stopping.store(true, ordering: .relaxed) }

  /// Whether the server is stopping.
  var isStopping: Bool { stopping.load(ordering: .relaxed) }

  /// The number of WebSocket sessions open now.
  public var sessionCount: Int { guardian.sessionCount }

  // MARK: A connection

  private func serve(_ fd: Int32, id: Int) {
    var buffer: [UInt8] = []
    let deadline = ContinuousClock.now + .milliseconds(Int(configuration.headTimeout * 1000))
    var head: [UInt8]?
    var rest: ArraySlice<UInt8> = []
    while head == nil {
      guard !isStopping, ContinuousClock.now < deadline else { return }
      guard let bytes = Self.receive(fd, timeout: 100) else { return }
      buffer += bytes
      if let end = Self.find([13, 10, 13, 10], in: buffer) {
        head = Array(buffer[..<end])
        rest = buffer[(end + 4)...]
      } else if buffer.count > HTTPRequest.headLimit {
        Self.send(fd, Self.errorResponse(.headTooLarge))
        return
      }
    }
    let request: HTTPRequest
    do {
      request = try HTTPRequest.parse(head ?? [])
      try admit(request)
    } catch {
      Self.send(fd, Self.errorResponse(error))
      return
    }
    let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
    switch path {
    case "/", "/index.html":
      Self.send(
        fd,
        httpResponse(
          status: (200, "OK"), contentType: "text/html; charset=utf-8",
          body: Array(PreviewPage.html(title: source.name).utf8),
          extraHeaders: Self.pageHeaders))
    case "/app.js":
      Self.send(
        fd,
        httpResponse(
          status: (200, "OK"), contentType: "text/javascript; charset=utf-8",
          body: Array(PreviewPage.script.utf8), extraHeaders: Self.pageHeaders))
    case "/ws":
      let pixels = source.defaultPageSize.devicePixels(scale: configuration.scale)
      do {
        try guardian.beginSession(id, pixels: pixels)
      } catch {
        Self.send(fd, Self.errorResponse(error))
        return
      }
      let key = request.headers["sec-websocket-key"] ?? ""
      Self.send(
        fd,
        Array(
          ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocket.accept(key: key))\r\n\r\n").utf8))
      let layers = PreviewGuard.query("mode", in: request.path) == "layers"
      var session = PreviewSession(fd: fd, id: id, server: self, layers: layers)
      session.run(leftover: rest)
    default:
      Self.send(fd, Self.errorResponse(.notFound(path)))
    }
  }

  /// Headers that keep the page out of other sites' frames and its address out of referrers.
  static let pageHeaders = [
    "X-Frame-Options: DENY", "Content-Security-Policy: frame-ancestors 'none'",
    "Referrer-Policy: no-referrer", "X-Content-Type-Options: nosniff",
  ]

  /// Checks a parsed request against ``PreviewGuard``'s rules: the method, the host, the token
  /// (for the page and the socket) and, for the socket, the upgrade and the origin.
  func admit(_ request: HTTPRequest) throws(HTTPError) {
    guard request.method == "GET" else { throw .methodNotAllowed(request.method) }
    guard PreviewGuard.isOwnHost(request.headers["host"], port: port) else {
      throw .forbidden(
        "the Host header must name this server (127.0.0.1:\(port) or localhost:\(port))")
    }
    let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
    guard path == "/" || path == "/index.html" || path == "/ws" else { return }
    guard PreviewGuard.sameSecret(PreviewGuard.query("token", in: request.path), token) else {
      throw .forbidden("open the address `strata preview` printed: it carries the session's token")
    }
    guard path == "/ws" else { return }
    guard request.headers["upgrade"]?.lowercased() == "websocket",
      request.headers["connection"]?.lowercased().contains("upgrade") == true,
      request.headers["sec-websocket-version"] == "13"
    else {
      throw .badRequest("/ws takes a WebSocket upgrade (version 13)")
    }
    guard let key = request.headers["sec-websocket-key"], PreviewGuard.isWebSocketKey(key) else {
      throw .badRequest("the Sec-WebSocket-Key is not 16 bytes in base64")
    }
    guard PreviewGuard.isOwnOrigin(request.headers["origin"], host: request.headers["host"]) else {
      throw .forbidden("the WebSocket must be opened by the preview's own page (Origin)")
    }
  }

  static func errorResponse(_ e: HTTPError) -> [UInt8] {
    httpResponse(
      status: e.status, contentType: "text/plain; charset=utf-8",
      body: Array((e.message + "\n").utf8))
  }

  // MARK: Sockets

  /// Bytes from `fd` within `timeout` milliseconds: empty when none came, `nil` when the peer
  /// closed or the socket failed.
  static func receive(_ fd: Int32, timeout: Int32) -> [UInt8]? {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&p, 1, timeout)
    if ready == 0 { return [] }
    guard ready > 0 else { return errno == EINTR ? [] : nil }
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return nil }
    return Array(chunk[0..<n])
  }

  /// Writes all of `bytes`; false when the peer is gone.
  @discardableResult
  static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { socketSend(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      done += n
    }
    return true
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      haystack[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  static func reason() -> String { String(cString: strerror(errno)) }
}

/// The system's `send`, without SIGPIPE when the peer is gone (and without waiting, when
/// `dontWait`).
private func socketSend(
  _ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, dontWait: Bool = false
) -> Int {
  let wait = dontWait ? Int32(MSG_DONTWAIT) : 0
  #if canImport(Glibc)
    return send(fd, buffer, count, Int32(MSG_NOSIGNAL) | wait)
  #else
    return send(fd, buffer, count, wait)
  #endif
}

extension Size {
  /// The device pixels of a frame of this size at `scale`, saturating.
  func devicePixels(scale: Double) -> Int {
    let w = (width * scale).rounded(.up)
    let h = (height * scale).rounded(.up)
    guard w.isFinite, h.isFinite, w >= 0, h >= 0, w * h < 1e15 else { return Int.max }
    return Int(w * h)
  }
}

extension PreviewServer {
  /// Runs the request parser and the WebSocket frame reader over untrusted `bytes`, fed to the
  /// reader in pieces of one to seven bytes: the fuzz target `preview` calls it (Fuzz/run.sh).
  @_spi(Fuzzing) public static func readUntrusted(_ bytes: [UInt8]) {
    _ = try? HTTPRequest.parse(Array(bytes.prefix(HTTPRequest.headLimit + 16)))
    var reader = WebSocket.Reader()
    var i = 0
    var step = 1
    while i < bytes.count {
      let end = Swift.min(bytes.count, i + step)
      reader.feed(bytes[i..<end])
      i = end
      step = step % 7 + 1
      do {
        while try reader.next() != nil {}
      } catch {
        _ = WebSocket.close(code: error.code, reason: error.reason)
        return
      }
    }
  }
}
