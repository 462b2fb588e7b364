import StrataRender

/// WebSocket framing (RFC 6455) for the preview server: reading a client's frames, with limits,
/// and writing the server's.
enum WebSocket {
  /// The GUID RFC 6455 appends to the client's key.
  static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// The `Sec-WebSocket-Accept` value for a client's `Sec-WebSocket-Key`.
  static func accept(key: String) -> String {
    Base64.encode(SHA1.digest(Array((key + guid).utf8)))
  }

  /// A frame's kind (RFC 6455 §5.2; the others are reserved).
  enum Opcode: UInt8, Equatable {
    /// The next piece of a fragmented message.
    case continuation = 0x0
    /// UTF-8 text.
    case text = 0x1
    /// Bytes.
    case binary = 0x2
    /// The end of the connection, with a code.
    case close = 0x8
    /// Are you there?
    case ping = 0x9
    /// The answer to a ping.
    case pong = 0xA

    /// Whether it is a control frame (close, ping, pong): never fragmented, at most 125 bytes.
    var isControl: Bool { rawValue & 0x08 != 0 }
  }

  /// Why a connection closes (RFC 6455 §7.4.1): the codes this server sends.
  enum CloseCode: UInt16, Equatable {
    /// The purpose of the connection is fulfilled (and the answer to a peer's close).
    case normal = 1000
    /// The server is stopping, or the peer was idle too long.
    case goingAway = 1001
    /// A frame the protocol does not allow.
    case protocolError = 1002
    /// Text that is not UTF-8.
    case invalidData = 1007
    /// A message over the limit.
    case tooBig = 1009
  }

  /// A whole message from the client.
  enum Message: Equatable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong
    case close(code: UInt16?)
  }

  /// Why the connection must close, with the close code RFC 6455 gives it.
  enum Failure: Error, Equatable {
    /// 1002: a frame the protocol does not allow (unmasked, reserved bits or opcodes, a
    /// fragmented or long control frame, a continuation without a start).
    case protocolError(String)
    /// 1009: a message larger than the limit.
    case tooBig(Int)
    /// 1007: a text message that is not UTF-8.
    case invalidText

    var code: CloseCode {
      switch self {
      case .protocolError: return .protocolError
      case .tooBig: return .tooBig
      case .invalidText: return .invalidData
      }
    }

    var reason: String {
      switch self {
      case .protocolError(let why): return why
      case .tooBig(let n): return "message of \(n) bytes is over the limit"
      case .invalidText: return "text that is not UTF-8"
      }
    }
  }

  /// Reads frames from bytes as they arrive and hands out whole messages.
  struct Reader {
    /// The largest message taken (64 KiB: the page sends touches and settings, not files).
    var limit = 64 * 1024
    private var buffer: [UInt8] = []
    private var fragments: [UInt8] = []
    private var fragmentOpcode: Opcode?

    /// Adds bytes read from the socket.
    mutating func feed(_ bytes: ArraySlice<UInt8>) { buffer += bytes }

    /// The next whole message, `nil` when more bytes are needed.
    mutating func next() throws(Failure) -> Message? {
      while true {
        guard buffer.count >= 2 else { return nil }
        let b0 = buffer[0]
        let b1 = buffer[1]
        let fin = b0 & 0x80 != 0
        let bits = b0 & 0x0F
        guard b0 & 0x70 == 0 else { throw .protocolError("reserved bits are set") }
        guard b1 & 0x80 != 0 else { throw .protocolError("a client frame is not masked") }
        var length = Int(b1 & 0x7F)
        var offset = 2
        if length == 126 {
          guard buffer.count >= 4 else { return nil }
          length = Int(buffer[2]) << 8 | Int(buffer[3])
          offset = 4
        } else if length == 127 {
          guard buffer.count >= 10 else { return nil }
          var n: UInt64 = 0
          for i in 2..<10 { n = n << 8 | UInt64(buffer[i]) }
          guard n <= UInt64(limit) else { throw .tooBig(n > UInt64(Int.max) ? Int.max : Int(n)) }
          length = Int(n)
          offset = 10
        }
        guard let opcode = Opcode(rawValue: bits) else {
          throw .protocolError("opcode \(bits) is reserved")
        }
        if opcode.isControl {
          guard fin, length <= 125 else {
            throw .protocolError("a control frame is fragmented or longer than 125 bytes")
          }
        }
        guard length + fragments.count <= limit else { throw .tooBig(length + fragments.count) }
        guard buffer.count >= offset + 4 + length else { return nil }
        let mask = Array(buffer[offset..<(offset + 4)])
        var payload = Array(buffer[(offset + 4)..<(offset + 4 + length)])
        for i in payload.indices { payload[i] ^= mask[i & 3] }
        buffer.removeFirst(offset + 4 + length)
        switch opcode {
        case .close:
          return .close(code: try Self.closeCode(payload))
        case .ping: return .ping(payload)
        case .pong: return .pong
        case .text, .binary:
          guard fragmentOpcode == nil else {
            throw .protocolError("a new message began before the last one ended")
          }
          if fin { return try Self.message(opcode, payload) }
          fragmentOpcode = opcode
          fragments = payload
        case .continuation:
          guard let first = fragmentOpcode else {
            throw .protocolError("a continuation frame without a message to continue")
          }
          fragments += payload
          if fin {
            let whole = fragments
            fragments = []
            fragmentOpcode = nil
            return try Self.message(first, whole)
          }
        }
      }
    }

    /// The code of a close frame's payload (RFC 6455 §5.5.1, §7.4): none, or two bytes of a
    /// code an endpoint may send followed by UTF-8. A payload of one byte, a code reserved
    /// for other uses (below 1000, 1004–1006, 1015, 1016–2999, 5000 and up) or a reason that
    /// is not UTF-8 is a protocol error.
    static func closeCode(_ payload: [UInt8]) throws(Failure) -> UInt16? {
      guard !payload.isEmpty else { return nil }
      guard payload.count >= 2 else {
        throw .protocolError("a close frame's payload of one byte has no whole code")
      }
      let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
      guard
        (1000...1003).contains(code) || (1007...1014).contains(code)
          || (3000...4999).contains(code)
      else {
        throw .protocolError("close code \(code) may not be sent")
      }
      guard String(validating: payload[2...], as: UTF8.self) != nil else { throw .invalidText }
      return code
    }

    private static func message(_ opcode: Opcode, _ payload: [UInt8]) throws(Failure) -> Message {
      guard opcode == .text else { return .binary(payload) }
      guard let text = String(validating: payload, as: UTF8.self) else { throw .invalidText }
      return .text(text)
    }
  }

  /// A server frame: final, unmasked.
  static func frame(opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x80 | opcode.rawValue]
    let n = payload.count
    if n < 126 {
      out.append(UInt8(n))
    } else if n <= 0xFFFF {
      out += [126, UInt8(n >> 8), UInt8(n & 0xFF)]
    } else {
      out.append(127)
      for i in (0..<8).reversed() {
        out.append(UInt8(truncatingIfNeeded: UInt64(n) >> (8 * UInt64(i))))
      }
    }
    return out + payload
  }

  /// A text frame.
  static func text(_ s: String) -> [UInt8] { frame(opcode: .text, Array(s.utf8)) }
  /// A binary frame.
  static func binary(_ bytes: [UInt8]) -> [UInt8] { frame(opcode: .binary, bytes) }
  /// A close frame with a code and a reason.
  static func close(code: CloseCode, reason: String) -> [UInt8] {
    let c = code.rawValue
    return frame(
      opcode: .close, [UInt8(c >> 8), UInt8(c & 0xFF)] + Array(reason.utf8.prefix(120)))
  }
}
