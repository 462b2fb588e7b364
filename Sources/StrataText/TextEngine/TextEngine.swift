import Strata
import StrataIO

/// Lays out ``TextContent`` with TrueType fonts: font selection and fallback, kerning, line
/// breaking, alignment, line height, truncation with an ellipsis — and shapes it into glyph
/// runs for the renderer.
///
/// Lines break after spaces and hyphens; a word wider than the line is broken between
/// characters; `\n` (and U+2028) starts a new line. Spaces at the end of a line take no
/// width, and a line that wraps does not start with spaces.
///
/// ```swift
/// let engine = TextEngine()
/// var text = TextContent("ELEPHANTS", font: .system(size: 20, weight: .black))
/// text.append("\nOur prints are the perfect way to enjoy your best memories!", font: .system(size: 15))
/// let size = engine.size(of: text, width: 280)   // the label's intrinsic size
/// ```
public final class TextEngine: TextShaper, TextMeasurer, Sendable {
  /// The engine of the system's fonts, shared: what renderers, measurers and builders use
  /// unless told otherwise. Its caches are warm for every user in the process.
  public static let system = TextEngine()

  /// The fonts used.
  public let catalog: FontCatalog
  private let faces = Locked([Font: FontFace]())
  /// The face found for a character its font lacks (or none), by character and font.
  private let fallbacks = Locked([FallbackKey: FontFace?]())

  struct FallbackKey: Hashable {
    var scalar: Unicode.Scalar
    var font: Font
  }
  /// Laid-out text by content and box: a label is laid out once, not once per frame and use
  /// (measuring it, drawing it).
  private let layouts = KeptValues<LayoutKey, Layout>(limit: layoutCacheLimit)

  /// The most layouts kept (an onboarding shows a handful of labels at a time); past it the
  /// cache starts again, so a long text does not pin much memory.
  public static let layoutCacheLimit = 64

  /// The most characters (Unicode scalars) of one text laid out: a clamp, not an error — the
  /// characters after it are left out, as if the text ended there (and a text that must be cut
  /// shows its ellipsis as usual). Layout, truncation and shaping cost linear or N log N time
  /// in the length up to it.
  public static let maximumCharacters = 100_000

  /// Glyph runs by content, box and alignment (at most ``layoutCacheLimit``): a label drawn
  /// frame after frame in the same box is shaped into runs once.
  private let shapedRuns = KeptValues<ShapedKey, [GlyphRun]>(limit: layoutCacheLimit)

  struct ShapedKey: Hashable {
    var text: TextContent
    var bounds: Rect
    var alignment: TextNode.VerticalAlignment
  }

  struct LayoutKey: Hashable {
    var text: TextContent
    var width: Double
    var height: Double
  }

  /// How often a layout was found in the cache, and how often it had to be made.
  var layoutCacheCounts: (hits: Int, misses: Int) { layouts.counts }

  /// Creates an engine over a font catalogue.
  public init(catalog: FontCatalog = .shared) {
    self.catalog = catalog
  }

  /// One glyph placed on a line.
  public struct PlacedGlyph: Hashable, Sendable {
    /// The face.
    public var face: FontFace
    /// The size in points.
    public var size: Double
    /// The colour.
    public var color: Color
    /// The glyph id.
    public var glyph: UInt16
    /// The x of its origin from the line's start.
    public var x: Double
    /// Its advance, with letter spacing and kerning.
    public var advance: Double
    /// The character it shows.
    public var scalar: Unicode.Scalar
    /// The characters it shows when they are not just ``scalar``: more than one for a
    /// ligature, none for the second glyph of a character drawn with two; `nil` otherwise.
    public var characters: [Unicode.Scalar]? = nil
    /// How far it is raised above the baseline (a mark on its base), in points.
    public var yOffset: Double = 0
    /// Whether it is underlined.
    public var underline: Bool = false
    /// Whether it is struck through.
    public var strikethrough: Bool = false
  }

  /// One laid-out line.
  public struct Line: Hashable, Sendable {
    /// The glyphs, left to right in the order they are drawn (trailing spaces included). The
    /// white space at the end of a right-to-left line is drawn first, hanging before the
    /// line's start (negative x), where rule L1 of UAX #9 puts it.
    public var glyphs: [PlacedGlyph]
    /// The width without trailing spaces.
    public var width: Double
    /// The distance from the line's top to its baseline.
    public var baseline: Double
    /// The height of the line box (with the line height multiple).
    public var height: Double
    /// How far the line starts from the left of the layout width (alignment).
    public var offset: Double
    /// The characters of the line, in the order they are drawn.
    public var string: String {
      String(
        String.UnicodeScalarView(glyphs.flatMap { $0.characters ?? [$0.scalar] }))
    }
  }

  /// The result of a layout.
  public struct Layout: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The width of the widest line and the sum of the line heights.
    public var size: Size
    /// Whether text was cut off (by the line limit or the height).
    public var isTruncated: Bool
  }

  struct Item {
    var scalar: Unicode.Scalar
    var face: FontFace
    var size: Double
    var color: Color
    var glyph: UInt16
    var advance: Double
    var kern: Double
    var isSpace: Bool
    var isNewline: Bool
    var breakAfter: Bool
    var underline = false
    var strikethrough = false
    /// The paragraph style of the run the item comes from.
    var paragraph: TextContent.ParagraphStyle?
    /// The letter spacing of its run.
    var spacing = 0.0
    /// The characters it shows, when more or fewer than its own scalar (a ligature, the second
    /// glyph of a decomposed character).
    var characters: [Unicode.Scalar]? = nil
    /// For a mark attached to a base: how many items back the base is, and the mark's offset
    /// from the base's origin, in points (y up).
    var attachment: (back: Int, dx: Double, dy: Double)? = nil
    /// Its bidirectional type, embedding level, and its paragraph's level.
    var kind = Bidi.Kind.l
    var level: UInt8 = 0
    var paragraphLevel: UInt8 = 0
    /// Whether it continues the grapheme cluster (UAX #29) of the item before it: a line is
    /// never broken, nor text cut, before it.
    var continuesCluster = false
  }

  /// Where each grapheme cluster of `text` begins, as offsets in its Unicode scalars (the first
  /// is 0; `text`'s scalar count ends the last). Clusters are the extended grapheme clusters of
  /// UAX #29 at ``unicodeVersion``: a flag, a Hangul syllable in jamo, an emoji ZWJ sequence, a
  /// letter and its marks each stay whole.
  public static func graphemeClusterStarts(of text: String) -> [Int] {
    GraphemeBreaks.clusterStarts(text.unicodeScalars)
  }

  /// For each scalar of the runs' text, in order, whether it continues a grapheme cluster;
  /// empty when none does (text in which every scalar is its own cluster, as ASCII is).
  static func clusterContinuations(_ text: TextContent) -> [Bool] {
    if text.runs.allSatisfy({ $0.string.utf8.allSatisfy { $0 < 0x80 } }) { return [] }
    let all = text.runs.map(\.string).joined()
    var continues = [Bool](repeating: true, count: all.unicodeScalars.count)
    for start in graphemeClusterStarts(of: all) { continues[start] = false }
    return continues
  }

  /// Whether a line must end after `c`: LF, CR, VT, FF, NEL, U+2028, U+2029 (classes BK, CR,
  /// LF and NL of UAX #14).
  static func isMandatoryBreak(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// The face for `font` (cached).
  public func face(for font: Font) -> FontFace? {
    if let f = faces.withLock({ $0[font] }) { return f }
    guard let f = catalog.face(for: font) else { return nil }
    faces.withLock { $0[font] = f }
    return f
  }

  func items(_ text: TextContent) -> [Item] {
    var out: [Item] = []
    var budget = Self.maximumCharacters
    let continuations = Self.clusterContinuations(text)
    var next = 0  // the offset of the run's first scalar in the whole text
    for run in text.runs {
      let first = next
      next += run.string.unicodeScalars.count
      guard budget > 0, let face = face(for: run.font) else { continue }
      let size = run.font.size
      var prevCR = false
      for (k, scalar) in run.string.unicodeScalars.enumerated() {
        guard budget > 0 else { break }
        budget -= 1
        // Every mandatory break of UAX #14 (BK, CR, LF, NL) ends a line; of them, the
        // paragraph separators of UAX #9 (LF, CR, NEL, U+2029) also end a paragraph.
        let newline = Self.isMandatoryBreak(scalar)
        if scalar == "\n" && prevCR {
          prevCR = false
          continue
        }
        prevCR = scalar == "\r"
        let isSpace = scalar == " " || scalar == "\t" || scalar == "\u{00A0}"
        let invisible = !newline && Bidi.isInvisible(scalar)
        var itemFace = face
        var glyph =
          newline ? 0 : face.glyphID(for: scalar == "\t" || scalar == "\u{00A0}" ? " " : scalar)
        if invisible { glyph = 0 }
        if glyph == 0, !newline, !isSpace, !invisible, scalar.value >= 32,
          let fallback = fallbackFace(for: scalar, like: run.font), fallback != face
        {
          itemFace = fallback
          glyph = fallback.glyphID(for: scalar)
        }
        let scale = size / Double(itemFace.unitsPerEm)
        let spacing = run.letterSpacing ?? text.letterSpacing
        let advance =
          newline || invisible ? 0 : Double(itemFace.advance(of: glyph)) * scale + spacing
        out.append(
          Item(
            scalar: scalar, face: itemFace, size: size, color: run.color, glyph: glyph,
            advance: advance, kern: 0,
            isSpace: isSpace, isNewline: newline,
            breakAfter: false, underline: run.underline,
            strikethrough: run.strikethrough, paragraph: run.paragraphStyle, spacing: spacing,
            kind: Bidi.kind(of: scalar),
            continuesCluster: continuations.isEmpty ? false : continuations[first + k]))
      }
    }
    // Break opportunities come from the characters, before shaping merges or splits them.
    LineBreaks.mark(&out)
    out = Self.shape(out)
    Self.resolveLevels(&out, base: text.baseDirection)
    if text.isKerningEnabled {
      for i in out.indices.dropLast() {
        let a = out[i]
        let b = out[i + 1]
        guard !a.isNewline, !b.isNewline, a.face == b.face, a.size == b.size else { continue }
        out[i].kern = Double(a.face.kerning(a.glyph, b.glyph)) * a.size / Double(a.face.unitsPerEm)
      }
    }
    return out
  }

  private func fallbackFace(for scalar: Unicode.Scalar, like font: Font) -> FontFace? {
    let key = FallbackKey(scalar: scalar, font: font)
    if let found = fallbacks.withLock({ $0[key] }) { return found }
    let f = catalog.fallbackFace(for: scalar, like: font)
    fallbacks.withLock { cache in
      if cache.count > 4096 { cache.removeAll(keepingCapacity: true) }
      cache[key] = f
    }
    return f
  }

  /// Lays out `text` in lines no wider than `width` (`.infinity` for no limit), keeping at most
  /// the lines that fit in `height` and in the text's ``TextContent/maximumLines``.
  public func layout(_ text: TextContent, width: Double, height: Double = .infinity) -> Layout {
    // NaN is not equal to itself, so it would never be found: it means "no limit" anyway.
    let key = LayoutKey(
      text: text, width: width.isNaN ? .infinity : width,
      height: height.isNaN ? .infinity : height)
    return layouts.value(for: key) { makeFittedLayout(text, width: width, height: height) }
  }

  /// The layout at full size, or — when it does not fit and the text may shrink
  /// (``TextContent/minimumScaleFactor``) — at the largest scale that fits, found to within
  /// a 4096th by halving; at the minimum scale when none does.
  func makeFittedLayout(_ text: TextContent, width: Double, height: Double) -> Layout {
    let full = makeLayout(text, width: width, height: height)
    let minimum = text.usableMinimumScaleFactor
    func fits(_ l: Layout) -> Bool { !l.isTruncated && !(l.size.width > width + 0.01) }
    guard minimum < 1, !fits(full) else { return full }
    var low = minimum
    var high = 1.0
    var best = makeLayout(text.scaled(by: minimum), width: width, height: height)
    guard fits(best) else { return best }
    for _ in 0..<12 {
      let mid = (low + high) / 2
      let l = makeLayout(text.scaled(by: mid), width: width, height: height)
      if fits(l) {
        low = mid
        best = l
      } else {
        high = mid
      }
    }
    return best
  }

  /// The size `text` takes when broken to fit `width`.
  public func size(of text: TextContent, width: Double) -> Size {
    layout(text, width: width).size
  }

  /// The first line's baseline, from the top of the lines, as ``layout(_:width:height:)``
  /// places it (empty text has one empty line, with the first font's metrics).
  public func firstBaseline(of text: TextContent, width: Double, height: Double) -> Double? {
    layout(text, width: width, height: height).lines.first?.baseline
  }

  /// The glyph runs of `text` laid out in `bounds`.
  public func shape(
    _ text: TextContent, in bounds: Rect, verticalAlignment: TextNode.VerticalAlignment
  )
    -> [GlyphRun]
  {
    shapedRuns.value(for: ShapedKey(text: text, bounds: bounds, alignment: verticalAlignment)) {
      makeRuns(text, in: bounds, verticalAlignment: verticalAlignment)
    }
  }

  /// ``shape(_:in:verticalAlignment:)``, worked out.
  private func makeRuns(
    _ text: TextContent, in bounds: Rect, verticalAlignment: TextNode.VerticalAlignment
  ) -> [GlyphRun] {
    let l = layout(text, width: bounds.width, height: bounds.height)
    var y = bounds.minY
    switch verticalAlignment {
    case .top: break
    case .center: y += (bounds.height - l.size.height) / 2
    case .bottom: y += bounds.height - l.size.height
    }
    var runs: [GlyphRun] = []
    for line in l.lines {
      let baseline = y + line.baseline
      for d in Self.decorations(of: line, baseline: baseline, left: bounds.minX + line.offset) {
        if let i = runs.lastIndex(where: {
          $0.face == d.face && $0.size == d.size && $0.color == d.color
        }) {
          runs[i].decorations.append(d.rect)
        } else {
          runs.append(GlyphRun(face: d.face, size: d.size, color: d.color, decorations: [d.rect]))
        }
      }
      for g in line.glyphs
      where
        !(g.scalar == " " || g.glyph == 0 && (g.scalar.value < 32 || Bidi.isInvisible(g.scalar)))
      {
        let p = Point(x: bounds.minX + line.offset + g.x, y: baseline - g.yOffset)
        if let last = runs.last, last.face == g.face, last.size == g.size, last.color == g.color {
          runs[runs.count - 1].glyphs.append(g.glyph)
          runs[runs.count - 1].positions.append(p)
        } else {
          runs.append(
            GlyphRun(face: g.face, size: g.size, color: g.color, glyphs: [g.glyph], positions: [p]))
        }
      }
      y += line.height
    }
    return runs
  }
}
