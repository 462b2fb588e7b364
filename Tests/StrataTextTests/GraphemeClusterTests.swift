import Strata
import StrataText
import Testing

/// Grapheme clusters (UAX #29) are never split: not by a word wider than its line, not at the
/// tiniest width, not by truncation.
@Suite struct GraphemeClusterTests {
  static let engine = ScriptsTests.engine
  static let font = ScriptsTests.font

  /// The lines of `text` laid out `width` wide.
  static func lines(_ text: String, width: Double) -> [String] {
    engine.layout(TextContent(text, font: font), width: width).lines.map(\.string)
  }

  @Test func clusterStartsAreUAX29s() {
    #expect(TextEngine.graphemeClusterStarts(of: "ab") == [0, 1])
    // Two flags (regional indicator pairs), a letter with two marks, CR LF.
    #expect(TextEngine.graphemeClusterStarts(of: "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}") == [0, 2])
    #expect(TextEngine.graphemeClusterStarts(of: "q\u{323}\u{301}x") == [0, 3])
    #expect(TextEngine.graphemeClusterStarts(of: "\r\na") == [0, 2])
    // A Hangul syllable in jamo, an emoji ZWJ sequence, a prepended character.
    #expect(TextEngine.graphemeClusterStarts(of: "\u{1100}\u{1161}\u{11A8}\u{1100}") == [0, 3])
    #expect(TextEngine.graphemeClusterStarts(of: "\u{1F469}\u{200D}\u{1F4BB}!") == [0, 3])
    #expect(TextEngine.graphemeClusterStarts(of: "\u{600}1a") == [0, 2])
    #expect(TextEngine.graphemeClusterStarts(of: "") == [])
  }

  /// At a width nothing fits, every cluster gets a line of its own, whole.
  @Test(arguments: [
    ("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", ["\u{1F1EB}\u{1F1F7}", "\u{1F1E9}\u{1F1EA}"]),
    ("q\u{323}\u{301}x\u{301}", ["q\u{323}\u{301}", "x\u{301}"]),
    ("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", ["\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}"]),
    ("\u{1F469}\u{200D}\u{1F4BB}\u{1F469}", ["\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}"]),
    ("\u{600}1\u{600}2", ["\u{600}1", "\u{600}2"]),
  ])
  func aTinyWidthKeepsEveryClusterWhole(text: String, expected: [String]) {
    #expect(Self.lines(text, width: 1) == expected)
  }

  /// A word wider than its line breaks before its last cluster that fits, not inside one.
  @Test func aLongWordBreaksBetweenClusters() {
    let word = String(repeating: "q\u{323}\u{301}", count: 12)
    let oneWide = Self.engine.layout(
      TextContent("q\u{323}\u{301}", font: Self.font), width: .infinity
    )
    .size.width
    for line in Self.lines(word, width: oneWide * 4.5) {
      #expect(line.unicodeScalars.count % 3 == 0 && line.unicodeScalars.first == "q", "\(line)")
    }
  }

  /// Truncation keeps whole clusters at the tail, the head and in the middle.
  @Test(arguments: [TextContent.TruncationMode.tail, .head, .middle])
  func truncationKeepsWholeClusters(mode: TextContent.TruncationMode) {
    let flags = String(repeating: "\u{1F1EB}\u{1F1F7}", count: 8)
    for width in stride(from: 20.0, through: 120, by: 7) {
      var text = TextContent(flags, font: Self.font)
      text.maximumLines = 1
      text.truncationMode = mode
      let shown = Self.engine.layout(text, width: width).lines.map(\.string).joined()
      let indicators = shown.unicodeScalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
      // Every flag shown is a pair, starting on its first letter.
      #expect(indicators.count % 2 == 0, "\(mode) at \(width): \(shown.debugDescription)")
      let kept = shown.split(separator: "\u{2026}").map { String($0) }
      for part in kept where !part.isEmpty {
        #expect(part.unicodeScalars.first == "\u{1F1EB}", "\(mode) at \(width)")
      }
    }
  }
}
