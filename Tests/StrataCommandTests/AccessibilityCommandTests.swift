import Foundation
import StrataCommand
import StrataRender
import StrataTestSupport
import Testing

/// `strata render --accessibility` writes each rest page's tree; `--text-size` renders at a
/// reader's text size.
@Suite struct AccessibilityCommandTests {
  @Test func renderWritesTheTreeOfEveryRestPage() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool([
      "render", "animals", "--out", dir.path, "--frames", "3", "--scale", "0.5",
      "--accessibility", "--text-size", "accessibility2",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("3 accessibility trees"))
    for page in 0..<3 {
      let data = try Data(contentsOf: dir.appendingPathComponent("accessibility-page-\(page).json"))
      let tree = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(tree["page"] as? Int == page)
      let elements = try #require(tree["elements"] as? [[String: Any]])
      #expect(elements.first?["value"] as? String == "Page \(page + 1) of 3")
      #expect(elements.last?["actions"] as? [String] == ["activate:start"])
    }
    // A second run without the flag removes the trees of the first: the folder holds one run.
    #expect(
      runTool(["render", "animals", "--out", dir.path, "--frames", "2", "--scale", "0.5"]).status
        == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(!left.contains { $0.hasPrefix("accessibility-page-") })
  }

  @Test func aTextSizeIsOneOfTheTwelve() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("a.png").path
    let good = runTool([
      "frame", "animals", "--text-size", "xxxLarge", "--scale", "0.5", "--out", out,
    ])
    #expect(good.status == 0, "\(good.err)")
    let bad = runTool(["frame", "animals", "--text-size", "huge", "--out", out])
    #expect(bad.status != 0)
    #expect(bad.err.contains("xSmall, small, medium, large"))
    let typo = runTool(["frame", "animals", "--text-size", "acessibility5", "--out", out])
    #expect(typo.err.contains("did you mean 'accessibility5'"))
  }
}
