import Strata
import StrataExamples
import StrataHost
import StrataRecords
import StrataTestSupport
import StrataUIKit
import SwiftUI
import Testing
import UIKit

/// The Apple adapter, compiled here against stand-ins of UIKit, Core Animation and SwiftUI
/// (Tests/AppleStandIns) and run: its `CALayer`s mirror the retained tree, its view turns
/// touches into swipes and its controller reports how the onboarding ended.
@MainActor @Suite struct CALayerBackendTests {
  /// Checks that the box of `id` and its clip's sublayers mirror the tree's layer `id`.
  static func mirrors(_ backend: CALayerBackend, _ id: HostLayerID) -> Bool {
    guard let layer = backend.tree.layers[id], let box = backend.caLayer(for: id) else {
      return false
    }
    let g = layer.state.geometry
    guard box.bounds.minX == CGFloat(g.bounds.minX), box.bounds.width == CGFloat(g.bounds.width),
      box.position.x == CGFloat(g.position.x), box.position.y == CGFloat(g.position.y),
      box.affineTransform.a == CGFloat(g.transform.a), box.opacity == Float(layer.state.alpha),
      box.isHidden == layer.state.isHidden
    else { return false }
    // The box's parts, bottom first; the clip holds the sublayers' boxes in order.
    let parts = box.sublayers ?? []
    guard
      let clip = parts.first(where: { $0.sublayers?.isEmpty == false || $0.masksToBounds })
        ?? parts.first(where: {
          $0.contents == nil && $0.backgroundColor == nil && $0.borderWidth == 0
        })
    else { return false }
    let boxes = clip.sublayers ?? []
    guard boxes.count == layer.sublayers.count else { return false }
    for (child, caChild) in zip(layer.sublayers, boxes) {
      guard backend.caLayer(for: child) === caChild, mirrors(backend, child) else { return false }
    }
    return true
  }

  @Test func theLayersMirrorTheRetainedTreeAcrossASwipe() throws {
    let tutorial = AnimalsTutorial()
    let backend = CALayerBackend(scale: 2)
    let session = HostSession(controller: tutorial, backend: backend)
    for (i, position) in [0, 0.25, 0.5, 1, 1.5, 2, 0.7].enumerated() {
      tutorial.setPagePosition(position)
      session.tick(at: Double(i) / 60)
      let root = try #require(backend.tree.roots.first)
      #expect(backend.rootLayer.sublayers?.first === backend.caLayer(for: root))
      #expect(Self.mirrors(backend, root), "at \(position)")
    }
    // Contents are Strata's bitmaps at the backend's scale. (A tinted content's bitmap is the
    // mask of its tint layer instead: the first untinted one, by id, so that the layer checked
    // does not depend on the dictionary's order.)
    let withContent = backend.tree.layers
      .filter { $0.value.state.content != nil && $0.value.state.tints.isEmpty }
      .min { $0.key < $1.key }
    let box = try #require(withContent.flatMap { backend.caLayer(for: $0.key) })
    let content = try #require(box.sublayers?.first { $0.contents is CGImage })
    #expect(
      content.contentsScale == 2
        && (content.contents as? CGImage)?.bytes.contains { $0 > 0 } == true)
  }

  @Test func thePartsAreStackedAsTheRendererDrawsThem() throws {
    let node = TextNode(text: TextContent("Hi"), frame: Rect(x: 0, y: 0, width: 100, height: 40))
    node.backgroundColor = Color(red: 1, green: 0, blue: 0)
    node.border = Border(width: 2, color: .black)
    node.shadow = Shadow(color: .black, opacity: 0.5, offset: Vector(dx: 0, dy: 2), radius: 4)
    node.mask = .circle(center: Point(x: 50, y: 20), radius: 20)
    let backend = CALayerBackend(scale: 3)
    Reconciler().reconcile(node, into: backend)
    let root = try #require(backend.tree.roots.first)
    let parts = try #require(backend.caLayer(for: root)?.sublayers)
    // Shadow, background, content, clip (with the sublayers), border.
    #expect(parts.count == 5)
    #expect(parts[0].contents is CGImage && parts[0].frame.minY > parts[1].frame.minY - 20)
    #expect(parts[1].backgroundColor?.components == [1, 0, 0, 1])
    #expect(parts[2].contents is CGImage && parts[2].contentsScale == 3)
    #expect(parts[3].contents == nil && parts[4].borderWidth == 2)
    #expect((backend.caLayer(for: root)?.mask as? CAShapeLayer)?.path?.recorded.first == "M")
  }

  @Test func aFilledShapeIsItsCoverageInATintedLayer() throws {
    let node = ShapeNode(
      path: .circle(center: Point(x: 10, y: 10), radius: 8), fill: .solid(.black),
      frame: Rect(x: 0, y: 0, width: 20, height: 20))
    let backend = CALayerBackend(scale: 2)
    let reconciler = Reconciler()
    reconciler.reconcile(node, into: backend)
    let root = try #require(backend.tree.roots.first)
    let parts = try #require(backend.caLayer(for: root)?.sublayers)
    // The tinted shape, then the clip.
    #expect(parts.count == 2)
    let mask = try #require(parts[0].mask?.contents as? CGImage)
    #expect(parts[0].backgroundColor?.components == [0, 0, 0, 1])
    // A new colour is the layer's colour; the coverage stays the very same image.
    node.shape.fill = .solid(Color(red: 0, green: 0, blue: 1))
    reconciler.reconcile(node, into: backend)
    #expect(parts[0].backgroundColor?.components == [0, 0, 1, 1])
    #expect((parts[0].mask?.contents as? CGImage) === mask)
  }

  @Test func theViewSwipesReadsAndAnnouncesThroughStrata() throws {
    let tutorial = AnimalsTutorial()
    let view = StrataOnboardingUIView(controller: tutorial, scale: 2)
    view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    view.layoutSubviews()
    #expect(tutorial.pageSize == Size(width: 390, height: 844))
    view.standInMove(to: UIWindow(frame: view.frame))
    var t = 100.0
    view.step(timestamp: t)
    // A drag to the left with the touches' own timestamps, then the pages settle on page 1.
    func touch(_ x: Double) -> Set<UITouch> {
      [UITouch(location: CGPoint(x: x, y: 400), timestamp: t)]
    }
    view.touchesBegan(touch(330), with: nil)
    for x in stride(from: 320.0, through: 90, by: -20) {
      t += 1.0 / 60
      view.touchesMoved(touch(x), with: nil)
      view.step(timestamp: t)
    }
    view.touchesEnded(touch(90), with: nil)
    for _ in 0..<120 {
      t += 1.0 / 60
      view.step(timestamp: t)
    }
    #expect(tutorial.currentPage == 1 && tutorial.pagePosition == 1)
    #expect(CATransaction.depth == 0 && CATransaction.disablesActions)
    // VoiceOver's elements are the controller's; raising the pages' value turns the page.
    let elements = try #require(view.accessibilityElements as? [UIAccessibilityElement])
    let tree = tutorial.accessibilityTree()
    #expect(elements.map(\.accessibilityLabel) == tree.elements.map(\.label))
    let pages = try #require(elements.first { $0.accessibilityTraits.contains(.adjustable) })
    pages.accessibilityIncrement()
    for _ in 0..<120 {
      t += 1.0 / 60
      view.step(timestamp: t)
    }
    #expect(tutorial.currentPage == 2)
    if tutorial.accessibility.announcesPageChanges {
      #expect(!UIAccessibility.standInPosted.isEmpty)
    }
  }

  @Test func thePresentedControllerDismissesOnDoneAndKeepsTheRecord() throws {
    let store = MemoryRecordStore()
    var outcomes: [HostOutcome] = []
    let onboarding = ButtonsOnboarding()
    let presented = StrataOnboardingViewController(
      controller: onboarding, scale: 2, records: (store, "welcome", 3)
    ) { outcomes.append($0) }
    #expect(presented.view === presented.onboardingView)
    #expect(presented.modalPresentationStyle == .fullScreen)
    #expect(store.record(for: "welcome")?.outcome == nil)
    let view = presented.onboardingView
    view.step(timestamp: 0)
    onboarding.setPagePosition(1)
    view.step(timestamp: 0.1)
    let done = try #require(onboarding.scene().node(named: "done")).frame
    let at = CGPoint(x: done.midX, y: done.midY)
    view.touchesBegan([UITouch(location: at, timestamp: 0.2)], with: nil)
    view.touchesEnded([UITouch(location: at, timestamp: 0.25)], with: nil)
    view.step(timestamp: 0.3)
    #expect(outcomes == [.finished] && presented.standInDismissals == 1)
    #expect(store.record(for: "welcome")?.outcome == .completed)
    // Disappearing afterwards reports nothing more.
    presented.viewDidDisappear(true)
    #expect(outcomes == [.finished])
  }

  @Test func aDismissedOnboardingWasLeftAndSwiftUIsViewSaysSo() {
    var outcomes: [HostOutcome] = []
    let presented = StrataOnboardingViewController(controller: ButtonsOnboarding()) {
      outcomes.append($0)
    }
    presented.viewDidDisappear(true)
    #expect(outcomes == [.left(page: 0)] && presented.standInDismissals == 0)
    var heard: [HostOutcome] = []
    let representable = StrataOnboardingView(
      scale: 2, onOutcome: { heard.append($0) }, controller: { ButtonsOnboarding() })
    let view = representable.makeUIView(context: .init(coordinator: ()))
    representable.updateUIView(view, context: .init(coordinator: ()))
    StrataOnboardingView.dismantleUIView(view, coordinator: ())
    #expect(heard == [.left(page: 0)])
  }
}

/// The documentation's examples compile (AppUsage.swift) and do what the docs say.
@MainActor @Suite struct AppUsageTests {
  @Test func theDocumentedLaunchShowsTheOnboardingUntilItIsFinished() {
    let launch = LaunchViewController(nibName: nil, bundle: nil)
    launch.showOnboardingIfNeeded()
    #expect(launch.records.record(for: "welcome")?.version == 2)
    // The SwiftUI example is compiled here; its view is the stand-in's to draw.
    _ = RootView().body
  }
}
