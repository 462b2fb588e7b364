import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the image loader's tests: each path answers with a
/// canned response, after an optional delay, and every request is counted.
final class LoopbackServer: @unchecked Sendable {
  struct Response: Sendable {
    var status = 200
    var contentType = "image/png"
    var body: [UInt8] = []
    /// Seconds to wait before answering.
    var delay = 0.0
    /// Announce this Content-Length instead of the body's (to send a truncated body).
    var announcedLength: Int?
    /// More header lines (`Location: …`, `Content-Encoding: …`).
    var headers: [String] = []
    /// Send the body chunked and without end: `body` again and again, each after `pause`
    /// seconds, until the client goes or `endlessFor` seconds pass (the loop stops itself).
    var endlessFor: Double?
    var pause = 0.0
  }

  let port: UInt16
  private let listener: Int32
  private let routes: [String: Response]
  private let lock = NSLock()
  private var hits: [String: Int] = [:]
  private var sent: [String: Int] = [:]
  private var stopped = false

  /// Starts listening on a free port.
  init(routes: [String: Response]) throws {
    self.routes = routes
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = 0
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw CocoaError(.fileReadUnknown)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = UInt16(bigEndian: actual.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// The URL of `path` on this server.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/no-such-url")
  }

  /// How many body bytes the server sent for `path`, in all.
  func bytesSent(_ path: String) -> Int { lock.withLock { sent[path] ?? 0 } }

  /// How many requests `path` has had.
  func count(_ path: String) -> Int { lock.withLock { hits[path] ?? 0 } }

  /// Stops accepting connections.
  func stop() {
    lock.withLock { stopped = true }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if lock.withLock({ stopped }) { return }
        continue
      }
      Thread { [self] in serve(client) }.start()
    }
  }

  #if canImport(Glibc)
    static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    static let noSignal: Int32 = 0
  #endif

  private func serve(_ client: Int32) {
    defer { close(client) }
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.containsHeaderEnd {
      let n = recv(client, &buffer, buffer.count, 0)
      if n <= 0 { return }
      request += buffer[0..<n]
    }
    let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
    let parts = line.split(separator: " ")
    let path = parts.count > 1 ? String(parts[1]) : "/"
    lock.withLock { hits[path, default: 0] += 1 }
    let response =
      routes[path] ?? Response(status: 404, contentType: "text/plain", body: Array("no".utf8))
    if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
    let reason = response.status == 200 ? "OK" : response.status / 100 == 3 ? "Found" : "Not Found"
    var head = "HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.contentType)\r\n"
    for h in response.headers { head += h + "\r\n" }
    guard let endless = response.endlessFor else {
      head +=
        "Content-Length: \(response.announcedLength ?? response.body.count)\r\nConnection: close\r\n\r\n"
      _ = write(Array(head.utf8), to: client)
      if write(response.body, to: client) {
        lock.withLock { sent[path, default: 0] += response.body.count }
      }
      return
    }
    head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    guard write(Array(head.utf8), to: client) else { return }
    let chunk =
      Array(String(response.body.count, radix: 16).utf8) + [13, 10] + response.body + [13, 10]
    let end = Date().addingTimeInterval(endless)
    while Date() < end {
      if response.pause > 0 { Thread.sleep(forTimeInterval: response.pause) }
      guard write(chunk, to: client) else { return }
      lock.withLock { sent[path, default: 0] += response.body.count }
    }
    _ = write(Array("0\r\n\r\n".utf8), to: client)
  }

  /// Sends all of `bytes`; false when the client is gone.
  private func write(_ bytes: [UInt8], to client: Int32) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes {
        send(client, $0.baseAddress, $0.count, Self.noSignal)
      }
      if n <= 0 { return false }
      done += n
    }
    return true
  }
}

extension Array where Element == UInt8 {
  fileprivate var containsHeaderEnd: Bool {
    guard count >= 4 else { return false }
    for i in 0...(count - 4)
    where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
      return true
    }
    return false
  }
}
