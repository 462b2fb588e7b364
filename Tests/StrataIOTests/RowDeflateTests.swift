import CZlib
import Foundation
import Strata
import StrataExamples
import StrataTestSupport
import Testing

// @testable: these tests reach internals: inflate, checksumLoop, blockBytes.
@_spi(Benchmarks) @testable import StrataIO
@testable import StrataRaster
@_spi(Benchmarks) @testable import StrataRender
@testable import StrataText

/// Strata's own compressor for image rows: every output is a valid zlib stream that zlib and
/// Pillow decode to the same pixels, on frames and on random images.
@Suite struct RowDeflateTests {
  /// A deterministic pseudo-random generator for the images.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
  }

  func frame(_ position: Double, scale: Double = 1) throws -> RasterImage {
    let c = AnimalsTutorial()
    c.setPagePosition(position)
    return try FrameRenderer(scale: scale).render(c.scene())
  }

  @Test func framesRoundTripThroughZlib() throws {
    for position in [0, 0.4, 1.5] {
      let image = try frame(position)
      let png = PNGEncoder(mode: .fastest).encode(image)
      let back = try PNGDecoder().decode(png)
      #expect(back.pixels == image.pixels, "page \(position)")
    }
  }

  /// Random images of many shapes — noise, flat areas, repeated rows and pixels, translucency,
  /// widths whose rows are longer than the window — decode to what was encoded.
  @Test func randomImagesRoundTrip() throws {
    var g = Generator(state: 42)
    for round in 0..<60 {
      let width = Int(g.next() % 97) + 1 + (round == 7 ? 12_000 : 0)
      let height = Int(g.next() % 40) + 1
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let kind = round % 5
      for y in 0..<height {
        for x in 0..<width {
          let i = (y * width + x) * 4
          let a: UInt8
          switch kind {
          case 0: a = UInt8(g.next() & 0xFF)
          case 1: a = 255
          default: a = (g.next() % 4 == 0) ? UInt8(g.next() & 0xFF) : 255
          }
          var rgb: [UInt8]
          switch kind {
          case 1: rgb = [UInt8(x % 3 * 60), 30, UInt8(y % 2 * 90)]
          case 2: rgb = y % 3 == 0 ? [9, 9, 9] : [UInt8(g.next() & 0xFF), 1, 2]
          default: rgb = [UInt8(g.next() & 0xFF), UInt8(g.next() & 0xFF), UInt8(g.next() & 0xFF)]
          }
          // Premultiplied: no colour above alpha.
          for c in 0..<3 { pixels[i + c] = UInt8(Int(rgb[c]) * Int(a) / 255) }
          pixels[i + 3] = a
        }
      }
      let image = try RasterImage(width: width, height: height, pixels: pixels)
      let png = PNGEncoder(mode: .fastest).encode(image)
      let back = try PNGDecoder().decode(png)
      // Un-premultiplying loses precision where alpha is low, as for every mode: compare with
      // what zlib's own path gives for the same image.
      let reference = try PNGDecoder().decode(PNGEncoder(mode: .fast).encode(image))
      #expect(back.pixels == reference.pixels, "round \(round): \(width)×\(height)")
    }
  }

  @Test func emptyAndTinyInputsAreValidStreams() throws {
    for bytes: [UInt8] in [[], [0], [1, 2], Array(repeating: 7, count: 300_000)] {
      let z = bytes.withUnsafeBufferPointer { RowDeflate.zlib($0, stride: 7, bpp: 3) }
      #expect(try Zlib.inflate(z, expected: bytes.count) == bytes)
    }
  }

  /// The checksum — the wide kernel where the processor has it, and the Swift loop — agrees
  /// with zlib's at lengths around the chunk boundaries of both (16 and 32 bytes, 65,536 and
  /// 32,768) and on bytes of 255, the values that would overflow lanes first.
  @Test func adlerMatchesZlib() {
    var g = Generator(state: 3)
    let lengths = [
      0, 1, 15, 16, 17, 31, 32, 33, 255, 5552, 32_767, 32_768, 32_800, 65_535, 65_536, 65_537,
      200_003, 1_048_593,
    ]
    for length in lengths {
      for fill in [nil, UInt8(255)] {
        let bytes = (0..<length).map { _ in fill ?? UInt8(g.next() & 0xFF) }
        let ours = bytes.withUnsafeBufferPointer { Adler32.checksum($0) }
        let theirs = bytes.withUnsafeBufferPointer {
          UInt32(CZlib.adler32(1, $0.baseAddress, uInt($0.count)))
        }
        #expect(ours == theirs, "\(length) bytes of \(fill.map(String.init) ?? "noise")")
        let loop = bytes.withUnsafeBufferPointer { Adler32.checksumLoop($0) }
        #expect(loop == theirs, "Swift loop: \(length) bytes")
        // Continued from a split anywhere.
        let cut = length / 3
        let continued = bytes.withUnsafeBufferPointer {
          Adler32.checksum(
            UnsafeBufferPointer(rebasing: $0[cut...]),
            continuing: Adler32.checksum(UnsafeBufferPointer(rebasing: $0[..<cut])))
        }
        #expect(continued == theirs, "\(length) bytes split at \(cut)")
      }
    }
  }

  /// Inputs longer than a block, mixing blocks that are stored (noise) with coded ones (runs,
  /// repeats at odd distances), with matches reaching back across block boundaries.
  @Test func blocksOfEveryKindRoundTrip() throws {
    var g = Generator(state: 7)
    var bytes: [UInt8] = []
    let block = RowDeflate.blockBytes
    for _ in 0..<(block + 1234) { bytes.append(UInt8(g.next() & 0xFF)) }
    let motif = (0..<97).map { _ in UInt8(g.next() & 0xFF) }
    for k in 0..<(block + 5) { bytes.append(k % 1013 < 300 ? motif[k % 97] : UInt8(k % 7)) }
    for _ in 0..<(block / 3) { bytes.append(UInt8(g.next() & 0x03)) }
    let z = bytes.withUnsafeBufferPointer { RowDeflate.zlib($0, stride: 1013, bpp: 4) }
    #expect(try Zlib.inflate(z, expected: bytes.count) == bytes)
    #expect(z.count < bytes.count)
  }

  /// On the animals frames the compressor is no bigger than zlib at level 1 (give or take a
  /// few per cent) — and much faster, as `strata bench` measures.
  @Test func sizeIsCloseToZlibLevelOne() throws {
    var ours = 0
    var zlib = 0
    for position in [0, 0.4, 1, 1.5, 2] {
      let image = try frame(position, scale: 2)
      ours += PNGEncoder(mode: .fastest).encode(image).count
      zlib += PNGEncoder(mode: .fast).encode(image).count
    }
    #expect(Double(ours) <= Double(zlib) * 1.0, "ours \(ours) bytes, zlib level 1 \(zlib)")
  }

  @Test(.enabled(if: Peers.hasPillow, "Pillow is not installed (pip install pillow)"))
  func pillowDecodesTheSamePixels() throws {
    let folder = try temporaryFolder("strata-rowdeflate")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (k, position) in [0.0, 0.7].enumerated() {
      let image = try frame(position)
      let fastest = folder.appendingPathComponent("a\(k).png").path
      let small = folder.appendingPathComponent("b\(k).png").path
      try PNGEncoder(mode: .fastest).write(image, to: fastest)
      try PNGEncoder(mode: .small).write(image, to: small)
      let (out, status) = try runPython([
        "-c",
        "import sys; from PIL import Image; a = Image.open(sys.argv[1]); a.load(); "
          + "b = Image.open(sys.argv[2]); b.load(); print(a.tobytes() == b.tobytes(), a.size)",
        fastest, small,
      ])
      #expect(status == 0)
      #expect(out.hasPrefix("True"), "\(out)")
    }
  }
}
