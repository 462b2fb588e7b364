import Foundation
import Strata
import StrataCommand
import StrataExamples
import StrataHost
import StrataRender
import StrataTestSupport
import Testing

/// The software compositor, placing cached bitmaps, shows the renderer's frames: within one
/// level per channel (the rounding of an 8-bit bitmap) where every content sits on whole
/// device pixels, and within the stated tolerance where a layer is resampled.
@Suite struct CompositorTests {
  /// Whether every node with content is placed by a whole-pixel move at `scale` (so its
  /// bitmap is copied, not resampled).
  static func placesContentOnWholePixels(_ node: SceneNode, scale: Double) -> Bool {
    if case .none = node.content {
    } else {
      let t = node.transform
      let whole = { (v: Double) in abs(v * scale - (v * scale).rounded()) < 1e-6 }
      guard t.isTranslationOnly, whole(t.tx), whole(t.ty), whole(node.bounds.minX),
        whole(node.bounds.minY)
      else { return false }
    }
    return node.children.allSatisfy { placesContentOnWholePixels($0, scale: scale) }
  }

  @Test(arguments: Onboarding.examples.map(\.name))
  func compositedFramesAreTheRenderersFrames(_ name: String) throws {
    let example = try #require(Onboarding.examples.first { $0.name == name })
    let controller = example.makeController(example.defaultPageSize, nil)
    var exactFrames = 0
    for scale in [1.0, 2.0] {
      let compositor = SoftwareCompositor(size: controller.pageSize, scale: scale)
      let reconciler = Reconciler()
      let renderer = FrameRenderer(scale: scale)
      for position in [0, 0.3, 0.5, 1, 1.7, 2] {
        controller.setPagePosition(position)
        controller.layoutIfNeeded()
        reconciler.reconcile(controller.root, into: compositor)
        let scene = controller.scene()
        let expected = try renderer.render(scene)
        let composited = try compositor.composite()
        let d = FrameDifference(expected, composited)
        let place = "\(name) @\(scale)x at \(position)"
        if Self.placesContentOnWholePixels(scene.root, scale: scale) {
          exactFrames += 1
          #expect(d.largest <= 1, "\(place): \(d)")
        } else {
          #expect(d.isWithinResamplingTolerance, "\(place): \(d)")
        }
      }
      #expect(compositor.cache.problems.isEmpty)
    }
    // The examples laid out on whole pixels at 2× are checked to the level.
    if ["slider", "template", "template-styled"].contains(name) { #expect(exactFrames >= 6) }
  }

  @Test func contentIsDrawnWholeWithItsInkOutsideItsBounds() throws {
    // A stroke runs past the bounds, and the text's glyphs past a box too small for them.
    let shape = VectorImage.Shape(
      path: .rect(Rect(x: 0, y: 0, width: 20, height: 10)),
      stroke: .solid(Color(red: 1, green: 0, blue: 0)), strokeStyle: StrokeStyle(width: 6))
    let cache = ContentCache(scale: 2)
    let drawing = cache.drawing(
      for: HostContent(content: .shape(shape), bounds: Rect(x: 0, y: 0, width: 20, height: 10)))
    // The bitmap holds the stroke's ink (3 points each side), on whole pixels at 2×.
    let ink = Rect(x: -3, y: -3, width: 26, height: 16)
    #expect(drawing.frame.union(ink) == drawing.frame)
    #expect(drawing.image.width == Int(drawing.frame.width * 2))
    #expect((drawing.origin.x * 2).rounded() == drawing.origin.x * 2)
    let root = SceneNode(
      bounds: Rect(x: 0, y: 0, width: 60, height: 40),
      children: [
        SceneNode(
          content: .shape(shape), bounds: Rect(x: 0, y: 0, width: 20, height: 10),
          transform: Transform(translationX: 10, y: 10))
      ])
    let scene = Scene(size: Size(width: 60, height: 40), root: root)
    let direct = try FrameRenderer(scale: 2).render(scene)
    let list = try DisplayList(scene: scene, scale: 2) { content, bounds in
      [cache.drawing(for: HostContent(content: content, bounds: bounds))]
    }
    let composited = try FrameRenderer(scale: 2).render(list)
    #expect(FrameDifference(direct, composited).largest <= 1)
    #expect(cache.draws == 1 && cache.hits == 1)
  }

  @Test func contentThatFailsToDrawShowsAMarkAndAProblem() throws {
    // A stroke so wide its drawing would pass the pixel limit.
    let node = Node(frame: Rect(x: 0, y: 0, width: 80, height: 80))
    node.addChild(
      ShapeNode(
        path: .rect(Rect(x: 0, y: 0, width: 40, height: 40)), stroke: .solid(.black),
        strokeStyle: StrokeStyle(width: 1e7), frame: Rect(x: 20, y: 20, width: 40, height: 40)))
    let compositor = SoftwareCompositor(size: Size(width: 80, height: 80), scale: 1)
    Reconciler().reconcile(node, into: compositor)
    let frame = try compositor.composite()
    #expect(compositor.cache.problems.count == 1)
    // The middle of the layer is grey, not empty; outside it nothing is drawn.
    let middle = frame.pixel(x: 40, y: 40)
    #expect(middle.a > 40 && middle.r == middle.g && middle.g == middle.b)
    #expect(frame.pixel(x: 5, y: 5).a == 0)
  }

  @Test func aLayerThatFailsToDrawShowsItsBackgroundAlone() throws {
    let cache = ContentCache(scale: 1)
    let nan = HostContent(
      content: .text(TextContent("x"), .top), bounds: Rect(x: .nan, y: 0, width: 1, height: 1))
    #expect(cache.drawing(for: nan).image == ContentCache.empty)
    #expect(cache.problems.count == 1 && cache.problems[0].contains("not finite"))
  }
}
