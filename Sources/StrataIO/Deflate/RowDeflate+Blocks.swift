extension RowDeflate {
  /// Buffers reused from block to block.
  struct State {
    let stride: Int
    let bpp: Int
    /// The three distances tried, nearest first: a byte, a pixel, a row.
    let distances: [Int]
    let distanceCodes: [(code: Int, extraBits: Int, extra: Int)]
    /// The block's tokens: a literal byte, or a match (bit 31) of a length (low 16 bits) at one
    /// of the three distances (bits 16–23: 0, 1 or 2) or at a distance of its own (3), whose
    /// code, extra bit count and extra bits follow in the next slot (bits 0–4, 5–8, 9–21).
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
                // A match at a distance of its own: its code, extra bit count and extra bits
                // in the next slot.
                let d = tokens[k]
                k += 1
                let code = Int(d & 0x1F)
                let codeLength = Int(distanceLengths[code])
                w.bits(
                  UInt32(distanceHuffman[code]) | (d >> 9) << UInt32(codeLength),
                  codeLength + Int((d >> 5) & 0xF))
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
  }
}
