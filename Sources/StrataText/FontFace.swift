import Strata
import StrataFiles
import StrataIO

/// One face of a TrueType font (or of an OpenType font with TrueType outlines), parsed and ready to lay out text.
///
/// Every read is bounds-checked: a truncated or hostile file gives a ``FontError`` naming the
/// table, never a trap or a hang. Outlines are read on demand from the `glyf` table.
///
/// ```swift
/// let face = try FontFace(contentsOf: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
/// let a = face.glyphID(for: "A")
/// let width = Double(face.advance(of: a)) * 17 / Double(face.unitsPerEm)
/// ```
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
  /// The deepest nesting of composite glyphs that is followed.
  public static let maximumCompositeDepth = 8
  /// The most points one glyph (with its components) may have.
  public static let maximumPoints = 65_536
  /// The most glyphs one outline may visit, itself and every component at every depth: what
  /// bounds a composite that fans out, which the depth and point limits alone do not.
  public static let maximumComponentVisits = 4_096

  /// The family name (name ID 16, else 1).
  public let familyName: String
  /// The style name (name ID 17, else 2), for example "Bold Oblique".
  public let styleName: String
  /// The weight class from `OS/2` (400 regular, 700 bold).
  public let weight: Int
  /// Whether the face is italic or oblique.
  public let isItalic: Bool
  /// Font units per em.
  public let unitsPerEm: Int
  /// The ascender used for line spacing, in font units: `hhea`'s, or `OS/2`'s typographic one
  /// when the font sets `USE_TYPO_METRICS`.
  public let ascender: Int
  /// The descender used for line spacing, in font units (negative below the baseline).
  public let descender: Int
  /// The extra space between lines used for line spacing, in font units.
  public let lineGap: Int
  /// The number of glyphs.
  public let glyphCount: Int
  /// The `OS/2` typographic ascender, descender and line gap, in font units, when the table has them.
  public let typoMetrics: (ascender: Int, descender: Int, lineGap: Int)?
  /// The `OS/2` x-height and cap height, in font units (version 2 and later), when present.
  public let xHeight: Int?
  /// The height of capital letters, in font units (`OS/2` version 2 and later), when present.
  public let capHeight: Int?
  /// Whether `OS/2` asks for its typographic metrics to be used for line spacing (`USE_TYPO_METRICS`).
  public let prefersTypoMetrics: Bool
  /// Where the face was read from, if from a file.
  public let source: String?
  /// The underline the `post` table suggests, in font units (y up from the baseline): the y of
  /// its top (negative below the baseline) and its thickness; `nil` without the table.
  public let underline: (position: Int, thickness: Int)?
  /// The strikeout line `OS/2` suggests, in font units: the y of its top above the baseline and
  /// its thickness; `nil` without the table.
  public let strikeout: (position: Int, thickness: Int)?

  let data: [UInt8]
  let advances: [UInt16]
  let glyphOffsets: [Int]  // loca, numGlyphs + 1 entries, absolute offsets into data
  let glyfEnd: Int
  let cmap: CharacterMap
  let kerning: Kerning
  /// The `GSUB` lookups (and `GDEF` mark classes) shaping applies.
  let substitution: GlyphSubstitution
  /// The `GPOS` mark attachments.
  let markPositioning: MarkPositioning
  /// The colour bitmaps of the face's glyphs, if it has them (`CBDT`/`CBLC`).
  package let colorBitmaps: ColorBitmaps?
  /// The colour layers of the face's glyphs, if it has them (`COLR`/`CPAL`).
  package let colorLayers: ColorLayers?
  /// The colour glyphs of `COLR` version 1 (gradients, transforms, compositing), if any.
  package let colorPaints: ColorPaints?
  /// The shaping plans made for this face, by script tag (see `TextEngine.plan`).
  let plans = Locked([String: [(index: Int, feature: UInt8)]]())

  /// Reads the font file at `path` (face `index` of a collection).
  public convenience init(contentsOf path: String, index: Int = 0) throws(FontError) {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: 256 << 20)
    } catch {
      throw .io(path: path, reason: error.reason)
    }
    try self.init(data: bytes, index: index, source: path)
  }

  /// Parses face `index` of `data` (a `.ttf`, `.otf` with TrueType outlines, or `.ttc`).
  public init(data: [UInt8], index: Int = 0, source: String? = nil) throws(FontError) {
    self.data = data
    self.source = source
    var r = FontReader(data, table: "header")
    var base = 0
    if try r.tag(0) == "ttcf" {
      let count = try r.u32(8)
      guard index >= 0, index < count else {
        throw .malformed(table: "ttcf", reason: "face \(index) of \(count)")
      }
      base = try r.u32(12 + 4 * index)
    } else if index != 0 {
      throw .malformed(table: "header", reason: "face \(index) of a single-face font")
    }
    let version = try r.u32(base)
    guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F else {
      throw .malformed(table: "header", reason: "unknown version \(version)")
    }
    let numTables = try r.u16(base + 4)
    var tables: [String: (offset: Int, length: Int)] = [:]
    for i in 0..<numTables {
      let rec = base + 12 + 16 * i
      let tag = try r.tag(rec)
      let off = try r.u32(rec + 8)
      let len = try r.u32(rec + 12)
      guard off <= data.count, len <= data.count - off else {
        throw .malformed(
          table: tag, reason: "table at \(off) with length \(len) runs past the end of the file")
      }
      tables[tag] = (off, len)
    }
    func table(_ name: String) throws(FontError) -> (offset: Int, length: Int) {
      guard let t = tables[name] else { throw .missingTable(name) }
      return t
    }
    if tables["glyf"] == nil, tables["CFF "] != nil {
      throw .unsupported("CFF outlines (only TrueType outlines are read)")
    }

    let head = try table("head")
    r.table = "head"
    guard head.length >= 54 else {
      throw .truncated(table: "head", offset: head.offset + head.length)
    }
    unitsPerEm = try r.u16(head.offset + 18)
    guard unitsPerEm >= 16, unitsPerEm <= 16384 else {
      throw .malformed(table: "head", reason: "unitsPerEm \(unitsPerEm)")
    }
    let longLoca = try r.i16(head.offset + 50) == 1
    let macStyle = try r.u16(head.offset + 44)

    let maxp = try table("maxp")
    r.table = "maxp"
    glyphCount = try r.u16(maxp.offset + 4)
    guard glyphCount > 0 else { throw .malformed(table: "maxp", reason: "no glyphs") }

    let hhea = try table("hhea")
    r.table = "hhea"
    let hheaAscender = try r.i16(hhea.offset + 4)
    let hheaDescender = try r.i16(hhea.offset + 6)
    let hheaLineGap = try r.i16(hhea.offset + 8)
    let metricsCount = try r.u16(hhea.offset + 34)
    guard metricsCount >= 1, metricsCount <= glyphCount else {
      throw .malformed(
        table: "hhea", reason: "numberOfHMetrics \(metricsCount) for \(glyphCount) glyphs")
    }

    let hmtx = try table("hmtx")
    r.table = "hmtx"
    guard hmtx.length >= metricsCount * 4 else {
      throw .truncated(table: "hmtx", offset: hmtx.offset + hmtx.length)
    }
    var adv = [UInt16](repeating: 0, count: glyphCount)
    for g in 0..<glyphCount {
      adv[g] = UInt16(try r.u16(hmtx.offset + 4 * Swift.min(g, metricsCount - 1)))
    }
    advances = adv

    // Colour bitmap glyphs (CBDT/CBLC, as Noto Color Emoji has them).
    colorBitmaps = ColorBitmaps.read(data, tables: tables, glyphCount: glyphCount)
    let palette = ColorLayers.palette(data, cpal: tables["CPAL"])
    colorLayers = ColorLayers(data, colr: tables["COLR"], palette: palette)
    colorPaints = ColorPaints(data, colr: tables["COLR"], palette: palette)
    if tables["glyf"] == nil, tables["loca"] == nil, colorBitmaps != nil {
      // A bitmap-only font: every outline is empty.
      glyphOffsets = [Int](repeating: 0, count: glyphCount + 1)
      glyfEnd = 0
    } else {
      let loca = try table("loca")
      let glyf = try table("glyf")
      r.table = "loca"
      var offsets = [Int](repeating: 0, count: glyphCount + 1)
      for g in 0...glyphCount {
        let o = longLoca ? try r.u32(loca.offset + 4 * g) : 2 * (try r.u16(loca.offset + 2 * g))
        guard o <= glyf.length else {
          throw .malformed(
            table: "loca",
            reason: "glyph \(g) starts at \(o), past the glyf table's \(glyf.length) bytes")
        }
        offsets[g] = glyf.offset + o
      }
      glyphOffsets = offsets
      glyfEnd = glyf.offset + glyf.length
    }

    var weightClass = (macStyle & 1) != 0 ? 700 : 400
    var italic = (macStyle & 2) != 0
    var typo: (Int, Int, Int)?
    var xh: Int?
    var ch: Int?
    var useTypo = false
    var strike: (Int, Int)?
    if let os2 = tables["OS/2"], os2.length >= 30 {
      r.table = "OS/2"
      strike = (try r.i16(os2.offset + 28), try r.i16(os2.offset + 26))
    }
    strikeout = strike.map { (position: $0.0, thickness: $0.1) }
    if let post = tables["post"], post.length >= 12 {
      r.table = "post"
      underline = (position: try r.i16(post.offset + 8), thickness: try r.i16(post.offset + 10))
    } else {
      underline = nil
    }
    if let os2 = tables["OS/2"], os2.length >= 64 {
      r.table = "OS/2"
      let version = try r.u16(os2.offset)
      weightClass = try r.u16(os2.offset + 4)
      let selection = try r.u16(os2.offset + 62)
      italic = italic || (selection & 1) != 0 || (selection & 0x200) != 0
      useTypo = (selection & 0x80) != 0
      if os2.length >= 74 {
        typo = (try r.i16(os2.offset + 68), try r.i16(os2.offset + 70), try r.i16(os2.offset + 72))
      }
      if version >= 2, os2.length >= 90 {
        xh = try r.i16(os2.offset + 86)
        ch = try r.i16(os2.offset + 88)
      }
    }
    typoMetrics = typo.map { (ascender: $0.0, descender: $0.1, lineGap: $0.2) }
    xHeight = xh
    capHeight = ch
    prefersTypoMetrics = useTypo && typo != nil
    if prefersTypoMetrics, let t = typo {
      (ascender, descender, lineGap) = t
    } else {
      (ascender, descender, lineGap) = (hheaAscender, hheaDescender, hheaLineGap)
    }
    weight = Swift.min(1000, Swift.max(1, weightClass))
    isItalic = italic

    var names: [Int: String] = [:]
    if let t = tables["name"] { names = try FontFace.readNames(data, t.offset, t.length) }
    familyName = names[16] ?? names[1] ?? "Unknown"
    styleName = names[17] ?? names[2] ?? "Regular"

    cmap = try CharacterMap(data, table: try table("cmap"))
    kerning = try Kerning(data, kern: tables["kern"], gpos: tables["GPOS"], glyphCount: glyphCount)
    substitution = GlyphSubstitution(data, gsub: tables["GSUB"], gdef: tables["GDEF"])
    markPositioning = MarkPositioning(data, gpos: tables["GPOS"])
  }

  /// Whether `glyph` is a mark (`GDEF` class 3): it takes no advance when shaped.
  public func isMark(_ glyph: UInt16) -> Bool { substitution.markGlyphs.contains(glyph) }

  /// Reads the family and style names we need, preferring Windows Unicode records.
  static func readNames(_ data: [UInt8], _ offset: Int, _ length: Int) throws(FontError) -> [Int:
    String]
  {
    let r = FontReader(data, table: "name")
    let count = try r.u16(offset + 2)
    let strings = offset + (try r.u16(offset + 4))
    var out: [Int: String] = [:]
    var fromWindows: Set<Int> = []
    for i in 0..<count {
      let rec = offset + 6 + 12 * i
      let platform = try r.u16(rec)
      let nameID = try r.u16(rec + 6)
      guard [1, 2, 16, 17].contains(nameID) else { continue }
      let len = try r.u16(rec + 8)
      let off = strings + (try r.u16(rec + 10))
      try r.check(off, len)
      let bytes = Array(data[off..<(off + len)])
      if platform == 3 || platform == 0 {
        var units: [UInt16] = []
        for j in stride(from: 0, to: len - 1, by: 2) {
          units.append(UInt16(bytes[j]) << 8 | UInt16(bytes[j + 1]))
        }
        out[nameID] = String(decoding: units, as: UTF16.self)
        fromWindows.insert(nameID)
      } else if platform == 1, !fromWindows.contains(nameID) {
        out[nameID] = String(decoding: bytes.map { $0 < 128 ? $0 : 63 }, as: UTF8.self)
      }
    }
    return out
  }

  /// The glyph for `scalar`, or 0 (the missing-glyph box) when the font has none.
  public func glyphID(for scalar: Unicode.Scalar) -> UInt16 {
    cmap.glyph(for: scalar.value, data: data, glyphCount: glyphCount)
  }

  /// Whether the font has a glyph for `scalar`.
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphID(for: scalar) != 0 }

  /// The advance width of `glyph` in font units (0 for an unknown glyph).
  public func advance(of glyph: UInt16) -> Int {
    Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
  }

  /// The horizontal kerning adjustment between two glyphs, in font units (`GPOS`, else `kern`).
  public func kerning(_ left: UInt16, _ right: UInt16) -> Int {
    kerning.adjustment(left, right)
  }

  /// Whether reading the kerning stopped at the per-face work budget (a hostile or absurdly
  /// large GPOS): the pairs read before it apply, no others.
  public var kerningIsTruncated: Bool {
    kerning.isTruncated
  }

  /// A textual description: family and style.
  public var description: String { "\(familyName) \(styleName)" }

  /// Faces are equal when they are the same object.
  public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The number of faces in a font file's data (more than one for a `.ttc`).
  public static func faceCount(in data: [UInt8]) -> Int {
    let r = FontReader(data, table: "ttcf")
    guard (try? r.tag(0)) == "ttcf", let n = try? r.u32(8) else { return 1 }
    return Swift.min(n, 1024)
  }
}
