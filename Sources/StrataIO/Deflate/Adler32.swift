import CStrataKernels

/// Adler-32 (RFC 1950), the zlib stream's checksum.
@_spi(Benchmarks) public enum Adler32 {
  /// The checksum of `data`, or of the bytes before it (whose checksum is `running`) followed
  /// by `data`.
  public static func checksum(_ data: UnsafeBufferPointer<UInt8>, continuing running: UInt32 = 1)
    -> UInt32
  {
    guard WideKernels.available, let p = data.baseAddress else {
      return checksumLoop(data, continuing: running)
    }
    return strata_adler32(running, p, data.count)
  }

  /// ``checksum(_:continuing:)`` in Swift, for processors without the wide kernels.
  static func checksumLoop(_ data: UnsafeBufferPointer<UInt8>, continuing running: UInt32 = 1)
    -> UInt32
  {
    var a = UInt64(running & 0xFFFF)
    var b = UInt64(running >> 16)
    guard let p = data.baseAddress else { return running }
    let raw = UnsafeRawPointer(p)
    var i = 0
    let n = data.count
    // Sixteen lanes, each summing every sixteenth byte. Over a chunk of k vectors, with a₀ the
    // sum before it: a gains the lanes' sums; b gains 16·k·a₀, 16 times the sums each lane held
    // before each of its bytes (`before`), and each lane's sum weighted 16…1 (its place in
    // the vector). Lanes never need a modulo inside a chunk of at most 4,096 vectors.
    let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    while n - i >= 16 {
      let vectors = Swift.min((n - i) / 16, 4096)
      var sums = SIMD16<UInt32>()
      var before = SIMD16<UInt32>()
      for _ in 0..<vectors {
        let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        before &+= sums
        sums &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
        i += 16
      }
      b += 16 * UInt64(vectors) * a + 16 * Self.sum(before) + Self.sum(sums &* weights)
      a += Self.sum(sums)
      a %= 65_521
      b %= 65_521
    }
    while i < n {
      a += UInt64(p[i])
      b += a
      i += 1
    }
    return UInt32(b % 65_521) << 16 | UInt32(a % 65_521)
  }

  /// The sum of the lanes, without overflow.
  @inline(__always) static func sum(_ v: SIMD16<UInt32>) -> UInt64 {
    let low = SIMD8<UInt64>(truncatingIfNeeded: v.lowHalf)
    let high = SIMD8<UInt64>(truncatingIfNeeded: v.highHalf)
    return (low &+ high).wrappedSum()
  }
}
