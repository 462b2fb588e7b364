/// One page of a ``TemplateOnboarding``: an image and a subtitle, and optionally a top title, a
/// bottom title, and the titles of a top and a bottom action button. Every text is attributed
/// (``TextContent`` runs carry fonts, colours, underlines, strikethroughs, letter spacing and
/// paragraph styles).
public struct TemplateItem: Hashable, Sendable {
  /// The page's picture, between the top bar and the bottom panel.
  public var image: Image?
  /// The text in the bottom panel.
  public var subtitle: TextContent
  /// A title at the top of the page, if any.
  public var topTitle: TextContent?
  /// A title above the bottom button, if any.
  public var bottomTitle: TextContent?
  /// The top action button's title while this page is shown; `nil` hides the button.
  public var topActionButtonTitle: TextContent?
  /// The title of this page's bottom action button; `nil` for no button.
  public var bottomActionButtonTitle: TextContent?

  /// Creates an item.
  public init(
    image: Image?, subtitle: TextContent, topTitle: TextContent? = nil,
    bottomTitle: TextContent? = nil, topActionButtonTitle: TextContent? = nil,
    bottomActionButtonTitle: TextContent? = nil
  ) {
    self.image = image
    self.subtitle = subtitle
    self.topTitle = topTitle
    self.bottomTitle = bottomTitle
    self.topActionButtonTitle = topActionButtonTitle
    self.bottomActionButtonTitle = bottomActionButtonTitle
  }
}

/// The lengths a ``TemplateOptions`` can set.
public enum TemplateMeasurement: String, Hashable, Sendable, CaseIterable {
  /// The bottom panel's height (300).
  case bottomPanelHeight
  /// The gap between the top bar and the image (30).
  case imageTopDistance
  /// The gap between the image and the bottom panel (30).
  case imageBottomDistance
  /// The bottom action button's width (240).
  case bottomActionButtonWidth
}

/// The colours a ``TemplateOptions`` can set.
public enum TemplateColor: String, Hashable, Sendable, CaseIterable {
  /// The pagination dots (white).
  case paginationItem
  /// The veil over the background image (black at 30 %).
  case backgroundImageOverlay
  /// The bottom panel (rgb(80, 227, 194)).
  case bottomPanel
}

/// A node of the template handed to ``TemplateOptions/configure(_:)`` after the defaults are
/// applied, to restyle as you like.
public enum TemplateComponent {
  /// The top action button (one for all pages).
  case topActionButton(ButtonNode)
  /// The bottom action button of item `item`.
  case bottomActionButton(ButtonNode, item: Int)
  /// The background image.
  case backgroundImage(ImageNode)
}

/// How a ``TemplateOnboarding`` looks, in the shape of TDOnboarding's options: every method has
/// a default, and returning `nil` means "the default" (see ``TemplateOnboarding/defaultMeasure(_:)``
/// and ``TemplateOnboarding/defaultColor(_:)``).
public protocol TemplateOptions {
  /// The picture behind everything; `nil` for none.
  var backgroundImage: Image? { get }
  /// A length, or `nil` for the default.
  func measure(_ measurement: TemplateMeasurement) -> Double?
  /// A colour, or `nil` for the default.
  func color(_ component: TemplateColor) -> Color?
  /// Restyles a node after the template has styled it.
  func configure(_ component: TemplateComponent)
  /// The cell of pagination dot `index` (at most 10 × 10 points, centred in its slot), or `nil`
  /// for the default: filled with `color` when selected, a 1-point ring of it otherwise.
  func paginationCell(for index: Int, isSelected: Bool, color: Color) -> Node?
}

extension TemplateOptions {
  /// No background image.
  public var backgroundImage: Image? { nil }
  /// The default.
  public func measure(_ measurement: TemplateMeasurement) -> Double? { nil }
  /// The default.
  public func color(_ component: TemplateColor) -> Color? { nil }
  /// Leaves the node as the template styled it.
  public func configure(_ component: TemplateComponent) {}
  /// The default cell.
  public func paginationCell(for index: Int, isSelected: Bool, color: Color) -> Node? { nil }
}

/// Options that take every default.
public struct DefaultTemplateOptions: TemplateOptions {
  /// Creates the options.
  public init() {}
}

/// Hears the template's two kinds of button, with the index of the item each belongs to.
public protocol TemplateDelegate: AnyObject {
  /// The top action button was tapped while item `itemIndex` was shown (its title's item).
  func topActionButtonTapped(on onboarding: TemplateOnboarding, itemIndex: Int)
  /// Item `itemIndex`'s bottom action button was tapped.
  func bottomActionButtonTapped(on onboarding: TemplateOnboarding, itemIndex: Int)
}

/// A row of pagination cells, one per page, rebuilt when the selected page changes: a node of
/// your own per dot (``TemplateOptions/paginationCell(for:isSelected:color:)``), centred.
public final class PaginationNode: Node {
  /// Builds the cell of a dot.
  public typealias CellBuilder = (_ index: Int, _ isSelected: Bool) -> Node

  /// The number of cells.
  public let count: Int
  /// A cell's largest size (cells are centred in slots this big).
  public let cellSize: Size
  /// The gap between slots.
  public let spacing: Double
  private let build: CellBuilder
  /// The selected cell; setting it rebuilds the cells whose state changes.
  public var selectedIndex: Int {
    didSet { if selectedIndex != oldValue { rebuild() } }
  }
  /// Whether the cells run right to left (cell 0 on the right), as the pages do in a
  /// right-to-left layout.
  public var isRightToLeft: Bool {
    didSet { if isRightToLeft != oldValue { rebuild() } }
  }

  /// Creates a row of `count` cells in `frame`.
  public init(
    count: Int, selectedIndex: Int = 0, cellSize: Size = Size(width: 10, height: 10),
    spacing: Double = 20, isRightToLeft: Bool = false, frame: Rect,
    name: String? = "pagination", build: @escaping CellBuilder
  ) {
    self.count = Swift.max(0, Swift.min(count, 500))
    self.cellSize = cellSize
    self.spacing = spacing.isFinite ? Swift.max(0, spacing) : 20
    self.build = build
    self.selectedIndex = selectedIndex
    self.isRightToLeft = isRightToLeft
    super.init(frame: frame, name: name)
    passesTouchesThrough = true
    rebuild()
  }

  private func rebuild() {
    removeAllChildren()
    let total = Double(count) * cellSize.width + Double(Swift.max(0, count - 1)) * spacing
    var x = (bounds.width - total) / 2
    for slot in 0..<count {
      let i = isRightToLeft ? count - 1 - slot : slot
      let cell = build(i, i == selectedIndex)
      // At most the cell size, centred in its slot.
      let w = Swift.min(cell.bounds.width > 0 ? cell.bounds.width : cellSize.width, cellSize.width)
      let h = Swift.min(
        cell.bounds.height > 0 ? cell.bounds.height : cellSize.height, cellSize.height)
      cell.frame = Rect(
        x: x + (cellSize.width - w) / 2, y: (bounds.height - h) / 2, width: w, height: h)
      addChild(cell)
      x += cellSize.width + spacing
    }
  }
}
