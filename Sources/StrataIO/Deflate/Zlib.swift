import CZlib

/// Thin, safe wrappers over the system zlib.
package enum Zlib {
  /// The version of the system zlib, as zlib reports it.
  package static var versionString: String { String(cString: zlibVersion()) }

  /// zlib-compresses `data` at `level` (0...9) with the given strategy.
  static func deflate(_ data: [UInt8], level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY)
    -> [UInt8]
  {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, 15, 8, strategy, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else { return [] }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(data.count)))
    // Only the bytes zlib writes are touched, so the untouched tail of the bound costs nothing.
    return [UInt8](unsafeUninitializedCapacity: bound) { dst, initialized in
      initialized = 0
      data.withUnsafeBufferPointer { src in
        stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
        stream.avail_in = uInt(src.count)
        stream.next_out = dst.baseAddress
        stream.avail_out = uInt(dst.count)
        _ = CZlib.deflate(&stream, Z_FINISH)
        initialized = Swift.min(Int(stream.total_out), dst.count)
      }
    }
  }

  enum InflateError: Error {
    case corrupt(String)
    case tooLong
    case tooShort(Int)
  }

  /// Inflates a zlib stream that must produce exactly `expected` bytes.
  static func inflate(_ data: [UInt8], expected: Int) throws(InflateError) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .corrupt("zlib could not start")
    }
    defer { inflateEnd(&stream) }
    // One spare byte tells "exactly enough" from "too much". The buffer grows with what the
    // data actually inflates to, up to that bound, so a small file that declares a huge image
    // costs memory only for the data it really holds (deflate expands at most about 1032×).
    let limit = expected + 1
    var out = [UInt8](repeating: 0, count: Swift.min(limit, Swift.max(65_536, data.count * 8)))
    var status: Int32 = Z_OK
    var produced = 0
    data.withUnsafeBufferPointer { src in
      stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
      stream.avail_in = uInt(src.count)
      while true {
        out.withUnsafeMutableBufferPointer { dst in
          stream.next_out = dst.baseAddress.map { $0 + produced }
          stream.avail_out = uInt(dst.count - produced)
          repeat {
            status = CZlib.inflate(&stream, Z_NO_FLUSH)
          } while status == Z_OK && stream.avail_out > 0 && stream.avail_in > 0
          produced = Int(stream.total_out)
        }
        // Full but not finished, and allowed more: grow and go on.
        guard status == Z_OK || status == Z_BUF_ERROR, stream.avail_out == 0,
          stream.avail_in > 0 || status == Z_OK, out.count < limit
        else { break }
        out.append(contentsOf: repeatElement(0, count: Swift.min(limit, out.count * 2) - out.count))
      }
    }
    if status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR
      || status == Z_STREAM_ERROR
    {
      throw .corrupt(stream.msg.map { String(cString: $0) } ?? "invalid compressed data")
    }
    if produced > expected { throw .tooLong }
    if produced < expected { throw .tooShort(produced) }
    out.removeLast(out.count - expected)
    return out
  }

  /// The CRC-32 of `bytes`, continuing from `crc`.
  static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, _ crc: UInt = 0) -> UInt32 {
    UInt32(CZlib.crc32(uLong(crc), bytes.baseAddress, uInt(bytes.count)))
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { crc32($0) }
  }
}
