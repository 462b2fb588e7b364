/// A DEFLATE compressor (RFC 1951) written for filtered PNG rows, inside a zlib stream
/// (RFC 1950): much faster than a general compressor at a similar size on rendered frames.
///
/// Rendered frames are mostly flat colour, gradients and repeated rows. After the Sub filter
/// those become runs of equal bytes, repeats of the pixel before, and repeats of the row
/// above, so instead of searching a hash chain it tries just three distances at each position
/// — one byte, one pixel and one row back — and takes the longest match of at least 3 bytes.
/// Each block of up to 128 KiB of input gets Huffman codes fitted to its own symbol counts
/// (lengths limited to 15 bits); a block that would not shrink is stored instead.
@_spi(Benchmarks) public struct RowDeflate {
  /// The input bytes per block.
  static let blockBytes = 1 << 16

  /// A zlib stream of `data`: rows of `stride` bytes (filter byte included) and pixels of
  /// `bpp` bytes.
  public static func zlib(_ data: UnsafeBufferPointer<UInt8>, stride: Int, bpp: Int) -> [UInt8] {
    let n = data.count
    // Stored blocks bound the output: 5 bytes per 65,535 of input, plus the zlib wrapper.
    let capacity = n + (n / 65_535 + 2) * 5 + 64 + n / 16
    return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
      guard let o = out.baseAddress else {
        count = 0
        return
      }
      var w = BitWriter(o, capacity: capacity)
      w.byte(0x78)
      w.byte(0x01)
      var state = State(stride: stride, bpp: bpp)
      defer { state.release() }
      if let base = data.baseAddress, n > 0 {
        var start = 0
        while start < n {
          let end = Swift.min(n, start + blockBytes)
          state.block(base, from: start, to: end, last: end == n, into: &w)
          start = end
        }
      } else {
        // An empty final stored block.
        w.bits(1, 3)
        w.alignToByte()
        w.byte(0)
        w.byte(0)
        w.byte(0xFF)
        w.byte(0xFF)
      }
      w.alignToByte()
      let adler = Adler32.checksum(data)
      w.byte(UInt8(adler >> 24))
      w.byte(UInt8((adler >> 16) & 0xFF))
      w.byte(UInt8((adler >> 8) & 0xFF))
      w.byte(UInt8(adler & 0xFF))
      count = w.count
    }
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
      accumulator |= UInt64(value) << UInt64(filled)
      filled += n
      if filled >= 32 {
        if count + 4 <= capacity {
          out[count] = UInt8(truncatingIfNeeded: accumulator)
          out[count + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
          out[count + 2] = UInt8(truncatingIfNeeded: accumulator >> 16)
          out[count + 3] = UInt8(truncatingIfNeeded: accumulator >> 24)
          count += 4
        }
        accumulator >>= 32
        filled -= 32
      }
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

  /// Buffers reused from block to block.
  struct State {
    let stride: Int
    let bpp: Int
    /// The three distances tried, nearest first: a byte, a pixel, a row.
    let distances: [Int]
    let distanceCodes: [(code: Int, extraBits: Int, extra: Int)]
    /// The block's tokens: a literal byte, or a match (bit 31) of a length (low 16 bits) at one
    /// of the three distances (bits 16–23).
    let tokens: UnsafeMutablePointer<UInt32>
    var tokenCount = 0
    /// The last position of each hashed 4-byte sequence (+1; 0 for none), for matches at other
    /// distances where the three fixed ones find nothing (repeated glyphs and shapes).
    let recent: UnsafeMutablePointer<Int32>
    static let hashBits = 14
    var literalCounts = [UInt32](repeating: 0, count: 286)
    var distanceCounts = [UInt32](repeating: 0, count: 30)

    init(stride: Int, bpp: Int) {
      self.stride = stride
      self.bpp = Swift.max(1, bpp)
      var d = [1]
      if bpp > 1 { d.append(bpp) }
      if stride > bpp, stride <= 32_768 { d.append(stride) }
      distances = d
      distanceCodes = d.map(Tables.distance)
      tokens = .allocate(capacity: RowDeflate.blockBytes + 2)
      recent = .allocate(capacity: 1 << Self.hashBits)
      recent.initialize(repeating: 0, count: 1 << Self.hashBits)
    }

    /// Frees the buffers.
    func release() {
      tokens.deallocate()
      recent.deallocate()
    }

    /// Compresses `data[start..<end]` (earlier bytes may be matched) as one block.
    mutating func block(
      _ data: UnsafePointer<UInt8>, from start: Int, to end: Int, last: Bool,
      into w: inout BitWriter
    ) {
      tokenCount = 0
      for k in literalCounts.indices { literalCounts[k] = 0 }
      for k in distanceCounts.indices { distanceCounts[k] = 0 }
      tokenize(data, from: start, to: end)
      literalCounts[256] += 1
      var literalLengths = [UInt8](repeating: 0, count: 286)
      var distanceLengths = [UInt8](repeating: 0, count: 30)
      Huffman.lengths(literalCounts, limit: 15, into: &literalLengths)
      Huffman.lengths(distanceCounts, limit: 15, into: &distanceLengths)
      if !distanceLengths.contains(where: { $0 > 0 }) { distanceLengths[0] = 1 }
      let header = Header(literal: literalLengths, distance: distanceLengths)
      // The block's size as codes, to compare with storing it.
      var bits = 3 + header.bitCount
      for s in 0..<286 where literalCounts[s] > 0 {
        var extra = 0
        if s >= 265 && s < 285 { extra = (s - 261) / 4 }
        bits += Int(literalCounts[s]) * (Int(literalLengths[s]) + extra)
      }
      for s in 0..<30 where distanceCounts[s] > 0 {
        bits += Int(distanceCounts[s]) * (Int(distanceLengths[s]) + Swift.max(0, s / 2 - 1))
      }
      let storedBits = (end - start) * 8 + ((end - start) / 65_535 + 1) * 40 + 8
      if bits >= storedBits {
        stored(data, from: start, to: end, last: last, into: &w)
        return
      }
      w.bits(last ? 1 : 0, 1)
      w.bits(2, 2)
      header.write(into: &w)
      let literalCodes = Huffman.codes(literalLengths)
      let distanceHuffman = Huffman.codes(distanceLengths)
      // Each literal's code with its length in the top byte; each match length's code and extra
      // bits as one write; each of the three distances' code and extra bits as one write.
      var literalTable = [UInt32](repeating: 0, count: 256)
      for b in 0..<256 {
        literalTable[b] = UInt32(literalCodes[b]) | UInt32(literalLengths[b]) << 24
      }
      var lengthTable = [UInt64](repeating: 0, count: 259)
      for length in 3...258 {
        let entry = Tables.lengths[length]
        let symbol = 257 + Int(entry & 0xFF)
        let codeLength = Int(literalLengths[symbol])
        let extraBits = Int((entry >> 8) & 0xFF)
        let bits = UInt64(literalCodes[symbol]) | UInt64(entry >> 16) << UInt64(codeLength)
        lengthTable[length] = bits | UInt64(codeLength + extraBits) << 56
      }
      var distanceTable = [UInt64](repeating: 0, count: 3)
      for (k, d) in distanceCodes.enumerated() {
        let codeLength = Int(distanceLengths[d.code])
        let bits = UInt64(distanceHuffman[d.code]) | UInt64(d.extra) << UInt64(codeLength)
        distanceTable[k] = bits | UInt64(codeLength + d.extraBits) << 56
      }
      let mask: UInt64 = (1 << 56) - 1
      literalTable.withUnsafeBufferPointer { lt in
        lengthTable.withUnsafeBufferPointer { lengthCodes in
          distanceTable.withUnsafeBufferPointer { dt in
            var k = 0
            while k < tokenCount {
              let token = tokens[k]
              k += 1
              if token < 256 {
                let e = lt[Int(token)]
                w.bits(e & 0xFF_FFFF, Int(e >> 24))
                continue
              }
              let l = lengthCodes[Int(token & 0xFFFF)]
              w.bits(UInt32(truncatingIfNeeded: l & mask), Int(l >> 56))
              let which = Int((token >> 16) & 0xFF)
              if which == 3 {
                // A match at a distance of its own, in the next slot.
                let d = Tables.distance(Int(tokens[k]))
                k += 1
                w.bits(UInt32(distanceHuffman[d.code]), Int(distanceLengths[d.code]))
                if d.extraBits > 0 { w.bits(UInt32(d.extra), d.extraBits) }
                continue
              }
              let d = dt[which]
              w.bits(UInt32(truncatingIfNeeded: d & mask), Int(d >> 56))
            }
          }
        }
      }
      w.bits(UInt32(literalCodes[256]), Int(literalLengths[256]))
    }

    /// Stored blocks of at most 65,535 bytes.
    func stored(
      _ data: UnsafePointer<UInt8>, from start: Int, to end: Int, last: Bool,
      into w: inout BitWriter
    ) {
      var s = start
      repeat {
        let e = Swift.min(end, s + 65_535)
        w.bits(last && e == end ? 1 : 0, 1)
        w.bits(0, 2)
        w.alignToByte()
        let len = e - s
        w.byte(UInt8(len & 0xFF))
        w.byte(UInt8(len >> 8))
        w.byte(UInt8(~len & 0xFF))
        w.byte(UInt8((~len >> 8) & 0xFF))
        for i in s..<e { w.byte(data[i]) }
        s = e
      } while s < end
    }

    /// The length of the match at `i` against `i - d`, at most `limit` bytes.
    @inline(__always)
    static func matchLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ d: Int, _ limit: Int) -> Int {
      var n = 0
      let raw = UnsafeRawPointer(p)
      // 32 bytes per step while they all agree, then 8 to find the first that differs.
      while n + 32 <= limit {
        let x0 = raw.loadUnaligned(fromByteOffset: i + n, as: UInt64.self)
        let y0 = raw.loadUnaligned(fromByteOffset: i - d + n, as: UInt64.self)
        if x0 != y0 { return n + (x0 ^ y0).littleEndian.trailingZeroBitCount >> 3 }
        let x1 = raw.loadUnaligned(fromByteOffset: i + n + 8, as: UInt64.self)
        let y1 = raw.loadUnaligned(fromByteOffset: i - d + n + 8, as: UInt64.self)
        let x2 = raw.loadUnaligned(fromByteOffset: i + n + 16, as: UInt64.self)
        let y2 = raw.loadUnaligned(fromByteOffset: i - d + n + 16, as: UInt64.self)
        let x3 = raw.loadUnaligned(fromByteOffset: i + n + 24, as: UInt64.self)
        let y3 = raw.loadUnaligned(fromByteOffset: i - d + n + 24, as: UInt64.self)
        if (x1 ^ y1) | (x2 ^ y2) | (x3 ^ y3) != 0 { break }
        n += 32
      }
      while n + 8 <= limit {
        let a = raw.loadUnaligned(fromByteOffset: i + n, as: UInt64.self)
        let b = raw.loadUnaligned(fromByteOffset: i - d + n, as: UInt64.self)
        if a != b { return n + (a ^ b).littleEndian.trailingZeroBitCount >> 3 }
        n += 8
      }
      while n < limit && p[i + n] == p[i - d + n] { n += 1 }
      return n
    }

    /// Turns `data[start..<end]` into literals and matches, counting symbols.
    mutating func tokenize(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) {
      let count = distances.count
      let d0 = distances[0]
      let d1 = count > 1 ? distances[1] : 0
      let d2 = count > 2 ? distances[2] : 0
      let c0 = distanceCodes[0].code
      let c1 = count > 1 ? distanceCodes[1].code : 0
      let c2 = count > 2 ? distanceCodes[2].code : 0
      let tokens = self.tokens
      var n = 0
      var i = start
      literalCounts.withUnsafeMutableBufferPointer { lc in
        distanceCounts.withUnsafeMutableBufferPointer { dc in
          Tables.lengths.withUnsafeBufferPointer { lengths in
            while i < end {
              let limit = Swift.min(258, end - i)
              var best = 0
              var which = 0
              // Which distances agree on the next three bytes, found without branching: in
              // noisy areas (photographs, edges) none do, and the byte is a literal at once.
              var hits = 0
              if limit >= 4 {
                let raw = UnsafeRawPointer(p)
                let here = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) & 0xFF_FFFF
                let m0 =
                  d0 <= i ? raw.loadUnaligned(fromByteOffset: i - d0, as: UInt32.self) : ~here
                let m1 =
                  d1 > 0 && d1 <= i
                  ? raw.loadUnaligned(fromByteOffset: i - d1, as: UInt32.self) : ~here
                let m2 =
                  d2 > 0 && d2 <= i
                  ? raw.loadUnaligned(fromByteOffset: i - d2, as: UInt32.self) : ~here
                hits =
                  (m0 & 0xFF_FFFF == here ? 1 : 0) | (m1 & 0xFF_FFFF == here ? 2 : 0)
                  | (m2 & 0xFF_FFFF == here ? 4 : 0)
              } else if limit == 3 {
                hits = 7
              }
              if hits != 0 {
                // Farthest first: a row repeat is usually the longest; nearer wins ties.
                if hits & 4 != 0 && d2 > 0 && d2 <= i {
                  best = Self.matchLength(p, i, d2, limit)
                  which = 2
                }
                // A long enough match is taken as it is: trying the others costs more than
                // the few bytes they might add.
                if best < 24 && hits & 2 != 0 && d1 > 0 && d1 <= i {
                  let m = Self.matchLength(p, i, d1, limit)
                  if m >= best {
                    best = m
                    which = 1
                  }
                }
                if best < 24 && hits & 1 != 0 && d0 <= i {
                  let m = Self.matchLength(p, i, d0, limit)
                  if m >= best {
                    best = m
                    which = 0
                  }
                }
              }
              var far = 0
              if best < 3 && limit >= 4 {
                // None of the three: the last place these four bytes were seen.
                let four = UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: UInt32.self)
                let h = Int((four &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
                let seen = Int(recent[h]) - 1
                recent[h] = Int32(truncatingIfNeeded: i + 1)
                if seen >= 0 && i - seen <= 32_768 && i > seen {
                  let m = Self.matchLength(p, i, i - seen, limit)
                  if m >= 4 {
                    best = m
                    far = i - seen
                  }
                }
              }
              if far > 0 {
                tokens[n] = UInt32(1 << 31) | UInt32(3) << 16 | UInt32(best)
                n += 1
                tokens[n] = UInt32(far)
                lc[257 + Int(lengths[best] & 0xFF)] += 1
                dc[Tables.distance(far).code] += 1
                i += best
              } else if best >= 3 {
                tokens[n] = UInt32(1 << 31) | UInt32(which) << 16 | UInt32(best)
                lc[257 + Int(lengths[best] & 0xFF)] += 1
                dc[which == 0 ? c0 : which == 1 ? c1 : c2] += 1
                i += best
              } else {
                let b = p[i]
                tokens[n] = UInt32(b)
                lc[Int(b)] += 1
                i += 1
              }
              n += 1
            }
          }
        }
      }
      tokenCount = n
    }
  }

  /// A dynamic block's header: the code lengths of both alphabets, run-length coded, and the
  /// code of those codes.
  struct Header {
    var hlit: Int
    var hdist: Int
    var hclen: Int
    /// Code-length symbols: (symbol, extra value).
    var symbols: [(Int, Int)] = []
    var clLengths = [UInt8](repeating: 0, count: 19)
    var clCodes: [UInt16] = []

    init(literal: [UInt8], distance: [UInt8]) {
      var lastLiteral = 285
      while lastLiteral > 256 && literal[lastLiteral] == 0 { lastLiteral -= 1 }
      var lastDistance = 29
      while lastDistance > 0 && distance[lastDistance] == 0 { lastDistance -= 1 }
      hlit = lastLiteral + 1 - 257
      hdist = lastDistance + 1 - 1
      let all = Array(literal[0...lastLiteral]) + Array(distance[0...lastDistance])
      var i = 0
      var counts = [UInt32](repeating: 0, count: 19)
      while i < all.count {
        let v = all[i]
        var run = 1
        while i + run < all.count && all[i + run] == v { run += 1 }
        var left = run
        if v == 0 {
          while left >= 11 {
            let r = Swift.min(138, left)
            symbols.append((18, r - 11))
            left -= r
          }
          if left >= 3 {
            symbols.append((17, left - 3))
            left = 0
          }
        } else {
          symbols.append((Int(v), 0))
          left -= 1
          while left >= 3 {
            let r = Swift.min(6, left)
            symbols.append((16, r - 3))
            left -= r
          }
        }
        for _ in 0..<left { symbols.append((Int(v), 0)) }
        i += run
      }
      for (s, _) in symbols { counts[s] += 1 }
      Huffman.lengths(counts, limit: 7, into: &clLengths)
      clCodes = Huffman.codes(clLengths)
      var last = 18
      while last > 3 && clLengths[Tables.codeLengthOrder[last]] == 0 { last -= 1 }
      hclen = last + 1 - 4
    }

    var bitCount: Int {
      var bits = 5 + 5 + 4 + (hclen + 4) * 3
      for (s, _) in symbols {
        bits += Int(clLengths[s]) + (s == 16 ? 2 : s == 17 ? 3 : s == 18 ? 7 : 0)
      }
      return bits
    }

    func write(into w: inout BitWriter) {
      w.bits(UInt32(hlit), 5)
      w.bits(UInt32(hdist), 5)
      w.bits(UInt32(hclen), 4)
      for k in 0..<(hclen + 4) { w.bits(UInt32(clLengths[Tables.codeLengthOrder[k]]), 3) }
      for (s, extra) in symbols {
        w.bits(UInt32(clCodes[s]), Int(clLengths[s]))
        switch s {
        case 16: w.bits(UInt32(extra), 2)
        case 17: w.bits(UInt32(extra), 3)
        case 18: w.bits(UInt32(extra), 7)
        default: break
        }
      }
    }
  }

  /// Huffman code lengths limited to a maximum, and canonical codes.
  enum Huffman {
    /// Code lengths for `counts` (0 for unused symbols), none over `limit`. At least two symbols
    /// get codes when any is used, so the code is complete.
    static func lengths(_ counts: [UInt32], limit: Int, into lengths: inout [UInt8]) {
      for k in lengths.indices { lengths[k] = 0 }
      var used = counts.indices.filter { counts[$0] > 0 }
      if used.isEmpty { return }
      if used.count == 1 { used.append(used[0] == 0 ? 1 : 0) }
      // Symbols by count, least first (ties by symbol, so codes are deterministic).
      used.sort { (counts[$0], $0) < (counts[$1], $1) }
      let m = used.count
      // The two-queue construction: leaves in order, internal nodes in creation order.
      var weight = [UInt64](repeating: 0, count: 2 * m)
      var parent = [Int](repeating: -1, count: 2 * m)
      for (k, s) in used.enumerated() { weight[k] = UInt64(Swift.max(1, counts[s])) }
      var leaf = 0
      var node = m
      var next = m
      func take() -> Int {
        if leaf < m && (node >= next || weight[leaf] <= weight[node]) {
          leaf += 1
          return leaf - 1
        }
        node += 1
        return node - 1
      }
      while next < 2 * m - 1 {
        let a = take()
        let b = take()
        weight[next] = weight[a] + weight[b]
        parent[a] = next
        parent[b] = next
        next += 1
      }
      // Depths: the root is the last node.
      var depth = [Int](repeating: 0, count: 2 * m)
      var k = 2 * m - 3
      while k >= 0 {
        depth[k] = depth[parent[k]] + 1
        k -= 1
      }
      // Lengths per count of symbols, clamped to the limit and repaired (Kraft sum ≤ 1).
      var perLength = [Int](repeating: 0, count: 64)
      for k in 0..<m { perLength[Swift.min(limit, depth[k])] += 1 }
      var kraft = 0
      for l in 1...limit { kraft += perLength[l] << (limit - l) }
      while kraft > 1 << limit {
        // Lengthen a code just below the limit: it splits into two at the next length.
        var l = limit - 1
        while l > 0 && perLength[l] == 0 { l -= 1 }
        if l == 0 { break }
        perLength[l] -= 1
        perLength[l + 1] += 2
        perLength[limit] -= 1
        kraft -= 1
      }
      // The most frequent symbols get the shortest codes.
      var l = 1
      var index = m - 1
      while index >= 0 {
        while l <= limit && perLength[l] == 0 { l += 1 }
        if l > limit { break }
        lengths[used[index]] = UInt8(l)
        perLength[l] -= 1
        index -= 1
      }
    }

    /// Canonical codes for `lengths`, bit-reversed for least-significant-first output.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
      var perLength = [Int](repeating: 0, count: 16)
      for l in lengths where l > 0 { perLength[Int(l)] += 1 }
      var next = [Int](repeating: 0, count: 16)
      var code = 0
      for l in 1..<16 {
        code = (code + perLength[l - 1]) << 1
        next[l] = code
      }
      var out = [UInt16](repeating: 0, count: lengths.count)
      for (s, l) in lengths.enumerated() where l > 0 {
        let c = next[Int(l)]
        next[Int(l)] += 1
        var reversed = 0
        for b in 0..<Int(l) where c & (1 << b) != 0 { reversed |= 1 << (Int(l) - 1 - b) }
        out[s] = UInt16(reversed)
      }
      return out
    }
  }
}

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
