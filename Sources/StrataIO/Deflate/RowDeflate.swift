/// A DEFLATE compressor (RFC 1951) written for filtered PNG rows, inside a zlib stream
/// (RFC 1950): much faster than a general compressor at a similar size on rendered frames.
///
/// Rendered frames are mostly flat colour, gradients and repeated rows. After the Sub filter
/// those become runs of equal bytes, repeats of the pixel before, and repeats of the row
/// above, so instead of searching a hash chain it tries just three distances at each position
/// — one byte, one pixel and one row back — and takes the longest match of at least 3 bytes,
/// then the last place the next four bytes were seen (repeated glyphs and shapes). Where
/// nothing matches, the rest of the pixel is written as literals without searching.
/// Each block of up to 256 KiB of input gets Huffman codes fitted to its own symbol counts
/// (lengths limited to 15 bits); a block that would not shrink is stored instead.
@_spi(Benchmarks) public struct RowDeflate {
  /// The input bytes per block.
  static let blockBytes = 1 << 18

  /// A zlib stream of `data`: rows of `stride` bytes (filter byte included) and pixels of
  /// `bpp` bytes, compressed on the calling thread; the same bytes as
  /// ``zlib(_:stride:bpp:threads:)`` on any number of threads.
  public static func zlib(_ data: UnsafeBufferPointer<UInt8>, stride: Int, bpp: Int) -> [UInt8] {
    zlib(data, stride: stride, bpp: bpp, threads: 1)
  }

  /// Only the matching pass over `data`, for measuring.
  public static func tokenizeOnly(_ data: UnsafeBufferPointer<UInt8>, stride: Int, bpp: Int) -> Int
  {
    guard let base = data.baseAddress else { return 0 }
    var state = State(stride: stride, bpp: bpp)
    defer { state.release() }
    var tokens = 0
    var start = 0
    while start < data.count {
      let end = Swift.min(data.count, start + blockBytes)
      state.tokenize(base, from: start, to: end)
      tokens += state.tokenCount
      start = end
    }
    return tokens
  }

  /// Where codes go: bits least significant first, as DEFLATE packs them.
  struct BitWriter {
    let out: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0
    var accumulator: UInt64 = 0
    var filled = 0

    init(_ out: UnsafeMutablePointer<UInt8>, capacity: Int) {
      self.out = out
      self.capacity = capacity
    }

    /// Appends the low `n` bits of `value` (n ≤ 32).
    @inline(__always) mutating func bits(_ value: UInt32, _ n: Int) {
      // Fewer than 8 bits are held before and at most 39 after, so shifts stay below 64
      // (masking shifts, wrapping sums). Every call stores all eight bytes of the accumulator
      // and keeps the whole ones: no branch on how full it is, which a stream of codes of mixed
      // lengths would mispredict.
      accumulator |= UInt64(value) &<< UInt64(truncatingIfNeeded: filled)
      filled &+= n
      let whole = filled &>> 3
      if count &+ 8 <= capacity {
        UnsafeMutableRawPointer(out + count).storeBytes(
          of: accumulator.littleEndian, as: UInt64.self)
        count &+= whole
      } else {
        // The last few bytes of the buffer (not reached: the capacity has room past any
        // block's bound): one at a time, and nothing past the end.
        for k in 0..<whole { byte(UInt8(truncatingIfNeeded: accumulator &>> UInt64(8 * k))) }
      }
      accumulator &>>= UInt64(truncatingIfNeeded: whole &<< 3)
      filled &= 7
    }

    /// Flushes the bits held, padding the last byte with zeros.
    mutating func alignToByte() {
      while filled > 0 {
        byte(UInt8(truncatingIfNeeded: accumulator))
        accumulator >>= 8
        filled -= 8
      }
      accumulator = 0
      filled = 0
    }

    /// A whole byte (when no bits are held).
    mutating func byte(_ b: UInt8) {
      if count < capacity {
        out[count] = b
        count += 1
      }
    }
  }

  /// The symbol tables of DEFLATE's lengths and distances.
  enum Tables {
    /// For each match length 3…258: its symbol − 257 in the low byte, extra bit count in the
    /// next, and the extra value above.
    static let lengths: [UInt32] = {
      let base: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
      ]
      let extra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
      ]
      var table = [UInt32](repeating: 0, count: 259)
      for length in 3...258 {
        var code = 28
        while base[code] > length { code -= 1 }
        if length == 258 { code = 28 }
        table[length] =
          UInt32(code) | UInt32(extra[code]) << 8 | UInt32(length - base[code]) << 16
      }
      return table
    }()

    /// The distance code of `d` (1…32768), its extra bit count and extra value.
    static func distance(_ d: Int) -> (code: Int, extraBits: Int, extra: Int) {
      if d <= 4 { return (d - 1, 0, 0) }
      let d1 = d - 1
      let top = (Int.bitWidth - 1) - d1.leadingZeroBitCount  // index of the highest bit
      let second = (d1 >> (top - 1)) & 1
      let code = 2 * top + second
      let extraBits = top - 1
      return (code, extraBits, d1 & ((1 << extraBits) - 1))
    }

    /// The order code-length code lengths are written in.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
  }
}
