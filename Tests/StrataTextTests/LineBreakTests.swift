import Foundation
import Strata
import StrataTestSupport
import Testing

// @testable: these tests reach internals: LineBreaks.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// The Unicode Line Breaking Algorithm (UAX #14): each rule on a string that depends on it,
/// and agreement with an independent implementation (uniseg, an optional peer).
@Suite struct LineBreakingAlgorithmTests {
  /// `text` cut after every position where a line may end.
  func segments(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let found = LineBreaks.opportunities(scalars)
    var out: [String] = []
    var current = String.UnicodeScalarView()
    for (scalar, opportunity) in zip(scalars, found) {
      current.append(scalar)
      if opportunity != .prohibited {
        out.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    return out
  }

  @Test func classesComeFromTheUnicodeTable() {
    #expect(LineBreaks.unicodeVersion == "15.0.0")
    let expected: [(Unicode.Scalar, LineBreaks.Class)] = [
      ("a", .al), (" ", .sp), ("(", .op), (")", .cp), ("\"", .qu), ("-", .hy), ("5", .nu),
      ("$", .pr), ("%", .po), (",", .infixSeparator), ("/", .sy), ("!", .ex),
      ("\u{5D0}", .hl), ("\u{301}", .cm), ("\u{200D}", .zwj), ("\u{200B}", .zw),
      ("\u{2060}", .wj), ("\u{A0}", .gl), ("\u{2014}", .b2), ("\u{4E00}", .id),
      ("\u{AC00}", .h2), ("\u{AC01}", .h3), ("\u{1100}", .jl), ("\u{1161}", .jv),
      ("\u{11A8}", .jt), ("\u{1F1EB}", .ri), ("\u{1F44D}", .eb), ("\u{1F3FD}", .em),
      ("\u{3063}", .cj), ("\u{FF08}", .opWide), ("\u{FF09}", .cl), ("\u{AB}", .quInitial),
      ("\u{BB}", .quFinal), ("\u{E2F}", .sa),
      ("\u{E31}", .cm), ("\u{2026}", .inseparable), ("\u{FFFC}", .cb),
      ("\u{1FFFD}", .idPictographic),
      ("\u{10FFFF}", .al),
    ]
    for (scalar, cls) in expected {
      #expect(LineBreaks.lineBreakClass(of: scalar) == cls, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test func hardLineEndsAreMandatoryAndCRLFStaysTogether() {
    let found = LineBreaks.opportunities(Array("a\r\nb\nc\u{2028}d".unicodeScalars))
    #expect(
      found == [
        .prohibited, .prohibited, .mandatory, .prohibited, .mandatory, .prohibited, .mandatory,
        .mandatory,
      ])
  }

  @Test func spacesAndPunctuation() {
    #expect(segments("Hello, world!") == ["Hello, ", "world!"])
    // LB13: not before "!" even after a space; LB14: not after "(" even before a space.
    #expect(segments("souvenirs ! ( a") == ["souvenirs ! ", "( a"])
    // LB15: a quotation mark, spaces and an opening bracket; LB16: a closing bracket, spaces
    // and a non-starter (々); LB17: two em dashes with spaces between.
    #expect(segments("\" (a") == ["\" (a"])
    #expect(segments("a) \u{3005}") == ["a) \u{3005}"])
    #expect(segments("a\u{2014} \u{2014}b") == ["a", "\u{2014} \u{2014}", "b"])
    // LB19: quotation marks hold to both sides.
    #expect(segments("say \"hi\" now") == ["say ", "\"hi\" ", "now"])
    // LB15a, LB15b: French quotes keep their inner spaces; a closing mark inside a word
    // (an apostrophe, U+2019) does not hold.
    #expect(segments("dit \u{AB} bonjour \u{BB} ici") == ["dit ", "\u{AB} bonjour \u{BB} ", "ici"])
    #expect(segments("l\u{2019}ami") == ["l\u{2019}ami"])
  }

  @Test func hyphensAndHebrew() {
    // LB21: after a hyphen; LB21a: not after a Hebrew letter's hyphen.
    #expect(segments("well-known") == ["well-", "known"])
    #expect(segments("\u{5E9}\u{5DC}\u{5D5}\u{5DD}-\u{5E2}\u{5D5}\u{5DC}\u{5DD}").count == 1)
  }

  @Test func numbersStayWhole() {
    // LB25 with LB13 and LB23-24: prices, thousands, percentages, signs, units.
    #expect(segments("$1,000.50 now") == ["$1,000.50 ", "now"])
    #expect(segments("12% of 3.5kg") == ["12% ", "of ", "3.5kg"])
    #expect(segments("a -5 (12)") == ["a ", "-5 ", "(12)"])
    #expect(segments("A4 e.g.") == ["A4 ", "e.g."])
  }

  @Test func bracketsInWideAndNarrowForms() {
    // LB30: narrow brackets hold to letters; East Asian wide ones do not.
    #expect(segments("a(b)c") == ["a(b)c"])
    #expect(segments("a\u{FF08}b\u{FF09}c") == ["a", "\u{FF08}b\u{FF09}", "c"])
  }

  @Test func invisibleControls() {
    // LB8: after a zero width space. LB11: never around a word joiner. LB12: no-break space.
    #expect(segments("a\u{200B}b") == ["a\u{200B}", "b"])
    #expect(segments("a\u{2060}b c") == ["a\u{2060}b ", "c"])
    #expect(segments("10\u{A0}kg more") == ["10\u{A0}kg ", "more"])
    // LB9: a combining accent stays with its letter.
    #expect(segments("e\u{301} \u{301}a") == ["e\u{301} ", "\u{301}a"])
  }

  @Test func emoji() {
    // LB30a: flags pair up; LB30b: a skin tone stays on its emoji; LB8a: ZWJ sequences hold.
    #expect(
      segments("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}") == [
        "\u{1F1EB}\u{1F1F7}", "\u{1F1E9}\u{1F1EA}",
      ])
    #expect(segments("\u{1F44D}\u{1F3FD}\u{1F44D}") == ["\u{1F44D}\u{1F3FD}", "\u{1F44D}"])
    #expect(
      segments("\u{1F469}\u{200D}\u{1F4BB}\u{1F469}") == [
        "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}",
      ])
  }

  @Test func eastAsianText() {
    // Ideographs break between any two, not before small kana (CJ as NS) or 、.
    #expect(
      segments("\u{4ECA}\u{65E5}\u{306F}\u{3001}") == ["\u{4ECA}", "\u{65E5}", "\u{306F}\u{3001}"])
    #expect(
      segments("\u{3061}\u{3087}\u{3063}\u{3068}") == ["\u{3061}\u{3087}\u{3063}", "\u{3068}"])
    // LB26: conjoining jamo make one syllable; precomposed syllables break between them.
    #expect(
      segments("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}") == [
        "\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}",
      ])
    #expect(
      segments("\u{D55C}\u{AD6D}\u{C5B4} \u{D55C}") == [
        "\u{D55C}", "\u{AD6D}", "\u{C5B4} ", "\u{D55C}",
      ])
  }

  /// Thai has no dictionary here: it breaks at spaces only (documented).
  @Test func dictionaryScriptsBreakAtSpacesOnly() {
    #expect(
      segments("\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35} \u{E04}\u{E23}\u{E31}\u{E1A}").count == 2
    )
  }

  /// A ligature carries the opportunity of its last character: "ff" before a space in a face
  /// with the ligature still lets the line break after the space only.
  @Test func opportunitiesSurviveShaping() {
    let engine = ScriptsTests.engine
    let text = "aaaa-bbbb cccc"
    let full = engine.layout(TextContent(text, font: ScriptsTests.font), width: .infinity)
    #expect(full.lines.count == 1)
    let narrow = engine.layout(
      TextContent(text, font: ScriptsTests.font), width: full.lines[0].width * 0.45)
    #expect(
      narrow.lines.map { $0.string.trimmingCharacters(in: .whitespaces) } == [
        "aaaa-", "bbbb", "cccc",
      ])
  }

  /// Strings of many kinds against uniseg's implementation of the same annex.
  @Test(.enabled(if: Peers.hasUniseg, "uniseg is not installed (pip install uniseg)"))
  func opportunitiesMatchUniseg() throws {
    let corpus = [
      "The quick (brown) fox — jumps over the lazy dog.",
      "Prices: $1,000.50, 12%, €3.99 and -5°C; e.g. A4/B5 paper!",
      "well-known, state-of-the-art \u{201C}quotes\u{201D} and 'single' ones?",
      "Mot\u{A0}à\u{A0}mot : « bonjour » ; 10\u{A0}km…",
      "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD} (123) \u{5D1}\u{5D9}\u{5EA}",
      "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645} 2024!",
      "\u{4ECA}\u{65E5}\u{306F}\u{3001}\u{3088}\u{3044}\u{5929}\u{6C17}\u{3067}\u{3059}\u{306D}\u{3002}",
      "\u{D55C}\u{AD6D}\u{C5B4} \u{D14C}\u{C2A4}\u{D2B8}\u{C785}\u{B2C8}\u{B2E4}.",
      "Emoji \u{1F44D}\u{1F3FD} \u{1F469}\u{200D}\u{1F4BB} \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} ok",
      "Ελληνικά και Русский текст, 3.14 и т.д.",
      "a\u{200B}b\u{2060}c e\u{301}t\u{E9} tab\there",
      "(12) [a] {b} x/y a+b=c #1 @home 50/50",
    ]
    var agreeing = 0
    for text in corpus {
      let (out, status) = try runPython([
        "-c",
        "import sys; from uniseg.linebreak import line_break_boundaries as b; "
          + "print(' '.join(str(x) for x in b(sys.argv[1])))",
        text,
      ])
      #expect(status == 0)
      let theirs = Set(out.split(whereSeparator: \.isWhitespace).compactMap { Int($0) })
      let found = LineBreaks.opportunities(Array(text.unicodeScalars))
      var ours = Set<Int>()
      for (i, o) in found.enumerated() where o != .prohibited { ours.insert(i + 1) }
      if ours == theirs { agreeing += 1 }
      #expect(
        ours == theirs,
        "\(text): only ours \(ours.subtracting(theirs).sorted()), only uniseg's \(theirs.subtracting(ours).sorted())"
      )
    }
    print("uniseg agreement: \(agreeing) of \(corpus.count) strings")
  }
}
