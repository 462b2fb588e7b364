import Foundation
import StrataSpec
import Testing

/// The JSON reader: values with their positions, and a typed error with a position for every
/// way a document can be wrong, within the limits.
@Suite struct JSONReaderTests {
  func read(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONError)
    -> JSONValue
  {
    try JSONReader(limits: limits).read(text)
  }

  func error(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) -> JSONError? {
    do {
      _ = try read(text, limits)
      return nil
    } catch {
      return error
    }
  }

  @Test func valuesAndPositions() throws {
    let v = try read(
      "{\n  \"a\": [1, -2.5e3, true, null],\n  \"é\": \"x\\u00e9\\ud83d\\ude00\\n\"\n}")
    guard case .object(let members) = v.kind else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["a", "é"])
    #expect(members[0].position == TextPosition(line: 2, column: 3))
    #expect(v["a"]?.position == TextPosition(line: 2, column: 8))
    #expect(v["é"]?.kind == .string("xé😀\n"))
    // Columns count characters, not bytes: "é" is two bytes.
    #expect(v["é"]?.position == TextPosition(line: 3, column: 8))
    if case .array(let items) = v["a"]?.kind {
      #expect(items.map(\.kind) == [.number(1), .number(-2500), .bool(true), .null])
    }
    // A byte order mark is skipped.
    #expect(try JSONReader().read([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).kind == .array([]))
  }

  @Test func everyMistakeHasItsPosition() {
    let cases: [(String, String)] = [
      ("{\"a\": 1,}", "expected a key in quotes, found '}' (line 1, column 9)"),
      ("[1 2]", "expected ',' or ']', found '2' (line 1, column 4)"),
      ("{\"a\" 1}", "expected ':' after the key, found '1' (line 1, column 6)"),
      ("[01]", "expected ',' or ']', found '1' (line 1, column 3)"),
      ("[1.]", "expected a digit after '.', found ']' (line 1, column 4)"),
      ("[tru]", "expected 'true', found ']' (line 1, column 2)"),
      ("\n\n  [1e400]", "the number 1e400 is too large (line 3, column 4)"),
      ("[\"\\x\"]", "invalid escape \\'x' (line 1, column 3)"),
      ("[\"\\ud800\"]", "invalid escape an unpaired surrogate (line 1, column 3)"),
      ("[\"a\u{1}\"]", "control character 0x1 inside a string (line 1, column 4)"),
      ("[1] 2", "expected the end of the document, found '2' (line 1, column 5)"),
      ("", "the document ends where a value was expected (line 1, column 1)"),
      ("{\"a\": [", "the document ends where a value was expected (line 1, column 8)"),
    ]
    for (text, message) in cases {
      #expect(error(text)?.description == message, "\(text)")
    }
  }

  @Test func invalidUTF8IsRefusedWithItsPosition() {
    for bad: [UInt8] in [
      [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
    ] {
      let bytes = Array("[\n \"ok".utf8) + bad + Array("\"]".utf8)
      #expect(throws: JSONError(.invalidUTF8, at: TextPosition(line: 2, column: 5))) {
        try JSONReader().read(bytes)
      }
    }
  }

  @Test func limitsAreKept() {
    let limits = JSONReader.Limits(maximumBytes: 100, maximumDepth: 4, maximumValues: 10)
    #expect(
      error(String(repeating: " ", count: 101) + "1", limits)?.reason
        == .tooLarge(bytes: 102, limit: 100))
    #expect(error("[[[[[1]]]]]", limits)?.reason == .tooDeep(limit: 4))
    #expect(error("[[[[1]]]]", limits) == nil)
    #expect(error("[1,2,3,4,5,6,7,8,9,10]", limits)?.reason == .tooManyValues(limit: 10))
    // The default depth holds against a hundred thousand brackets, without recursing that far.
    #expect(error(String(repeating: "[", count: 100_000))?.reason == .tooDeep(limit: 64))
  }

  @Test func writerRoundTripsNumbersAndStrings() throws {
    let text = "{\"a\": [0.1, 1e-7, 123456789.125, -0.0, 3], \"s\": \"q\\\"\\\\\\n\\u0001é\"}"
    let v = try read(text)
    #expect(try read(JSONWriter.write(v)).kind == v.kind)
    #expect(JSONWriter.format(3) == "3")
    #expect(JSONWriter.format(0.1) == "0.1")
  }
}
