import Strata
import StrataRender

/// A font with a valid table directory whose tables come from the fuzzer: the required tables
/// are well formed (so parsing gets past them) and GSUB, GPOS, glyf, loca and cmap are hostile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let glyphs = 1 + input.u16() % 2048
  var head = [UInt8](repeating: 0, count: 54)
  head.replaceSubrange(18..<20, with: be16(16 + input.u16() % 4096))
  head.replaceSubrange(50..<52, with: be16(Int(input.byte() & 1)))
  var hhea = [UInt8](repeating: 0, count: 36)
  hhea.replaceSubrange(34..<36, with: be16(1 + input.u16() % glyphs))
  var tables: [(String, [UInt8])] = [
    ("head", head), ("hhea", hhea), ("maxp", be32(0x5000) + be16(glyphs)),
    ("hmtx", input.take(4 * glyphs)), ("name", []),
  ]
  // The hostile ones, each a length-prefixed slice of what is left.
  for tag in ["cmap", "loca", "glyf", "GPOS", "GSUB", "kern"] {
    tables.append((tag, input.take(input.u16())))
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
