/// A ready-made onboarding from a list of items and a few options — no subclassing — in the
/// style of TDOnboarding, built on the controller and its layers:
///
/// | part | layer |
/// |---|---|
/// | the background image and its colour overlay | static background |
/// | each item's image, between the top bar and the panel | dynamic background (slides with its page) |
/// | the bottom panel, the pagination and the one top action button | static content (the whole screen, transparent but for the panel) |
/// | each item's top title, subtitle, bottom title and bottom action button | labels (slide with their page) |
///
/// ```swift
/// let onboarding = TemplateOnboarding(items: [
///   TemplateItem(image: nil, subtitle: TextContent("Plan your week in a minute")),
/// ], options: DefaultTemplateOptions())
/// onboarding.templateDelegate = self
/// ```
///
/// The pagination changes a page at a time, when the scroll comes to rest on a new page; the
/// top action button shows the resting item's title, hides when that item has none, and hides
/// while the pages move. No items make an empty onboarding.
open class TemplateOnboarding: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, StaticContentDataSource, LabelDataSource, StaticContentAnimator
{
  /// The pages.
  public let items: [TemplateItem]
  /// How it looks.
  public let options: any TemplateOptions
  /// Hears the buttons, with their items' indexes.
  public weak var templateDelegate: (any TemplateDelegate)?

  /// The action identifier of the top action button.
  public static let topAction = "template.top"
  /// The action identifier of item `index`'s bottom action button.
  public static func bottomAction(_ index: Int) -> String { "template.bottom.\(index)" }

  /// The item the pages rest on: what the pagination and the top button show.
  public private(set) var restingItem = 0
  private var topButton: ButtonNode?
  private var pagination: PaginationNode?

  /// Creates the onboarding for a screen of `pageSize`.
  public init(
    items: [TemplateItem], options: any TemplateOptions = DefaultTemplateOptions(),
    pageSize: Size = Size(width: 375, height: 667)
  ) {
    self.items = items
    self.options = options
    super.init(pageSize: pageSize)
    preferredRoundnessHeight = 0
    events.subscribe { [weak self] record in self?.heard(record.event) }
    dataSource = self
  }

  // MARK: Options with their defaults

  /// TDOnboarding's lengths: a 300-point panel, 30 points around the image, a 240-point
  /// bottom button.
  public static func defaultMeasure(_ m: TemplateMeasurement) -> Double {
    switch m {
    case .bottomPanelHeight: return 300
    case .imageTopDistance, .imageBottomDistance: return 30
    case .bottomActionButtonWidth: return 240
    }
  }

  /// TDOnboarding's colours: white dots, a black veil at 30 %, an rgb(80, 227, 194) panel.
  public static func defaultColor(_ c: TemplateColor) -> Color {
    switch c {
    case .paginationItem: return .white
    case .backgroundImageOverlay: return Color(white: 0, alpha: 0.3)
    case .bottomPanel: return Color(red8: 80, green8: 227, blue8: 194)
    }
  }

  /// A length: the options', or the default when they return `nil` (or something not finite
  /// or negative).
  public func measure(_ m: TemplateMeasurement) -> Double {
    if let v = options.measure(m), v.isFinite, v >= 0 { return v }
    return Self.defaultMeasure(m)
  }

  /// A colour: the options', or the default when they return `nil`.
  public func color(_ c: TemplateColor) -> Color { options.color(c) ?? Self.defaultColor(c) }

  // MARK: Layout

  /// The height of the top bar under the safe area, where the top title and button sit.
  public static let topBarHeight = 44.0

  /// Where the parts go, in screen points.
  public struct Layout: Hashable, Sendable {
    /// The bottom panel.
    public var panel: Rect
    /// An item's image.
    public var image: Rect
    /// The top action button.
    public var topButton: Rect
    /// An item's top title.
    public var topTitle: Rect
    /// The pagination row.
    public var pagination: Rect
    /// An item's subtitle.
    public var subtitle: Rect
    /// An item's bottom title.
    public var bottomTitle: Rect
    /// An item's bottom action button.
    public var bottomButton: Rect
  }

  /// The layout for the page size, safe area, direction, text size and options: a flexbox
  /// plan of the screen.
  ///
  /// In portrait it is TDOnboarding's: the top bar under the safe area (the top title at the
  /// leading side, the 110 × 44 top button at the trailing side), the image 30 points below
  /// the bar and above the panel, and the panel at the bottom — the pagination 20 points down,
  /// the subtitle, the bottom title and the bottom button 24 points above the safe area. The
  /// panel is ``TemplateMeasurement/bottomPanelHeight`` tall, taller when the subtitles need
  /// the room (measured with the ``TutorialController/textMeasurer`` at the reader's text
  /// size), and the image gives way. When the height is compact (a phone in landscape) the
  /// panel becomes a side panel at the trailing side, full height, and the image takes the
  /// rest under the top bar. The top title, subtitle and bottom title may shrink to fit their
  /// boxes (see ``label(at:)``).
  public var layout: Layout {
    let w = pageSize.width
    let h = pageSize.height
    let s = safeAreaInsets
    let landscape = sizeClasses.vertical == .compact
    let buttonWidth = Swift.min(measure(.bottomActionButtonWidth), Swift.max(0, w - 32))
    let topTitle = FlexBox({ $0.flex = 1 })
    let topButton = FlexBox({
      $0.width = .points(110)
      $0.height = .points(Self.topBarHeight)
    })
    let image = FlexBox({ $0.flex = 1 })
    let pagination = FlexBox({ $0.height = .points(10) })
    let subtitle = FlexBox({
      $0.flexGrow = 1
      $0.flexShrink = 1
      $0.margin.top = .points(16)
      $0.margin.horizontal = .points(24)
    })
    subtitle.measure = { [weak self] width, _ in
      Size(width: width.limit ?? 0, height: self?.tallestSubtitle(width: width.limit ?? w) ?? 0)
    }
    let bottomTitle = FlexBox({
      $0.height = .points(24)
      $0.margin.top = .points(8)
      $0.margin.horizontal = .points(24)
    })
    let bottomButton = FlexBox({
      $0.height = .points(48)
      $0.width = .points(buttonWidth)
      $0.maxWidth = .percent(100)
      $0.alignSelf = .center
      $0.margin.top = .points(12)
    })
    let panel = FlexBox({
      $0.padding.bottom = .points(s.bottom + 24)
      $0.flexShrink = 1
    })
    let imageArea = FlexBox(
      {
        $0.flexGrow = 1
        $0.flexShrink = 1
        $0.padding.top = .points(measure(.imageTopDistance))
        $0.padding.bottom = .points(measure(.imageBottomDistance))
        $0.padding.horizontal = .points(24)
      }, children: [image])
    // The top bar under the safe area: the top title, then the top button.
    let bar = FlexBox(
      {
        $0.flexDirection = .row
        $0.height = .points(Self.topBarHeight)
        $0.margin.top = .points(s.top)
        $0.margin.start = .points(20)
        $0.margin.end = .points(16)
        $0.columnGap = 14
      }, children: [topTitle, topButton])
    let plan: FlexBox
    if landscape {
      let main = FlexBox(
        {
          $0.flex = 1
          $0.padding.start = .points(s.left)
        }, children: [bar, imageArea])
      imageArea.style.padding.top = .points(8)
      imageArea.style.padding.bottom = .points(s.bottom + 16)
      for child in [pagination, subtitle, bottomTitle, bottomButton] { panel.addChild(child) }
      panel.style.width = .percent(45)
      panel.style.maxWidth = .points(420)
      panel.style.padding.top = .points(s.top + 20)
      panel.style.padding.start = .points(16)
      panel.style.padding.end = .points(s.right + 16)
      for child in [subtitle, bottomTitle] { child.style.margin.horizontal = .points(8) }
      plan = FlexBox({ $0.flexDirection = .row }, children: [main, panel])
    } else {
      panel.style.minHeight = .points(Swift.min(measure(.bottomPanelHeight), h))
      panel.style.padding.top = .points(20)
      for child in [pagination, subtitle, bottomTitle, bottomButton] { panel.addChild(child) }
      plan = FlexBox({ _ in }, children: [bar, imageArea, panel])
    }
    plan.calculateLayout(width: w, height: h, direction: layoutDirection)
    return Layout(
      panel: panel.frameInRoot, image: image.frameInRoot, topButton: topButton.frameInRoot,
      topTitle: topTitle.frameInRoot, pagination: pagination.frameInRoot,
      subtitle: subtitle.frameInRoot, bottomTitle: bottomTitle.frameInRoot,
      bottomButton: bottomButton.frameInRoot)
  }

  /// The height of the tallest subtitle broken to `width`, as shown at the reader's text size;
  /// 0 without a ``TutorialController/textMeasurer``.
  public func tallestSubtitle(width: Double) -> Double {
    tallestHeight(of: items.map(\.subtitle), width: width)
  }

  // MARK: Data source

  /// The items.
  public var numberOfPages: Int { items.count }

  /// The background image, aspect-filled, under its colour overlay.
  public func staticBackground() -> Node? {
    let node = Node(frame: Rect(origin: .zero, size: pageSize), name: "background")
    node.backgroundColor = color(.bottomPanel)
    let image = ImageNode(
      image: options.backgroundImage, frame: Rect(origin: .zero, size: pageSize),
      contentMode: .aspectFill, name: "background image")
    options.configure(.backgroundImage(image))
    node.addChild(image)
    let overlay = Node(frame: Rect(origin: .zero, size: pageSize), name: "overlay")
    overlay.backgroundColor = color(.backgroundImageOverlay)
    node.addChild(overlay)
    return node
  }

  /// Item `page`'s image.
  public func dynamicBackground(at page: Int) -> Node? {
    guard items.indices.contains(page), let image = items[page].image else { return nil }
    let node = Node(frame: Rect(origin: .zero, size: pageSize), name: "item \(page)")
    node.addChild(
      ImageNode(image: image, frame: layout.image, contentMode: .aspectFit, name: "image \(page)"))
    return node
  }

  /// The whole screen, so the top button can sit at the top; transparent but for the panel.
  open override var staticContentHeight: Double { pageSize.height }

  /// The panel, the pagination and the top action button.
  public func staticContent() -> Node? {
    let l = layout
    let root = Node(name: "template chrome")
    root.frame = Rect(origin: .zero, size: pageSize)
    root.passesTouchesThrough = true
    let panel = Node(frame: l.panel, name: "bottom panel")
    panel.backgroundColor = color(.bottomPanel)
    root.addChild(panel)
    let dots = color(.paginationItem)
    let options = self.options
    let row = PaginationNode(
      count: items.count, selectedIndex: restingItem, isRightToLeft: isRightToLeft,
      frame: l.pagination
    ) { index, selected in
      options.paginationCell(for: index, isSelected: selected, color: dots)
        ?? Self.defaultCell(selected: selected, color: dots)
    }
    root.addChild(row)
    pagination = row
    let top = ButtonNode(
      title: TextContent(runs: []), actionIdentifier: Self.topAction, frame: l.topButton,
      name: "top action button")
    options.configure(.topActionButton(top))
    root.addChild(top)
    topButton = top
    return root
  }

  /// The default pagination cell: a filled dot when selected, a 1-point ring otherwise.
  public static func defaultCell(selected: Bool, color: Color) -> Node {
    let cell = ShapeNode(
      path: .circle(center: Point(x: 5, y: 5), radius: selected ? 5 : 4.5),
      fill: selected ? .solid(color) : nil, stroke: selected ? nil : .solid(color),
      strokeStyle: StrokeStyle(width: 1), frame: Rect(x: 0, y: 0, width: 10, height: 10))
    return cell
  }

  /// The labels' strip is the whole screen.
  public var labelsTopMargin: Double? { 0 }
  /// See ``labelsTopMargin``.
  public var labelsBottomMargin: Double? { 0 }

  /// Item `page`'s texts and bottom button, sliding with the page. Texts that do not say how
  /// far they may shrink (``TextContent/minimumScaleFactor``) shrink to fit their boxes down
  /// to half their size (the subtitle to 60 %) before they are cut.
  public func label(at page: Int) -> Node? {
    guard items.indices.contains(page) else { return nil }
    let item = items[page]
    let l = layout
    let node = Node(frame: Rect(origin: .zero, size: pageSize), name: "texts \(page)")
    node.passesTouchesThrough = true
    if let title = item.topTitle {
      node.addChild(
        TextNode(
          text: Self.shrinking(title, to: 0.5), frame: l.topTitle, verticalAlignment: .center,
          name: "top title \(page)"))
    }
    node.addChild(
      TextNode(
        text: Self.shrinking(item.subtitle, to: 0.6), frame: l.subtitle,
        name: "subtitle \(page)"))
    if let bottom = item.bottomTitle {
      node.addChild(
        TextNode(
          text: Self.shrinking(bottom, to: 0.5), frame: l.bottomTitle, verticalAlignment: .center,
          name: "bottom title \(page)"))
    }
    if let title = item.bottomActionButtonTitle {
      let button = ButtonNode(
        title: title, actionIdentifier: Self.bottomAction(page), frame: l.bottomButton,
        name: "bottom action button \(page)")
      button.backgroundColor = .black
      button.highlightedBackgroundColor = Color(white: 0.25)
      button.cornerRadius = 5
      options.configure(.bottomActionButton(button, item: page))
      node.addChild(button)
    }
    return node
  }

  /// `text` allowed to shrink down to `factor` before it is cut, unless it says how far
  /// itself: the template's boxes are fixed, so on a small screen or at a large text size its
  /// texts shrink to fit, as labels that adjust their font size to fit do.
  static func shrinking(_ text: TextContent, to factor: Double) -> TextContent {
    var t = text
    if t.minimumScaleFactor == 1 { t.minimumScaleFactor = factor }
    return t
  }

  // MARK: The static controls follow the resting item

  /// What the template does in its own code: a spec of its layers alone (what `strata export`
  /// writes) shows the first item's controls still (write a spec's `template` section instead
  /// to keep them).
  open override var behaviorsInCode: [String] {
    super.behaviorsInCode + [
      "the pagination following the item the pages rest on",
      "the top action button's title following the resting item, and its hiding while the pages move",
    ]
  }

  /// The resting item, for a ``FrameState`` to carry (under `"template.restingItem"`).
  open override var customFrameState: CustomFrameState {
    get {
      var state = super.customFrameState
      state["template.restingItem"] = .number(Double(restingItem))
      return state
    }
    set {
      super.customFrameState = newValue
      restingItem = newValue.index("template.restingItem", in: items.indices) ?? 0
    }
  }

  /// Shows the resting item in the pagination and on the top button; hides the top button
  /// while the pages move or when the item has no top action.
  public func animateStaticContent(_ node: Node, transition: PageTransition) {
    if !isScrolling, items.indices.contains(transition.nearestPage) {
      restingItem = transition.nearestPage
    }
    pagination?.selectedIndex = restingItem
    guard let top = topButton else { return }
    let title = items.indices.contains(restingItem) ? items[restingItem].topActionButtonTitle : nil
    if let title {
      top.title = title
    }
    top.isHidden = title == nil || isScrolling
  }

  private func heard(_ event: TutorialEvent) {
    guard case .tap(let action, _, _) = event, let delegate = templateDelegate else { return }
    if action == Self.topAction {
      delegate.topActionButtonTapped(on: self, itemIndex: restingItem)
    } else if action.hasPrefix("template.bottom."),
      let index = Int(action.dropFirst("template.bottom.".count))
    {
      delegate.bottomActionButtonTapped(on: self, itemIndex: index)
    }
  }
}
