import Strata
import StrataExamples
import StrataRender
import Testing

/// Every example's swipe, rendered with a render cache, has the bytes of the same frames
/// rendered without one; and the cache is used (frames or groups are reused).
@Suite struct RenderCacheExamplesTests {
  static let examples: [(String, @Sendable () -> TutorialController)] = [
    ("animals", { AnimalsTutorial(pageSize: Size(width: 375, height: 667), locale: nil) }),
    ("swiper", { SwiperExample(pageSize: Size(width: 375, height: 667)) }),
    ("cards", { CardsExample(pageSize: Size(width: 375, height: 667)) }),
    ("template", { TemplateExample.make(pageSize: Size(width: 375, height: 667), styled: true) }),
    ("slider", { SliderExample.example(pageSize: Size(width: 375, height: 260)) }),
  ]

  @Test(arguments: 0..<5)
  func aCachedSwipeHasTheBytesOfAnUncachedOne(index: Int) throws {
    let (name, make) = Self.examples[index]
    let controller = make()
    let cache = RenderCache()
    var cached = FrameRenderer(scale: 1)
    cached.cache = cache
    let plain = FrameRenderer(scale: 1)
    var image = RasterImage.placeholder
    let swipe = FrameSequence.swipe(pages: controller.pageCount, frameCount: 24)
    for (i, p) in swipe.positions.enumerated() {
      controller.setPagePosition(p)
      let list = try cached.displayList(for: controller.scene())
      try cached.render(list, into: &image)
      let expected = try plain.render(list)
      #expect(image.pixels == expected.pixels, "\(name) frame \(i) at \(p)")
    }
    let stats = cache.statistics
    #expect(stats.frameHits > 0, "\(name): \(stats)")
    if name == "swiper" { #expect(stats.groupHits > 0, "\(name): \(stats)") }
  }
}
