import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

/// The golden frames beside these tests, checked through StrataTesting.
let goldens = ReferenceImages(besideTestFile: #filePath)

/// Every golden image of this target, from the same lists the tests take their arguments from.
enum GoldenCatalog {
  static let positions = [0.0, 0.25, 0.5, 1, 1.5, 2]
  static let rightToLeftPositions = [0.0, 0.4, 1]
  static let reducedMotionPositions = [0.4, 1.5]
  static let sizePositions = [0.0, 1.25]
  /// The right-to-left translations, at rest and mid-swipe.
  static let rightToLeftLocales = ["ar", "he"]
  static let localePositions = [0.0, 0.5]
  /// The swiper at rest on every page and half way between them.
  static let swiperPositions = [0.0, 0.5, 1, 1.5, 2]
  /// The cards at rest on every page and mid-swipe.
  static let cardsPositions = [0.0, 0.5, 1, 1.5, 2]
  /// The template at rest and mid-swipe, with default options and with every option set.
  static let templatePositions = [0.0, 0.5, 2]
  /// The text sizes the animals are kept at in goldens, on a 390 × 844 phone.
  static let textSizes: [ContentSize] = [.large, .accessibility4, .accessibility5]
  /// Each slider transition at these fractions of its duration.
  static let sliderFractions = [0.0, 0.25, 0.5, 0.75, 1]

  static func sizeName(_ size: Size, _ position: Double) -> String {
    "animals-\(Int(size.width))x\(Int(size.height))-\(position)"
  }

  static var names: Set<String> {
    var names = Set(positions.map { "animals-\($0)" })
    names.formUnion(rightToLeftPositions.map { "animals-rtl-\($0)" })
    names.formUnion(textSizes.map { "animals-text-\($0.rawValue)" })
    names.formUnion(reducedMotionPositions.map { "animals-reduced-\($0)" })
    for size in commonSizes { names.formUnion(sizePositions.map { sizeName(size, $0) }) }
    for locale in rightToLeftLocales {
      names.formUnion(localePositions.map { "animals-\(locale)-\($0)" })
    }
    names.formUnion(swiperPositions.map { "swiper-\($0)" })
    names.insert("swiper-390x844-1.0")
    names.formUnion(cardsPositions.map { "cards-\($0)" })
    names.formUnion(templatePositions.map { "template-\($0)" })
    names.formUnion(templatePositions.map { "template-styled-\($0)" })
    names.formUnion(ExampleScreensTests.goldenNames)
    names.formUnion(PagingGoldenTests.names)
    for kind in SliderExample.Transition.allCases {
      names.formUnion(sliderFractions.map { "slider-\(kind.rawValue)-\(Int($0 * 100))" })
    }
    return names
  }
}

@Suite struct GoldenCatalogTests {
  /// A golden without a test rots unseen; a test without its golden would record one.
  @Test func everyGoldenHasATestAndEveryTestItsGolden() {
    let audit = goldens.audit(expected: GoldenCatalog.names)
    #expect(audit.unchecked.isEmpty, "goldens no test checks")
    #expect(audit.missing.isEmpty, "tests whose golden is missing")
  }
}

@Suite struct AnimalsLocaleTests {
  /// Arabic joined and Hebrew reordered, the pages mirrored.
  @Test(arguments: GoldenCatalog.rightToLeftLocales)
  func rightToLeftTranslationsMatchTheirGoldens(locale: String) throws {
    for position in GoldenCatalog.localePositions {
      let tutorial = AnimalsTutorial(locale: locale)
      #expect(tutorial.layoutDirection == .rightToLeft)
      let image = try FrameRenderer(scale: 1).render(tutorial, pagePosition: position)
      try goldens.check(image, named: "animals-\(locale)-\(position)")
    }
  }
}

@Suite struct AnimalsTests {
  @Test(arguments: GoldenCatalog.positions)
  func framesMatchTheirGoldens(position: Double) throws {
    let tutorial = AnimalsTutorial()
    let image = try FrameRenderer(scale: 1).render(tutorial, pagePosition: position)
    #expect(image.width == 375 && image.height == 667)
    try goldens.check(image, named: "animals-\(position)")
  }

  @Test func theStoryIsTheOneTheIssueTells() throws {
    let t = AnimalsTutorial()
    #expect(t.pageCount == 3)
    #expect(abs(t.staticContentHeight - 667 * 450 / 1136) < 1e-9)
    #expect(t.roundnessArc.height == 10)
    // The card's shadow is cast by a helper added in reloadData, just above the backgrounds.
    let names = t.scene().root.children.map { $0.name ?? "?" }
    #expect(names == ["sky", "backgrounds", "card shadow", "card", "labels", "icons", "main"])
    let scene = t.scene()
    #expect(scene.node(named: "LET'S START") != nil)
    #expect(scene.node(named: "card")?.mask != nil)
    #expect(scene.node(named: "card shadow")?.shadow?.path != nil)
  }

  @Test func backgroundsCrossFadeQuadraticallyWithParallax() throws {
    let t = AnimalsTutorial()
    t.setPagePosition(0.3)
    let leaving = try #require(t.page(0)?.dynamicBackground)
    let arriving = try #require(t.page(1)?.dynamicBackground)
    #expect(abs(leaving.alpha - (1 - 0.09)) < 1e-12)
    #expect(abs(arriving.alpha - 0.09) < 1e-12)
    #expect(abs(leaving.transform.tx - 175 * 0.3) < 1e-9)
    #expect(abs(arriving.transform.tx - 175 * (0.3 - 1)) < 1e-9)
  }

  @Test func phonesTiltToTheArcAndLabelsFade() throws {
    let t = AnimalsTutorial()
    t.setPagePosition(0.25)
    let phone = try #require(t.page(1)?.wireframe)
    let x = 187.5 + 0.75 * 375
    #expect(abs(phone.transform.rotationAngle - t.roundnessArc.angle(atX: x)) < 1e-12)
    #expect(abs(phone.alpha - 0.25) < 1e-12)
    #expect(abs((t.page(0)?.label?.alpha ?? 0) - 0.75) < 1e-12)
    // Labels are sized from their text.
    let label = try #require(t.page(0)?.label)
    #expect(label.size.height > 60 && label.size.height < 120)
  }

  @Test func framesAreTheSameWhateverCameBefore() {
    let a = AnimalsTutorial()
    for p in [2.0, 0.1, 1.7, 0.9] { a.setPagePosition(p) }
    a.setPagePosition(1.5)
    let b = AnimalsTutorial()
    b.setPagePosition(1.5)
    #expect(a.scene() == b.scene())
  }

  @Test func otherSizesWork() throws {
    let t = AnimalsTutorial(pageSize: Size(width: 320, height: 568))
    let image = try FrameRenderer(scale: 1).render(t, pagePosition: 1.2)
    #expect(image.width == 320 && image.height == 568)
  }
}

final class TapLog: TutorialDelegate {
  var actions: [String] = []
  func tutorialController(_ c: TutorialController, didTapButton id: String) { actions.append(id) }
}

@Suite struct AnimalsInteractionTests {
  @Test func tappingLetsStartFiresItsAction() throws {
    let t = AnimalsTutorial()
    let log = TapLog()
    t.delegate = log
    _ = try t.play(try GestureScript("wait 0.2; tap 'LET'S START'"), fps: 60)
    #expect(log.actions == [AnimalsTutorial.startAction])
    #expect(t.currentPage == 0)
  }

  @Test func aSwipeThatStartsOnTheButtonChangesPageAndFiresNothing() throws {
    let t = AnimalsTutorial()
    let log = TapLog()
    t.delegate = log
    _ = t.scene()
    let button = try #require(t.root.descendant(named: "LET'S START"))
    let c = try #require(
      button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil))
    let frames = try t.play(
      GestureScript([.drag(from: c, to: Point(x: c.x - 220, y: c.y), duration: 0.25)]), fps: 60)
    #expect(log.actions.isEmpty)
    #expect(t.currentPage == 1)
    #expect(frames.last?.pagePosition == 1)
  }
}

@Suite struct AnimalsAccessibilityTests {
  static func expectGolden(_ image: RasterImage, _ name: String) throws {
    try goldens.check(image, named: name)
  }

  @Test(arguments: GoldenCatalog.rightToLeftPositions)
  func rightToLeftFramesMatchTheirGoldens(position: Double) throws {
    let t = AnimalsTutorial()
    t.layoutDirection = .rightToLeft
    try Self.expectGolden(
      try FrameRenderer().render(t, pagePosition: position), "animals-rtl-\(position)")
  }

  @Test(arguments: GoldenCatalog.reducedMotionPositions)
  func reducedMotionFramesMatchTheirGoldens(position: Double) throws {
    let t = AnimalsTutorial()
    t.reduceMotion = true
    try Self.expectGolden(
      try FrameRenderer().render(t, pagePosition: position), "animals-reduced-\(position)")
  }

  @Test func rightToLeftMirrorsTheLayout() throws {
    let t = AnimalsTutorial()
    t.layoutDirection = .rightToLeft
    t.setPagePosition(0)
    #expect(t.currentPage == 0)
    #expect(t.scene().node(named: "label 0") != nil)
    // The next page waits on the left.
    t.setPagePosition(0.5)
    let phone1 = try #require(t.scene().node(named: "phone 1"))
    #expect(phone1.frame.midX < 187.5)
    // Parallax mirrors: the arriving background moves the other way.
    let ltr = AnimalsTutorial()
    ltr.setPagePosition(0.5)
    #expect(
      abs(
        (t.page(1)?.dynamicBackground?.transform.tx ?? 0)
          + (ltr.page(1)?.dynamicBackground?.transform.tx ?? 0)) < 1e-9)
  }

  @Test func reducedMotionStopsTheTiltAndTheParallax() throws {
    let t = AnimalsTutorial()
    t.reduceMotion = true
    t.setPagePosition(0.3)
    #expect(t.page(1)?.wireframe?.transform == .identity)
    #expect(t.page(0)?.dynamicBackground?.transform == .identity)
    #expect(t.page(1)?.icon?.transform == .identity)
    #expect(abs((t.page(1)?.icon?.alpha ?? 0) - 0.3) < 1e-12)
  }
}
