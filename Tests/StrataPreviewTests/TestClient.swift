import Foundation
import Strata
import StrataExamples
import StrataPreview
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A server on a free port, serving in the background until `stop`.
final class RunningServer: @unchecked Sendable {
  let server: PreviewServer
  let port: UInt16
  private let done = DispatchSemaphore(value: 0)

  /// The token the tests' servers use.
  static let token = "0123456789abcdef0123456789abcdef"

  init(
    _ source: PreviewSource = RunningServer.animals, scale: Double = 1, limit: Int = 32,
    configuration: PreviewServer.Configuration? = nil
  ) throws {
    var c =
      configuration
      ?? PreviewServer.Configuration(port: 0, scale: scale, connectionLimit: limit)
    c.port = 0
    c.token = RunningServer.token
    server = PreviewServer(source: source, configuration: c)
    port = try server.start()
    let server = self.server
    let done = self.done
    Thread {
      server.run()
      done.signal()
    }.start()
  }

  func stop() {
    server.stop()
    done.wait()
  }

  static let animals = PreviewSource(
    name: "animals", defaultPageSize: Size(width: 375, height: 667)
  ) {
    AnimalsTutorial(pageSize: $0)
  }
}

/// A plain TCP client for the tests: raw bytes in and out, and WebSocket framing on top.
final class TestClient {
  let fd: Int32
  let port: UInt16
  var pending: [UInt8] = []

  /// Nothing listens on the port (yet).
  struct ConnectError: Error, CustomStringConvertible {
    let port: UInt16
    var description: String { "cannot connect to port \(port)" }
  }

  /// Connects to 127.0.0.1:`port`; throws (recording nothing, so callers may retry) when
  /// nothing listens there.
  init(port: UInt16) throws {
    self.port = port
    guard let fd = PreviewMeasure.connect(port: port) else { throw ConnectError(port: port) }
    self.fd = fd
  }

  /// A GET request as the preview's own page makes it: the server's host and the token.
  func get(_ path: String, token: String = RunningServer.token) -> String {
    let sep = path.contains("?") ? "&" : "?"
    return request(
      "GET \(path)\(sep)token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
  }

  deinit { close(fd) }

  func send(_ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard n > 0 else { return }
      done += n
    }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Reads until the peer closes or `seconds` pass.
  func readAll(seconds: Double = 5) -> String {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      guard let bytes = read(timeout: 100) else { break }
      pending += bytes
    }
    defer { pending = [] }
    return String(decoding: pending, as: UTF8.self)
  }

  /// Some bytes within `timeout` ms: empty if none, nil when closed.
  func read(timeout: Int32) -> [UInt8]? {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let r = poll(&p, 1, timeout)
    if r == 0 { return [] }
    guard r > 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return nil }
    return Array(chunk[0..<n])
  }

  /// A request, and the whole response (the server closes after each).
  func request(_ raw: String) -> String {
    send(raw)
    return readAll()
  }

  // MARK: WebSocket

  /// Upgrades; returns the server's response head.
  @discardableResult
  func upgrade(
    key: String = "dGhlIHNhbXBsZSBub25jZQ==", token: String = RunningServer.token,
    origin: String? = nil, host: String? = nil
  ) -> String {
    send(
      PreviewMeasure.upgradeRequest(port: port, token: token, key: key, host: host, origin: origin))
    let end = Date().addingTimeInterval(5)
    while Date() < end {
      if let i = find([13, 10, 13, 10]) {
        let head = String(decoding: pending[..<i], as: UTF8.self)
        pending.removeFirst(i + 4)
        return head
      }
      guard let bytes = read(timeout: 100) else { break }
      pending += bytes
    }
    return ""
  }

  func find(_ needle: [UInt8]) -> Int? {
    guard pending.count >= needle.count else { return nil }
    for i in 0...(pending.count - needle.count)
    where Array(pending[i..<(i + needle.count)]) == needle {
      return i
    }
    return nil
  }

  /// A masked client frame.
  static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true)
    -> [UInt8]
  {
    var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let n = payload.count
    let maskBit: UInt8 = masked ? 0x80 : 0
    if n < 126 {
      out.append(maskBit | UInt8(n))
    } else if n <= 0xFFFF {
      out += [maskBit | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
    } else {
      out.append(maskBit | 127)
      for i in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: n >> (8 * i))) }
    }
    guard masked else { return out + payload }
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    out += mask
    return out + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
  }

  func sendJSON(_ object: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    send(Self.frame(opcode: 1, [UInt8](data)))
  }

  /// The next server frame: opcode and payload, or nil on timeout or close of the socket.
  func nextFrame(timeout seconds: Double = 10) -> (opcode: UInt8, payload: [UInt8])? {
    let end = Date().addingTimeInterval(seconds)
    while true {
      if pending.count >= 2 {
        var n = Int(pending[1] & 0x7F)
        var off = 2
        if n == 126, pending.count >= 4 {
          n = Int(pending[2]) << 8 | Int(pending[3])
          off = 4
        } else if n == 127, pending.count >= 10 {
          n = (2..<10).reduce(0) { $0 << 8 | Int(pending[$1]) }
          off = 10
        } else if n >= 126 {
          n = Int.max - 16
        }
        if n < Int.max - 16, pending.count >= off + n {
          let frame = (pending[0] & 0x0F, Array(pending[off..<(off + n)]))
          pending.removeFirst(off + n)
          return frame
        }
      }
      guard Date() < end, let bytes = read(timeout: 50) else { return nil }
      pending += bytes
    }
  }

  /// The next text message as JSON, skipping binary frames (counted in `frames`).
  func nextMessage(type: String, timeout: Double = 10, frames: inout Int) -> [String: Any]? {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end, let f = nextFrame(timeout: end.timeIntervalSinceNow) {
      if f.opcode == 2 { frames += 1 }
      guard f.opcode == 1,
        let m = try? JSONSerialization.jsonObject(with: Data(f.payload)) as? [String: Any],
        m["type"] as? String == type
      else { continue }
      return m
    }
    return nil
  }
}
