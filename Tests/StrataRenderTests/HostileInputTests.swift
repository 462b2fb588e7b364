import Foundation
import Strata
import StrataTestSupport
import Testing

// @testable: these tests reach internals: appendChunk, deflate, inflate.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// Small hostile inputs that used to cost minutes or gigabytes; each is made here, by the test.
@Suite struct HostileInputTests {
  /// A GPOS whose `kern` feature names `lookups` lookups of `subtables` pair subtables each,
  /// all pointing at one coverage table of `covered` glyphs (format 2 ranges).
  static func fanningGPOS(lookups: Int, subtables: Int, covered: Int) -> [UInt8] {
    typealias B = FontBuilder
    // Coverage format 2: one range 0...covered-1.
    let coverage = B.be16(2) + B.be16(1) + B.be16(0) + B.be16(covered - 1) + B.be16(0)
    // PairPos format 1 with value format 1 = x advance (4), 2 = none; no pair sets.
    let pairPos = B.be16(1) + B.be16(10) + B.be16(4) + B.be16(0) + B.be16(0) + coverage
    // One lookup: type 2, flag 0, `subtables` offsets all to the same PairPos after the lookup.
    let lookupHeader = 6 + 2 * subtables
    var lookup = B.be16(2) + B.be16(0) + B.be16(subtables)
    for _ in 0..<subtables { lookup += B.be16(lookupHeader) }
    lookup += pairPos
    // Lookup list: `lookups` offsets, all to the same lookup.
    let listHeader = 2 + 2 * lookups
    var lookupList = B.be16(lookups)
    for _ in 0..<lookups { lookupList += B.be16(listHeader) }
    lookupList += lookup
    // Feature list: one 'kern' feature with every lookup index.
    var feature = B.be16(0) + B.be16(lookups)
    for i in 0..<lookups { feature += B.be16(i) }
    let featureList = B.be16(1) + Array("kern".utf8) + B.be16(8) + feature
    let scriptList = B.be16(0)
    let header = 10
    let scriptOffset = header
    let featureOffset = scriptOffset + scriptList.count
    let lookupOffset = featureOffset + featureList.count
    return B.be32(0x0001_0000) + B.be16(scriptOffset) + B.be16(featureOffset)
      + B.be16(lookupOffset) + scriptList + featureList + lookupList
  }

  @Test func kerningWorkIsBoundedPerFace() throws {
    /// The fastest of `runs` parses of `bytes` (the fastest, so that other tests running at the
    /// same time weigh as little as they can), and the last face.
    func parse(_ bytes: [UInt8], runs: Int) throws -> (Duration, FontFace?) {
      var best = Duration.seconds(1_000_000)
      var face: FontFace?
      for _ in 0..<runs {
        let start = ContinuousClock.now
        face = try FontFace(data: bytes)
        best = Swift.min(best, ContinuousClock.now - start)
      }
      return (best, face)
    }
    var small = FontBuilder.sample()
    small.tables["GPOS"] = Self.fanningGPOS(lookups: 1, subtables: 1, covered: 1000)
    let (one, _) = try parse(small.build(), runs: 5)
    // 300 lookups × 300 subtables × a 60,000-glyph coverage: 5.4 billion entries if followed.
    var hostile = FontBuilder.sample()
    hostile.tables["GPOS"] = Self.fanningGPOS(lookups: 300, subtables: 300, covered: 60_000)
    let bytes = hostile.build()
    #expect(bytes.count < 200_000, "a small file")
    let (many, parsed) = try parse(bytes, runs: 2)
    let face = try #require(parsed)
    #expect(face.kerningIsTruncated, "the budget stopped the reading")
    #expect(face.glyphID(for: "A") == 1, "and the face still works")
    // The budget (4 million entries) bounds the work to a few thousand times one small table's
    // (about 3,000 in a debug build); followed, the references would cost over a million times.
    #expect(many < one * 20_000, "\(many) against \(one)")
  }

  @Test func compositeFanOutIsBounded() throws {
    // Glyph 1 a square; glyph k (2...9) a composite of 20 copies of glyph k − 1: 20⁸ visits.
    var glyphs: [[UInt8]] = [[], FontBuilder.simpleGlyph([(0, 0), (0, 10), (10, 10), (10, 0)])]
    for k in 2...9 {
      glyphs.append(FontBuilder.compositeGlyph((0..<20).map { (k - 1, $0, 0, nil) }))
    }
    let font = FontBuilder.sample(glyphs: glyphs).build()
    #expect(font.count < 4_000)
    let face = try FontFace(data: font)
    let start = ContinuousClock.now
    #expect(throws: FontError.self) { try face.outline(of: 9) }
    let deep = ContinuousClock.now - start
    #expect(try face.outline(of: 3).elements.count > 0, "a modest composite still draws")
    #expect(deep < .seconds(2), "stopped after a bounded number of visits: \(deep)")
  }

  @Test func theSystemsOwnFaceWinsATieWithAnImpostor() throws {
    let dejaVu = try #require(
      ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"].first {
        FileManager.default.fileExists(atPath: $0)
      })
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    // Named so that the user's folder sorts first: the order of the search paths must decide.
    let system = root.appendingPathComponent("z-system")
    let user = root.appendingPathComponent("a-user")
    for dir in [system, user] {
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      atPath: dejaVu, toPath: system.appendingPathComponent("DejaVuSans.ttf").path)
    var impostor = FontBuilder.sample()
    impostor.tables["name"] = FontBuilder.nameTable(family: "DejaVu Sans", style: "Book")
    try Data(impostor.build()).write(to: user.appendingPathComponent("AAA.ttf"))
    let catalog = FontCatalog(searchPaths: [system.path, user.path])
    let face = try #require(catalog.face(family: "DejaVu Sans"))
    #expect(face.glyphCount > 100, "the real DejaVu Sans, not the 4-glyph impostor")
  }

  @Test func aTinyPNGCannotAskForAHugeBuffer() throws {
    // 10,000 × 10,000 RGBA at 16 bits: 800 MB if allocated from the header.
    var ihdr = FontBuilder.be32(10_000) + FontBuilder.be32(10_000)
    ihdr += [16, 6, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    PNGEncoder.appendChunk("IHDR", ihdr, to: &png)
    PNGEncoder.appendChunk("IDAT", Zlib.deflate([0, 1, 2, 3], level: 9), to: &png)
    PNGEncoder.appendChunk("IEND", [], to: &png)
    #expect(png.count < 100)
    #expect(throws: RenderError.self) { try PNGDecoder().decode(png) }
    // The inflate grows with the data: a huge declared size costs what a small one does.
    let data = Zlib.deflate([UInt8](repeating: 7, count: 100), level: 9)
    func time(_ expected: Int) -> Duration {
      let start = ContinuousClock.now
      for _ in 0..<5 { _ = try? Zlib.inflate(data, expected: expected) }
      return ContinuousClock.now - start
    }
    let small = time(1_000)
    let huge = time(800_000_000)
    #expect(huge < small * 50 + .milliseconds(20), "\(huge) against \(small)")
  }
}
