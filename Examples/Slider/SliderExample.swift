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
    didSet {
      autoplayTimer = autoplayInterval.flatMap { RepeatingTimer(interval: $0, start: time) }
    }
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
  private var autoplayTimer: RepeatingTimer?

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
    // The arrows are 44-point discs: their glyphs grow up to the first larger size.
    maximumContentSize = .xLarge
    swipeMode = .discrete
    preferredRoundnessHeight = 0
    // Swiping needs more than one image; the seed has it off by default.
    mainScrollNode.isScrollEnabled = swipeEnabled && images.count > 1
    events.subscribe { [weak self] in self?.heard($0.event) }
    // Every slide but the first starts hidden, and the bullets on the first: held states on
    // the timeline, which the transitions replace.
    for i in images.indices.dropFirst() {
      timeline.add(
        TimedAnimation(
          target: "slide \(i)",
          tracks: [.alpha([0, 0]), .translationX([0, 0]), .zPosition([0, 0])],
          duration: 0.001), at: -1)
    }
    timeline.add(
      TimedAnimation(target: "bullets", tracks: [.indicatorPosition([0, 0])], duration: 0.001),
      at: -1)
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
    // Right to left, the next image is to the left: the arrows swap sides and glyphs.
    // 44 points: the least a touch target should be.
    let sides = [("‹", 8.0), ("›", pageSize.width - 52)]
    let (previousSide, nextSide) =
      layoutDirection == .rightToLeft ? (sides[1], sides[0]) : (sides[0], sides[1])
    for (name, (glyph, x)) in [("previous", previousSide), ("next", nextSide)] {
      let arrow = ButtonNode(
        title: TextContent(
          glyph, font: .system(size: 28, weight: .bold), color: .white, alignment: .center),
        actionIdentifier: name,
        frame: Rect(x: x, y: pageSize.height / 2 - 22, width: 44, height: 44),
        name: name)
      arrow.accessibilityLabel = name == "next" ? "Next image" : "Previous image"
      // Dark enough for the white arrow to read at 3:1 over a light photograph (WCAG AA).
      arrow.backgroundColor = Color(white: 0, alpha: 0.55)
      arrow.cornerRadius = 22
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
    case "previous":
      show(currentIndex - 1, direction: layoutDirection == .rightToLeft ? .left : .right)
    case "next": show(currentIndex + 1, direction: forwardSwipe)
    default: break
    }
  }

  /// A swipe left shows the next image (arriving from the right), a swipe right the previous;
  /// right to left, the other way round.
  public override func didSwipe(_ direction: SwipeDirection) {
    guard images.count > 1 else { return }
    show(currentIndex + (direction == forwardSwipe ? 1 : -1), direction: direction)
  }

  /// The transitions, wrap-around and autoplay, which run in this class's code.
  public override var behaviorsInCode: [String] {
    var list = [
      "timed transitions (\(transitionStyle.rawValue), \(duration) s) on swipes and the arrows",
      "wrap-around from the last image to the first",
    ]
    if let autoplayInterval { list.append("autoplay every \(autoplayInterval) s") }
    return list
  }

  /// The swipe that shows the next image: left, or right in a right-to-left layout.
  var forwardSwipe: SwipeDirection { layoutDirection == .rightToLeft ? .right : .left }

  /// The image shown and the autoplay timer, for a ``FrameState`` to carry.
  public override var customFrameState: CustomFrameState {
    get {
      var state = super.customFrameState
      state["slider.index"] = .number(Double(currentIndex))
      if let next = autoplayTimer?.next { state["slider.autoplayNext"] = .number(next) }
      return state
    }
    set {
      super.customFrameState = newValue
      currentIndex = newValue.index("slider.index", in: images.indices) ?? 0
      autoplayTimer = autoplayInterval.flatMap { interval in
        newValue.number("slider.autoplayNext").flatMap {
          RepeatingTimer(interval: interval, next: $0)
        }
      }
    }
  }

  /// Fires the autoplay at its exact times, unless a finger is down.
  public override func clockDidAdvance(from: Double, to: Double) {
    guard let interval = autoplayInterval, images.count > 1 else { return }
    if autoplayTimer == nil { autoplayTimer = RepeatingTimer(interval: interval, start: from) }
    if isTouching {
      autoplayTimer?.restart(at: to)
      return
    }
    guard let interval = autoplayTimer?.interval, let due = autoplayTimer?.fire(upTo: to) else {
      return
    }
    // The last few turns run at their exact times; any before them (a clock that jumped far)
    // fold into the first of those, so the cost does not grow with the jump.
    let exact = Swift.min(due.count, 4)
    for j in 0..<exact {
      let at = due.last - Double(exact - 1 - j) * interval
      show(currentIndex + 1 + (j == 0 ? due.count - exact : 0), direction: forwardSwipe, at: at)
    }
  }

  /// Shows image `index` (wrapped into the images) with the transition, the new image coming
  /// from the side opposite `direction` (a swipe left brings it from the right), starting at
  /// `time` (now by default).
  ///
  /// A transition starts from what is on screen, as Core Animation's does: one that interrupts
  /// another takes the slides as they show then (faded, moved part way) to their end, and the
  /// bullets from where they stand. Going back to a slide still showing carries it on from
  /// where it is; nothing jumps.
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
    for animation in Self.transition(
      SlideTransition(
        style: transitionStyle, shown: shownSlides(at: start, count: n), to: to,
        travel: direction == .left ? w : -w, duration: duration, easing: easing))
    {
      run(animation, at: start)
    }
    if showsBullets {
      let at = timeline.value(.indicatorPosition, of: "bullets", at: start) ?? Double(from)
      run(
        TimedAnimation(
          target: "bullets", tracks: [.indicatorPosition([at, Double(to)])],
          duration: duration, easing: .easeInOut), at: start)
    }
  }

  /// The slides on screen at `time`, bottom first, as the timeline shows them.
  func shownSlides(at time: Double, count: Int) -> [SlideTransition.Slide] {
    let w = pageSize.width
    var shown: [SlideTransition.Slide] = []
    for i in 0..<count {
      let target = "slide \(i)"
      let slide = SlideTransition.Slide(
        index: i, alpha: timeline.value(.alpha, of: target, at: time) ?? 1,
        x: timeline.value(.translationX, of: target, at: time) ?? 0,
        z: timeline.value(.zPosition, of: target, at: time) ?? 0)
      if slide.alpha > 0, Swift.abs(slide.x) < w { shown.append(slide) }
    }
    // Drawn in z order, ties in child order.
    return shown.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }
      .map(\.element)
  }

  /// A transition from the slides on screen to one image.
  struct SlideTransition {
    /// A slide as it shows.
    struct Slide {
      var index: Int
      var alpha: Double
      var x: Double
      var z: Double
    }
    var style: Transition
    /// The slides on screen, bottom first.
    var shown: [Slide]
    /// The image shown at the end.
    var to: Int
    /// Where a new image comes from: the page width, negative from the left.
    var travel: Double
    var duration: Double
    var easing: Easing
  }

  /// The animations of `t`: every slide on screen goes from how it shows to its end, in its
  /// stacking order (the arriving slide on top, or, revealed, at the bottom).
  static func transition(_ t: SlideTransition) -> [TimedAnimation] {
    typealias T = TimedAnimation.Track
    let arriving = t.shown.first { $0.index == t.to }
    var order = t.shown.filter { $0.index != t.to }  // bottom first
    let incoming =
      arriving
      ?? SlideTransition.Slide(
        index: t.to, alpha: t.style == .fade ? 0 : 1,
        x: t.style == .moveIn || t.style == .push ? t.travel : 0, z: 0)
    if let arriving, let at = t.shown.firstIndex(where: { $0.index == arriving.index }) {
      order.insert(arriving, at: at)  // it keeps its place
    } else if t.style == .reveal {
      order.insert(incoming, at: 0)  // uncovered from below
    } else {
      order.append(incoming)  // over what shows
    }
    let place = order.firstIndex { $0.index == t.to } ?? 0
    // Between 1 and 9: under the arrows and bullets (10).
    func z(_ rank: Int) -> Double { 1 + 8 * Double(rank) / Double(Swift.max(1, order.count - 1)) }
    // The leaving slides move with the arriving one (push), or away (reveal, or uncovering it).
    let shift = t.style == .push ? -incoming.x : -t.travel
    var out: [TimedAnimation] = []
    for (rank, slide) in order.enumerated() {
      let tracks: [T]
      if slide.index == t.to {
        tracks = [
          .alpha([slide.alpha, 1]), .translationX([slide.x, 0]), .zPosition([z(rank), z(rank)]),
        ]
      } else {
        let gone = T(.alpha, [slide.alpha, slide.alpha, 0], times: [0, 0.9999, 1])
        let moves =
          t.style == .push || t.style == .reveal || (t.style == .moveIn && rank > place)
        // A fade is a cross-dissolve: what lies under the arriving slide stays as it shows
        // until the end (so nothing behind shows through half way), what lies over it fades.
        tracks = [
          t.style == .fade && rank > place ? .alpha([slide.alpha, 0]) : gone,
          .translationX([slide.x, slide.x + (moves ? shift : 0)]),
          .zPosition([z(rank), z(rank)]),
        ]
      }
      out.append(
        TimedAnimation(
          target: "slide \(slide.index)", tracks: tracks, duration: t.duration, easing: t.easing)
      )
    }
    return out
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
