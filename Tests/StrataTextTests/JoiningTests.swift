import Foundation
import StrataTestSupport
import Testing

// @testable: these tests reach internals: ArabicJoining.
@testable import StrataText

/// The Joining_Type table shaping picks Arabic forms with: generated from the Unicode Character
/// Database, and the forms it gives.
@Suite struct JoiningTests {
  /// What the Unicode Character Database's DerivedJoiningType.txt says of every code point it
  /// lists equals the table, when the file is of the table's Unicode version (the table is
  /// generated from it: this catches an edited table, a lookup that misses ranges, and a
  /// generator that drops a kind).
  @Test(
    .enabled(
      if: UnicodeConformanceTests.hasFile("extracted/DerivedJoiningType.txt"),
      UnicodeConformanceTests.skipNote))
  func everyCodePointHasTheDatabasesJoiningType() throws {
    let expected: [Substring: ArabicJoining.Kind] = [
      "D": .dual, "R": .right, "L": .left, "C": .causing, "T": .transparent, "U": .none,
    ]
    let checked = try UnicodeConformanceTests.eachListedCodePoint(
      "extracted/DerivedJoiningType.txt", version: ArabicJoining.unicodeVersion
    ) { c, value in
      #expect(ArabicJoining.kind(of: c) == expected[value], "U+\(String(c.value, radix: 16))")
    }
    #expect(checked > 1000)
  }

  /// Letters of the Arabic Supplement join as the base block's do (the hand-written table of
  /// before knew only U+0600–U+06FF), and marks between letters do not break the joining.
  @Test func supplementLettersJoinAndMarksAreSkipped() {
    // U+0750 ARABIC LETTER BEH WITH THREE DOTS HORIZONTALLY BELOW: dual-joining.
    let beh: Unicode.Scalar = "\u{750}"
    #expect(ArabicJoining.forms([beh, beh, beh]) == ["init", "medi", "fina"])
    // A fatha (U+064E) between two letters is transparent.
    #expect(ArabicJoining.forms([beh, "\u{64E}", beh]) == ["init", nil, "fina"])
    // U+0627 ALEF joins on the right only: the letter after it starts afresh.
    #expect(ArabicJoining.forms(["\u{628}", "\u{627}", "\u{628}"]) == ["init", "fina", "isol"])
    // Tatweel (U+0640) causes joining on both sides.
    #expect(ArabicJoining.forms(["\u{628}", "\u{640}", "\u{628}"]) == ["init", nil, "fina"])
  }

  /// A left-joining character (U+A872 PHAGS-PA SUPERFIXED LETTER RA) joins the one after it
  /// and never the one before.
  @Test func leftJoiningCharactersJoinForwardOnly() {
    let ra: Unicode.Scalar = "\u{A872}"
    let ka: Unicode.Scalar = "\u{A840}"  // PHAGS-PA LETTER KA: dual-joining
    #expect(ArabicJoining.kind(of: ra) == .left)
    #expect(ArabicJoining.forms([ka, ra, ka]) == ["isol", "init", "fina"])
  }
}
