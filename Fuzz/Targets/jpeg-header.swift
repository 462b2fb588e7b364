import StrataAssets

/// JPEG headers built from the bytes and read by libjpeg-turbo through the shim: a frame
/// header (baseline, extended or progressive) of any size, component count and sampling,
/// quantisation and Huffman tables with hostile contents, and up to 700 scans of any spectral
/// selection and approximation, each with a little entropy-coded data. What it reaches: the
/// pixel limit on the declared size, the scan limit and work budget, and libjpeg's own checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  var jpeg: [UInt8] = [0xFF, 0xD8]
  func segment(_ marker: UInt8, _ body: [UInt8]) {
    jpeg += [0xFF, marker] + be16(body.count + 2) + body
  }
  // Quantisation tables: 8-bit, ids 0 and 1.
  for id in 0..<2 { segment(0xDB, [UInt8(id)] + (0..<64).map { _ in input.byte() | 1 }) }
  let kind = [UInt8(0xC0), 0xC1, 0xC2][Int(input.byte()) % 3]
  let width = input.u16()
  let height = input.u16()
  let components = Int(input.byte()) % 4 + 1
  var frame: [UInt8] = [8] + be16(height) + be16(width) + [UInt8(components)]
  for c in 0..<components {
    frame += [
      UInt8(c + 1), (input.byte() % 4 + 1) << 4 | (input.byte() % 4 + 1), UInt8(c > 0 ? 1 : 0),
    ]
  }
  segment(kind, frame)
  // Huffman tables: DC and AC for ids 0 and 1, counts and symbols from the bytes.
  for table in [0x00, 0x01, 0x10, 0x11] as [UInt8] {
    var counts = (0..<16).map { _ in input.byte() % 4 }
    if counts.allSatisfy({ $0 == 0 }) { counts[1] = 1 }
    let total = counts.reduce(0) { $0 + Int($1) }
    segment(0xC4, [table] + counts + (0..<total).map { _ in input.byte() })
  }
  let scans = Int(input.byte()) * 3 % 700 + 1
  for _ in 0..<scans {
    let n = Int(input.byte()) % components + 1
    var scan: [UInt8] = [UInt8(n)]
    for c in 0..<n { scan += [UInt8(c + 1), input.byte() & 0x11] }
    let ss = input.byte() % 64
    scan += [ss, Swift.max(ss, input.byte() % 64), input.byte() & 0xFF]
    segment(0xDA, scan)
    // A little entropy-coded data, markers stuffed.
    for b in input.take(Int(input.byte()) % 16) { jpeg += b == 0xFF ? [0xFF, 0x00] : [b] }
    if input.isEmpty { break }
  }
  jpeg += [0xFF, 0xD9]
  // A one-megapixel ceiling keeps each input within the fuzzer's one-second budget: under
  // AddressSanitizer, decoding a whole 3084 × 3084 image (the first run's only "finding") takes
  // longer than that however well-formed it is. The scan limit is still reached (500 scans of
  // a small image), and the ceiling itself is tested on the header.
  _ = try? JPEGDecoder(pixelLimit: 1 << 20).decode(jpeg)
  return 0
}
