import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `http://` loads for ``ImageLoader``, on POSIX sockets, so that every limit holds while the
/// bytes arrive and a load ends the moment one is passed (the system's URL loading keeps
/// reading a fast peer after it is cancelled, and Strata cannot stop it there).
///
/// One request at a time: connect, send, read the head (at most 64 KiB), then the body by
/// `Content-Length`, chunks or until the close, never past the byte limit, all within one
/// deadline. It asks for no content coding (`Accept-Encoding: identity`: images are compressed
/// already), so a body cannot inflate; a server that encodes one anyway is refused.
enum PlainHTTP {
  /// What a request came back with.
  enum Outcome {
    case body([UInt8])
    case redirect(URL)
  }

  /// The most bytes of a response head.
  static let headLimit = 64 << 10

  /// GETs `url` (an `http` URL).
  static func get(_ url: URL, limit: Int, deadline: ContinuousClock.Instant) throws(AssetError)
    -> Outcome
  {
    let name = url.absoluteString
    func fail(_ reason: String) -> AssetError { .unreadable(path: name, reason: reason) }
    guard let host = url.host, !host.isEmpty else { throw fail("no host") }
    let port = url.port ?? 80
    guard (1...65535).contains(port) else { throw fail("port \(port) is not a port") }
    let fd = try connect(host: host, port: port, deadline: deadline, name: name)
    defer { close(fd) }
    var path = url.path.isEmpty ? "/" : url.path
    if let q = url.query { path += "?" + q }
    let hostHeader = url.port.map { "\(host):\($0)" } ?? host
    let request =
      "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
      + "Accept: image/png, image/jpeg, image/svg+xml\r\nAccept-Encoding: identity\r\n"
      + "User-Agent: Strata\r\nConnection: close\r\n\r\n"
    var connection = Connection(fd: fd, deadline: deadline, name: name)
    try connection.send(Array(request.utf8))
    let head = try connection.readHead(limit: headLimit)
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let status = lines.first?.split(separator: " ", maxSplits: 2) ?? []
    guard status.count >= 2, status[0].hasPrefix("HTTP/1."), let code = Int(status[1]) else {
      throw fail("not an HTTP response")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[key] = headers[key].map { $0 + ", " + value } ?? value
    }
    if [301, 302, 303, 307, 308].contains(code) {
      guard let location = headers["location"], let to = URL(string: location, relativeTo: url)
      else { throw fail("HTTP status \(code) without a Location") }
      return .redirect(to.absoluteURL)
    }
    guard (200..<300).contains(code) else { throw fail("HTTP status \(code)") }
    let type =
      (headers["content-type"] ?? "").split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    guard type.isEmpty || type.hasPrefix("image/") || type == "application/octet-stream" else {
      throw fail("the content type \(type) is not an image")
    }
    if let coding = headers["content-encoding"]?.lowercased(), coding != "identity" {
      throw fail("the body is encoded (\(coding)), which was not asked for")
    }
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      return .body(try connection.readChunked(limit: limit))
    }
    if let text = headers["content-length"] {
      guard let length = Int(text), length >= 0 else { throw fail("a bad Content-Length") }
      guard length <= limit else {
        throw fail("\(length) bytes announced, more than the \(limit) read")
      }
      let body = try connection.read(upTo: length, limit: limit)
      guard body.count == length else {
        throw fail("the body is \(body.count) bytes of the \(length) announced")
      }
      return .body(body)
    }
    return .body(try connection.read(upTo: nil, limit: limit))
  }

  /// A socket connected to `host`:`port` within the deadline.
  private static func connect(
    host: String, port: Int, deadline: ContinuousClock.Instant, name: String
  ) throws(AssetError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw .unreadable(path: name, reason: "the host \(host) is not known")
    }
    defer { freeaddrinfo(list) }
    var why = "no address of \(host) answered"
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let a = next {
      next = a.pointee.ai_next
      let fd = socket(a.pointee.ai_family, a.pointee.ai_socktype, a.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      #if canImport(Darwin)
        // A peer that closes must not raise SIGPIPE in the app (Linux passes MSG_NOSIGNAL).
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if systemConnect(fd, a.pointee.ai_addr, a.pointee.ai_addrlen) == 0 { return fd }
      guard errno == EINPROGRESS else {
        why = String(cString: strerror(errno))
        close(fd)
        continue
      }
      var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&p, 1, Connection.milliseconds(until: deadline)) > 0 else {
        close(fd)
        throw .unreadable(path: name, reason: "no connection before the deadline")
      }
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
      if error == 0 { return fd }
      why = String(cString: strerror(error))
      close(fd)
    }
    throw .unreadable(path: name, reason: "cannot connect: \(why)")
  }

  /// A connected socket read and written within a deadline.
  struct Connection {
    let fd: Int32
    let deadline: ContinuousClock.Instant
    let name: String
    /// Bytes read past what was asked for.
    var pending: [UInt8] = []

    init(fd: Int32, deadline: ContinuousClock.Instant, name: String) {
      self.fd = fd
      self.deadline = deadline
      self.name = name
    }

    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
      let left = deadline - .now
      guard left > .zero else { return 0 }
      let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      return Int32(Swift.min(ms + 1, Int64(Int32.max)))
    }

    func late() -> AssetError { .unreadable(path: name, reason: "the deadline passed") }

    func send(_ bytes: [UInt8]) throws(AssetError) {
      var done = 0
      while done < bytes.count {
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&p, 1, Self.milliseconds(until: deadline)) > 0 else { throw late() }
        let n = bytes[done...].withUnsafeBytes { raw -> Int in
          #if canImport(Glibc)
            Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
          #else
            Darwin.send(fd, raw.baseAddress, raw.count, 0)
          #endif
        }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
        guard n > 0 else { throw .unreadable(path: name, reason: "the connection closed") }
        done += n
      }
    }

    /// More bytes into `pending`; false at the end of the stream.
    mutating func fill() throws(AssetError) -> Bool {
      while true {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Self.milliseconds(until: deadline)) > 0 else { throw late() }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
        guard n >= 0 else {
          throw .unreadable(path: name, reason: String(cString: strerror(errno)))
        }
        if n == 0 { return false }
        pending += chunk[0..<n]
        return true
      }
    }

    mutating func readHead(limit: Int) throws(AssetError) -> [UInt8] {
      while true {
        if let end = find([13, 10, 13, 10]) {
          let head = Array(pending[..<end])
          pending.removeFirst(end + 4)
          return head
        }
        guard pending.count <= limit else {
          throw .unreadable(path: name, reason: "a response head over \(limit) bytes")
        }
        guard try fill() else { throw .unreadable(path: name, reason: "no response head") }
      }
    }

    func find(_ needle: [UInt8]) -> Int? {
      guard pending.count >= needle.count else { return nil }
      return (0...(pending.count - needle.count)).first {
        pending[$0..<($0 + needle.count)].elementsEqual(needle)
      }
    }

    /// `count` bytes (or, with nil, all until the close), never more than `limit`.
    mutating func read(upTo count: Int?, limit: Int) throws(AssetError) -> [UInt8] {
      if let count {
        guard count <= limit else { throw over(limit) }
        while pending.count < count {
          guard try fill() else { break }
        }
      } else {
        while try fill() {
          guard pending.count <= limit else { throw over(limit) }
        }
      }
      let n = Swift.min(count ?? pending.count, pending.count)
      defer { pending.removeFirst(n) }
      return Array(pending[..<n])
    }

    func over(_ limit: Int) -> AssetError {
      .unreadable(
        path: name, reason: "more than the \(limit) bytes read (the body is cut off there)")
    }

    /// A chunked body, decoded as it comes, never more than `limit` bytes.
    mutating func readChunked(limit: Int) throws(AssetError) -> [UInt8] {
      var body: [UInt8] = []
      while true {
        while find([13, 10]) == nil {
          guard pending.count < 1024 else { throw .unreadable(path: name, reason: "a bad chunk") }
          guard try fill() else { throw .unreadable(path: name, reason: "the body ended early") }
        }
        let end = find([13, 10]) ?? 0
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end + 2)
        let digits = line.split(separator: ";").first.map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard let digits, !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16)
        else { throw .unreadable(path: name, reason: "a bad chunk size") }
        if size == 0 { return body }
        guard body.count + size <= limit else { throw over(limit) }
        let part = try read(upTo: size + 2, limit: Int.max)
        guard part.count == size + 2 else {
          throw .unreadable(path: name, reason: "the body ended early")
        }
        body += part[..<size]
      }
    }
  }
}

/// The system's `connect`, under a name `PlainHTTP.connect` does not hide.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t)
  -> Int32
{
  connect(fd, address, length)
}
