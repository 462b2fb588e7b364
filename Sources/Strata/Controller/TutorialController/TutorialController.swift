/// Lays out the seven layers of an onboarding, keeps its virtual scroll nodes in
/// step from one master offset, and runs the animators.
///
/// Subclass it, as you would `UIViewController`: a subclass that conforms to the
/// data-source protocols of the layers it fills (``LabelDataSource``, ``IconDataSource``, …,
/// each a ``TutorialDataSource``), and if it likes to layer animator protocols
/// (``LabelAnimator``, …) and ``TutorialDelegate``, is its own data source and animator
/// without setting anything, and may override ``staticContentHeight``, ``roundnessHeight``,
/// ``reloadData()`` and ``configurePage(_:)``.
///
/// ```swift
/// final class Welcome: TutorialController, LabelDataSource {
///   var numberOfPages: Int { 3 }
///   func label(at page: Int) -> Node? {
///     TextNode(text: TextContent("Page \(page + 1)", font: .system(size: 20)))
///   }
/// }
/// let tutorial = Welcome(pageSize: Size(width: 375, height: 667))
/// tutorial.setPagePosition(1.5)          // half way from page 1 to page 2
/// let scene = tutorial.scene()           // what to draw
/// ```
///
/// ## Updates are pure
///
/// ``setContentOffset(_:)`` resets every animated node to its laid-out state
/// before it runs the animators, so the scene at an offset does not depend on
/// the offsets that came before: frames can be rendered in any order.
///
/// ## Cost
///
/// Pages are built lazily, when they come within one page of the viewport, and
/// only those pages are in the node tree. An update and ``scene()`` cost
/// O(nodes of the visible pages), whatever the number of pages.
open class TutorialController {
  /// The source of the layers' nodes. When `nil`, a controller that conforms to
  /// ``TutorialDataSource`` is its own data source. Setting it reloads at once.
  public var dataSource: (any TutorialDataSource)? {
    didSet { reloadData() }
  }

  /// The layers' animators. When `nil`, a controller that conforms to ``TutorialAnimator``
  /// animates itself; otherwise ``DefaultTutorialAnimator`` does.
  public var animator: (any TutorialAnimator)? {
    didSet { animators = nil }
  }

  /// Hears scrolls and page changes; held weakly.
  public weak var delegate: (any TutorialDelegate)?

  /// Called as the clock moves from `from` to `to` (before the pages move): a subclass can start
  /// what is due in between, at its exact time (an autoplay, a delayed animation), so that what
  /// happens does not depend on how finely time is sampled. Does nothing by default.
  open func clockDidAdvance(from: Double, to: Double) {}

  /// What this onboarding does in code of its own that no spec can hold — timed transitions
  /// its handlers start, an autoplay or wrap-around it runs itself — one name each, for
  /// `strata export` to list among what it drops. Empty by default.
  open var behaviorsInCode: [String] { [] }

  /// What this subclass keeps that its scene depends on, for a ``FrameState`` to carry: a
  /// subclass whose scene depends on more than the controller's own state (an index, a mode)
  /// overrides it, adding its values to `super`'s on get and reading them back on set (where a
  /// value is missing, as in a state made by hand, it goes back to its initial value). The
  /// controller sets it before each update a ``TutorialController/show(_:)`` makes. Empty by
  /// default.
  open var customFrameState: CustomFrameState {
    get { CustomFrameState() }
    set {}
  }

  /// In the ``SwipeMode/discrete`` swipe mode, a finger swiped: by default the next page
  /// (`.left`, left to right) or the previous one is shown over 0.35 s. Override it for your own
  /// timed change; ``run(_:at:)`` starts timed animations.
  open func didSwipe(_ direction: SwipeDirection) {
    let forward =
      direction == .up || (direction == .left && !isRightToLeft)
      || (direction == .right && isRightToLeft)
    if forward { showNextPage() } else { showPreviousPage() }
  }

  var safeArea = Insets.zero

  /// Measures text, so that a ``TextNode`` label of height 0 gets the height of its text
  /// (at the label's width) instead of the whole strip. Setting it reloads at once.
  public var textMeasurer: (any TextMeasurer)? {
    didSet { reloadData() }
  }

  /// The viewport size in points, each side clamped to
  /// ``minimumPageDimension``...``maximumPageDimension``. Changing it (a rotation, a split
  /// view) keeps the page position, mid-transition included, and reloads at once.
  public var pageSize: Size {
    didSet {
      let clamped = Self.clampedSize(pageSize)
      if clamped != pageSize { pageSize = clamped }
      if pageSize != oldValue { reloadData() }
    }
  }

  /// Whether the pages go round: the page after the last is the first, in both directions, and
  /// the pages scroll on round the circle (no rewind). Every layer and indicator follows; the
  /// page position stays in 0..<``pageCount`` (N − ½ is half way from the last page to the
  /// first) and delegates and events speak of real pages. With fewer than two pages it has no
  /// effect. Changing it keeps the page position and reloads at once. See Docs/Interaction.md.
  public var isCircular = false {
    didSet { if isCircular != oldValue { reloadData() } }
  }

  /// Which way the pages are laid out and scroll: side by side (the default) or stacked, page 0
  /// on top. Vertically every layer moves along y, fingers drag up and down, and the layout
  /// direction does not reverse the pages (it still mirrors their content). The roundness arc
  /// and the static content stay where they are; icons sit on the arc's peak and move with their
  /// page. Changing it keeps the page position and reloads at once (a drag under way ends).
  public var pagingAxis = PagingAxis.horizontal {
    didSet { if pagingAxis != oldValue { reloadData() } }
  }

  /// Which way the pages run. Right to left, page 0 is on the right, swiping right moves to the
  /// next page, and positions mirror (so animators mirror their direction). Changing it keeps
  /// the page position and reloads at once.
  public var layoutDirection: LayoutDirection = .leftToRight {
    didSet {
      if layoutDirection != oldValue { reloadData() }
    }
  }

  /// Renders the reduced-motion version of the onboarding, for readers who ask for less motion.
  ///
  /// There is one rule, applied by the controller after the animators run, whatever they are: a
  /// layer node that an animator moved, turned or scaled is put back where it was laid out and
  /// cross-fades instead (alpha × (1 − |position|), unless the animator already faded it, in
  /// which case its fade is kept); the static layers do not move. Animations of an
  /// ``AnimatorSet`` whose ``PageAnimation/reducedMotion`` is
  /// ``ReducedMotionBehavior/stop`` (parallax, rotations) do not run at all.
  public var reduceMotion = false {
    didSet { needsUpdate = true }
  }

  /// The reader's text size. Text the data source gives is shown at ``textScale``; changing it
  /// reloads at once, keeping the page position. See Docs/Accessibility.md.
  public var contentSize = ContentSize.large {
    didSet { if contentSize != oldValue { reloadData() } }
  }

  /// How the controller speaks to screen readers: the pages element's words, and whether it
  /// announces the page it comes to rest on.
  public var accessibility = AccessibilitySettings()

  /// The largest text size this onboarding's design allows, like UIKit's
  /// `maximumContentSizeCategory`; `nil` (the default) allows every size. Setting it reloads.
  public var maximumContentSize: ContentSize? {
    didSet { if maximumContentSize != oldValue { reloadData() } }
  }

  /// The factor text is shown at: ``contentSize``'s ``ContentSize/scale``, limited by
  /// ``maximumContentSize``. Override it to limit it further (to what a layout can fit).
  open var textScale: Double {
    Swift.min(contentSize, maximumContentSize ?? .accessibility5).scale
  }

  /// The swipe region used when ``swipeRegion`` is not overridden; `nil` for the whole page.
  public var preferredSwipeRegion: Rect?

  // Inputs of the layout reload at once when they change, so that what the controller reports
  // (page count, position, frames) is always current and every getter is a plain read.

  /// The rectangle, in viewport points, in which a touch may start a page drag; `nil` for the
  /// whole page. Seed onboardings stop it above their buttons, so that a swipe that starts on
  /// the button row does nothing. Taps work everywhere. Override it to compute it from
  /// ``pageSize``, or set ``preferredSwipeRegion``.
  open var swipeRegion: Rect? { preferredSwipeRegion }

  /// The static content height used when ``staticContentHeight`` is not overridden;
  /// `nil` for 40 % of the page height. Setting it reloads at once.
  public var preferredStaticContentHeight: Double? {
    didSet { reloadData() }
  }
  /// The roundness height used when ``roundnessHeight`` is not overridden. Setting it reloads
  /// at once.
  public var preferredRoundnessHeight: Double = 0 {
    didSet { reloadData() }
  }

  /// The height of the static content below the arc's ends. Override it to compute
  /// the height from ``pageSize`` (and call ``reloadData()`` when something else it depends on
  /// changes); the controller clamps the value to the page height.
  open var staticContentHeight: Double {
    preferredStaticContentHeight ?? pageSize.height * 0.4
  }

  /// The sagitta of the roundness arc over the static content; 0 for a straight edge.
  /// Override it, or set ``preferredRoundnessHeight``. The controller clamps it to
  /// half the page width and to the room above the static content.
  open var roundnessHeight: Double { preferredRoundnessHeight }

  /// The root of the node tree, the size of the page.
  public let root: Node
  /// The scroll node of the dynamic backgrounds and wireframes.
  public let backgroundsScrollNode: ScrollNode
  /// The scroll node of the labels strip.
  public let labelsScrollNode: ScrollNode
  /// The scroll node of the icons, a line on the arc's peak.
  public let iconsScrollNode: ScrollNode
  /// The transparent scroll node on top of everything: the only one gestures scroll.
  public let mainScrollNode: ScrollNode

  /// The static background node, if the data source gave one.
  public private(set) var staticBackgroundNode: Node?
  /// The static content node, if the data source gave one.
  public private(set) var staticContentNode: Node?
  var loadedPageCount = 0
  /// The page nearest the centre of the viewport.
  public internal(set) var currentPage = 0

  /// How pages map to slots, for the loaded page count and direction.
  private(set) var order = PageOrder(count: 0, isRightToLeft: false)
  /// The scroll model that gestures and programmatic navigation drive: the one place the
  /// offset lives. The page position, the transition, the scroll nodes' offsets and the
  /// indicators are all derived from it.
  var physics = ScrollPhysics(configuration: .init(pageWidth: 1, pageCount: 0))

  /// The interaction clock, in seconds.
  var clock = 0.0
  /// Whether the pages have moved under a drag or a programmatic scroll and not yet come to
  /// rest (a ``TutorialEvent/settled(page:)`` is due).
  var isMoving = false
  /// Autoplay's settings and where it is.
  var autoplayState = AutoplayState()
  /// Checks for leaving a page, required steps, and how the onboarding ended.
  var gating = GatingState()
  /// What happens, for any number of subscribers (taps, page changes, drags, settling,
  /// finishing), with times from ``time``.
  public let events = TutorialEventStream()
  /// The timed animations running (see ``run(_:at:)``); set it to replace them all.
  public var timeline = Timeline() {
    didSet { needsUpdate = true }
  }
  /// What a horizontal swipe does: move the pages with the finger (`follow`, the default) or
  /// fire one timed change (`discrete`, see ``didSwipe(_:)``).
  public var swipeMode = SwipeMode.follow
  /// The finger being tracked, if any.
  var touch: TouchState?
  /// The navigation buttons in the static content.
  var navigationButtons: [NavigationButtonNode] = []
  /// The page indicators in the static content.
  var pageIndicators: [PageIndicatorNode] = []

  /// How the pages scroll under a finger: paging, deceleration, flick reach, spring, rubber band.
  /// The page width and count are filled in from the layout, and paging from
  /// ``mainScrollNode``'s `isPagingEnabled`. Setting it reloads at once.
  public var scrollBehavior = ScrollPhysics.Configuration(pageWidth: 1, pageCount: 0) {
    didSet { reloadData() }
  }
  /// Whether the node tree has to be brought to the current offset (``layoutIfNeeded()``).
  var needsUpdate = true
  var needsStaticBase = true
  var staticBase: [(Node, Node.AnimatedProperties)] = []
  /// The animated images of the static layers, which the controller drives.
  var staticAnimatedImages: [AnimatedImageNode] = []
  /// The built pages, by the slot that shows them.
  var pages: [Slot: TutorialPage] = [:]
  /// The slots in the node tree.
  var window: ClosedRange<Slot>?
  /// The methods of ``animator`` by layer, looked up when first needed after it changes (not kept
  /// when the controller is its own animator).
  var animators: LayerAnimatorTable?
  var lastTransition: PageTransition?
  var metrics = LayoutMetrics()

  /// Creates a controller for a viewport of `pageSize` (clamped; see ``pageSize``).
  public init(pageSize: Size = Size(width: 375, height: 667)) {
    let size = Self.clampedSize(pageSize)
    self.pageSize = size
    root = Node(frame: Rect(origin: .zero, size: size), name: "root")
    backgroundsScrollNode = ScrollNode(name: "backgrounds")
    labelsScrollNode = ScrollNode(name: "labels")
    iconsScrollNode = ScrollNode(name: "icons")
    mainScrollNode = ScrollNode(name: "main")
    backgroundsScrollNode.clipsToBounds = true
    for node in [backgroundsScrollNode, labelsScrollNode, iconsScrollNode, mainScrollNode] {
      node.isScrollEnabled = false
      node.passesTouchesThrough = true
      root.addChild(node)
    }
    mainScrollNode.isScrollEnabled = true
    mainScrollNode.isPagingEnabled = true
    mainScrollNode.passesTapsThrough = true
    reloadData()
  }

  // MARK: Loading

  /// Rebuilds every layer from the data source and lays it out, keeping the page position.
  ///
  /// The controller calls it when an input of the layout changes (``dataSource``,
  /// ``pageSize``, ``layoutDirection``, …) and when it is created; call it yourself when the
  /// data source's answers change. Override it to add nodes of your own (call `super` first).
  /// Nodes you add to ``root`` stay where you put them across reloads; the controller only
  /// replaces the layer nodes it made, so an override that adds a node should remove the one it
  /// added last time (or reuse it). Animated properties of layer nodes are captured as their
  /// base after the override returns, when the tree is next brought up to date
  /// (``layoutIfNeeded()``).
  open func reloadData() {
    let kept = position
    needsUpdate = true
    needsStaticBase = true
    staticBase = []
    for (_, page) in pages {
      page.container.removeFromParent()
      page.labelSlot.removeFromParent()
      page.iconSlot.removeFromParent()
    }
    pages = [:]
    window = nil
    staticBackgroundNode?.removeFromParent()
    staticContentNode?.removeFromParent()
    staticBackgroundNode = nil
    staticContentNode = nil

    let source = activeDataSource
    // Looked up here and when a page is built, never kept: a table of the controller's own
    // methods would hold the controller and leak it.
    let sources = LayerSourceTable(source)
    loadedPageCount = Swift.min(Self.maximumPageCount, Swift.max(0, source?.numberOfPages ?? 0))
    order = PageOrder(
      count: loadedPageCount,
      isRightToLeft: layoutDirection == .rightToLeft && pagingAxis == .horizontal,
      isCircular: isCircular)
    let labels = source as? any LabelDataSource
    metrics = LayoutMetrics(
      pageSize: pageSize, staticContentHeight: staticContentHeight,
      roundnessHeight: roundnessHeight, labelsTopMargin: labels?.labelsTopMargin,
      labelsBottomMargin: labels?.labelsBottomMargin)
    metrics.axis = pagingAxis
    let m = metrics
    root.frame = Rect(origin: .zero, size: pageSize)
    backgroundsScrollNode.frame = Rect(origin: .zero, size: pageSize)
    mainScrollNode.frame = Rect(origin: .zero, size: pageSize)
    // Only the main scroll node scrolls, so only it has a content size (for a host that mirrors
    // it into a real scroll view); the others follow its offset.
    let pages = Double(loadedPageCount)
    mainScrollNode.contentSize =
      pagingAxis == .vertical
      ? Size(width: m.width, height: pages * m.height)
      : Size(width: pages * m.width, height: m.height)
    labelsScrollNode.frame = m.labelsStrip
    iconsScrollNode.frame = Rect(x: 0, y: m.arcTop, width: m.width, height: 0)

    let scale = textScale
    if let background = sources.node(.staticBackground) {
      Self.applyTextScale(scale, to: background, byDefault: false)
      background.isDecorativeLayer = true
      background.frame = Rect(origin: .zero, size: pageSize)
      background.layoutStyledChildren(measurer: textMeasurer, direction: layoutDirection)
      root.insertChild(background, below: backgroundsScrollNode)
      staticBackgroundNode = background
    }
    if let content = sources.node(.staticContent) {
      Self.applyTextScale(scale, to: content, byDefault: true)
      content.frame = m.staticContentFrame
      content.mask = m.staticContentMask
      content.layoutStyledChildren(measurer: textMeasurer, direction: layoutDirection)
      root.insertChild(content, below: labelsScrollNode)
      staticContentNode = content
    }
    // The page position survives the reload. If the page the reader was on is gone, settle on
    // the last page, as a paged scroll view does when its content shrinks.
    var p = kept.isFinite ? kept : 0
    if p.rounded() > Double(loadedPageCount - 1), !order.isCircular || p >= Double(loadedPageCount)
    {
      p = Double(Swift.max(0, loadedPageCount - 1))
    }
    p = clampedPosition(p)
    currentPage = transition(at: p).nearestPage
    lastTransition = nil
    var config = scrollBehavior
    config.pageWidth = m.extent
    config.pageCount = loadedPageCount
    config.isPagingEnabled = config.isPagingEnabled && mainScrollNode.isPagingEnabled
    config.isCircular = order.isCircular
    physics = ScrollPhysics(configuration: config)
    physics.allowedRange = fullRange
    setPosition(p)
    touch = nil
    navigationButtons = []
    pageIndicators = []
    staticContentNode?.forEachInSubtree {
      if let b = $0 as? NavigationButtonNode { navigationButtons.append(b) }
      if let i = $0 as? PageIndicatorNode { pageIndicators.append(i) }
    }
  }

  /// Called when a page's nodes have been built and laid out, before it first shows.
  ///
  /// Override it to adjust a page (z-order, clipping, extra nodes). Pages are built
  /// lazily and may be rebuilt after they leave the cache, so keep what you do here
  /// a function of the page.
  open func configurePage(_ page: TutorialPage) {}

}
