/// A page indicator driven by the fractional page position: dots, a stretching dot, scaling
/// dots, a worm, a jumping dot, numbers or a progress bar — or a style of your own.
///
/// Put it in the static content: the controller sets its ``pagePosition`` on every update, and a tap
/// on a dot scrolls to that page.
///
/// ```swift
/// let dots = PageIndicatorNode(pageCount: 3, style: .worm, frame: Rect(x: 0, y: 0, width: 80, height: 12))
/// dots.appearance.activeColor = .black
/// ```
open class PageIndicatorNode: ButtonNode {
  /// Horizontal or vertical.
  public enum Orientation: String, Hashable, Sendable {
    /// Dots in a row.
    case horizontal
    /// Dots in a column.
    case vertical
  }

  /// The action identifier a tap reports before the indicator scrolls.
  public static let action = "strata.pageIndicator"

  /// How the controller moves the indicator.
  public enum Tracking: String, Hashable, Sendable, CaseIterable {
    /// With the pages, fractionally (a dot half-way between two pages at 0.5).
    case continuous
    /// A page at a time, as UIPageControl under a paging scroll view: it keeps the page a drag
    /// began on until the finger lets go, then shows the page the scroll will settle on (see
    /// ``TutorialController/discreteIndicatorPage``).
    case discrete
    /// Not at all: you set ``pagePosition`` (it still runs right to left with the pages).
    case manual
  }

  /// What a tap on the indicator does.
  public enum TapBehavior: String, Hashable, Sendable, CaseIterable {
    /// Goes to the page of the dot nearest the tap.
    case nearestDot
    /// Steps one page, as UIPageControl: the half towards later pages goes forward, the other
    /// half back (mirrored right to left).
    case sides
  }

  /// How it looks.
  public var style: PageIndicatorStyle
  /// Colours and sizes.
  public var appearance: PageIndicatorAppearance
  /// The number of pages.
  public var pageCount: Int
  /// The page position shown (1.5 is half way from page 1 to page 2).
  public var pagePosition: Double
  /// Row or column.
  public var orientation: Orientation
  /// Whether page 0 is on the right (set by the controller from its layout direction).
  public var isRightToLeft: Bool
  /// Whether the pages go round (set by the controller from ``TutorialController/isCircular``):
  /// past the last dot the position fades into the first, as infinite page controls do.
  public var isCircular = false
  /// How the controller moves it: continuously (the default), discretely, or not at all.
  public var tracking: Tracking = .continuous
  /// What a tap does: go to the nearest dot's page (the default) or step to a side.
  public var tapBehavior: TapBehavior = .nearestDot

  /// Creates an indicator.
  public init(
    pageCount: Int, style: PageIndicatorStyle = .dots,
    appearance: PageIndicatorAppearance = PageIndicatorAppearance(),
    orientation: Orientation = .horizontal, frame: Rect = .zero, name: String? = "page indicator"
  ) {
    self.style = style
    self.appearance = appearance
    self.pageCount = Swift.max(0, pageCount)
    self.pagePosition = 0
    self.orientation = orientation
    self.isRightToLeft = false
    super.init(
      title: TextContent(runs: []), actionIdentifier: Self.action, frame: frame, name: name)
  }

  /// A UIPageControl: dots with UIKit's metrics and tints (``PageIndicatorAppearance/uiKit``),
  /// moving discretely at the release of a drag, and stepping a page for a tap on either half.
  public static func pageControl(
    pageCount: Int, frame: Rect = .zero, name: String? = "page control"
  )
    -> PageIndicatorNode
  {
    let node = PageIndicatorNode(
      pageCount: pageCount, style: .dots, appearance: .uiKit, frame: frame, name: name)
    node.tracking = .discrete
    node.tapBehavior = .sides
    return node
  }

  /// The most dots an indicator draws; with more pages the dot styles show the first ones
  /// (the numbers and progress bar styles still count every page).
  public static let maximumDots = 500

  /// The geometry the style draws in.
  public var layout: PageIndicatorLayout {
    PageIndicatorLayout(
      count: Swift.min(pageCount, Self.maximumDots), pageCount: pageCount,
      pagePosition: pagePosition.isFinite ? pagePosition : 0, size: bounds.size,
      appearance: appearance,
      isVertical: orientation == .vertical, isRightToLeft: isRightToLeft, isCircular: isCircular)
  }

  /// The drawing of the current position: made again only when the style (by name) or the
  /// layout changed since the last one, so an indicator at rest is not drawn anew every frame.
  /// A style made with ``PageIndicatorStyle/init(name:redraw:)`` redraws in place.
  open override var content: SceneNode.Content {
    let l = layout
    if let kept, kept.layout == l, kept.style == style { return kept.content }
    let made: SceneNode.Content
    if let redraw = style.redraw {
      made = .image(.vector(redrawn(l, redraw)), .scaleToFill)
    } else {
      switch style.draw(l) {
      case .shapes(let shapes):
        made = .image(.vector(VectorImage(size: bounds.size, shapes: shapes)), .scaleToFill)
      case .text(let text):
        made = .text(text, .center)
      }
    }
    kept = (style, l, made)
    return made
  }

  /// The last drawing, with the style and layout it was drawn for.
  private var kept:
    (style: PageIndicatorStyle, layout: PageIndicatorLayout, content: SceneNode.Content)?

  /// The shapes and items of a drawing redrawn in place.
  private struct Memory {
    var shapes: [VectorImage.Shape] = []
    var items: [VectorImage.Item] = []
  }

  /// Drawings' memory, used in turn. The drawing before last is the one redrawn: the last one
  /// is still held by the last scene, and by the display list drawn from it, and redrawing
  /// what they hold would copy it.
  private var memory = [Memory(), Memory()]
  /// The memory used last.
  private var turn = 0

  /// `redraw` at `l` into the memory of the drawing before last.
  private func redrawn(_ l: PageIndicatorLayout, _ redraw: PageIndicatorStyle.Redraw)
    -> VectorImage
  {
    turn ^= 1
    var m = Memory()
    swap(&m, &memory[turn])
    // Let go of the shapes' paths first, so the shapes hold them alone.
    m.items.removeAll(keepingCapacity: true)
    redraw(l, &m.shapes)
    for shape in m.shapes { m.items.append(.shape(shape)) }
    let image = VectorImage(size: bounds.size, items: m.items)
    swap(&m, &memory[turn])
    return image
  }

  /// The page whose dot is nearest to `point` (in the node's coordinates), if any.
  public func page(at point: Point) -> Int? {
    let l = layout
    guard l.count > 0 else { return nil }
    let along = l.isVertical ? point.y : point.x
    var best = 0
    var distance = Double.infinity
    for i in 0..<l.count {
      let c = l.center(of: i)
      let d = Swift.abs((l.isVertical ? c.y : c.x) - along)
      if d < distance {
        distance = d
        best = i
      }
    }
    return best
  }
}
