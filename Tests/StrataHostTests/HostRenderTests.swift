import Strata
import StrataCommand
import StrataExamples
import StrataHost
import StrataRender
import Testing

/// The retained tree loses nothing: rendered as a scene, it gives the very bytes of the
/// controller's own frame, for every example across a swipe.
@Suite struct HostRenderTests {
  @Test(arguments: Onboarding.examples.map(\.name))
  func theRetainedTreeDrawsTheControllersFrames(_ name: String) throws {
    let example = try #require(Onboarding.examples.first { $0.name == name })
    let controller = example.makeController(example.defaultPageSize, nil)
    let reconciler = Reconciler()
    let tree = HostTree()
    let renderer = FrameRenderer(scale: 1)
    for position in [0, 0.3, 0.5, 1, 1.7, 2] {
      controller.setPagePosition(position)
      controller.layoutIfNeeded()
      reconciler.reconcile(controller.root, into: tree)
      #expect(reconciler.problems.isEmpty)
      let expected = try renderer.render(controller.scene())
      let hosted = try renderer.render(tree.scene(size: controller.pageSize))
      #expect(hosted.pixels == expected.pixels, "\(name) at \(position)")
    }
  }
}

/// Contents drawn once and kept: a second swipe draws nothing new.
@Suite struct ContentCacheTests {
  /// A backend that draws every content it is given, through the cache.
  final class Drawing: LayerBackend {
    let tree = HostTree()
    let cache: ContentCache
    init(cache: ContentCache) { self.cache = cache }
    func apply(_ mutation: HostMutation) throws {
      try tree.apply(mutation)
      switch mutation {
      case .create(_, let state): _ = HostLayerParts(state: state, cache: cache)
      case .setContent(let id, _?):
        if let state = tree.layers[id]?.state { _ = HostLayerParts(state: state, cache: cache) }
      default: break
      }
    }
  }

  @Test func aSecondSwipeDrawsNothingNew() throws {
    let tutorial = AnimalsTutorial()
    let cache = ContentCache(scale: 2)
    let backend = Drawing(cache: cache)
    let reconciler = Reconciler()
    func swipe() {
      for step in 0...60 {
        tutorial.setPagePosition(Double(step) / 30)
        tutorial.layoutIfNeeded()
        reconciler.reconcile(tutorial.root, into: backend)
      }
    }
    tutorial.layoutIfNeeded()
    reconciler.reconcile(tutorial.root, into: backend)
    let firstDraws = cache.draws
    #expect(firstDraws > 10 && cache.problems.isEmpty)
    // The whole swipe, there and back, draws nothing: every content was drawn for the first
    // frame, and the page indicator's dots change colour as tints, not drawings.
    swipe()
    tutorial.setPagePosition(0)
    swipe()
    #expect(cache.draws == firstDraws)
    // A drawn text at 2× is twice its size in pixels, on a transparent background.
    let text = HostContent(
      content: .text(TextContent("Hi", font: .system(size: 20)), .top),
      size: Size(width: 40, height: 30))
    // Its bitmap holds the glyphs' ink (as far as their fonts' boxes reach), on whole pixels.
    let drawing = cache.drawing(for: text)
    #expect(drawing.scale == 2 && (drawing.origin.x * 2).rounded() == drawing.origin.x * 2)
    #expect(drawing.frame.union(text.bounds.insetBy(dx: 1, dy: 8)) == drawing.frame)
    #expect(drawing.image.pixels.contains { $0 > 0 })
  }

  @Test func badContentGivesAPlaceholderAndTheCacheStaysWithinItsLimit() {
    let cache = ContentCache(scale: 1, byteLimit: 100 * 100 * 4 * 2)
    func square(_ side: Double) -> SceneNode.Content {
      .shape(
        VectorImage.Shape(
          path: .rect(Rect(x: 0, y: 0, width: side, height: side)), fill: .solid(.white)))
    }
    let huge = HostContent(content: square(1e9), size: Size(width: 1e9, height: 1e9))
    // Too large to draw: a problem, and a visible mark over its bounds (a grey box, crossed).
    let mark = cache.drawing(for: huge)
    #expect(cache.problems.count == 1 && mark.frame.minX == 0 && mark.frame.width >= 0.999e9)
    #expect(max(mark.image.width, mark.image.height) <= Int(ContentCache.placeholderSide) + 1)
    #expect(mark.image.pixels.contains { $0 > 0 })
    let nan = HostContent(
      content: .text(TextContent("x"), .top), size: Size(width: .nan, height: 1))
    #expect(cache.bitmap(for: nan) == ContentCache.empty && cache.problems.count == 2)
    for i in 0..<5 {
      _ = cache.bitmap(
        for: HostContent(content: square(100 - Double(i)), size: Size(width: 100, height: 100)))
    }
    // Two of the five squares' bitmaps fit, and the placeholders.
    #expect(cache.count <= 4 && cache.byteCount <= cache.byteLimit)
  }
}
