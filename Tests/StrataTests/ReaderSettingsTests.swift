import Strata
import Testing

/// The one place a reader's direction, motion and text size reach a controller.
@Suite struct ReaderSettingsTests {
  @Test func onlyWhatIsGivenChanges() {
    let c = TutorialController()
    c.reduceMotion = true
    c.contentSize = .xLarge
    ReaderSettings(layoutDirection: .rightToLeft).apply(to: c)
    #expect(c.layoutDirection == .rightToLeft)
    #expect(c.reduceMotion == true, "left alone")
    #expect(c.contentSize == .xLarge, "left alone")
    ReaderSettings(reduceMotion: false, contentSize: .accessibility3).apply(to: c)
    #expect(c.layoutDirection == .rightToLeft)
    #expect(c.reduceMotion == false)
    #expect(c.contentSize == .accessibility3)
    ReaderSettings().apply(to: c)
    #expect(
      c.layoutDirection == .rightToLeft && !c.reduceMotion && c.contentSize == .accessibility3)
  }

  @Test func mergingPutsTheGivenValuesOver() {
    let base = ReaderSettings(
      layoutDirection: .leftToRight, reduceMotion: false, contentSize: .large)
    let merged = base.merging(ReaderSettings(reduceMotion: true))
    #expect(
      merged
        == ReaderSettings(layoutDirection: .leftToRight, reduceMotion: true, contentSize: .large))
    #expect(base.merging(ReaderSettings()) == base)
  }
}
