import Strata
import StrataRender

/// A font with a valid table directory whose tables come from the fuzzer: head, hhea and maxp
/// are well formed and hmtx and loca have the lengths they must have (so parsing gets past
/// them, with hostile contents), and cmap, glyf, GPOS, GSUB, kern, name and the colour
/// tables (COLR of either version, CPAL, sbix) are hostile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let glyphs = 1 + input.u16() % 256
  let longLoca = input.byte() & 1 == 1
  let metrics = 1 + input.u16() % glyphs
  var head = [UInt8](repeating: 0, count: 54)
  head.replaceSubrange(18..<20, with: be16(16 + input.u16() % 4096))
  head.replaceSubrange(50..<52, with: be16(longLoca ? 1 : 0))
  var hhea = [UInt8](repeating: 0, count: 36)
  hhea.replaceSubrange(34..<36, with: be16(metrics))
  /// `n` bytes from the input, padded with zeros: sizes right, contents hostile.
  func exactly(_ n: Int) -> [UInt8] {
    let b = input.take(n)
    return b + [UInt8](repeating: 0, count: n - b.count)
  }
  var tables: [(String, [UInt8])] = [
    ("head", head), ("hhea", hhea), ("maxp", be32(0x5000) + be16(glyphs)),
    ("hmtx", exactly(4 * metrics)), ("loca", exactly((glyphs + 1) * (longLoca ? 4 : 2))),
  ]
  // The hostile ones, each a length-prefixed slice of what is left.
  for tag in ["cmap", "glyf", "GPOS", "GSUB", "kern", "name", "COLR", "CPAL", "sbix"] {
    tables.append((tag, input.take(input.u16() % 2048)))
  }
  tables.sort { $0.0 < $1.0 }
  var out = be32(0x0001_0000) + be16(tables.count) + be16(0) + be16(0) + be16(0)
  var body: [UInt8] = []
  let start = 12 + 16 * tables.count
  for (tag, bytes) in tables {
    out += Array(tag.utf8) + be32(0) + be32(start + body.count) + be32(bytes.count)
    body += bytes
    while body.count % 4 != 0 { body.append(0) }
  }
  exercise(out + body)
  return 0
}
