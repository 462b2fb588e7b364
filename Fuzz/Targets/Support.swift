/// Helpers shared by the fuzz targets: reading the fuzzer's bytes.
struct FuzzInput {
  private var bytes: [UInt8]
  private var position = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  }

  var all: [UInt8] { bytes }
  var isEmpty: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  /// The next 16-bit big-endian number.
  mutating func u16() -> Int { Int(byte()) << 8 | Int(byte()) }

  /// The next 32-bit big-endian number.
  mutating func u32() -> Int { u16() << 16 | u16() }

  /// The next `n` bytes (fewer past the end).
  mutating func take(_ n: Int) -> [UInt8] {
    let end = Swift.min(bytes.count, position + Swift.max(0, n))
    defer { position = end }
    return position < end ? Array(bytes[position..<end]) : []
  }

  /// What is left.
  mutating func rest() -> [UInt8] { take(bytes.count - position) }
}

func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
func be32(_ v: Int) -> [UInt8] {
  [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}
