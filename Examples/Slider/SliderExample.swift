import Foundation
import Strata
import StrataAssets

/// Hears the slider change image.
public protocol SliderDelegate: AnyObject {
  /// The slider is going to image `index`: told when the swipe (or arrow, or autoplay) happens,
  /// before the transition runs.
  func indexChanged(to index: Int)
}

/// Seed 004, JKImageSliderView, on Strata's clock: a swipe (or an arrow, or the autoplay timer)
/// fires one timed transition — fade, move in, push or reveal, from the side the swipe came
/// from, 0.75 s linear by default — and the images wrap around both ways. Nothing follows the
/// finger.
///
/// It is one page whose static content holds the slides, the arrows and the bullets; each
/// transition is a pair of ``TimedAnimation``s (the leaving slide and the arriving one) and a
/// slide of the bullets' highlight, all on the controller's ``TutorialController/timeline``, so
/// any frame is a pure function of the clock.
public final class SliderExample: TutorialController, StaticBackgroundDataSource,
  StaticContentDataSource
{
  /// How one image gives way to the next (Core Animation's `CATransition` types).
  public enum Transition: String, Hashable, Sendable, CaseIterable {
    /// The two cross-fade.
    case fade
    /// The new image slides in over the old one.
    case moveIn
    /// The new image pushes the old one out.
    case push
    /// The old image slides away, uncovering the new one.
    case reveal
  }

  /// The images, or their placeholders while they load.
  public private(set) var images: [Image?]
  /// How images give way.
  public var transitionStyle: Transition
  /// How long a transition runs, in seconds.
  public var duration = 0.75
  /// The transition's curve (Core Animation's default, linear).
  public var easing = Easing.linear
  /// Seconds between automatic advances; `nil` for none. The timer waits while a finger is down.
  /// Clamped to ``TimeLimits/minimumInterval``...``TimeLimits/maximumInterval``.
  public var autoplayInterval: Double? {
    didSet { autoplay = autoplayInterval.flatMap { RepeatingTimer(interval: $0, start: time) } }
  }
  /// Whether the bullets are shown (with more than one image).
  public let showsBullets: Bool
  /// Hears index changes.
  public weak var sliderDelegate: (any SliderDelegate)?
  /// The image shown (or being shown).
  public private(set) var currentIndex = 0
  /// The loader of ``init(imageURLs:loader:transition:showsBullets:swipeEnabled:pageSize:)``.
  public let loader: ImageLoader?
  private let urls: [URL]
  private var autoplay: RepeatingTimer?

  /// A slider of `images`.
  public init(
    images: [Image?], transition: Transition = .fade, showsBullets: Bool = true,
    swipeEnabled: Bool = false, pageSize: Size = Size(width: 375, height: 260)
  ) {
    self.images = images
    self.transitionStyle = transition
    self.showsBullets = showsBullets
    self.loader = nil
    self.urls = []
    super.init(pageSize: pageSize)
    setUp(swipeEnabled: swipeEnabled)
  }

  /// A slider of images loaded lazily from `imageURLs` (file, http, https) by `loader`, each
  /// showing the loader's placeholder until it arrives (call ``reloadImages()`` then, or after
  /// `await loader.settle()` in a headless render).
  public init(
    imageURLs: [URL], loader: ImageLoader, transition: Transition = .fade,
    showsBullets: Bool = true, swipeEnabled: Bool = false,
    pageSize: Size = Size(width: 375, height: 260)
  ) {
    self.images = imageURLs.map { _ in loader.placeholder }
    self.transitionStyle = transition
    self.showsBullets = showsBullets
    self.loader = loader
    self.urls = imageURLs
    super.init(pageSize: pageSize)
    images = imageURLs.map { loader.image(for: $0) }
    setUp(swipeEnabled: swipeEnabled)
  }

  private func setUp(swipeEnabled: Bool) {
    // The arrows are 36-point discs: their glyphs grow up to the first larger size.
    maximumContentSize = .xLarge
    swipeMode = .discrete
    preferredRoundnessHeight = 0
    // Swiping needs more than one image; the seed has it off by default.
    mainScrollNode.isScrollEnabled = swipeEnabled && images.count > 1
    events.subscribe { [weak self] in self?.heard($0.event) }
    // Every slide but the first starts hidden: a held state on the timeline, which the
    // transitions replace.
    for i in images.indices.dropFirst() {
      timeline.add(
        TimedAnimation(
          target: "slide \(i)",
          tracks: [.alpha([0, 0]), .translationX([0, 0]), .zPosition([0, 0])],
          duration: 0.001), at: -1)
    }
    dataSource = self
  }

  /// Asks the loader again for every image and rebuilds the slides with what has arrived.
  public func reloadImages() {
    guard let loader else { return }
    images = urls.map { loader.image(for: $0) }
    reloadData()
  }

  /// One page: the slider is the static content.
  public var numberOfPages: Int { 1 }

  /// The stage's colour.
  public func staticBackground() -> Node? {
    let node = Node(name: "stage")
    node.backgroundColor = Color(white: 0.96)
    return node
  }

  /// The whole screen.
  public override var staticContentHeight: Double { pageSize.height }

  /// The slides (the first one showing), the arrows and the bullets.
  public func staticContent() -> Node? {
    let root = Node(name: "slider")
    root.frame = Rect(origin: .zero, size: pageSize)
    root.clipsToBounds = true
    for (i, image) in images.enumerated() {
      let slide = Node(frame: Rect(origin: .zero, size: pageSize), name: "slide \(i)")
      slide.backgroundColor = Color(white: 0.96)
      slide.addChild(
        ImageNode(image: image, frame: Rect(origin: .zero, size: pageSize), contentMode: .aspectFit)
      )
      root.addChild(slide)
    }
    guard images.count > 1 else { return root }
    for (name, glyph, x) in [("previous", "‹", 8.0), ("next", "›", pageSize.width - 44)] {
      let arrow = ButtonNode(
        title: TextContent(
          glyph, font: .system(size: 28, weight: .bold), color: .white, alignment: .center),
        actionIdentifier: name,
        frame: Rect(x: x, y: pageSize.height / 2 - 18, width: 36, height: 36),
        name: name)
      arrow.accessibilityLabel = name == "next" ? "Next image" : "Previous image"
      // Dark enough for the white arrow to read at 3:1 over a light photograph (WCAG AA).
      arrow.backgroundColor = Color(white: 0, alpha: 0.55)
      arrow.cornerRadius = 18
      arrow.zPosition = 10
      root.addChild(arrow)
    }
    if showsBullets {
      let bullets = PageIndicatorNode(
        pageCount: images.count, style: .slidingDot,
        appearance: PageIndicatorAppearance(
          activeColor: .black, inactiveColor: Color(white: 0.55), dotSize: 10, spacing: 20),
        frame: Rect(x: 0, y: pageSize.height - 28, width: pageSize.width, height: 20),
        name: "bullets")
      bullets.tracking = .manual
      bullets.zPosition = 10
      root.addChild(bullets)
    }
    return root
  }

  /// The arrows: the same transitions as swipes.
  private func heard(_ event: TutorialEvent) {
    guard case .tap(let action, _, _) = event else { return }
    switch action {
    case "previous": show(currentIndex - 1, direction: .right)
    case "next": show(currentIndex + 1, direction: .left)
    default: break
    }
  }

  /// A swipe left shows the next image (arriving from the right), a swipe right the previous.
  public override func didSwipe(_ direction: SwipeDirection) {
    guard images.count > 1 else { return }
    show(currentIndex + (direction == .left ? 1 : -1), direction: direction)
  }

  /// Fires the autoplay at its exact times, unless a finger is down.
  public override func clockDidAdvance(from: Double, to: Double) {
    guard let interval = autoplayInterval, images.count > 1 else { return }
    if autoplay == nil { autoplay = RepeatingTimer(interval: interval, start: from) }
    if isTouching {
      autoplay?.restart(at: to)
      return
    }
    guard let interval = autoplay?.interval, let due = autoplay?.fire(upTo: to) else { return }
    // The last few turns run at their exact times; any before them (a clock that jumped far)
    // fold into the first of those, so the cost does not grow with the jump.
    let exact = Swift.min(due.count, 4)
    for j in 0..<exact {
      let at = due.last - Double(exact - 1 - j) * interval
      show(currentIndex + 1 + (j == 0 ? due.count - exact : 0), direction: .left, at: at)
    }
  }

  /// Shows image `index` (wrapped into the images) with the transition, the new image coming
  /// from the side opposite `direction` (a swipe left brings it from the right), starting at
  /// `time` (now by default).
  public func show(_ index: Int, direction: SwipeDirection, at time: Double? = nil) {
    let n = images.count
    guard n > 1 else { return }
    let to = ((index % n) + n) % n
    let from = currentIndex
    guard to != from else { return }
    currentIndex = to
    sliderDelegate?.indexChanged(to: to)
    let start = time ?? self.time
    let w = pageSize.width
    let d = direction == .left ? w : -w  // where the arriving slide comes from
    typealias T = TimedAnimation.Track
    // The leaving slide ends hidden; the arriving one ends shown, in place, on top.
    let gone = T(.alpha, [1, 1, 0], times: [0, 0.9999, 1])
    let (leaving, arriving): ([T], [T])
    switch transitionStyle {
    case .fade:
      leaving = [.alpha([1, 0]), .translationX([0, 0]), .zPosition([1, 1])]
      arriving = [.alpha([0, 1]), .translationX([0, 0]), .zPosition([2, 2])]
    case .moveIn:
      leaving = [gone, .translationX([0, 0]), .zPosition([1, 1])]
      arriving = [.alpha([1, 1]), .translationX([d, 0]), .zPosition([2, 2])]
    case .push:
      leaving = [gone, .translationX([0, -d]), .zPosition([1, 1])]
      arriving = [.alpha([1, 1]), .translationX([d, 0]), .zPosition([2, 2])]
    case .reveal:
      leaving = [gone, .translationX([0, -d]), .zPosition([3, 3])]
      arriving = [.alpha([1, 1]), .translationX([0, 0]), .zPosition([2, 2])]
    }
    func animation(_ target: String, _ tracks: [T]) -> TimedAnimation {
      TimedAnimation(target: target, tracks: tracks, duration: duration, easing: easing)
    }
    run(animation("slide \(from)", leaving), at: start)
    run(animation("slide \(to)", arriving), at: start)
    if showsBullets {
      run(
        TimedAnimation(
          target: "bullets", tracks: [.indicatorPosition([Double(from), Double(to)])],
          duration: duration, easing: .easeInOut), at: start)
    }
  }
}

extension SliderExample {
  /// The example's images: the swiper's three illustrations and the blue jay photograph.
  public static var exampleImages: [Image?] {
    ["page1", "page2", "page3"].map { SwiperIllustrations.image($0) } + [AnimalsAssets.blueJay]
  }

  /// The example as `strata render slider` shows it: four images, fade, swiping on.
  public static func example(
    pageSize: Size = Size(width: 375, height: 260), transition: Transition = .fade
  )
    -> SliderExample
  {
    SliderExample(
      images: exampleImages, transition: transition, swipeEnabled: true, pageSize: pageSize)
  }
}
