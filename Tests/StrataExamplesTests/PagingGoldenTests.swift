import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

/// Golden frames of the pager switches: vertical pages, and pages going round from the last to
/// the first (left to right and right to left).
@Suite struct PagingGoldenTests {
  static let verticalPositions = [0.5, 1.0]
  static let circularPositions = [2.5, 2.75]

  static var names: Set<String> {
    var names = Set(verticalPositions.map { "animals-vertical-\($0)" })
    names.formUnion(circularPositions.map { "animals-circular-\($0)" })
    names.formUnion(circularPositions.map { "animals-circular-rtl-\($0)" })
    return names
  }

  @Test(arguments: verticalPositions)
  func verticalPagesMatchTheirGoldens(position: Double) throws {
    let t = AnimalsTutorial()
    t.pagingAxis = .vertical
    try goldens.check(
      try FrameRenderer(scale: 1).render(t, pagePosition: position),
      named: "animals-vertical-\(position)")
  }

  /// Half way and three quarters of the way from the last page to the first, reached going
  /// forward; the same frame going back from the first page.
  @Test(arguments: circularPositions)
  func goingRoundMatchesItsGoldenBothWays(position: Double) throws {
    for rtl in [false, true] {
      let t = AnimalsTutorial()
      t.isCircular = true
      if rtl { t.layoutDirection = .rightToLeft }
      let renderer = FrameRenderer(scale: 1)
      let forward = try renderer.render(t, pagePosition: position)
      try goldens.check(forward, named: "animals-circular-\(rtl ? "rtl-" : "")\(position)")
      // Back from the first page: −0.25 is 2.75.
      let back = AnimalsTutorial()
      back.isCircular = true
      if rtl { back.layoutDirection = .rightToLeft }
      back.setPagePosition(0)
      let backward = try renderer.render(back, pagePosition: position - 3)
      #expect(backward.pixels == forward.pixels)
    }
  }
}
