import Foundation
import Strata
import StrataAssets
import StrataExamples
import StrataRender
import StrataTestSupport
import StrataTesting
import Testing

final class IndexRecorder: SliderDelegate {
  var heard: [(index: Int, animationsAtThatMoment: Int)] = []
  weak var slider: SliderExample?
  func indexChanged(to index: Int) {
    heard.append((index, slider?.timeline.entries.filter { $0.start >= 0 }.count ?? -1))
  }
}

@Suite struct SliderTests {
  /// Right to left, the bullets run right to left, the next image's arrow is on the left, and
  /// a swipe right shows the next image (coming from the left).
  @Test func theBulletsAndArrowsMirrorRightToLeft() throws {
    let s = SliderExample.example(transition: .push)
    s.layoutDirection = .rightToLeft
    s.layoutIfNeeded()
    let bullets = try #require(s.root.descendant(named: "bullets") as? PageIndicatorNode)
    #expect(bullets.isRightToLeft)
    let next = try #require(s.scene().node(named: "next")).frame
    let previous = try #require(s.scene().node(named: "previous")).frame
    #expect(next.maxX < previous.minX)
    var leftmost = 0.0
    try s.play(try GestureScript("swipe right; wait 0.2")) { _ in
      leftmost = Swift.min(leftmost, s.scene().node(named: "slide 1")?.transform.tx ?? 0)
    }
    #expect(s.currentIndex == 1)
    #expect(leftmost < -100, "the next image comes from the left")
    _ = try s.play(try GestureScript("wait 1; tap 'next'; wait 1"))
    #expect(s.currentIndex == 2)
    // Left to right, the same bullets run left to right.
    let l = SliderExample.example()
    l.layoutIfNeeded()
    #expect((l.root.descendant(named: "bullets") as? PageIndicatorNode)?.isRightToLeft == false)
  }

  static let size = Size(width: 200, height: 140)

  /// Every kind at 0, 25, 50, 75 and 100 % of its 0.75 s, from image 0 to image 1 (a left
  /// swipe: the new image comes from the right).
  @Test(arguments: SliderExample.Transition.allCases)
  func eachTransitionMatchesItsGoldens(kind: SliderExample.Transition) throws {
    let s = SliderExample(
      images: SliderExample.exampleImages, transition: kind, pageSize: Self.size)
    s.layoutIfNeeded()
    s.show(1, direction: .left)
    for fraction in GoldenCatalog.sliderFractions {
      s.advance(to: fraction * s.duration)
      let image = try FrameRenderer(scale: 1).render(s.scene())
      try goldens.check(image, named: "slider-\(kind.rawValue)-\(Int(fraction * 100))")
    }
  }

  /// A fade is a cross-dissolve: half way, each pixel is half the one image and half the other,
  /// and nothing behind them shows (the leaving image stays opaque under the arriving one).
  @Test func aFadeIsACrossDissolve() throws {
    // Two opaque images, one red and one blue, and no bullets: every pixel of the slide area
    // is one image or the other.
    var red = try RasterImage(width: 20, height: 14)
    red.fill(.red)
    var blue = try RasterImage(width: 20, height: 14)
    blue.fill(.blue)
    func frame(at fraction: Double) throws -> (RasterImage, [Double]) {
      let s = SliderExample(
        images: [.raster(red), .raster(blue)], transition: .fade, showsBullets: false,
        pageSize: Self.size)
      s.layoutIfNeeded()
      s.show(1, direction: .left, at: 0)
      s.advance(to: fraction * s.duration)
      let scene = s.scene()
      let alphas = (0..<2).map { scene.node(named: "slide \($0)")?.alpha ?? -1 }
      return (try FrameRenderer(scale: 1).render(scene), alphas)
    }
    let (before, _) = try frame(at: 0)
    let (after, _) = try frame(at: 1)
    let (half, alphas) = try frame(at: 0.5)
    #expect(alphas == [1, 0.5], "the leaving slide stays opaque; the arriving one is half in")
    var worst = 0
    var compared = 0
    for i in stride(from: 0, to: half.pixels.count, by: 4 * 97)
    where before.pixels[i] > 250 && after.pixels[i + 2] > 250 {
      for c in 0..<3 {
        let mix = (Int(before.pixels[i + c]) + Int(after.pixels[i + c])) / 2
        worst = max(worst, abs(Int(half.pixels[i + c]) - mix))
      }
      compared += 1
    }
    #expect(compared > 100)
    #expect(worst <= 2, "half way is the mean of the two images, within rounding (\(worst))")
  }

  /// index = ((i mod n) + n) mod n, and the images in between never show.
  @Test func itWrapsAroundBothWaysWithoutPassingTheOthers() throws {
    let s = SliderExample.example(pageSize: Self.size)
    s.layoutIfNeeded()
    func alphas() -> [Double] {
      let scene = s.scene()
      return (0..<4).map { scene.node(named: "slide \($0)")?.alpha ?? 0 }
    }
    _ = try s.play(try GestureScript("swipe right; wait 1"))
    #expect(s.currentIndex == 3)
    #expect(alphas() == [0, 0, 0, 1])
    s.show(4, direction: .left)
    for k in 0...10 {
      s.advance(by: 0.075)
      let a = alphas()
      #expect(a[1] == 0 && a[2] == 0, "step \(k): \(a)")
    }
    #expect(s.currentIndex == 0)
    #expect(alphas() == [1, 0, 0, 0])
  }

  /// The same moment looks the same whatever the frame rate that reached it.
  @Test func framesAtSharedTimesAreIdenticalAtAnyFrameRate() throws {
    let script = "wait 0.3; swipe left; wait 0.4; swipe right; swipe right; wait 1"
    func frames(_ fps: Double) throws -> [Double: FrameState] {
      let s = SliderExample.example(pageSize: Self.size)
      var out: [Double: FrameState] = [:]
      for f in try s.play(try GestureScript(script), fps: fps) {
        out[(f.time * 1000).rounded() / 1000] = f
      }
      return out
    }
    let slow = try frames(20)
    let fast = try frames(60)
    let shared = Set(slow.keys).intersection(fast.keys).sorted()
    #expect(shared.count >= 30)
    let renderer = FrameRenderer(scale: 1)
    var compared = 0
    for t in shared where t >= 0.45 && t <= 1.6 {
      let a = SliderExample.example(pageSize: Self.size)
      let b = SliderExample.example(pageSize: Self.size)
      a.show(try #require(slow[t]))
      b.show(try #require(fast[t]))
      #expect(try renderer.render(a.scene()) == (try renderer.render(b.scene())), "at \(t) s")
      compared += 1
    }
    #expect(compared >= 10)
  }

  @Test func autoplayWaitsWhileAFingerIsDown() {
    let s = SliderExample.example(pageSize: Self.size)
    s.autoplayInterval = 1
    s.advance(to: 2.5)
    #expect(s.currentIndex == 2, "fired at 1 s and 2 s")
    s.handle(TouchEvent(.down, at: Point(x: 100, y: 70), time: 2.6))
    s.advance(to: 4)
    #expect(s.currentIndex == 2, "paused while touched")
    s.handle(TouchEvent(.up, at: Point(x: 100, y: 70), time: 4))
    s.advance(to: 4.9)
    #expect(s.currentIndex == 2)
    s.advance(to: 5.0)
    #expect(s.currentIndex == 3, "a full interval after the finger lifted")
    s.advance(to: 6.0)
    #expect(s.currentIndex == 0, "and around")
  }

  /// The delegate hears the new index when the swipe happens, before its animation starts;
  /// the swipe event comes first.
  @Test func theDelegateHearsBeforeTheAnimation() throws {
    let s = SliderExample.example(pageSize: Self.size)
    let recorder = IndexRecorder()
    recorder.slider = s
    s.sliderDelegate = recorder
    var order: [String] = []
    s.events.subscribe { if case .swiped = $0.event { order.append("swiped") } }
    _ = try s.play(try GestureScript("swipe left; wait 1; tap 'previous'; wait 1"))
    #expect(recorder.heard.map(\.index) == [1, 0])
    #expect(recorder.heard.first?.animationsAtThatMoment == 0, "no transition had started yet")
    #expect(order == ["swiped"])
  }

  @Test func oneImageHasNoBulletsArrowsOrSwipes() throws {
    let s = SliderExample(
      images: [SliderExample.exampleImages[0]], swipeEnabled: true, pageSize: Self.size)
    s.layoutIfNeeded()
    #expect(s.root.descendant(named: "bullets") == nil)
    #expect(s.root.descendant(named: "next") == nil)
    _ = try s.play(try GestureScript("swipe left; wait 1"))
    #expect(s.currentIndex == 0)
  }

  @Test func swipingIsOffByDefault() throws {
    let s = SliderExample(images: SliderExample.exampleImages, pageSize: Self.size)
    _ = try s.play(try GestureScript("swipe left; wait 1"))
    #expect(s.currentIndex == 0)
    _ = try s.play(try GestureScript("tap 'next'; wait 1"))
    #expect(s.currentIndex == 1, "the arrows still work")
  }

  @Test func imagesFromURLsArriveAfterThePlaceholder() async throws {
    let dir = try temporaryFolder("strata-slider")
    defer { try? FileManager.default.removeItem(at: dir) }
    var urls: [URL] = []
    for i in 0..<2 {
      var b = try RasterImage(width: 8, height: 8)
      b.fill(Color(white: Double(i) * 0.5))
      let url = dir.appendingPathComponent("\(i).png")
      try PNGEncoder().write(b, to: url.path)
      urls.append(url)
    }
    urls.append(dir.appendingPathComponent("missing.png"))
    let placeholder = Image.vector(VectorImage(size: Size(width: 1, height: 1)))
    let loader = ImageLoader(placeholder: placeholder)
    let s = SliderExample(imageURLs: urls, loader: loader, pageSize: Self.size)
    #expect(s.images.allSatisfy { $0 == placeholder })
    await loader.settle()
    s.reloadImages()
    guard case .raster? = s.images[0], case .raster? = s.images[1] else {
      Issue.record("the images arrived: \(s.images)")
      return
    }
    #expect(s.images[2] == placeholder, "a failed image keeps the placeholder")
  }
}
