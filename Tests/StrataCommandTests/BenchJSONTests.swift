import Foundation
import Testing

@testable import StrataCommand

@Suite struct BenchJSONTests {
  /// `strata bench --json` prints one object per result with its rounds and spread.
  @Test func oneObjectPerResult() throws {
    let r = runTool(["bench", "--quick", "--filter", "keyframes", "--json"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(Set(object.keys) == ["name", "rounds", "median", "min", "max", "unit"], "\(line)")
      let median = try #require(object["median"] as? Double)
      let low = try #require(object["min"] as? Double)
      let high = try #require(object["max"] as? Double)
      #expect(low <= median && median <= high, "\(line)")
    }
  }
}
