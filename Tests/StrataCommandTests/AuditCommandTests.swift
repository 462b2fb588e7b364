import Foundation
import StrataTestSupport
import Testing

/// `strata audit`: a line for each finding and exit 1, or one line and exit 0; the options
/// narrow the matrix.
@Suite struct AuditCommandTests {
  static let spec = """
    {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 2,
     "layers": {"labels": {"pages": [
       {"type": "text", "name": "title", "frame": [0, 0, 200, 30],
        "text": {"runs": [{"text": "A title much too long for its box", "font": {"size": 17}}],
                 "maximumLines": 1}},
       {"type": "text", "name": "fine", "frame": [0, 0, 200, 30],
        "text": {"runs": [{"text": "Short", "font": {"size": 17}}]}}
     ]}}}
    """

  func specFile() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-audit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("audit.json").path
    try Self.spec.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func findingsAreListedAndFail() throws {
    let r = runTool([
      "audit", try specFile(), "--screen", "375x667", "--text-size", "large", "--rtl",
    ])
    #expect(r.status == 1)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "\(r.out)")
    #expect(
      lines.first
        == "screen 375×667, page 0, right to left, text large: text 'title' "
        + "(\"A title much too long for its…\") is cut off")
    #expect(r.err.contains("1 finding in 2 pages at rest (1 screen × 1 direction × 1 text size)"))
  }

  @Test func theWholeMatrixByDefault() throws {
    let r = runTool(["audit", try specFile()])
    #expect(r.status == 1)
    // Page 0 at every state: 12 screens, 2 directions, 2 text sizes.
    #expect(r.out.split(separator: "\n").count >= 48, "\(r.out)")
    #expect(r.err.contains("in 96 pages at rest (12 screens × 2 directions × 2 text sizes)"))
  }

  @Test func badOptionsAreRefused() {
    let r = runTool(["audit", "animals", "--text-size", "hueg"])
    #expect(r.status == 2 && r.err.contains("--text-size"))
    #expect(runTool(["audit", "animls"]).err.contains("did you mean"))
  }
}
