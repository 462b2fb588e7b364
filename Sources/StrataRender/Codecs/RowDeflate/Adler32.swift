/// Adler-32 (RFC 1950), the zlib stream's checksum.
@_spi(Benchmarks) public enum Adler32 {
  /// The checksum of `data`.
  public static func checksum(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    guard let p = data.baseAddress else { return 1 }
    let raw = UnsafeRawPointer(p)
    var i = 0
    let n = data.count
    // Sixteen bytes at a time: a gains their sum, b gains 16·a plus their sum weighted 16…1.
    let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    while i < n {
      // 5,536 bytes (a multiple of 16 below 5,552) cannot overflow b before the modulo.
      let end = Swift.min(n, i + 5536)
      while i + 16 <= end {
        let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let v = SIMD16<UInt32>(truncatingIfNeeded: bytes)
        b &+= a &* 16 &+ (v &* weights).wrappedSum()
        a &+= v.wrappedSum()
        i += 16
      }
      while i < end {
        a &+= UInt32(p[i])
        b &+= a
        i += 1
      }
      a %= 65_521
      b %= 65_521
    }
    return b << 16 | a
  }
}
