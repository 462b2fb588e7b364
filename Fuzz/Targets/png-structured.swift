import StrataRender

/// A PNG whose chunks have valid lengths and CRCs, built from the fuzzer's bytes: a header with
/// any size (to 2048²), depth, colour type and interlacing, an optional palette and transparency, and image
/// data that is the fuzzer's bytes compressed — so the decoder's work past the checksums runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let width = 1 + input.u16() % 2048
  let height = 1 + input.u16() % 2048
  let depths: [UInt8] = [1, 2, 4, 8, 16]
  let types: [UInt8] = [0, 2, 3, 4, 6]
  let depth = depths[Int(input.byte()) % depths.count]
  let colorType = types[Int(input.byte()) % types.count]
  let interlace = input.byte() & 1
  var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  func chunk(_ type: String, _ body: [UInt8]) {
    png += be32(body.count) + Array(type.utf8) + body
    png += be32(Int(CRC.of(Array(type.utf8) + body)))
  }
  chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, interlace])
  let extras = input.byte()
  if extras & 1 != 0 { chunk("PLTE", input.take(3 * (1 + Int(input.byte()) % 256))) }
  if extras & 2 != 0 { chunk("tRNS", input.take(Int(input.byte()))) }
  let raw = input.rest()
  chunk("IDAT", Deflate.compress(raw))
  chunk("IEND", [])
  _ = try? PNGDecoder().decode(png)
  return 0
}

/// CRC-32 as PNG defines it (polynomial 0xEDB88320).
enum CRC {
  static func of(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
  }
}

/// Stored (uncompressed) deflate blocks in a zlib wrapper: valid compressed data for any bytes.
enum Deflate {
  static func compress(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var i = 0
    repeat {
      let n = Swift.min(65_535, data.count - i)
      let last: UInt8 = i + n >= data.count ? 1 : 0
      out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
      out += data[i..<(i + n)]
      i += n
    } while i < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for x in data {
      a = (a + UInt32(x)) % 65_521
      b = (b + a) % 65_521
    }
    return out + be32(Int(b << 16 | a))
  }
}
