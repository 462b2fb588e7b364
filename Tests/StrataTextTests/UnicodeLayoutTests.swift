import Strata
import StrataText
import Testing

/// What the Unicode algorithms change in layout, through the public API: each case failed
/// before the algorithms were brought to their annexes.
@Suite struct UnicodeLayoutTests {
  let engine = TextEngine()

  func layout(_ s: String, width: Double = .infinity, direction: LayoutDirection? = nil)
    -> TextEngine.Layout
  {
    var text = TextContent(s, font: ScriptsTests.font)
    text.baseDirection = direction
    return engine.layout(text, width: width)
  }

  /// UAX #14 makes a mandatory break after VT, FF and NEL as after LF: layout ends the line.
  @Test func everyMandatoryBreakEndsALine() {
    for separator in ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\r\n"] {
      let l = layout("ab\(separator)cd")
      #expect(
        l.lines.map(\.string) == ["ab", "cd"],
        "U+\(separator.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(
        TextEngine.lineBreakOpportunities(in: "a\(separator)b")
          .dropFirst(separator.unicodeScalars.count).first == .mandatory)
    }
  }

  /// A line separator ends a line but not the paragraph: the line after it keeps the
  /// paragraph's direction (right to left here, from its first strong character).
  @Test func aLineSeparatorKeepsTheParagraphsDirection() {
    let l = layout("\u{5D0}\u{5D1}\u{5D2}\u{2028}abc", width: 200)
    #expect(l.lines.count == 2)
    // Natural alignment of a right-to-left paragraph: both lines end at the right.
    #expect(abs(l.lines[1].offset + l.lines[1].width - 200) < 0.001)
    let p = layout("\u{5D0}\u{5D1}\u{5D2}\u{2029}abc", width: 200)
    #expect(p.lines[1].offset == 0)
  }

  /// Embedding controls are removed before runs are found (X9): two embeddings at one level
  /// are one run, reversed as a whole.
  @Test func removedControlsDoNotSplitRuns() {
    let l = layout("a\u{202B}\u{5D0}\u{202C}\u{202B}\u{5D1}\u{202C}b")
    let visible = l.lines[0].string.unicodeScalars.filter { $0.value < 0x2000 }
    #expect(String(String.UnicodeScalarView(visible)) == "a\u{5D1}\u{5D0}b")
    let p = BidiParagraph("a\u{202B}\u{5D0}\u{202C}\u{202B}\u{5D1}\u{202C}b")
    #expect(p.levels == [0, nil, 1, nil, nil, 1, nil, 0])
    #expect(p.visualOrder() == [0, 5, 2, 7])
  }

  /// P2 skips an unmatched PDI: the first strong character after it sets the direction.
  @Test func anUnmatchedPDIDoesNotStopTheFirstStrongSearch() {
    #expect(BidiParagraph("\u{2069}\u{5D0}abc").paragraphLevel == 1)
    #expect(BidiParagraph("\u{2067}\u{5D0}\u{2069}abc").paragraphLevel == 0)
  }

  /// N0: a mark after a bracket follows the bracket even with a joiner (removed by X9) between.
  @Test func aMarkFollowsItsBracketAcrossAJoiner() {
    let p = BidiParagraph("a(b)\u{200D}\u{301}", direction: .rightToLeft)
    #expect(p.levels == [2, 2, 2, 2, nil, 2])
  }

  /// L1: the white space ending a right-to-left line is at the paragraph level, so it is drawn
  /// at the line's left, hanging before its start; the text still ends at the right.
  @Test func trailingSpacesOfARightToLeftLineHangAtItsLeft() throws {
    let l = layout("\u{5D0}\u{5D1} \u{5D2}\u{5D3}", width: 30, direction: .rightToLeft)
    try #require(l.lines.count == 2)
    let first = l.lines[0]
    #expect(first.string.unicodeScalars.first == " ")
    #expect(first.glyphs[0].x < 0)
    let last = try #require(first.glyphs.last)
    #expect(abs(last.x + last.advance - first.width) < 0.001)
    #expect(BidiParagraph("\u{5D0} ", direction: .rightToLeft).visualOrder() == [1, 0])
    #expect(BidiParagraph("\u{5D0} \t", direction: .leftToRight).lineLevels() == [1, 0, 0])
  }

  /// Bidi classes come from the database for every script: Adlam is right to left, Hanifi
  /// Rohingya an Arabic letter (the old ranges knew a dozen scripts).
  @Test func everyScriptHasItsBidiClass() {
    #expect(BidiParagraph("\u{1E900}\u{1E901}").paragraphLevel == 1)
    #expect(BidiParagraph("\u{10D00}1").levels == [1, 2])
  }

  /// Scripts without spaces break between syllables where the script marks them.
  @Test func syllablesOfScriptsWithoutSpaces() {
    func breaks(_ s: String) -> [Int] {
      TextEngine.lineBreakOpportunities(in: s).enumerated().filter { $0.element == .allowed }.map(
        \.offset)
    }
    // Khmer សួ|ស្តី: not before the consonant under the coeng.
    #expect(breaks("\u{179F}\u{17BD}\u{179F}\u{17D2}\u{178F}\u{17B8}") == [1])
    // Myanmar မြန်|မာ: not before the consonant an asat kills.
    #expect(breaks("\u{1019}\u{103C}\u{1014}\u{103A}\u{1019}\u{102C}") == [3])
    // Thai ไป|เที่ยว: before a leading vowel; within กิน, nowhere.
    #expect(breaks("\u{E44}\u{E1B}\u{E40}\u{E17}\u{E35}\u{E48}\u{E22}\u{E27}") == [1])
    #expect(breaks("\u{E01}\u{E34}\u{E19}") == [])
  }

  /// Grapheme clusters of the annex's version, public.
  @Test func graphemeClustersArePublic() {
    #expect(
      TextEngine.graphemeClusterStarts(of: "e\u{301}\u{1F1EB}\u{1F1F7}\u{1F1E9}x") == [0, 2, 4, 5])
    #expect(TextEngine.graphemeClusterStarts(of: "\r\n\u{1F469}\u{200D}\u{1F4BB}!") == [0, 2, 5])
    #expect(TextEngine.unicodeVersion == "15.0.0")
  }
}
