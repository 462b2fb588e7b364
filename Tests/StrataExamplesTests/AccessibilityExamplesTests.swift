import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

/// Every example can be read: at rest on every page its text passes WCAG AA contrast, and no
/// text is clipped at the default size or at the largest (each example's own maximum applies);
/// the animals are kept as goldens at the two largest sizes.
@Suite struct AccessibilityExamplesTests {
  static let examples: [(String, @Sendable () -> TutorialController)] = [
    ("animals", { AnimalsTutorial() }),
    ("animals-de", { AnimalsTutorial(locale: "de") }),
    ("animals-ar", { AnimalsTutorial(locale: "ar") }),
    ("swiper", { SwiperExample(pageSize: Size(width: 375, height: 667)) }),
    ("cards", { CardsExample(pageSize: Size(width: 375, height: 667)) }),
    ("template", { TemplateExample.make(pageSize: Size(width: 375, height: 667)) }),
    (
      "template-styled",
      { TemplateExample.make(pageSize: Size(width: 375, height: 667), styled: true) }
    ),
    ("slider", { SliderExample.example(pageSize: Size(width: 375, height: 260)) }),
    ("layers", { LayersExample(pageSize: Size(width: 375, height: 667)) }),
  ]

  @Test(arguments: 0..<9)
  func everyExampleIsReadableAtRest(index: Int) {
    let (name, make) = Self.examples[index]
    let audit = AccessibilityAudit()
    for size in [ContentSize.large, .accessibility5] {
      let controller = make()
      controller.contentSize = size
      for page in 0..<controller.pageCount {
        controller.setPagePosition(Double(page))
        let scene = controller.scene()
        let found = size == .large ? audit.findings(in: scene) : audit.clippedText(in: scene)
        #expect(found.isEmpty, "\(name) page \(page) at \(size): \(found)")
      }
    }
  }

  @Test(arguments: GoldenCatalog.textSizes)
  func theAnimalsGrowWithTheTextSize(size: ContentSize) throws {
    let phone = Size(width: 390, height: 844)
    let tutorial = AnimalsTutorial(pageSize: phone)
    tutorial.contentSize = size
    let image = try FrameRenderer(scale: 1).render(tutorial, pagePosition: 0)
    try goldens.check(image, named: "animals-text-\(size.rawValue)")
    guard size != .large else { return }
    // The text grew, and the card with it; nothing is clipped (everyExampleIsReadableAtRest).
    let base = AnimalsTutorial(pageSize: phone)
    #expect(tutorial.textScale > 2.5)
    #expect(tutorial.staticContentHeight > base.staticContentHeight * 1.5)
    #expect(AccessibilityAudit().clippedText(in: tutorial.scene()).isEmpty)
  }

  @Test func theAnimalsTreeReadsTheTitleAndBodyThenTheButton() {
    let t = AnimalsTutorial()
    t.setPagePosition(2)
    let tree = t.accessibilityTree()
    #expect(
      tree.elements.map(\.label) == [
        "Pages", "ELEPHANTS\n" + t.strings.body, t.strings.start,
      ])
    #expect(tree.elements[0].value == "Page 3 of 3")
    #expect(tree.elements[2].actions == [.activate(AnimalsTutorial.startAction)])
    #expect(tree.announcement == "Page 3 of 3. ELEPHANTS")
  }
}
