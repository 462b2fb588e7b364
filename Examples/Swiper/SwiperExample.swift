import Strata

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
/// | the page control and the buttons | static content, pinned to the safe area |
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
    // The seed's title box and buttons have fixed heights: its text keeps the design's size.
    maximumContentSize = .large
    dataSource = self
  }

  // MARK: Layout (the seed's PureLayout constraints)

  /// The frames of the controls, in screen points.
  public struct Layout: Hashable, Sendable {
    /// "Log in": 20 points in from the sides, 20 above the safe area's bottom, 60 tall.
    public var logIn: Rect
    /// "Create account": the same size, 10 points above "Log in".
    public var createAccount: Rect
    /// The page control: full width, 30 tall, 30 points above "Create account".
    public var indicator: Rect
    /// The illustrations: full width, H / 2.5 + 40 tall, pinned to the top of the screen.
    public var image: Rect
    /// Where swipes start: from the top to 100 points above "Create account".
    public var swipeArea: Rect
  }

  /// The layout for the current page size and safe area.
  public var layout: Layout {
    let w = pageSize.width
    let h = pageSize.height
    let logIn = Rect(x: 20, y: h - safeAreaInsets.bottom - 20 - 60, width: w - 40, height: 60)
    let create = Rect(x: 20, y: logIn.minY - 10 - 60, width: w - 40, height: 60)
    let indicator = Rect(x: 0, y: create.minY - 30 - 30, width: w, height: 30)
    return Layout(
      logIn: logIn, createAccount: create, indicator: indicator,
      image: Rect(x: 0, y: 0, width: w, height: h / 2.5 + 40),
      swipeArea: Rect(x: 0, y: 0, width: w, height: Swift.max(0, create.minY - 100)))
  }

  /// From the top to 100 points above "Create account".
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
  public var labelsTopMargin: Double? { layout.image.maxY }
  /// See ``labelsTopMargin``.
  public var labelsBottomMargin: Double? { pageSize.height - layout.swipeArea.maxY }

  /// The page's title, centred in its page of the strip.
  public func label(at page: Int) -> Node? {
    let strip = Swift.max(0, layout.swipeArea.maxY - layout.image.maxY)
    return TextNode(
      text: TextContent(
        pageList[page].title, font: .system(size: 22, weight: .bold),
        color: Color(red8: 0x2F, green8: 0x2E, blue8: 0x41), alignment: .center),
      frame: Rect(x: 0, y: 0, width: pageSize.width - 40, height: strip),
      verticalAlignment: .center, name: "title \(page)")
  }

  /// The page control and the two buttons, pinned as the seed pins them.
  public func staticContent() -> Node? {
    let card = Node(name: "controls")
    card.frame = Rect(x: 0, y: 0, width: pageSize.width, height: staticContentHeight)
    let top = layout.indicator.minY
    let logIn = Self.button(
      "Log in", action: Self.logInAction, filled: false,
      frame: layout.logIn.offsetBy(Vector(dx: 0, dy: -top)))
    let create = Self.button(
      "Create account", action: Self.createAccountAction, filled: true,
      frame: layout.createAccount.offsetBy(Vector(dx: 0, dy: -top)))
    let dots = PageIndicatorNode(
      pageCount: pageList.count, style: .extendedDot,
      appearance: .extendedDotDrawer(
        height: 8, width: 8, space: 8, radius: 8, indicatorColor: Self.purple),
      frame: Rect(x: 0, y: 0, width: pageSize.width, height: 30))
    for n in [dots, create, logIn] { card.addChild(n) }
    // The same frames through the pinning helpers, as the seed writes its constraints.
    logIn.pin(.left, toSuperviewEdgeWithInset: 20)
    logIn.pin(.right, toSuperviewEdgeWithInset: 20)
    logIn.pin(.bottom, toSuperviewEdgeWithInset: 20, safeArea: safeAreaInsets)
    create.pin(.bottom, to: .top, of: logIn, offset: -10)
    dots.pin(.bottom, to: .top, of: create, offset: -30)
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
