import Strata

/// Reads PNG files of every colour type and bit depth into premultiplied ``RasterImage``s.
///
/// Supports greyscale, RGB, palette, greyscale with alpha and RGBA at every bit depth
/// the standard allows, `tRNS` transparency, and Adam7 interlacing. Every chunk's CRC
/// is checked; the image size is checked against ``pixelLimit`` before anything is
/// allocated; malformed input gives ``RenderError/malformedPNG(reason:at:)`` naming the
/// chunk or byte offset, never a trap.
public struct PNGDecoder: Sendable {
  /// The largest image (in pixels) the decoder accepts.
  public var pixelLimit: Int

  /// Creates a decoder.
  public init(pixelLimit: Int = RasterImage.pixelLimit) {
    self.pixelLimit = pixelLimit
  }

  struct Header {
    var width: Int
    var height: Int
    var depth: Int
    var colorType: Int
    var interlaced: Bool

    var channels: Int {
      switch colorType {
      case 0, 3: return 1
      case 2: return 3
      case 4: return 2
      default: return 4
      }
    }
    var bitsPerPixel: Int { channels * depth }
    func rowBytes(_ w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }
  }

  /// Decodes a PNG file's bytes.
  public func decode(_ bytes: [UInt8]) throws(RenderError) -> RasterImage {
    func fail(_ reason: String, _ at: String) -> RenderError {
      .malformedPNG(reason: reason, at: at)
    }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
      throw fail("not a PNG signature", "byte 0")
    }
    var pos = 8
    var header: Header?
    var palette: [(UInt8, UInt8, UInt8, UInt8)] = []
    var transparent: [Int]?
    var idat: [UInt8] = []
    var sawIEND = false
    while pos < bytes.count {
      guard bytes.count - pos >= 12 else { throw fail("truncated chunk header", "byte \(pos)") }
      let length = Int(Self.u32(bytes, pos))
      let typeBytes = Array(bytes[(pos + 4)..<(pos + 8)])
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard typeBytes.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }) else {
        throw fail("invalid chunk type", "byte \(pos + 4)")
      }
      guard length <= 0x7FFF_FFFF, length <= bytes.count - pos - 12 else {
        throw fail(
          "chunk length \(length) runs past the end of the file", "\(type) chunk at byte \(pos)")
      }
      let dataStart = pos + 8
      let data = Array(bytes[dataStart..<(dataStart + length)])
      let storedCRC = Self.u32(bytes, dataStart + length)
      let crc = bytes.withUnsafeBufferPointer {
        Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(pos + 4)..<(dataStart + length)]))
      }
      guard crc == storedCRC else { throw fail("CRC mismatch", "\(type) chunk at byte \(pos)") }
      let at = "\(type) chunk at byte \(pos)"
      pos = dataStart + length + 4
      if header == nil && type != "IHDR" { throw fail("the first chunk is not IHDR", at) }
      switch type {
      case "IHDR":
        guard header == nil else { throw fail("a second IHDR", at) }
        guard length == 13 else { throw fail("IHDR is \(length) bytes, not 13", at) }
        let w = Int(Self.u32(data, 0))
        let h = Int(Self.u32(data, 4))
        let depth = Int(data[8])
        let ct = Int(data[9])
        guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
          throw fail("size \(w)×\(h)", at)
        }
        let allowed: [Int: [Int]] = [
          0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
        ]
        guard let depths = allowed[ct], depths.contains(depth) else {
          throw fail("colour type \(ct) with bit depth \(depth) is not allowed", at)
        }
        guard data[10] == 0, data[11] == 0, data[12] <= 1 else {
          throw fail("unknown compression, filter or interlace method", at)
        }
        let (area, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, area <= pixelLimit else {
          throw fail("\(w)×\(h) exceeds the limit of \(pixelLimit) pixels", at)
        }
        header = Header(width: w, height: h, depth: depth, colorType: ct, interlaced: data[12] == 1)
      case "PLTE":
        guard length % 3 == 0, length > 0, length / 3 <= 256 else {
          throw fail("palette length \(length)", at)
        }
        palette = stride(from: 0, to: length, by: 3).map {
          (data[$0], data[$0 + 1], data[$0 + 2], 255)
        }
      case "tRNS":
        guard let hd = header else { break }
        switch hd.colorType {
        case 3:
          guard length <= palette.count else {
            throw fail("more transparency entries than colours", at)
          }
          for (i, a) in data.enumerated() { palette[i].3 = a }
        case 0:
          guard length == 2 else { throw fail("grey tRNS must be 2 bytes", at) }
          transparent = [Int(data[0]) << 8 | Int(data[1])]
        case 2:
          guard length == 6 else { throw fail("RGB tRNS must be 6 bytes", at) }
          transparent = (0..<3).map { Int(data[2 * $0]) << 8 | Int(data[2 * $0 + 1]) }
        default:
          throw fail("tRNS is not allowed with an alpha channel", at)
        }
      case "IDAT":
        idat += data
      case "IEND":
        sawIEND = true
      default:
        // Unknown critical chunks (upper-case first letter) cannot be skipped.
        if let first = typeBytes.first, first >= 65 && first <= 90 {
          throw fail("unknown critical chunk", at)
        }
      }
      if sawIEND { break }
    }
    guard let hd = header else { throw fail("no IHDR chunk", "end of file") }
    guard !idat.isEmpty else { throw fail("no image data", "end of file") }
    guard sawIEND else { throw fail("no IEND chunk: the file is truncated", "end of file") }
    if hd.colorType == 3 && palette.isEmpty {
      throw fail("palette image without PLTE", "end of file")
    }

    // The filtered size, pass by pass.
    let passes = hd.interlaced ? Self.adam7 : [(0, 0, 1, 1)]
    var expected = 0
    for (x0, y0, dx, dy) in passes {
      let pw = (hd.width - x0 + dx - 1) / dx
      let ph = (hd.height - y0 + dy - 1) / dy
      if pw > 0 && ph > 0 { expected += (hd.rowBytes(pw) + 1) * ph }
    }
    let raw: [UInt8]
    do {
      raw = try Zlib.inflate(idat, expected: expected)
    } catch {
      switch error {
      case .corrupt(let why): throw fail("image data: \(why)", "IDAT")
      case .tooLong: throw fail("more image data than the header allows", "IDAT")
      case .tooShort(let n): throw fail("image data is \(n) bytes, expected \(expected)", "IDAT")
      }
    }

    var out = try RasterImage(width: hd.width, height: hd.height)
    var offset = 0
    for (x0, y0, dx, dy) in passes {
      let pw = (hd.width - x0 + dx - 1) / dx
      let ph = (hd.height - y0 + dy - 1) / dy
      guard pw > 0 && ph > 0 else { continue }
      let rb = hd.rowBytes(pw)
      var rows = Array(raw[offset..<(offset + (rb + 1) * ph)])
      offset += (rb + 1) * ph
      try Self.unfilter(&rows, rowBytes: rb, height: ph, bpp: Swift.max(1, hd.bitsPerPixel / 8))
      Self.expand(
        rows, header: hd, passWidth: pw, passHeight: ph, x0: x0, y0: y0, dx: dx, dy: dy,
        palette: palette,
        transparent: transparent, into: &out)
    }
    return out
  }

  /// Reads and decodes a PNG file.
  public func decodeFile(_ path: String) throws(RenderError) -> RasterImage {
    try decode(AtomicFile.read(path))
  }

  static let adam7 = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
    (0, 1, 1, 2),
  ]

  static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
  }

  /// Undoes the row filters in place; each row keeps its leading filter byte.
  static func unfilter(_ rows: inout [UInt8], rowBytes: Int, height: Int, bpp: Int)
    throws(RenderError)
  {
    let stride = rowBytes + 1
    for y in 0..<height {
      let start = y * stride
      guard let filter = PNGFilter(rawValue: rows[start]) else {
        throw .malformedPNG(reason: "unknown filter type \(rows[start])", at: "IDAT row \(y)")
      }
      let prev = start - stride
      rows.withUnsafeMutableBufferPointer { r in
        for i in 0..<rowBytes {
          let idx = start + 1 + i
          let a = i >= bpp ? Int(r[idx - bpp]) : 0
          let b = y > 0 ? Int(r[prev + 1 + i]) : 0
          let c = (i >= bpp && y > 0) ? Int(r[prev + 1 + i - bpp]) : 0
          let add: Int
          switch filter {
          case .none: add = 0
          case .sub: add = a
          case .up: add = b
          case .average: add = (a + b) >> 1
          case .paeth: add = PNGFilter.paethPredictor(a, b, c)
          }
          r[idx] = UInt8(truncatingIfNeeded: Int(r[idx]) + add)
        }
      }
    }
  }

  /// Converts one pass of unfiltered rows to premultiplied RGBA8 in `out`.
  static func expand(
    _ rows: [UInt8], header hd: Header, passWidth pw: Int, passHeight ph: Int, x0: Int, y0: Int,
    dx: Int, dy: Int,
    palette: [(UInt8, UInt8, UInt8, UInt8)], transparent: [Int]?, into out: inout RasterImage
  ) {
    let rb = hd.rowBytes(pw)
    let depth = hd.depth
    let maxValue = (1 << depth) - 1
    func sample(_ row: Int, _ index: Int) -> Int {
      // The index-th sample of the row, at the image's bit depth.
      let base = row * (rb + 1) + 1
      switch depth {
      case 16: return Int(rows[base + 2 * index]) << 8 | Int(rows[base + 2 * index + 1])
      case 8: return Int(rows[base + index])
      default:
        let bit = index * depth
        let byte = rows[base + bit / 8]
        let shift = 8 - depth - bit % 8
        return Int(byte >> UInt8(shift)) & maxValue
      }
    }
    func to8(_ v: Int) -> Int {
      switch depth {
      case 16: return (v * 255 + 32895) >> 16
      case 8: return v
      default: return v * 255 / maxValue
      }
    }
    let ch = hd.channels
    out.pixels.withUnsafeMutableBufferPointer { px in
      for py in 0..<ph {
        let y = y0 + py * dy
        for pxi in 0..<pw {
          let x = x0 + pxi * dx
          var r = 0
          var g = 0
          var b = 0
          var a = 255
          switch hd.colorType {
          case 0:
            let v = sample(py, pxi)
            r = to8(v)
            g = r
            b = r
            if let t = transparent, v == t[0] { a = 0 }
          case 2:
            let vr = sample(py, pxi * 3)
            let vg = sample(py, pxi * 3 + 1)
            let vb = sample(py, pxi * 3 + 2)
            r = to8(vr)
            g = to8(vg)
            b = to8(vb)
            if let t = transparent, vr == t[0], vg == t[1], vb == t[2] { a = 0 }
          case 3:
            let i = sample(py, pxi)
            if i < palette.count {
              let e = palette[i]
              r = Int(e.0)
              g = Int(e.1)
              b = Int(e.2)
              a = Int(e.3)
            } else {
              // An index past the palette: the standard calls it an error; show it as transparent.
              a = 0
            }
          case 4:
            r = to8(sample(py, pxi * ch))
            g = r
            b = r
            a = to8(sample(py, pxi * ch + 1))
          default:
            r = to8(sample(py, pxi * ch))
            g = to8(sample(py, pxi * ch + 1))
            b = to8(sample(py, pxi * ch + 2))
            a = to8(sample(py, pxi * ch + 3))
          }
          let o = (y * hd.width + x) * 4
          px[o] = UInt8(div255(r * a))
          px[o + 1] = UInt8(div255(g * a))
          px[o + 2] = UInt8(div255(b * a))
          px[o + 3] = UInt8(a)
        }
      }
    }
  }
}
