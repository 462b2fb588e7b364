import CStrataKernels
import Foundation
import Strata
import StrataTestSupport
import Testing

// @testable: these tests reach internals: u32.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

@Suite struct PNGTests {
  static func randomBuffer(width: Int, height: Int, seed: UInt64, opaque: Bool) throws
    -> RasterImage
  {
    var state = seed
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: px.count, by: 4) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let a = opaque ? 255 : Int(state >> 56)
      px[i + 3] = UInt8(a)
      for c in 0..<3 {
        let straight = Int((state >> UInt64(8 * (c + 1))) & 0xFF)
        px[i + c] = UInt8((straight * a + 127) / 255)
      }
    }
    return try RasterImage(width: width, height: height, pixels: px)
  }

  @Test(arguments: PNGEncoder.Mode.allCases)
  func roundTripsExactly(mode: PNGEncoder.Mode) throws {
    for opaque in [true, false] {
      let b = try Self.randomBuffer(width: 37, height: 23, seed: opaque ? 1 : 2, opaque: opaque)
      let png = PNGEncoder(mode: mode).encode(b)
      #expect(png[25] == (opaque ? 2 : 6))  // colour type: RGB when opaque
      let back = try PNGDecoder().decode(png)
      #expect(back == b)
    }
  }

  @Test func smallModeIsSmallerOnSmoothImages() throws {
    var b = try RasterImage(width: 200, height: 200)
    let c = Canvas(buffer: b)
    c.fill(
      .rect(Rect(x: 0, y: 0, width: 200, height: 200)),
      paint: .radialGradient(
        Gradient(colors: [.white, .blue, .black]), center: Point(x: 90, y: 110), radius: 150))
    b = c.buffer
    #expect(PNGEncoder(mode: .small).encode(b).count < PNGEncoder(mode: .fast).encode(b).count)
  }

  @Test(
    .enabled(
      if: Peers.python != nil, "python3 is not on the PATH, so no independently written PNGs"))
  func decodesFilesWrittenByAnotherEncoder() throws {
    let python = try #require(Peers.python)
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = testDirectory.appendingPathComponent("Fixtures/write_pngs.py").path
    #expect(try runProgram(python, [script, dir.path]) == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".png")
    }.sorted()
    // Every allowed type and depth, plain and interlaced, with and without tRNS.
    #expect(names.count == 52)
    for name in names {
      let base = String(name.dropLast(4))
      let image = try PNGDecoder().decodeFile(dir.appendingPathComponent(name).path)
      let expected = try [UInt8](Data(contentsOf: dir.appendingPathComponent(base + ".rgba")))
      #expect(image.width == 13 && image.height == 11, "\(base)")
      var mismatches = 0
      for i in stride(from: 0, to: expected.count, by: 4) {
        let a = Int(expected[i + 3])
        let want =
          (0..<3).map { UInt8((Double(Int(expected[i + $0]) * a) / 255).rounded()) } + [UInt8(a)]
        if Array(image.pixels[i..<(i + 4)]) != want { mismatches += 1 }
      }
      #expect(mismatches == 0, "\(base): \(mismatches) pixels differ")
    }
  }

  @Test func truncatedFilesGiveTypedErrors() throws {
    let png = PNGEncoder().encode(
      try Self.randomBuffer(width: 9, height: 7, seed: 3, opaque: false))
    for n in 0..<png.count {
      #expect(throws: RenderError.self, "truncated to \(n) bytes") {
        try PNGDecoder().decode(Array(png.prefix(n)))
      }
    }
  }

  @Test func bitFlipsNeverTrap() throws {
    let png = PNGEncoder(mode: .small).encode(
      try Self.randomBuffer(width: 16, height: 16, seed: 4, opaque: false))
    var state: UInt64 = 99
    for trial in 0..<600 {
      var bad = png
      state = state &* 6_364_136_223_846_793_005 &+ 1
      let pos = Int(state >> 33) % bad.count
      bad[pos] ^= UInt8(1 << Int((state >> 20) % 8))
      // Half the trials fix the CRC so that the damage reaches the chunk parser and inflater.
      if trial % 2 == 0 { Self.fixCRCs(&bad) }
      _ = try? PNGDecoder().decode(bad)
    }
  }

  @Test func malformedHeadersAreNamed() throws {
    var png = PNGEncoder().encode(try RasterImage(width: 2, height: 2))
    png[24] = 3  // bit depth 3
    Self.fixCRCs(&png)
    #expect(
      throws: RenderError.malformedPNG(
        reason: "colour type 6 with bit depth 3 is not allowed", at: "IHDR chunk at byte 8")
    ) {
      try PNGDecoder().decode(png)
    }
    var crc = PNGEncoder().encode(try RasterImage(width: 2, height: 2))
    crc[20] ^= 1
    #expect(throws: RenderError.malformedPNG(reason: "CRC mismatch", at: "IHDR chunk at byte 8")) {
      try PNGDecoder().decode(crc)
    }
    #expect(throws: RenderError.self) { try PNGDecoder().decode([]) }
  }

  @Test func hugeDeclaredSizesAreRefusedBeforeAllocating() throws {
    var png = PNGEncoder().encode(try RasterImage(width: 2, height: 2))
    // 60000 × 60000 = 3.6 billion pixels.
    png.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
    Self.fixCRCs(&png)
    #expect(throws: RenderError.self) { try PNGDecoder().decode(png) }
    #expect(throws: RenderError.self) {
      try PNGDecoder(pixelLimit: 3).decode(
        PNGEncoder().encode(try RasterImage(width: 2, height: 2)))
    }
  }

  @Test func writesAtomically() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("a.png").path
    try PNGEncoder().write(try RasterImage(width: 3, height: 3), to: path)
    #expect(try PNGDecoder().decodeFile(path).width == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])
    #expect(throws: RenderError.self) {
      try PNGEncoder().write(try RasterImage(width: 3, height: 3), to: "/nonexistent/dir/a.png")
    }
  }

  /// Recomputes every chunk's CRC, stopping at the first chunk that does not fit.
  static func fixCRCs(_ png: inout [UInt8]) {
    var pos = 8
    while pos + 12 <= png.count {
      let len = Int(PNGDecoder.u32(png, pos))
      guard len <= png.count - pos - 12 else { return }
      let crc = Zlib.crc32(Array(png[(pos + 4)..<(pos + 8 + len)]))
      png.replaceSubrange(
        (pos + 8 + len)..<(pos + 12 + len),
        with: [
          UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF),
        ])
      pos += 12 + len
    }
  }
  /// The Sub-filtered RGB row of the wide kernel and of the Swift loop: the same bytes as the
  /// definition, the AND of the alphas, and nothing written past the row — at widths that
  /// leave every remainder of the kernel's eight-pixel steps.
  @Test func subRowsOfTheKernelAndTheLoopAgree() {
    var state: UInt64 = 5
    func byte() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 40)
    }
    for width in Array(0...27) + [64, 1170] {
      for translucentAt in [nil, 0, width / 2, width - 1] {
        var rgba = (0..<(width * 4)).map { _ in byte() }
        for x in 0..<width { rgba[x * 4 + 3] = x == translucentAt ? 254 : 255 }
        var expected = [UInt8](repeating: 0, count: width * 3)
        for x in 0..<width {
          for c in 0..<3 {
            expected[x * 3 + c] = rgba[x * 4 + c] &- (x > 0 ? rgba[x * 4 + c - 4] : 0)
          }
        }
        let inside = translucentAt.map { (0..<width).contains($0) } ?? false
        let expectedAlpha: UInt8 = inside ? 254 : 255
        // Guard bytes after the row must survive.
        var wide = [UInt8](repeating: 0xA5, count: width * 3 + 16)
        var loop = wide
        var alphas: [UInt8] = []
        rgba.withUnsafeBufferPointer { r in
          guard let row = r.baseAddress ?? UnsafePointer(bitPattern: 1) else { return }
          wide.withUnsafeMutableBufferPointer {
            alphas.append(strata_sub_rgb($0.baseAddress, row, width))
          }
          loop.withUnsafeMutableBufferPointer {
            guard let o = $0.baseAddress else { return }
            alphas.append(PNGEncoder.subRGBLoop(o, row, width: width))
          }
        }
        let label = "width \(width), translucent at \(translucentAt.map(String.init) ?? "none")"
        #expect(Array(wide.prefix(width * 3)) == expected, "kernel, \(label)")
        #expect(Array(loop.prefix(width * 3)) == expected, "loop, \(label)")
        #expect(wide.suffix(16).allSatisfy { $0 == 0xA5 }, "kernel wrote past the row, \(label)")
        #expect(loop.suffix(16).allSatisfy { $0 == 0xA5 }, "loop wrote past the row, \(label)")
        #expect(alphas == [expectedAlpha, expectedAlpha], "\(label)")
      }
    }
  }
}
