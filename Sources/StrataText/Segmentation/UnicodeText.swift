import Strata

/// Whether a line may end after a character (UAX #14).
public enum LineBreakOpportunity: UInt8, Hashable, Sendable {
  /// A line must not end here.
  case prohibited
  /// A line may end here.
  case allowed
  /// A line must end here: after a line or paragraph separator (LF, CR, CR LF, NEL, VT, FF,
  /// U+2028, U+2029), and at the end of the text.
  case mandatory
}

/// The Unicode algorithms that text layout rests on, for users and tests to ask directly:
/// grapheme clusters (UAX #29), line-break opportunities (UAX #14) and bidirectional levels
/// (UAX #9, ``BidiParagraph``). Positions are offsets in the string's Unicode scalars.
extension TextEngine {
  /// The version of the Unicode Character Database the tables were generated from
  /// (`Scripts/make_unicode_tables.py`).
  public static var unicodeVersion: String { LineBreaks.unicodeVersion }

  /// Whether a line may end after each Unicode scalar of `text` (one value a scalar; the last
  /// is `.mandatory`). These are the opportunities layout uses: the annex's default rules
  /// with Strata's two tailorings (quotation marks per Unicode 15.1's LB15a–b, syllables in
  /// Khmer, Myanmar, Thai and Lao; see Docs/Text.md).
  public static func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] {
    LineBreaks.opportunities(Array(text.unicodeScalars))
  }
}

/// One paragraph's bidirectional embedding levels and visual order, by the Unicode
/// Bidirectional Algorithm (UAX #9).
///
/// ```swift
/// let p = BidiParagraph("abc \u{5D0}\u{5D1}\u{5D2}")
/// print(p.paragraphLevel, p.levels, p.visualOrder())
/// ```
public struct BidiParagraph: Hashable, Sendable {
  /// The paragraph embedding level: 0 left to right, 1 right to left.
  public let paragraphLevel: UInt8
  /// Each Unicode scalar's resolved level (before the line rules L1–L2); `nil` for the
  /// characters rule X9 removes (embedding and override controls, PDF, boundary neutrals such
  /// as ZWJ and the soft hyphen), which have no level of their own.
  public let levels: [UInt8?]
  let kinds: [Bidi.Kind]

  /// Resolves `text` as one paragraph: at the level `direction` gives, or, when it is nil, at
  /// the level of the first strong character outside isolates (P2–P3). A paragraph separator
  /// inside the text is kept at the paragraph level (X8); to split text into paragraphs first,
  /// use ``paragraphs(in:direction:)``.
  public init(_ text: String, direction: LayoutDirection? = nil) {
    self.init(scalars: Array(text.unicodeScalars), direction: direction)
  }

  init(scalars: [Unicode.Scalar], direction: LayoutDirection?) {
    kinds = scalars.map(Bidi.kind(of:))
    let r = Bidi.resolve(
      kinds, scalars: scalars, base: direction.map { $0 == .rightToLeft ? 1 : 0 })
    paragraphLevel = r.paragraphLevel
    levels = zip(r.levels, r.removed).map { $1 ? nil : $0 }
  }

  /// The paragraphs of `text` (rule P1: each ends after a paragraph separator, which belongs
  /// to it), with the scalar offsets each covers.
  public static func paragraphs(in text: String, direction: LayoutDirection? = nil) -> [(
    range: Range<Int>, paragraph: BidiParagraph
  )] {
    let scalars = Array(text.unicodeScalars)
    var out: [(range: Range<Int>, paragraph: BidiParagraph)] = []
    var start = 0
    for i in scalars.indices where Bidi.kind(of: scalars[i]) == .b || i == scalars.count - 1 {
      // CR LF is one separator.
      if scalars[i] == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { continue }
      out.append(
        (start..<(i + 1), BidiParagraph(scalars: Array(scalars[start...i]), direction: direction)))
      start = i + 1
    }
    return out
  }

  /// The levels of a line of the paragraph (the scalars in `line`, all of them by default)
  /// after rule L1: separators, and the white space and isolate controls before them or at
  /// the end of the line, are at the paragraph level. `nil` as in ``levels``.
  public func lineLevels(_ line: Range<Int>? = nil) -> [UInt8?] {
    let range = clamped(line)
    let l = Bidi.lineLevels(
      levels: range.map { levels[$0] ?? paragraphLevel }, kinds: Array(kinds[range]),
      base: paragraphLevel)
    return zip(l, range).map { levels[$1] == nil ? nil : $0 }
  }

  /// The scalar offsets of a line (all of the paragraph by default) from left to right, by
  /// rules L1–L2, leaving out the characters X9 removes. Mirroring (L4) is the renderer's.
  public func visualOrder(_ line: Range<Int>? = nil) -> [Int] {
    let range = clamped(line)
    return Bidi.visualOrder(
      levels: range.map { levels[$0] ?? paragraphLevel }, kinds: Array(kinds[range]),
      base: paragraphLevel, skipping: range.map { levels[$0] == nil }
    ).map { $0 + range.lowerBound }
  }

  private func clamped(_ line: Range<Int>?) -> Range<Int> {
    guard let line else { return 0..<levels.count }
    return line.clamped(to: 0..<levels.count)
  }
}
