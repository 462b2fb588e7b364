import Strata
import Testing

// The README's example, verbatim but for `print`, which collects lines here.
private final class Welcome: TutorialController, StaticContentDataSource, IconDataSource {
  var numberOfPages: Int { 3 }
  override var roundnessHeight: Double { 10 }
  override var staticContentHeight: Double { pageSize.height * 450 / 1136 }

  func staticContent() -> Node? { Node(name: "card") }
  func icon(at page: Int) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: 44, height: 44), name: "icon \(page)")
  }
}

private func readmeExample() -> [String] {
  var lines: [String] = []
  func print(_ s: String) { lines.append(s) }
  let tutorial = Welcome(pageSize: Size(width: 375, height: 667))
  for position in [0.25, 0.5, 1.0] {
    tutorial.setPagePosition(position)
    guard let icon = tutorial.scene().node(named: "icon 1") else { continue }
    let centre = icon.transform.apply(to: icon.bounds.center)
    let tilt = icon.transform.rotationAngle * 180 / Double.pi
    func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
    print(
      "page \(position): icon 1 at (\(r(centre.x)), \(r(centre.y))), tilt \(r(tilt))°, alpha \(icon.alpha)"
    )
  }
  return lines
}

/// The README's lines between "```text" and "```" that follow the example.
private func readmeOutput() -> [String]? {
  var dir = #filePath
  for _ in 0..<3 { dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)]) }
  guard let text = readFile(dir + "/README.md") else { return nil }
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let start = lines.firstIndex(where: { $0.hasPrefix("page 0.25:") }) else { return nil }
  return Array(lines[start...].prefix { $0 != "```" })
}

@Suite struct ReadmeTests {
  @Test func theReadmeExamplePrintsWhatTheReadmeSays() throws {
    let printed = readmeExample()
    #expect(printed.count == 3)
    let documented = try #require(readmeOutput(), "README.md has no example output block")
    #expect(printed == documented)
  }
}
