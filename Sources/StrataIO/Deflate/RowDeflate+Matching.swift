extension RowDeflate.State {
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
    // Where all three distances reach back, and stand-ins for the ones that do not exist.
    let reach = Swift.max(d0, d1, d2)
    let d1Safe = d1 > 0 ? d1 : d0
    let d2Safe = d2 > 0 ? d2 : d0
    let tokens = self.tokens
    let literalRun = bpp
    var n = 0
    var i = start
    var misses = 0
    literalCounts.withUnsafeMutableBufferPointer { lc in
      distanceCounts.withUnsafeMutableBufferPointer { dc in
        RowDeflate.Tables.lengths.withUnsafeBufferPointer { lengths in
          while i < end {
            let limit = Swift.min(258, end - i)
            var best = 0
            var which = 0
            // How many of the next eight bytes each distance repeats (0 where it cannot reach):
            // one XOR and a trailing-zero count each, without branching, so short matches and
            // misses never need a loop, and only a distance that repeats all eight is followed.
            let l0: Int
            let l1: Int
            let l2: Int
            if limit >= 8 && i >= reach {
              let raw = UnsafeRawPointer(p)
              let here = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
              let x0 = here ^ raw.loadUnaligned(fromByteOffset: i - d0, as: UInt64.self)
              let x1 = here ^ raw.loadUnaligned(fromByteOffset: i - d1Safe, as: UInt64.self)
              let x2 = here ^ raw.loadUnaligned(fromByteOffset: i - d2Safe, as: UInt64.self)
              l0 = x0.littleEndian.trailingZeroBitCount &>> 3
              l1 = d1 > 0 ? x1.littleEndian.trailingZeroBitCount &>> 3 : 0
              l2 = d2 > 0 ? x2.littleEndian.trailingZeroBitCount &>> 3 : 0
            } else {
              // The first row and a block's last bytes.
              let head = Swift.min(8, limit)
              l0 = d0 <= i ? Self.matchLength(p, i, d0, head) : 0
              l1 = d1 > 0 && d1 <= i ? Self.matchLength(p, i, d1, head) : 0
              l2 = d2 > 0 && d2 <= i ? Self.matchLength(p, i, d2, head) : 0
            }
            /// The match at `d` whose first `l` bytes agree.
            @inline(__always) func length(_ l: Int, _ d: Int) -> Int {
              l == 8 && limit > 8 ? 8 + Self.matchLength(p, i + 8, d, limit - 8) : l
            }
            // Farthest first: a row repeat is usually the longest; nearer wins ties. A long
            // enough match is taken as it is: trying the others costs more than the few bytes
            // they might add.
            if l2 >= 3 {
              best = length(l2, d2)
              which = 2
            }
            if best < 24 && l1 >= 3 && l1 >= Swift.min(best, 8) {
              let m = length(l1, d1)
              if m >= best {
                best = m
                which = 1
              }
            }
            if best < 24 && l0 >= 3 && l0 >= Swift.min(best, 8) {
              let m = length(l0, d0)
              if m >= best {
                best = m
                which = 0
              }
            }
            var far = 0
            if best < 3 && limit >= 4 {
              // None of the three: the last place these four bytes were seen.
              let four = UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: UInt32.self)
              let h = Int((four &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
              let seen = Int(recent[h]) - 1
              recent[h] = Int32(truncatingIfNeeded: i + 1)
              // Followed only if the four bytes there agree, decided without branching on the
              // distance: in noisy areas the last sighting is a hash collision at a random
              // distance, and a branch on it would be mispredicted a third of the time.
              let there = UnsafeRawPointer(p).loadUnaligned(
                fromByteOffset: Swift.max(seen, 0), as: UInt32.self)
              let agree =
                (there == four ? 1 : 0) & (i - seen <= 32_768 ? 1 : 0) & (seen >= 0 ? 1 : 0)
              if agree != 0 {
                best = 4 + Self.matchLength(p, i + 4, i - seen, limit - 4)
                far = i - seen
              }
            }
            if far > 0 {
              tokens[n] = UInt32(1 << 31) | UInt32(3) << 16 | UInt32(best)
              n += 1
              let d = RowDeflate.Tables.distance(far)
              tokens[n] = UInt32(d.code) | UInt32(d.extraBits) << 5 | UInt32(d.extra) << 9
              lc[257 + Int(lengths[best] & 0xFF)] += 1
              dc[d.code] += 1
              i += best
              misses = 0
            } else if best >= 3 {
              misses = 0
              tokens[n] = UInt32(1 << 31) | UInt32(which) << 16 | UInt32(best)
              lc[257 + Int(lengths[best] & 0xFF)] += 1
              dc[which == 0 ? c0 : which == 1 ? c1 : c2] += 1
              i += best
            } else {
              // Nothing matches here: the rest of the pixel is taken as literals unsearched.
              // Matches seldom start inside a pixel that began with a literal, and searching
              // pixel by pixel in noisy areas keeps matches at pixel boundaries (a third of
              // the searches for an RGB frame, ~1 % larger).
              misses += 1
              let want = misses > 16 ? 2 * literalRun : literalRun
              let run = i + want < end ? want : 1
              for k in 0..<run {
                let b = p[i + k]
                tokens[n + k] = UInt32(b)
                lc[Int(b)] += 1
              }
              n += run - 1
              i += run
            }
            n += 1
          }
        }
      }
    }
    tokenCount = n
  }
}
