import Foundation
import StrataTestSupport
import Testing

// @testable: these tests reach internals: ArabicJoining.
@testable import StrataText

/// The Joining_Type table shaping picks Arabic forms with: generated from the Unicode Character
/// Database, and the forms it gives.
@Suite struct JoiningTests {
  /// What Perl's database says of every code point equals the table, when the two are of the
  /// same Unicode version (the table is generated from it: this catches an edited table, a
  /// lookup that misses ranges, and a generator that drops a kind).
  @Test(
    .enabled(
      if: Peers.perlUnicodeVersion == ArabicJoining.unicodeVersion,
      "Perl's Unicode::UCD is missing or of another Unicode version than the table"))
  func everyCodePointHasTheDatabasesJoiningType() throws {
    let perl = try #require(Peers.perl)
    let script = """
      use Unicode::UCD qw(prop_invmap);
      my ($s, $v) = prop_invmap('Joining_Type');
      for my $i (0 .. $#$s) { my $x = ref $v->[$i] ? $v->[$i][0] : $v->[$i];
        printf "%X %s\\n", $s->[$i], $x; }
      """
    let out = try runCapturing(perl, ["-e", script])
    try #require(out.status == 0)
    let rows = out.out.split(separator: "\n").map { $0.split(separator: " ") }
    let expected: [String: ArabicJoining.Kind] = [
      "D": .dual, "R": .right, "L": .left, "C": .causing, "T": .transparent, "U": .none,
      "Non_Joining": .none,
    ]
    var checked = 0
    for (i, row) in rows.enumerated() {
      let start = try #require(UInt32(row[0], radix: 16))
      let end = i + 1 < rows.count ? (UInt32(rows[i + 1][0], radix: 16) ?? 0x110000) : 0x110000
      let kind = try #require(expected[String(row[1])])
      // Every code point of short ranges; the ends and middle of long ones.
      let points = end - start <= 64 ? Array(start..<end) : [start, (start + end) / 2, end - 1]
      for v in points {
        guard let c = Unicode.Scalar(v) else { continue }
        #expect(ArabicJoining.kind(of: c) == kind, "U+\(String(v, radix: 16, uppercase: true))")
        checked += 1
      }
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
