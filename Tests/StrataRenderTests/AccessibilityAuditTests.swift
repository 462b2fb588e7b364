import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

/// The audit finds text cut off by its box or the screen, and text below WCAG AA contrast.
@Suite struct AccessibilityAuditTests {
  /// A white screen with one text node.
  func scene(
    _ text: TextContent, frame: Rect, background: Color = .white, alpha: Double = 1,
    decorative: Bool = false
  ) -> Scene {
    let node = SceneNode(
      name: "text", content: .text(text, .top),
      bounds: Rect(origin: .zero, size: frame.size),
      transform: Transform(translationX: frame.minX, y: frame.minY), alpha: alpha,
      isDecorative: decorative)
    let root = SceneNode(
      bounds: Rect(x: 0, y: 0, width: 200, height: 100), backgroundColor: background,
      children: [node])
    return Scene(size: Size(width: 200, height: 100), root: root)
  }

  let box = Rect(x: 10, y: 10, width: 180, height: 40)

  @Test func blackOnWhitePasses() {
    let s = scene(TextContent("Readable", font: .system(size: 14), color: .black), frame: box)
    #expect(AccessibilityAudit().findings(in: s).isEmpty)
  }

  @Test func lightGreyOnWhiteIsReportedWithItsRatio() throws {
    let grey = Color(white: 0.6)
    let s = scene(TextContent("Faint words", font: .system(size: 14), color: grey), frame: box)
    let found = AccessibilityAudit().lowContrast(in: s)
    let finding = try #require(found.first)
    guard case .lowContrast(let ratio, let required) = finding.kind else {
      Issue.record("not a contrast finding: \(finding)")
      return
    }
    // #999999 on white is 2.85:1.
    #expect(abs(ratio - 2.85) < 0.05 && required == 4.5)
    #expect(finding.node == "text" && finding.text == "Faint words")
    #expect(finding.description.contains("contrast 2.85:1, below 4.5:1"))
  }

  @Test func largeTextNeedsThreeToOne() {
    // #808080 on white is 3.95:1: enough for 24-point text, not for 14-point text.
    let grey = Color(red8: 128, green8: 128, blue8: 128)
    let large = scene(TextContent("Big", font: .system(size: 24), color: grey), frame: box)
    let bold = scene(
      TextContent("Bold", font: .system(size: 14, weight: .bold), color: grey), frame: box)
    let small = scene(TextContent("Small", font: .system(size: 14), color: grey), frame: box)
    #expect(AccessibilityAudit().lowContrast(in: large).isEmpty)
    #expect(AccessibilityAudit().lowContrast(in: bold).isEmpty)
    #expect(AccessibilityAudit().lowContrast(in: small).count == 1)
  }

  @Test func translucentTextIsJudgedAsItShows() {
    // Black at 30 % over white is a light grey.
    let s = scene(
      TextContent("Ghost", font: .system(size: 14), color: .black), frame: box, alpha: 0.3)
    #expect(AccessibilityAudit().lowContrast(in: s).count == 1)
  }

  @Test func whiteOnADarkBackgroundPasses() {
    let s = scene(
      TextContent("Night", font: .system(size: 14), color: .white), frame: box,
      background: Color(white: 0.1))
    #expect(AccessibilityAudit().findings(in: s).isEmpty)
  }

  @Test func textTallerThanItsBoxIsClipped() throws {
    let long = TextContent(
      String(repeating: "many words ", count: 20), font: .system(size: 14), color: .black)
    let found = AccessibilityAudit().clippedText(in: scene(long, frame: box))
    guard case .clipped(let needed, let available)? = found.first?.kind else {
      Issue.record("not clipped: \(found)")
      return
    }
    #expect(needed > 40 && available == 40)
    // A line limit that truncates is clipping too.
    var truncated = long
    truncated.maximumLines = 1
    #expect(
      !AccessibilityAudit().clippedText(
        in: scene(truncated, frame: Rect(x: 10, y: 10, width: 180, height: 20))
      ).isEmpty)
  }

  @Test func textPastTheScreensEdgeIsReportedAndTextOffScreenIsNot() {
    let words = TextContent("Edge", font: .system(size: 14), color: .black)
    let past = AccessibilityAudit().clippedText(
      in: scene(words, frame: Rect(x: 150, y: 10, width: 100, height: 30)))
    #expect(past.map(\.kind) == [.offScreen])
    let away = AccessibilityAudit().clippedText(
      in: scene(words, frame: Rect(x: 400, y: 10, width: 100, height: 30)))
    #expect(away.isEmpty)
  }

  @Test func decorativeTextIsNotChecked() {
    let s = scene(
      TextContent("Pictured", font: .system(size: 14), color: Color(white: 0.9)), frame: box,
      decorative: true)
    #expect(AccessibilityAudit().findings(in: s).isEmpty)
  }
}
