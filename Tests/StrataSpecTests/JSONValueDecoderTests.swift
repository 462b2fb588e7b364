import Foundation
import StrataSpec
import Testing

/// A spec is parsed once: the Codable model is decoded from the tree the checker walked, with
/// JSONDecoder's meaning, and a decoding error says where.
@Suite struct JSONValueDecoderTests {
  struct Sample: Codable, Hashable {
    enum Kind: String, Codable { case a, b }
    var name: String
    var count: Int
    var ratio: Double
    var small: Float?
    var flag: Bool?
    var missing: String?
    var null: Int?
    var kinds: [Kind]
    var table: [String: [Int]]
    var nested: [Sample]?
  }

  static let text = """
    {"name": "x", "count": 3, "ratio": 0.5, "small": 1.25, "flag": true, "null": null,
     "kinds": ["a", "b"], "table": {"k": [1, 2]},
     "nested": [{"name": "y", "count": -1, "ratio": 1e3, "kinds": [], "table": {}}]}
    """

  @Test func decodesAsJSONDecoderDoes() throws {
    let tree = try JSONReader().read(Array(Self.text.utf8))
    let ours = try JSONValueDecoder().decode(Sample.self, from: tree)
    let foundation = try JSONDecoder().decode(Sample.self, from: Data(Self.text.utf8))
    #expect(ours == foundation)
    #expect(ours.missing == nil && ours.null == nil && ours.nested?.first?.count == -1)
  }

  @Test func everyExampleSpecDecodesAsBefore() throws {
    let folder = specsDirectory
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.count >= 4)
    for f in files {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(f))
      let tree = try JSONReader().read(Array(bytes))
      let ours = try JSONValueDecoder().decode(TutorialSpec.self, from: tree)
      #expect(ours == (try JSONDecoder().decode(TutorialSpec.self, from: bytes)), "\(f)")
    }
  }

  @Test func errorsSayWhere() throws {
    let tree = try JSONReader().read(Array("{\"name\": \"x\",\n \"count\": 2.5}".utf8))
    do {
      _ = try JSONValueDecoder().decode(Sample.self, from: tree)
      Issue.record("decoded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("(line 2, column 11)"), "\(context)")
      #expect(context.codingPath.map(\.stringValue) == ["count"])
    } catch let DecodingError.keyNotFound(key, _) {
      Issue.record("the count is checked before later keys: \(key)")
    }
    let wrong = try JSONReader().read(Array(#"[1]"#.utf8))
    #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Sample.self, from: wrong) }
  }
}
