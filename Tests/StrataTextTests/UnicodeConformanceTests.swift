import Foundation
import Strata
import Testing

// @testable: BidiTest.txt gives classes, not characters; these tests reach Bidi.resolve and the
// line breaker's untailored rules.
@testable import StrataText

/// Unicode's own conformance files, run in full: LineBreakTest.txt, GraphemeBreakTest.txt,
/// BidiTest.txt and BidiCharacterTest.txt, from the Unicode Character Database of the version
/// the tables were generated from. They come from the distribution's `unicode-data` package
/// (/usr/share/unicode, or the folder `STRATA_UCD` names), which `.ci/run` installs; without it
/// these tests say they were skipped.
@Suite struct UnicodeConformanceTests {
  static let folder = ProcessInfo.processInfo.environment["STRATA_UCD"] ?? "/usr/share/unicode"
  static let skipNote: Comment =
    "the Unicode test files are not installed (apt-get install unicode-data, or set STRATA_UCD)"

  /// The lines of a test file, when it is there and of the tables' version.
  static func lines(_ path: String) -> [Substring]? {
    guard let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else {
      return nil
    }
    return text.split(separator: "\n", omittingEmptySubsequences: true)
  }

  static func hasFile(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: folder + "/" + path)
  }

  /// The version a test file states in its first line (`# LineBreakTest-15.0.0.txt`).
  static func version(_ lines: [Substring]) -> String? {
    guard let first = lines.first, let dash = first.firstIndex(of: "-"),
      let dot = first.range(of: ".txt")
    else { return nil }
    return String(first[first.index(after: dash)..<dot.lowerBound])
  }

  /// Calls `body` with the value of each code point a data file of the database lists (every
  /// one of short ranges, the ends and middle of long ones), after checking the file is of
  /// `version`; returns how many it checked.
  static func eachListedCodePoint(
    _ path: String, version expected: String, _ body: (Unicode.Scalar, Substring) -> Void
  ) throws -> Int {
    let lines = try #require(Self.lines(path))
    #expect(version(lines) == expected, "\(path) is not of the tables' Unicode version")
    var checked = 0
    for line in lines where !line.hasPrefix("#") {
      let fields = line.split(separator: "#", maxSplits: 1)[0].split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard fields.count >= 2 else { continue }
      let span = fields[0].split(separator: ".", omittingEmptySubsequences: true)
      guard let first = UInt32(span[0], radix: 16),
        let last = UInt32(span[span.count - 1], radix: 16)
      else { continue }
      let points = last - first <= 64 ? Array(first...last) : [first, (first + last) / 2, last]
      for v in points {
        guard let c = Unicode.Scalar(v) else { continue }
        body(c, Substring(fields[1]))
        checked += 1
      }
    }
    return checked
  }

  /// The generated tables give every listed code point the database's value (what rule LB1
  /// and the folded-in facts make of it, for line breaking).
  @Test(.enabled(if: hasFile("LineBreak.txt"), skipNote))
  func tablesHoldTheDatabasesValues() throws {
    typealias C = LineBreaks.Class
    let folded: [Substring: Set<C>] = [
      "AI": [.al], "SG": [.al], "XX": [.al], "SA": [.sa, .cm], "OP": [.op, .opWide],
      "CP": [.cp, .cpWide], "QU": [.qu, .quInitial, .quFinal], "ID": [.id, .idPictographic],
      "AL": [.al], "BA": [.ba], "BB": [.bb], "B2": [.b2], "BK": [.bk], "CB": [.cb], "CL": [.cl],
      "CM": [.cm], "CR": [.cr], "EB": [.eb], "EM": [.em], "EX": [.ex], "GL": [.gl], "H2": [.h2],
      "H3": [.h3], "HL": [.hl], "HY": [.hy], "IN": [.inseparable], "IS": [.infixSeparator],
      "JL": [.jl], "JT": [.jt], "JV": [.jv], "LF": [.lf], "NL": [.nl], "NS": [.ns], "NU": [.nu],
      "PO": [.po], "PR": [.pr], "RI": [.ri], "SP": [.sp], "SY": [.sy], "WJ": [.wj], "ZW": [.zw],
      "ZWJ": [.zwj], "CJ": [.cj],
    ]
    var n = try Self.eachListedCodePoint("LineBreak.txt", version: LineBreaks.unicodeVersion) {
      c, value in
      #expect(
        folded[value]?.contains(LineBreaks.lineBreakClass(of: c)) == true,
        "U+\(String(c.value, radix: 16)) \(value)")
    }
    n += try Self.eachListedCodePoint(
      "extracted/DerivedBidiClass.txt", version: Bidi.unicodeVersion
    ) { c, value in
      #expect(Self.kinds[value] == Bidi.kind(of: c), "U+\(String(c.value, radix: 16)) \(value)")
    }
    typealias G = GraphemeBreaks.Property
    let graphemes: [Substring: G] = [
      "CR": .cr, "LF": .lf, "Control": .control, "Extend": .extend, "ZWJ": .zwj,
      "Regional_Indicator": .regionalIndicator, "Prepend": .prepend,
      "SpacingMark": .spacingMark, "L": .l, "V": .v, "T": .t, "LV": .lv, "LVT": .lvt,
    ]
    n += try Self.eachListedCodePoint(
      "auxiliary/GraphemeBreakProperty.txt", version: GraphemeBreaks.unicodeVersion
    ) { c, value in
      #expect(
        graphemes[value] == GraphemeBreaks.property(of: c),
        "U+\(String(c.value, radix: 16)) \(value)")
    }
    #expect(n > 10_000)
  }

  /// A test line of the segmentation files: the scalars, and after each whether it is
  /// followed by a boundary (÷) or not (×).
  static func segmentation(_ line: Substring) -> (scalars: [Unicode.Scalar], breaks: [Bool])? {
    let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    var scalars: [Unicode.Scalar] = []
    var breaks: [Bool] = []
    for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      if token == "÷" || token == "×" {
        if !scalars.isEmpty { breaks.append(token == "÷") }
      } else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) {
        scalars.append(s)
      } else {
        return nil
      }
    }
    return scalars.isEmpty || breaks.count != scalars.count ? nil : (scalars, breaks)
  }

  @Test(.enabled(if: hasFile("auxiliary/LineBreakTest.txt"), skipNote))
  func lineBreakTest() throws {
    let lines = try #require(Self.lines("auxiliary/LineBreakTest.txt"))
    #expect(Self.version(lines) == LineBreaks.unicodeVersion)
    var cases = 0
    var failures: [String] = []
    // With layout's tailorings, every difference must come from one of them.
    var tailored = 0
    for line in lines where !line.hasPrefix("#") {
      guard let (scalars, breaks) = Self.segmentation(line) else {
        Issue.record("unreadable test line: \(line)")
        continue
      }
      cases += 1
      let ours = LineBreaks.opportunities(scalars, tailoring: .standard).map { $0 != .prohibited }
      if ours != breaks, failures.count < 20 { failures.append(String(line)) }
      let withTailoring = LineBreaks.opportunities(scalars).map { $0 != .prohibited }
      if withTailoring != breaks {
        tailored += 1
        let explained = scalars.contains {
          let c = LineBreaks.lineBreakClass(of: $0)
          return c == .sa || c == .quInitial || c == .quFinal
        }
        #expect(explained, "a tailoring changes a case it should not touch: \(line)")
      }
    }
    #expect(cases > 7000)
    #expect(
      failures.isEmpty, "\(failures.count) failures, first: \(failures.joined(separator: "\n"))")
    print(
      "LineBreakTest \(Self.version(lines) ?? "?"): \(cases) cases, "
        + "\(cases - failures.count) pass; \(tailored) differ with layout's tailorings")
  }

  @Test(.enabled(if: hasFile("auxiliary/GraphemeBreakTest.txt"), skipNote))
  func graphemeBreakTest() throws {
    let lines = try #require(Self.lines("auxiliary/GraphemeBreakTest.txt"))
    #expect(Self.version(lines) == GraphemeBreaks.unicodeVersion)
    var cases = 0
    var failures: [String] = []
    for line in lines where !line.hasPrefix("#") {
      guard let (scalars, breaks) = Self.segmentation(line) else {
        Issue.record("unreadable test line: \(line)")
        continue
      }
      cases += 1
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      let starts = TextEngine.graphemeClusterStarts(of: String(view))
      // A boundary after scalar i is a cluster starting at i + 1 (or the end).
      let ours = scalars.indices.map { $0 == scalars.count - 1 || starts.contains($0 + 1) }
      if ours != breaks { failures.append(String(line)) }
    }
    #expect(cases > 600)
    #expect(
      failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "\n"))"
    )
    print(
      "GraphemeBreakTest \(Self.version(lines) ?? "?"): \(cases) cases, \(cases - failures.count) pass"
    )
  }

  /// The class names of BidiTest.txt.
  static let kinds: [Substring: Bidi.Kind] = [
    "L": .l, "R": .r, "AL": .al, "EN": .en, "ES": .es, "ET": .et, "AN": .an, "CS": .cs,
    "NSM": .nsm, "BN": .bn, "B": .b, "S": .s, "WS": .ws, "ON": .on, "LRE": .lre, "RLE": .rle,
    "LRO": .lro, "RLO": .rlo, "PDF": .pdf, "LRI": .lri, "RLI": .rli, "FSI": .fsi, "PDI": .pdi,
  ]

  @Test(.enabled(if: hasFile("BidiTest.txt"), skipNote))
  func bidiTest() throws {
    let lines = try #require(Self.lines("BidiTest.txt"))
    #expect(Self.version(lines) == Bidi.unicodeVersion)
    var levels: [UInt8?] = []
    var order: [Int] = []
    var cases = 0
    var failures: [String] = []
    for line in lines where !line.hasPrefix("#") {
      if line.hasPrefix("@Levels:") {
        levels = line.dropFirst(8).split(whereSeparator: \.isWhitespace).map { UInt8($0) }
        continue
      }
      if line.hasPrefix("@Reorder:") {
        order = line.dropFirst(9).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        continue
      }
      if line.hasPrefix("@") { continue }
      let parts = line.split(separator: ";")
      guard parts.count == 2, let bits = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
        Issue.record("unreadable test line: \(line)")
        continue
      }
      let input = parts[0].split(whereSeparator: \.isWhitespace).compactMap { Self.kinds[$0] }
      for (bit, base) in [(1, nil), (2, 0), (4, 1)] as [(Int, UInt8?)] where bits & bit != 0 {
        cases += 1
        let r = Bidi.resolve(input, base: base)
        let line = Bidi.lineLevels(levels: r.levels, kinds: input, base: r.paragraphLevel)
        let ours = line.indices.map { r.removed[$0] ? nil : line[$0] }
        let visual = Bidi.visualOrder(
          levels: r.levels, kinds: input, base: r.paragraphLevel, skipping: r.removed)
        if ours != levels || visual != order, failures.count < 20 {
          failures.append("\(parts[0]) at \(base.map(String.init) ?? "auto"): \(ours) \(visual)")
        }
      }
    }
    #expect(cases > 700_000)
    #expect(failures.isEmpty, "failures, first: \(failures.joined(separator: "\n"))")
    print("BidiTest \(Self.version(lines) ?? "?"): \(cases) cases")
  }

  @Test(.enabled(if: hasFile("BidiCharacterTest.txt"), skipNote))
  func bidiCharacterTest() throws {
    let lines = try #require(Self.lines("BidiCharacterTest.txt"))
    #expect(Self.version(lines) == Bidi.unicodeVersion)
    var cases = 0
    var failures: [String] = []
    for line in lines where !line.hasPrefix("#") {
      let f = line.split(separator: ";", omittingEmptySubsequences: false)
      guard f.count == 5, let d = Int(f[1]), let expectedLevel = UInt8(f[2]) else {
        Issue.record("unreadable test line: \(line)")
        continue
      }
      cases += 1
      var view = String.UnicodeScalarView()
      view.append(
        contentsOf: f[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }.compactMap(
          Unicode.Scalar.init))
      let direction: LayoutDirection? = d == 0 ? .leftToRight : d == 1 ? .rightToLeft : nil
      let p = BidiParagraph(String(view), direction: direction)
      let levels = f[3].split(separator: " ").map { UInt8($0) }
      let order = f[4].split(separator: " ").compactMap { Int($0) }
      if p.paragraphLevel != expectedLevel || p.lineLevels() != levels || p.visualOrder() != order {
        failures.append(String(line))
      }
    }
    #expect(cases > 90_000)
    #expect(
      failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "\n"))"
    )
    print(
      "BidiCharacterTest \(Self.version(lines) ?? "?"): \(cases) cases, \(cases - failures.count) pass"
    )
  }
}
