#if canImport(CJPEG)
  import CJPEG
  import Foundation
  import Strata
  import StrataAssets
  import Testing

  // @testable: these tests reach internals: appendChunk, deflate.
  @testable import StrataRender
  @testable import StrataRaster
  @testable import StrataText
  @testable import StrataIO

  /// JPEG files made here with libjpeg's encoder, decoded by Strata.
  @Suite struct JPEGTests {
    static func encode(
      _ samples: [UInt8], width: Int, height: Int, components: Int, quality: Int = 95,
      progressive: Bool = false
    ) throws -> [UInt8] {
      var size = 0
      let out = samples.withUnsafeBufferPointer {
        strata_jpeg_encode(
          $0.baseAddress, Int32(width), Int32(height), Int32(components), Int32(quality),
          progressive ? 1 : 0, &size)
      }
      let bytes = try #require(out)
      defer { free(bytes) }
      return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// A 16 × 8 image: left half red, right half blue, a grey band along the bottom two rows
    /// (two, so that a 2 × 2 chroma block lies wholly inside it).
    static func sample(width: Int = 16, height: Int = 8) -> [UInt8] {
      var s: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          if y >= height - 2 {
            s += [128, 128, 128]
          } else {
            s += x < width / 2 ? [220, 30, 30] : [30, 30, 220]
          }
        }
      }
      return s
    }

    func close(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: [Int], _ tolerance: Int = 24)
      -> Bool
    {
      abs(Int(a.r) - e[0]) <= tolerance && abs(Int(a.g) - e[1]) <= tolerance
        && abs(Int(a.b) - e[2]) <= tolerance && a.a == 255
    }

    @Test(arguments: [false, true])
    func colourAndProgressiveImagesDecode(progressive: Bool) throws {
      let jpeg = try Self.encode(
        Self.sample(), width: 16, height: 8, components: 3, progressive: progressive)
      let image = try JPEGDecoder().decode(jpeg)
      #expect(image.width == 16 && image.height == 8)
      #expect(close(image.pixel(x: 2, y: 2), [220, 30, 30]))
      #expect(close(image.pixel(x: 13, y: 2), [30, 30, 220]))
      #expect(close(image.pixel(x: 3, y: 7), [128, 128, 128]))
    }

    @Test func greyAndCMYKDecode() throws {
      let grey = try Self.encode(
        [UInt8](repeating: 77, count: 64), width: 8, height: 8, components: 1)
      #expect(close(try JPEGDecoder().decode(grey).pixel(x: 4, y: 4), [77, 77, 77], 3))
      // Adobe CMYK is stored inverted (255 − ink): red is no cyan, full magenta and yellow.
      let red: [UInt8] = [255, 0, 0, 255]
      let cmyk = try Self.encode(
        Array(repeating: red, count: 64).flatMap { $0 }, width: 8, height: 8, components: 4)
      #expect(close(try JPEGDecoder().decode(cmyk).pixel(x: 4, y: 4), [255, 0, 0], 8))
    }

    /// An APP1 Exif segment with one IFD0 entry: orientation `value`.
    static func exif(_ value: Int, littleEndian: Bool) -> [UInt8] {
      func u16(_ v: Int) -> [UInt8] {
        littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
      }
      func u32(_ v: Int) -> [UInt8] {
        littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF)
      }
      let tiff =
        (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(1)
        + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0) + u32(0)
      let body = Array("Exif\0\0".utf8) + tiff
      return [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    @Test func theEXIFOrientationIsApplied() throws {
      let jpeg = try Self.encode(Self.sample(), width: 16, height: 8, components: 3)
      for little in [false, true] {
        // 6: the picture was taken turned; shown upright it is rotated 90° clockwise.
        let turned = Array(jpeg[0..<2]) + Self.exif(6, littleEndian: little) + Array(jpeg[2...])
        let image = try JPEGDecoder().decode(turned)
        #expect(image.width == 8 && image.height == 16)
        // The stored bottom rows (grey) are now the left columns; red (left) is now on top.
        #expect(close(image.pixel(x: 0, y: 3), [128, 128, 128]))
        #expect(close(image.pixel(x: 5, y: 2), [220, 30, 30]))
        #expect(close(image.pixel(x: 5, y: 13), [30, 30, 220]))
      }
      let mirrored = Array(jpeg[0..<2]) + Self.exif(2, littleEndian: false) + Array(jpeg[2...])
      #expect(close(try JPEGDecoder().decode(mirrored).pixel(x: 2, y: 2), [30, 30, 220]))
    }

    @Test func badJPEGsAreErrorsNotExits() throws {
      let jpeg = try Self.encode(Self.sample(), width: 16, height: 8, components: 3)
      for broken in [Array(jpeg.prefix(20)), [0xFF, 0xD8, 0xFF, 0xFF], Array("not a jpeg".utf8)] {
        #expect(throws: AssetError.self) { try JPEGDecoder().decode(broken) }
      }
      // A header that declares 60000 × 60000: refused before any pixel memory.
      var huge = jpeg
      let sof = try #require(
        (2..<(huge.count - 9)).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
      huge.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
      do {
        _ = try JPEGDecoder().decode(huge)
        Issue.record("a huge JPEG decoded")
      } catch {
        #expect(error.description.contains("exceeds the limit"), "\(error)")
      }
    }

    /// The same files decoded by Pillow (EXIF orientation applied by ImageOps.exif_transpose)
    /// agree with Strata's pixels within 2 per channel.
    @Test(.enabled(if: Peers.hasPillow, "Pillow is not installed (pip install pillow)"))
    func pillowDecodesTheSamePixels() throws {
      let python = try #require(Peers.python)
      let dir = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: dir) }
      let rgb = try Self.encode(Self.sample(), width: 16, height: 8, components: 3)
      let cases: [(String, [UInt8])] = [
        ("baseline", rgb),
        (
          "progressive",
          try Self.encode(
            Self.sample(), width: 16, height: 8, components: 3, quality: 80, progressive: true)
        ),
        (
          "grey",
          try Self.encode((0..<96).map { UInt8($0 * 2) }, width: 12, height: 8, components: 1)
        ),
        ("turned", Array(rgb[0..<2]) + Self.exif(6, littleEndian: true) + Array(rgb[2...])),
        ("flipped", Array(rgb[0..<2]) + Self.exif(4, littleEndian: false) + Array(rgb[2...])),
      ]
      for (name, bytes) in cases {
        let jpeg = dir.appendingPathComponent("\(name).jpg")
        let raw = dir.appendingPathComponent("\(name).rgb")
        try Data(bytes).write(to: jpeg)
        let script = """
          import sys
          from PIL import Image, ImageOps
          im = ImageOps.exif_transpose(Image.open(sys.argv[1])).convert("RGB")
          open(sys.argv[2], "wb").write(im.size[0].to_bytes(4, "big") + im.size[1].to_bytes(4, "big") + im.tobytes())
          """
        #expect(try runProgram(python, ["-c", script, jpeg.path, raw.path]) == 0)
        let theirs = [UInt8](try Data(contentsOf: raw))
        let w = Int(theirs[0]) << 24 | Int(theirs[1]) << 16 | Int(theirs[2]) << 8 | Int(theirs[3])
        let h = Int(theirs[4]) << 24 | Int(theirs[5]) << 16 | Int(theirs[6]) << 8 | Int(theirs[7])
        let ours = try JPEGDecoder().decode(bytes)
        #expect(ours.width == w && ours.height == h, "\(name)")
        var worst = 0
        for y in 0..<min(h, ours.height) {
          for x in 0..<min(w, ours.width) {
            let p = ours.pixel(x: x, y: y)
            let i = 8 + (y * w + x) * 3
            worst = max(
              worst, abs(Int(p.r) - Int(theirs[i])), abs(Int(p.g) - Int(theirs[i + 1])),
              abs(Int(p.b) - Int(theirs[i + 2])))
          }
        }
        #expect(worst <= 2, "\(name): differs from Pillow by up to \(worst)")
      }
    }

    @Test func assetFoldersReadPhotographs() throws {
      let dir = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: dir) }
      let jpeg = try Self.encode(
        Self.sample(width: 32, height: 16), width: 32, height: 16, components: 3)
      try Data(jpeg).write(to: dir.appendingPathComponent("photo@2x.jpg"))
      guard case .raster(let r) = try AssetCatalog(directory: dir).image(named: "photo", scale: 2)
      else {
        Issue.record("a JPEG is a raster image")
        return
      }
      #expect(r.width == 32 && r.size == Size(width: 16, height: 8))
    }

    /// The segments of a JPEG file: (marker, start, end) where `end` runs to the next marker
    /// (for a scan, past its entropy-coded data).
    static func segments(_ b: [UInt8]) -> [(marker: UInt8, start: Int, end: Int)] {
      var out: [(UInt8, Int, Int)] = []
      var p = 2
      while p + 4 <= b.count, b[p] == 0xFF {
        let marker = b[p + 1]
        if marker == 0xD9 { break }
        var end = p + 2 + (Int(b[p + 2]) << 8 | Int(b[p + 3]))
        if marker == 0xDA {
          // Entropy-coded data runs to the next marker that is not a stuffed 0 or a restart.
          while end + 1 < b.count,
            !(b[end] == 0xFF && b[end + 1] != 0 && !(0xD0...0xD7).contains(b[end + 1]))
          {
            end += 1
          }
        }
        out.append((marker, p, end))
        p = end
      }
      return out
    }

    /// Before: a 625-byte header declaring 10000 × 10000 took 694 MB; it is now refused by the
    /// bitmap budget from its header.
    @Test func aHeaderOverThePixelBudgetIsRefusedFromTheHeader() throws {
      var jpeg = try Self.encode(Self.sample(), width: 16, height: 8, components: 3)
      let sof = try #require(Self.segments(jpeg).first { $0.marker == 0xC0 })
      jpeg.replaceSubrange((sof.start + 5)..<(sof.start + 9), with: [0x27, 0x10, 0x27, 0x10])
      #expect(10_000 * 10_000 > ImageFile.maximumPixels)
      do {
        _ = try JPEGDecoder().decode(jpeg)
        Issue.record("a 10000 × 10000 JPEG decoded")
      } catch {
        #expect(error.description.contains("exceeds the limit"), "\(error)")
      }
      #expect(throws: AssetError.self) { try ImageFile.decode(jpeg, path: "big.jpg") }
    }

    /// Before: 9,000 scans in 90 KB took 48 s to decode.
    @Test func aFileOfThousandsOfScansIsStoppedAtTheScanLimit() throws {
      let jpeg = try Self.encode(
        Self.sample(width: 64, height: 64), width: 64, height: 64, components: 3, progressive: true)
      let scans = Self.segments(jpeg).filter { $0.marker == 0xDA }
      let last = try #require(scans.last)
      let scan = Array(jpeg[last.start..<last.end])
      var many = Array(jpeg[..<last.end])
      for _ in 0..<9_000 { many += scan }
      many += [0xFF, 0xD9]
      var failure: String?
      do {
        _ = try JPEGDecoder().decode(many)
      } catch {
        failure = error.description
      }
      #expect(failure?.contains("scans") == true, "\(String(describing: failure))")
      // The real file still decodes, and so does a file at the limit.
      #expect(try JPEGDecoder().decode(jpeg).width == 64)
      var atLimit = Array(jpeg[..<last.end])
      for _ in 0..<(JPEGDecoder.maximumScans - scans.count) { atLimit += scan }
      atLimit += [0xFF, 0xD9]
      #expect(try JPEGDecoder().decode(atLimit).width == 64)
    }

    /// Before: a small valid PNG of 10,000 × 10,000 was decoded to 400 MB and took 1.9 GB to
    /// draw. Decoded bitmaps have a budget, checked on the header.
    @Test func aPNGOverThePixelBudgetIsRefusedFromItsHeader() throws {
      let side = 6_000
      #expect(side * side > ImageFile.maximumPixels)
      var ihdr = [UInt8]()
      for v in [side, side] {
        ihdr += [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
      }
      ihdr += [8, 0, 0, 0, 0]
      var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      PNGEncoder.appendChunk("IHDR", ihdr, to: &png)
      PNGEncoder.appendChunk(
        "IDAT", Zlib.deflate([UInt8](repeating: 0, count: side + 1), level: 9), to: &png)
      PNGEncoder.appendChunk("IEND", [], to: &png)
      do {
        _ = try ImageFile.decode(png, path: "big.png")
        Issue.record("a PNG over the budget decoded")
      } catch {
        #expect(error.description.contains("\(ImageFile.maximumPixels) pixels"), "\(error)")
      }
    }
  }
#endif
