import CStrataKernels
import CZlib
import Strata

/// Writes ``RasterImage``s as PNG files.
///
/// Pixels are un-premultiplied exactly (each colour becomes round(c · 255 / a)),
/// and written as 8-bit RGB when every pixel is opaque, RGBA otherwise.
public struct PNGEncoder: Sendable {
  /// Speed against size.
  public enum Mode: String, Sendable, CaseIterable {
    /// For frames and sheets: the Sub filter on every row and Strata's own compressor for
    /// image rows (``RowDeflate``), several times faster than zlib at level 1 for a similar
    /// size on rendered frames.
    case fastest
    /// The Sub filter on every row and zlib level 1.
    case fast
    /// For files to keep: each row's filter chosen by least sum of absolute values, zlib level 9.
    case small
  }

  /// The trade-off used.
  public var mode: Mode
  /// How many threads compress the rows in ``Mode/fastest`` (runs of 1 MiB, taken in turn;
  /// see `RowDeflate`): the file is the same whatever the count. 1, the default, compresses on
  /// the calling thread.
  public var threads: Int

  /// Creates an encoder.
  public init(mode: Mode = .fastest, threads: Int = 1) {
    self.mode = mode
    self.threads = threads
  }

  /// The PNG file for `buffer`.
  public func encode(_ buffer: RasterImage) -> [UInt8] {
    // The fast modes filter an opaque image as RGB in the same pass that finds it opaque.
    var opaque: Bool
    var compressed: [UInt8]
    var rows = mode == .fastest ? Self.keptRows.take() ?? [] : []
    defer { if mode == .fastest && rows.count <= Self.keptRowBytes { Self.keptRows.give(rows) } }
    if mode != .small, Self.opaqueSubRows(buffer, into: &rows) {
      opaque = true
      let total = (buffer.width * 3 + 1) * buffer.height
      if mode == .fastest {
        compressed = rows.withUnsafeBufferPointer {
          RowDeflate.zlib(
            UnsafeBufferPointer(rebasing: $0[0..<total]), stride: buffer.width * 3 + 1, bpp: 3,
            threads: threads)
        }
      } else {
        // `.fast`: the rows were made for this call, exactly as long as the image's.
        compressed = Zlib.deflate(rows, level: 1)
      }
    } else {
      opaque = buffer.isOpaque
      compressed = Self.compressedImageData(
        buffer, channels: opaque ? 3 : 4, mode: mode, threads: threads)
    }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(buffer.width))
    ihdr.appendBigEndian(UInt32(buffer.height))
    ihdr += [8, opaque ? 2 : 6, 0, 0, 0]
    Self.appendChunk("IHDR", ihdr, to: &png)
    Self.appendChunk("IDAT", compressed, to: &png)
    Self.appendChunk("IEND", [], to: &png)
    return png
  }

  /// The filtered, zlib-compressed rows of `buffer` as RGB (3 channels) or RGBA (4).
  static func compressedImageData(
    _ buffer: RasterImage, channels: Int, mode: Mode, threads: Int = 1
  ) -> [UInt8] {
    compress(
      filteredRows(buffer, channels: channels, mode: mode), rowBytes: buffer.width * channels,
      channels: channels, mode: mode, threads: threads)
  }

  /// `filtered` rows compressed as the mode asks.
  static func compress(
    _ filtered: [UInt8], rowBytes: Int, channels: Int, mode: Mode, threads: Int = 1
  ) -> [UInt8] {
    switch mode {
    case .fastest:
      return filtered.withUnsafeBufferPointer {
        RowDeflate.zlib($0, stride: rowBytes + 1, bpp: channels, threads: threads)
      }
    case .fast: return Zlib.deflate(filtered, level: 1)
    case .small: return Zlib.deflate(filtered, level: 9)
    }
  }

  /// The rows of `buffer`, straight alpha, each with its filter byte, as the mode filters them.
  @_spi(Benchmarks) public static func filteredRows(
    _ buffer: RasterImage, channels: Int, mode: Mode
  ) -> [UInt8] {
    let rowBytes = buffer.width * channels
    let total = (rowBytes + 1) * buffer.height
    if channels == 3 && mode != .small, let rows = opaqueSubRows(buffer) { return rows }
    // Each row is un-premultiplied into a two-row scratch (this row and the one above, which
    // the Up, Average and Paeth filters read) and filtered straight into the output, so the
    // straight-alpha image never exists whole. The output is written before it is read, so it
    // need not be zeroed first.
    var current = [UInt8](repeating: 0, count: Swift.max(1, rowBytes))
    var above = current
    let filtered = [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
      initialized = 0
      guard let dstBase = out.baseAddress else { return }
      buffer.pixels.withUnsafeBufferPointer { src in
        guard let srcBase = src.baseAddress else { return }
        for y in 0..<buffer.height {
          swap(&current, &above)
          current.withUnsafeMutableBufferPointer { row in
            above.withUnsafeBufferPointer { prev in
              guard let r = row.baseAddress, let p = prev.baseAddress else { return }
              Self.straightRow(
                srcBase + y * buffer.width * 4, pixels: buffer.width, channels: channels, into: r)
              let previous: UnsafePointer<UInt8>? = y > 0 ? p : nil
              let o = dstBase + y * (rowBytes + 1)
              switch mode {
              case .fastest, .fast:
                PNGFilter.sub(row: r, count: rowBytes, bpp: channels, into: o)
              case .small:
                PNGFilter.applyBest(
                  row: r, previous: previous, count: rowBytes, bpp: channels, into: o)
              }
            }
          }
        }
      }
      initialized = total
    }
    return filtered
  }

  /// The rows of `buffer` as RGB with the Sub filter, in one pass, if every pixel is opaque
  /// (`nil` at the first one that is not): with alpha 255 there is nothing to un-premultiply,
  /// and each byte less the one a pixel before is read straight from the RGBA source.
  static func opaqueSubRows(_ buffer: RasterImage) -> [UInt8]? {
    var rows: [UInt8] = []
    guard opaqueSubRows(buffer, into: &rows) else { return nil }
    return rows
  }

  /// ``opaqueSubRows(_:)`` into the first bytes of `rows` (grown when it is shorter; its memory
  /// is reused): whether every pixel is opaque, and so the rows were written.
  static func opaqueSubRows(_ buffer: RasterImage, into rows: inout [UInt8]) -> Bool {
    guard buffer.width > 0, buffer.height > 0 else { return false }
    let width = buffer.width
    let rowBytes = width * 3
    let total = (rowBytes + 1) * buffer.height
    if rows.count < total {
      rows = [UInt8](unsafeUninitializedCapacity: total) { _, initialized in initialized = total }
    }
    var opaque = true
    rows.withUnsafeMutableBufferPointer { out in
      guard let dst = out.baseAddress else { return }
      buffer.pixels.withUnsafeBufferPointer { src in
        guard let s = src.baseAddress else { return }
        for y in 0..<buffer.height {
          let row = s + y * width * 4
          let o = dst + y * (rowBytes + 1)
          o[0] = PNGFilter.sub.rawValue
          let alpha =
            WideKernels.available
            ? strata_sub_rgb(o + 1, row, width) : subRGBLoop(o + 1, row, width: width)
          guard alpha == 255 else {
            opaque = false
            return
          }
        }
      }
    }
    return opaque
  }

  /// The filtered rows of the last opaque frame encoded in ``Mode/fastest``, kept for the next:
  /// a frame's rows are megabytes, which fresh memory would map and fault in page by page on
  /// every encode (a third of the time of a 1170×2532 frame's). Up to ``keptRowBytes``.
  static let keptRows = Spare<[UInt8]>()
  static let keptRowBytes = 64 << 20

  /// One row of `width` RGBA pixels as RGB with the Sub filter (3 · `width` bytes), and the
  /// AND of their alphas: the Swift form of `strata_sub_rgb`, for processors without the wide
  /// kernels.
  static func subRGBLoop(
    _ o: UnsafeMutablePointer<UInt8>, _ row: UnsafePointer<UInt8>, width: Int
  ) -> UInt8 {
    guard width > 0 else { return 255 }
    o[0] = row[0]
    o[1] = row[1]
    o[2] = row[2]
    // Every alpha of the row at once: their AND is 255 only if all are. Pixels go four bytes at
    // a time: the bytes of each less those of the pixel before, with no borrow between bytes;
    // each is stored as four bytes, the fourth overwritten by the next pixel (the row's last
    // pixel goes byte by byte, so nothing is written past it).
    let raw = UnsafeRawPointer(row)
    let out = UnsafeMutableRawPointer(o)
    var alphas = UInt32(row[3]) << 24 | 0x00FF_FFFF
    var previous = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
    var k = 3
    for p in 1..<Swift.max(1, width - 1) {
      let current = UInt32(
        littleEndian: raw.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self))
      alphas &= current
      let difference =
        ((current | 0x8080_8080) &- (previous & 0x7F7F_7F7F))
        ^ ((current ^ ~previous) & 0x8080_8080)
      out.storeBytes(of: difference.littleEndian, toByteOffset: k, as: UInt32.self)
      previous = current
      k += 3
    }
    if width > 1 {
      let i = (width - 1) * 4
      o[k] = row[i] &- row[i - 4]
      o[k + 1] = row[i + 1] &- row[i - 3]
      o[k + 2] = row[i + 2] &- row[i - 2]
      alphas &= UInt32(row[i + 3]) << 24 | 0x00FF_FFFF
    }
    return UInt8(truncatingIfNeeded: alphas >> 24)
  }

  /// Encodes `buffer` and writes it to `path` atomically.
  public func write(_ buffer: RasterImage, to path: String) throws(RenderError) {
    try AtomicFile.write(encode(buffer), to: path)
  }

  static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    png.appendBigEndian(UInt32(data.count))
    let typeBytes = Array(type.utf8)
    var crc = Zlib.crc32(typeBytes)
    crc = data.withUnsafeBufferPointer { Zlib.crc32($0, UInt(crc)) }
    png += typeBytes
    png += data
    png.appendBigEndian(crc)
  }

  /// One row of `pixels` premultiplied RGBA pixels as straight-alpha RGB (3 channels) or
  /// RGBA (4), un-premultiplied with rounding.
  static func straightRow(
    _ src: UnsafePointer<UInt8>, pixels: Int, channels: Int, into dst: UnsafeMutablePointer<UInt8>
  ) {
    var o = 0
    for i in stride(from: 0, to: pixels * 4, by: 4) {
      let a = Int(src[i + 3])
      if a == 255 {
        dst[o] = src[i]
        dst[o + 1] = src[i + 1]
        dst[o + 2] = src[i + 2]
      } else if a == 0 {
        dst[o] = 0
        dst[o + 1] = 0
        dst[o + 2] = 0
      } else {
        dst[o] = UInt8(Swift.min(255, (Int(src[i]) * 255 + a / 2) / a))
        dst[o + 1] = UInt8(Swift.min(255, (Int(src[i + 1]) * 255 + a / 2) / a))
        dst[o + 2] = UInt8(Swift.min(255, (Int(src[i + 2]) * 255 + a / 2) / a))
      }
      if channels == 4 { dst[o + 3] = UInt8(a) }
      o += channels
    }
  }
}

extension Array where Element == UInt8 {
  mutating func appendBigEndian(_ v: UInt32) {
    append(UInt8(v >> 24))
    append(UInt8((v >> 16) & 0xFF))
    append(UInt8((v >> 8) & 0xFF))
    append(UInt8(v & 0xFF))
  }
}

/// The five PNG row filters.
enum PNGFilter: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4

  @inline(__always) static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = Swift.abs(p - a)
    let pb = Swift.abs(p - b)
    let pc = Swift.abs(p - c)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  /// Writes the filter byte and the filtered row.
  static func apply(
    _ f: PNGFilter, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int,
    bpp: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    out[0] = f.rawValue
    let o = out + 1
    for i in 0..<count {
      let x = Int(row[i])
      let a = i >= bpp ? Int(row[i - bpp]) : 0
      let b = previous.map { Int($0[i]) } ?? 0
      let c = i >= bpp ? (previous.map { Int($0[i - bpp]) } ?? 0) : 0
      let predicted: Int
      switch f {
      case .none: predicted = 0
      case .sub: predicted = a
      case .up: predicted = b
      case .average: predicted = (a + b) >> 1
      case .paeth: predicted = paethPredictor(a, b, c)
      }
      o[i] = UInt8(truncatingIfNeeded: x - predicted)
    }
  }

  /// Writes the filter byte and the row with the Sub filter (each byte less the one a pixel
  /// before): the fast modes' filter, written out for speed.
  static func sub(
    row: UnsafePointer<UInt8>, count: Int, bpp: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    out[0] = PNGFilter.sub.rawValue
    let o = out + 1
    let head = Swift.min(bpp, count)
    for i in 0..<head { o[i] = row[i] }
    var i = head
    while i < count {
      o[i] = row[i] &- row[i - bpp]
      i += 1
    }
  }

  /// Tries every filter and keeps the one with the least sum of absolute (signed) values.
  static func applyBest(
    row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bpp: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    var best = Int.max
    var bestFilter = PNGFilter.none
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
    defer { scratch.deallocate() }
    for f in PNGFilter.allCases {
      apply(f, row: row, previous: previous, count: count, bpp: bpp, into: scratch)
      var sum = 0
      for i in 1...Swift.max(1, count) where i <= count {
        sum += Swift.abs(Int(Int8(bitPattern: scratch[i])))
      }
      if sum < best {
        best = sum
        bestFilter = f
      }
    }
    apply(bestFilter, row: row, previous: previous, count: count, bpp: bpp, into: out)
  }
}
