import Strata
import StrataExamples
import StrataRender
import Testing

@Test func scratchA11y() throws {
  for c in [AnimalsTutorial() as TutorialController, SwiperExample(pageSize: Size(width: 375, height: 667)), CardsExample(pageSize: Size(width: 375, height: 667)), TemplateExample.make(pageSize: Size(width: 375, height: 667)), SliderExample.example(pageSize: Size(width: 375, height: 260))] {
    c.setPagePosition(1)
    print(c.accessibilityTree().json)
  }
}
