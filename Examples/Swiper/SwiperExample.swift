import Strata
import StrataText

/// Seed 000, the MVVM onboarding swiper, on the layer model: three pages from a page list,
/// titles in a strip that follows the finger, two illustrations fixed at the top that
/// cross-fade with the scroll, AdvancedPageControl's extended dots, and "Create account" and
/// "Log in" buttons under a swipe region that stops 100 points above them.
///
/// How it maps onto the seven layers:
///
/// | seed | layer |
/// |---|---|
/// | the white view | static background |
/// | the two image views, cross-fading | static background: one slot per page, fixed, a linear cross-fade held at the ends |
/// | the title collection view | labels |
/// | the page control and the buttons | static content, laid out by a flexbox plan |
/// | the collection view's frame | ``swipeRegion`` |
///
/// The view model's events come out of ``TutorialController/events`` as typed events: a tap on
/// a button, with the page it happened on.
public final class SwiperExample: TutorialController, StaticBackgroundDataSource,
  StaticContentDataSource, LabelDataSource, StaticBackgroundAnimator
{
  /// One page of the swiper, as the seed's `Page` enum has them.
  public struct Page: Hashable, Sendable {
    /// The title shown in the strip.
    public var title: String
    /// The illustration's asset name.
    public var image: String
    /// Its place in the list.
    public var index: Int
  }

  /// The seed's three pages.
  public static let pages = [
    Page(title: "Welcome to MVVM Onboarding App", image: "page1", index: 0),
    Page(title: "Create beautiful onaboarding experience for your user", image: "page2", index: 1),
    Page(title: "Smooth and interactive", image: "page3", index: 2),
  ]

  /// The seed's accent: the page control's purple, used for the buttons too.
  public static let purple = Color(red8: 0x80, green8: 0x00, blue8: 0x80)

  /// The action identifiers of the two buttons (the seed's `registerClicked`, `loginClicked`).
  public static let createAccountAction = "registerClicked"
  /// See ``createAccountAction``.
  public static let logInAction = "loginClicked"

  /// The page list shown.
  public let pageList: [Page]

  /// Creates the swiper for a screen of `pageSize`, with the safe area a phone of that size
  /// typically has (see ``Insets/typicalSafeArea(for:)``).
  public init(pageSize: Size = Size(width: 375, height: 667), pages: [Page] = SwiperExample.pages) {
    self.pageList = pages
    super.init(pageSize: pageSize)
    safeAreaInsets = .typicalSafeArea(for: pageSize)
    preferredRoundnessHeight = 0
    // The seed's buttons have fixed heights: its text keeps the design's size at most.
    maximumContentSize = .large
    textMeasurer = TextEngine.system
    dataSource = self
  }

  // MARK: Layout (the seed's constraints, as a flexbox plan that fits every screen)

  /// The frames of the controls, in screen points.
  public struct Layout: Hashable, Sendable {
    /// "Log in": 20 points in from the sides, 20 above the safe area's bottom, 60 tall (50 in
    /// landscape).
    public var logIn: Rect
    /// "Create account": the same size, 10 points above "Log in".
    public var createAccount: Rect
    /// The page control: 30 tall, 30 points above "Create account" (12 in landscape).
    public var indicator: Rect
    /// The illustrations: full width and H / 2.5 + 40 tall at the top of the screen, less
    /// when the title needs the room; in landscape, the leading half of the screen.
    public var image: Rect
    /// The title strip: from the illustrations to 100 points above "Create account", never
    /// lower than the tallest title; in landscape, the trailing half above the page control.
    public var title: Rect
    /// Where swipes start: from the top to the end of the title strip.
    public var swipeArea: Rect
  }

  /// The layout for the current page size, safe area, direction and text size.
  ///
  /// In portrait it is the seed's: the illustrations on top, the title, then 40 points, the
  /// page control, 30 points and the buttons; the illustrations (and the gaps) give way when
  /// the title needs more room. When the height is compact (a phone in landscape) the
  /// illustrations take the leading half and the title, page control and buttons the
  /// trailing half.
  public var layout: Layout {
    let w = pageSize.width
    let h = pageSize.height
    let safe = safeAreaInsets
    let landscape = sizeClasses.vertical == .compact
    let title = FlexBox({ $0.flexGrow = 1 })
    title.measure = { [weak self] width, _ in
      Size(width: width.limit ?? 0, height: self?.tallestTitle(width: width.limit ?? w) ?? 0)
    }
    let image = FlexBox({ $0.flexShrink = 1 })
    let indicator = FlexBox({ $0.height = .points(30) })
    let buttonHeight = landscape ? 50.0 : 60
    let create = FlexBox({ $0.height = .points(buttonHeight) })
    let logIn = FlexBox({
      $0.height = .points(buttonHeight)
      $0.margin.top = .points(10)
    })
    let plan: FlexBox
    if landscape {
      image.style.flex = 1
      // The title, page control and buttons as one group, centred in the trailing half.
      title.style.flexGrow = 0
      title.style.margin.bottom = .points(16)
      let column = FlexBox(
        {
          $0.flex = 1
          $0.justifyContent = .center
        },
        children: [title, indicator, FlexBox({ $0.height = .points(12) }), create, logIn])
      plan = FlexBox(
        {
          $0.flexDirection = .row
          $0.columnGap = 24
          $0.padding.top = .points(safe.top + 16)
          $0.padding.bottom = .points(safe.bottom + 16)
          $0.padding.left = .points(safe.left + 20)
          $0.padding.right = .points(safe.right + 20)
        }, children: [image, column])
    } else {
      image.style.flexBasis = .points(h / 2.5 + 40)
      image.style.minHeight = .points(100)
      title.style.margin.horizontal = .points(20)
      for b in [create, logIn] { b.style.margin.horizontal = .points(20) }
      let gap = { (height: Double) in
        FlexBox({
          $0.height = .points(height)
          $0.flexShrink = 1
        })
      }
      plan = FlexBox(
        {
          $0.padding.bottom = .points(safe.bottom + 20)
          $0.padding.left = .points(safe.left)
          $0.padding.right = .points(safe.right)
        }, children: [image, title, gap(40), indicator, gap(30), create, logIn])
    }
    plan.calculateLayout(width: w, height: h, direction: layoutDirection)
    let strip = title.frameInRoot
    return Layout(
      logIn: logIn.frameInRoot, createAccount: create.frameInRoot,
      indicator: indicator.frameInRoot, image: image.frameInRoot, title: strip,
      swipeArea: Rect(x: 0, y: 0, width: w, height: Swift.max(0, strip.maxY)))
  }

  /// The height of the tallest title broken to `width`, as shown at the reader's text size.
  public func tallestTitle(width: Double) -> Double {
    tallestHeight(of: pageList.map { Self.title($0.title) }, width: width)
  }

  /// A title in the seed's style: 22-point bold, dark, centred.
  public static func title(_ string: String) -> TextContent {
    TextContent(
      string, font: .system(size: 22, weight: .bold),
      color: Color(red8: 0x2F, green8: 0x2E, blue8: 0x41), alignment: .center)
  }

  /// From the top to the end of the title strip.
  public override var swipeRegion: Rect? { layout.swipeArea }

  /// From the page control to the bottom.
  public override var staticContentHeight: Double { pageSize.height - layout.indicator.minY }

  // MARK: Data source

  /// The pages of the list.
  public var numberOfPages: Int { pageList.count }

  /// White, as the seed's view, with one fixed slot per page for its illustration (the seed's
  /// two image views, outside its collection view).
  public func staticBackground() -> Node? {
    let node = Node(name: "white")
    node.backgroundColor = .white
    for (page, item) in pageList.enumerated() {
      let slot = Node(frame: Rect(origin: .zero, size: pageSize), name: "image slot \(page)")
      slot.addChild(
        ImageNode(
          image: SwiperIllustrations.image(item.image), frame: layout.image,
          contentMode: .aspectFit, name: item.image))
      node.addChild(slot)
    }
    return node
  }

  /// The cross-fade: each slot's alpha is 1 − |its page's distance from the centre|, linear in
  /// the scroll fraction (fade-in = (x − W·i)/W), held at the ends so that rubber-banding fades
  /// nothing. The slots never move; under reduced motion the fade is all there is anyway.
  public func animateStaticBackground(_ node: Node, transition: PageTransition) {
    let held = transition.heldAtEnds
    for (page, slot) in node.children.enumerated() {
      slot.alpha *= Swift.max(0, 1 - Swift.min(1, Swift.abs(held.position(of: page))))
    }
  }

  /// The title strip runs from below the illustrations to the swipe region's end.
  public var labelsTopMargin: Double? { layout.title.minY }
  /// See ``labelsTopMargin``.
  public var labelsBottomMargin: Double? { pageSize.height - layout.title.maxY }

  /// The page's title, centred in the title strip (its frame's origin is an offset from the
  /// middle of the page, where the controller centres labels).
  public func label(at page: Int) -> Node? {
    let strip = layout.title
    return TextNode(
      text: Self.title(pageList[page].title),
      frame: Rect(
        x: strip.midX - pageSize.width / 2, y: 0, width: strip.width, height: strip.height),
      verticalAlignment: .center, name: "title \(page)")
  }

  /// The page control and the two buttons, where ``layout`` puts them.
  public func staticContent() -> Node? {
    let layout = self.layout
    let card = Node(name: "controls")
    card.frame = Rect(x: 0, y: 0, width: pageSize.width, height: staticContentHeight)
    let top = Vector(dx: 0, dy: -layout.indicator.minY)
    let logIn = Self.button(
      "Log in", action: Self.logInAction, filled: false, frame: layout.logIn.offsetBy(top))
    let create = Self.button(
      "Create account", action: Self.createAccountAction, filled: true,
      frame: layout.createAccount.offsetBy(top))
    let dots = PageIndicatorNode(
      pageCount: pageList.count, style: .extendedDot,
      appearance: .extendedDotDrawer(
        height: 8, width: 8, space: 8, radius: 8, indicatorColor: Self.purple),
      frame: layout.indicator.offsetBy(top))
    for n in [dots, create, logIn] { card.addChild(n) }
    return card
  }

  static func button(_ title: String, action: String, filled: Bool, frame: Rect) -> ButtonNode {
    let b = ButtonNode(
      title: TextContent(
        title, font: .system(size: 18, weight: .semibold), color: filled ? .white : purple,
        alignment: .center),
      actionIdentifier: action, frame: frame, name: title)
    b.backgroundColor = filled ? purple : .white
    b.highlightedBackgroundColor = filled ? purple.withAlpha(0.8) : purple.withAlpha(0.08)
    b.cornerRadius = 12
    if !filled { b.border = Border(width: 2, color: purple) }
    return b
  }
}

/// The swiper's illustrations: `Examples/Swiper/Illustrations/page1.svg` … `page3.svg`.
enum SwiperIllustrations {
  static let catalog = ExampleAssets.catalog(
    folder: "Illustrations", marker: "page1", sourceFile: #filePath)

  static func image(_ name: String) -> Image? { ExampleAssets.image(name, in: catalog) }
}
