extension RowDeflate {
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
      // Symbols by count, least first (ties by symbol, so codes are deterministic): sorted as
      // keys of count and symbol in one integer.
      var keys: [UInt64] = []
      keys.reserveCapacity(counts.count + 1)
      for (s, c) in counts.enumerated() where c > 0 { keys.append(UInt64(c) << 16 | UInt64(s)) }
      if keys.isEmpty { return }
      if keys.count == 1 { keys.insert(keys[0] & 0xFFFF == 0 ? 1 : 0, at: 0) }
      keys.sort()
      let used = keys.map { Int($0 & 0xFFFF) }
      let m = used.count
      // The two-queue construction: leaves in order, internal nodes in creation order.
      var weight = [UInt64](repeating: 0, count: 2 * m)
      var parent = [Int](repeating: -1, count: 2 * m)
      for (k, key) in keys.enumerated() { weight[k] = Swift.max(1, key >> 16) }
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

    /// The low `bits` bits of `code` in reverse order (swapping halves, then quarters, …).
    @inline(__always) static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
      var v = code
      v = (v >> 1) & 0x5555 | (v & 0x5555) << 1
      v = (v >> 2) & 0x3333 | (v & 0x3333) << 2
      v = (v >> 4) & 0x0F0F | (v & 0x0F0F) << 4
      v = v >> 8 | v << 8
      return v >> UInt16(16 - bits)
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
        out[s] = reversed(UInt16(truncatingIfNeeded: c), bits: Int(l))
      }
      return out
    }
  }
}
