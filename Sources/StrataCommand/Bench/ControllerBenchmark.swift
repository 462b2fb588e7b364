import Strata

/// A tutorial with a node in every layer and a cheap data source, for timing the controller.
final class BenchTutorial: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, WireframeDataSource, InnerWireframeDataSource,
  StaticContentDataSource, LabelDataSource, IconDataSource, DynamicBackgroundAnimator,
  WireframeAnimator, LabelAnimator
{
  let pages: Int
  init(pages: Int) {
    self.pages = pages
    super.init(pageSize: Size(width: 375, height: 667))
    preferredRoundnessHeight = 10
  }
  var numberOfPages: Int { pages }
  func staticBackground() -> Node? { Node() }
  func dynamicBackground(at page: Int) -> Node? { Node() }
  func wireframe(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 200, height: 400)) }
  func innerWireframe(at page: Int) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: 180, height: 360))
  }
  func staticContent() -> Node? { Node() }
  func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 300, height: 60)) }
  func icon(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 44, height: 44)) }

  func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    let p = transition.position(of: page)
    node.alpha = 1 - p * p
    node.transform = Transform(translationX: -p * 175, y: 0)
  }
  func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
    node.transform = Transform(rotation: transition.arc.angle(atX: transition.centerX(of: page)))
  }
  func animateLabel(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
  }
}

/// Controller update cost at 10 and at 10,000 pages: the ratio should be about 1.
struct ControllerBenchmark {
  var quick: Bool

  /// Offsets of a finger swiping through pages 2...7, 60 updates per page.
  static func swipeOffsets(pageWidth: Double) -> [Double] {
    (0..<300).map { (2 + Double($0) / 60) * pageWidth }
  }

  func measureSwipe(pages: Int) -> (nsPerUpdate: Double, nsPerNode: Double) {
    let c = BenchTutorial(pages: pages)
    let offsets = Self.swipeOffsets(pageWidth: 375)
    for o in offsets { c.setContentOffset(o) }  // warm up: build the pages
    let animatedPerUpdate: Int = {
      var n = 2  // static layers
      for i in c.loadedPages ?? 0...(-1) {
        n +=
          c.page(i).map { p in
            [p.dynamicBackground, p.wireframe, p.innerWireframe, p.label, p.icon].compactMap { $0 }
              .count
          } ?? 0
      }
      return n
    }()
    let ns = medianNanoseconds(rounds: quick ? 5 : 21, operationsPerRound: offsets.count) {
      for o in offsets { c.setContentOffset(o) }
    }
    return (ns, ns / Double(animatedPerUpdate))
  }

  func measureScene(pages: Int) -> Double {
    let c = BenchTutorial(pages: pages)
    c.setPagePosition(3.5)
    return medianNanoseconds(rounds: quick ? 5 : 21, operationsPerRound: 100) {
      for _ in 0..<100 { _ = c.scene() }
    }
  }

  func run() -> [BenchmarkResult] {
    let small = measureSwipe(pages: 10)
    let large = measureSwipe(pages: 10_000)
    let sceneSmall = measureScene(pages: 10)
    let sceneLarge = measureScene(pages: 10_000)
    return [
      BenchmarkResult(name: "controller.update.10pages", value: small.nsPerUpdate, unit: "ns"),
      BenchmarkResult(name: "controller.update.10000pages", value: large.nsPerUpdate, unit: "ns"),
      BenchmarkResult(
        name: "controller.update.ratio", value: large.nsPerUpdate / small.nsPerUpdate, unit: "x",
        note: "target <= 1.5"),
      BenchmarkResult(
        name: "controller.update.perNode", value: large.nsPerNode, unit: "ns",
        note: "per animated node"),
      BenchmarkResult(name: "controller.scene.10pages", value: sceneSmall, unit: "ns"),
      BenchmarkResult(name: "controller.scene.10000pages", value: sceneLarge, unit: "ns"),
      BenchmarkResult(
        name: "controller.scene.ratio", value: sceneLarge / sceneSmall, unit: "x",
        note: "target <= 1.5"),
    ]
  }
}
