import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures a preview as a browser tab would load it: a WebSocket client on loopback that
/// scrubs the pages and acknowledges every frame, counting the frames per second it receives.
/// `strata bench` and the tests use it.
package enum PreviewMeasure {
  /// What a client received while scrubbing: frames per second, and bytes per frame.
  package struct Rate: Sendable {
    /// Frames received per second.
    package var framesPerSecond: Double
    /// Bytes received per frame (messages' payloads).
    package var bytesPerFrame: Double
  }

  /// Frames received per second over `seconds` while scrubbing `source` at `scale`, with the
  /// server in this process.
  package static func framesPerSecond(source: PreviewSource, scale: Double, seconds: Double)
    -> Double?
  {
    measure(source: source, scale: scale, seconds: seconds, layers: false)?.framesPerSecond
  }

  /// Frames and bytes received over `seconds` while scrubbing `source` at `scale`, as PNG
  /// pictures or, when `layers`, as the changes of the page's layers.
  package static func measure(
    source: PreviewSource, scale: Double, seconds: Double, layers: Bool
  ) -> Rate? {
    let server = PreviewServer(
      source: source, configuration: PreviewServer.Configuration(port: 0, scale: scale))
    guard let port = try? server.start() else { return nil }
    let done = DispatchSemaphore(value: 0)
    Thread {
      server.run()
      done.signal()
    }.start()
    defer {
      server.stop()
      done.wait()
    }
    guard let client = Client(port: port),
      client.upgrade(token: server.token + (layers ? "&mode=layers" : ""))
    else { return nil }
    // The first frame (every layer and content) is not counted: the figures are the scrub's.
    guard client.waitForFrame(layers: layers) != nil else { return nil }
    client.sendText("{\"type\":\"ack\"}")
    let start = ContinuousClock.now
    var received = 0
    var bytes = 0
    var k = 1
    while ContinuousClock.now - start < .seconds(seconds) {
      // A new position each frame, so that every frame differs.
      client.sendText("{\"type\":\"scrub\",\"position\":\(Double(k % 200) / 100)}")
      k += 1
      guard let n = client.waitForFrame(layers: layers) else { break }
      received += 1
      bytes += n
      client.sendText("{\"type\":\"ack\"}")
    }
    let elapsed = ContinuousClock.now - start
    let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Rate(
      framesPerSecond: Double(received) / s, bytesPerFrame: Double(bytes) / Double(max(1, received))
    )
  }

  /// The request a browser page served by the preview on `port` sends to open its socket (a
  /// different `host` or `origin` plays a page from elsewhere).
  package static func upgradeRequest(
    port: UInt16, token: String, key: String, host: String? = nil, origin: String? = nil
  ) -> String {
    let host = host ?? "127.0.0.1:\(port)"
    return "GET /ws?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nOrigin: \(origin ?? "http://" + host)\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
  }

  /// A socket connected to 127.0.0.1:`port`, with small writes sent at once (as browsers
  /// do); `nil` when nothing listens there.
  package static func connect(port: UInt16) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let ok = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        socketConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard ok == 0 else {
      close(fd)
      return nil
    }
    var on: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  /// A minimal WebSocket client.
  final class Client {
    let fd: Int32
    var pending: [UInt8] = []

    init?(port: UInt16) {
      guard let fd = PreviewMeasure.connect(port: port) else { return nil }
      self.fd = fd
      self.port = port
    }

    deinit { close(fd) }

    let port: UInt16

    func upgrade(token: String) -> Bool {
      let request = PreviewMeasure.upgradeRequest(
        port: port, token: token, key: "c3RyYXRhIG1lYXN1cmUgIQ==")
      guard PreviewServer.send(fd, Array(request.utf8)) else { return false }
      while PreviewServer.find([13, 10, 13, 10], in: pending) == nil {
        guard let bytes = PreviewServer.receive(fd, timeout: 5_000), !bytes.isEmpty else {
          return false
        }
        pending += bytes
      }
      if let end = PreviewServer.find([13, 10, 13, 10], in: pending) {
        pending.removeFirst(end + 4)
      }
      return true
    }

    func sendText(_ text: String) {
      let payload = Array(text.utf8)
      let mask: [UInt8] = [1, 2, 3, 4]
      var frame: [UInt8] = [0x80 | WebSocket.Opcode.text.rawValue]
      if payload.count < 126 {
        frame.append(0x80 | UInt8(payload.count))
      } else {
        frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
      }
      frame += mask
      frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
      PreviewServer.send(fd, frame)
    }

    /// Reads messages until a frame has come — a picture (a binary message), or with
    /// `layers` a layers message — and returns the bytes of the messages read; `nil` on
    /// timeout or close.
    func waitForFrame(layers: Bool) -> Int? {
      var bytes = 0
      let marker = Array("\"type\":\"layers\"".utf8)
      while true {
        if pending.count >= 2 {
          var n = Int(pending[1] & 0x7F)
          var off = 2
          if n == 126 {
            n = pending.count >= 4 ? Int(pending[2]) << 8 | Int(pending[3]) : -1
            off = 4
          } else if n == 127 {
            n = pending.count >= 10 ? (2..<10).reduce(0) { $0 << 8 | Int(pending[$1]) } : -1
            off = 10
          }
          if n >= 0, pending.count >= off + n {
            let opcode = WebSocket.Opcode(rawValue: pending[0] & 0x0F)
            let isLayers =
              layers && opcode == .text
              && PreviewServer.find(marker, in: Array(pending[off..<(off + n)])) != nil
            pending.removeFirst(off + n)
            bytes += n
            if (opcode == .binary && !layers) || isLayers { return bytes }
            if opcode == .close { return nil }
            continue
          }
        }
        guard let bytes = PreviewServer.receive(fd, timeout: 10_000), !bytes.isEmpty else {
          return nil
        }
        pending += bytes
      }
    }
  }
}

/// The system's `connect`, under a name ``PreviewMeasure/connect(port:)`` does not hide.
private func socketConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
  -> Int32
{
  connect(fd, address, length)
}
