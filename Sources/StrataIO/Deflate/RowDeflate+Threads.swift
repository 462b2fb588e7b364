extension RowDeflate {
  /// The input bytes per run: runs are compressed on their own (on one thread or several)
  /// and joined.
  static let runBytes = 4 * blockBytes

  /// A zlib stream of `data` (see ``zlib(_:stride:bpp:)``) compressed on up to `threads`
  /// threads, with the same bytes whatever the thread count: the blocks are grouped in runs of
  /// ``runBytes``, each compressed on its own (its matches may reach back into the run before,
  /// which the decoder has; its place-seen table starts empty) and ended on a whole byte by an
  /// empty stored block, then joined, with the runs' checksums combined. Threads take the runs
  /// in turn.
  public static func zlib(
    _ data: UnsafeBufferPointer<UInt8>, stride: Int, bpp: Int, threads: Int
  ) -> [UInt8] {
    let n = data.count
    let runs = (n + runBytes - 1) / runBytes
    guard let base = data.baseAddress, runs > 0 else { return emptyStream() }
    let input = SharedInput(base: base)
    let parts = PartSlots(count: runs)
    takeTurns(count: runs, workers: threads) { _, k in
      let start = k * runBytes
      let end = Swift.min(n, start + runBytes)
      let bytes = compressRun(
        input.base, from: start, to: end, last: k == runs - 1, stride: stride, bpp: bpp)
      let adler = Adler32.checksum(
        UnsafeBufferPointer(start: input.base + start, count: end - start))
      parts.set(k, bytes: bytes, adler: adler, length: end - start)
    }
    var stream: [UInt8] = [0x78, 0x01]
    stream.reserveCapacity(2 + parts.totalBytes + 4)
    var adler: UInt32 = 1
    for k in 0..<runs {
      let part = parts.get(k)
      stream += part.bytes
      adler = Adler32.combine(adler, part.adler, length: part.length)
    }
    stream += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF)]
    stream.append(UInt8(adler & 0xFF))
    return stream
  }

  /// The zlib stream of no bytes: an empty final stored block.
  static func emptyStream() -> [UInt8] {
    [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
  }

  /// The DEFLATE blocks of `data[start..<end]`, the final ones when `last`; otherwise followed
  /// by an empty stored block that is not final, so that the run ends on a whole byte as the
  /// next begins.
  private static func compressRun(
    _ data: UnsafePointer<UInt8>, from start: Int, to end: Int, last: Bool, stride: Int, bpp: Int
  ) -> [UInt8] {
    let bytes = end - start
    let capacity = bytes + (bytes / 65_535 + 2) * 5 + 64 + bytes / 16
    return [UInt8](unsafeUninitializedCapacity: capacity) { o, count in
      guard let ob = o.baseAddress else {
        count = 0
        return
      }
      var w = BitWriter(ob, capacity: capacity)
      var state = State(stride: stride, bpp: bpp)
      defer { state.release() }
      var from = start
      while from < end {
        let to = Swift.min(end, from + blockBytes)
        state.block(data, from: from, to: to, last: last && to == end, into: &w)
        from = to
      }
      if !last {
        w.bits(0, 3)
        w.alignToByte()
        for b: UInt8 in [0, 0, 0xFF, 0xFF] { w.byte(b) }
      }
      w.alignToByte()
      count = w.count
    }
  }
}

/// The input the runs read, shared read-only between their threads.
private struct SharedInput: @unchecked Sendable {
  let base: UnsafePointer<UInt8>
}

/// Each run's output, written once by its own thread.
private final class PartSlots: Sendable {
  private let slots = Locked<[(bytes: [UInt8], adler: UInt32, length: Int)]>([])

  init(count: Int) {
    slots.withLock { $0 = Array(repeating: ([], 1, 0), count: count) }
  }

  func set(_ k: Int, bytes: [UInt8], adler: UInt32, length: Int) {
    slots.withLock { $0[k] = (bytes, adler, length) }
  }

  func get(_ k: Int) -> (bytes: [UInt8], adler: UInt32, length: Int) {
    slots.withLock { $0[k] }
  }

  var totalBytes: Int { slots.withLock { $0.reduce(0) { $0 + $1.bytes.count } } }
}

extension Adler32 {
  /// The Adler-32 checksum of two byte strings joined, from the first's checksum `a`, the
  /// second's `b` (each started from 1) and the second's `length`.
  public static func combine(_ a: UInt32, _ b: UInt32, length: Int) -> UInt32 {
    let base: UInt64 = 65_521
    let a1 = UInt64(a & 0xFFFF)
    let b1 = UInt64(a >> 16)
    let a2 = UInt64(b & 0xFFFF)
    let b2 = UInt64(b >> 16)
    let len = UInt64(length) % base
    // a = a1 + a2 − 1; b = b1 + b2 + len·(a1 − 1), all modulo 65,521.
    let sumA = (a1 + a2 + base - 1) % base
    let sumB = (b1 + b2 + (len * ((a1 + base - 1) % base)) % base) % base
    return UInt32(sumB << 16 | sumA)
  }
}
