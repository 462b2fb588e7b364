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
    /// Not at all: you set ``pagePosition``.
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
      isVertical: orientation == .vertical, isRightToLeft: isRightToLeft)
  }

  /// The drawing of the current position.
  open override var content: SceneNode.Content {
    switch style.draw(layout) {
    case .shapes(let shapes):
      return .image(.vector(VectorImage(size: bounds.size, shapes: shapes)), .scaleToFill)
    case .text(let text):
      return .text(text, .center)
    }
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

/// Colours and sizes of a page indicator.
public struct PageIndicatorAppearance: Hashable, Sendable {
  /// The current page's colour.
  public var activeColor: Color
  /// The other pages' colour.
  public var inactiveColor: Color
  /// A dot's length along the row (or column).
  public var dotWidth: Double
  /// A dot's thickness across the row (or column).
  public var dotHeight: Double
  /// The dots' corner radius; `nil` rounds them fully. Never more than half the shorter side.
  public var cornerRadius: Double?
  /// An outline around every dot, if any.
  public var border: Border?
  /// The distance between the centres of neighbouring dots.
  public var spacing: Double
  /// How long the current dot grows (extended dot, worm).
  public var extendedLength: Double
  /// The font of the numbers style.
  public var font: Font

  /// The size of a round dot: setting it sets ``dotWidth`` and ``dotHeight``; reading it gives
  /// the width.
  public var dotSize: Double {
    get { dotWidth }
    set {
      dotWidth = Self.length(newValue)
      dotHeight = dotWidth
    }
  }

  /// Creates an appearance. `dotWidth` and `dotHeight` default to `dotSize`.
  public init(
    activeColor: Color = Color(white: 0.1),
    inactiveColor: Color = Color(red8: 122, green8: 122, blue8: 122, alpha8: 61),
    dotSize: Double = 8, spacing: Double = 16, extendedLength: Double = 22,
    font: Font = .system(size: 13, weight: .semibold), dotWidth: Double? = nil,
    dotHeight: Double? = nil, cornerRadius: Double? = nil, border: Border? = nil
  ) {
    self.activeColor = activeColor
    self.inactiveColor = inactiveColor
    self.dotWidth = Self.length(dotWidth ?? dotSize)
    self.dotHeight = Self.length(dotHeight ?? dotSize)
    self.cornerRadius = cornerRadius.map(Self.length)
    self.border = border
    self.spacing = Self.length(spacing)
    self.extendedLength = Self.length(extendedLength)
    self.font = font
  }

  /// AdvancedPageControl's extended-dot drawer: dots `width` × `height` with corners of
  /// `radius`, `space` apart; the current page's dot is a pill two dots and a space long
  /// (2·width + space), so the dots sit over one slot more than there are pages, and a
  /// fractional position shrinks one pill as it grows the next.
  ///
  /// Use it with ``PageIndicatorStyle/extendedDot``.
  public static func extendedDotDrawer(
    height: Double, width: Double, space: Double, radius: Double, indicatorColor: Color,
    dotsColor: Color = Color(white: 0.83)
  ) -> PageIndicatorAppearance {
    let w = length(width)
    let gap = length(space)
    return PageIndicatorAppearance(
      activeColor: indicatorColor, inactiveColor: dotsColor, spacing: w + gap,
      extendedLength: 2 * w + gap, dotWidth: w, dotHeight: length(height), cornerRadius: radius)
  }

  /// The corner radius drawn for a dot `along` long and `across` thick.
  public func radius(along: Double, across: Double) -> Double {
    let most = Swift.min(along, across) / 2
    return Swift.min(cornerRadius ?? most, most)
  }

  static func length(_ v: Double) -> Double { v.isFinite ? Swift.max(0, v) : 0 }
}

extension PageIndicatorAppearance {
  /// UIPageControl's classic look: 7-point dots with centres 16 points apart, the current one
  /// white and the others white at 30 %, made for a coloured or dark background.
  public static let uiKit = PageIndicatorAppearance(
    activeColor: .white, inactiveColor: Color(white: 1, alpha: 0.3), dotSize: 7, spacing: 16)

  /// Dark dots for a light background (the default).
  public static let light = PageIndicatorAppearance()
  /// Light dots for a dark background.
  public static let dark = PageIndicatorAppearance(
    activeColor: .white, inactiveColor: Color(white: 1, alpha: 0.35))

  /// The appearance for `style`.
  public static func of(_ style: InterfaceStyle) -> PageIndicatorAppearance {
    style == .light ? .light : .dark
  }
}

/// Where a style draws: the dots' centres and the share each page has of the position.
public struct PageIndicatorLayout: Hashable, Sendable {
  /// The number of dots drawn.
  public var count: Int
  /// The number of pages (more than ``count`` past ``PageIndicatorNode/maximumDots``).
  public var pageCount: Int
  /// The page position.
  public var pagePosition: Double
  /// The node's size.
  public var size: Size
  /// Colours and sizes.
  public var appearance: PageIndicatorAppearance
  /// Whether dots run top to bottom.
  public var isVertical: Bool
  /// Whether page 0 is at the end (right or bottom).
  public var isRightToLeft: Bool

  /// The position clamped to the pages.
  public var clampedPosition: Double {
    count > 0 ? pagePosition.clamped(to: 0...Double(count - 1)) : 0
  }

  /// The centre of page `i`'s dot: the dots are centred in the node, `spacing` apart.
  public func center(of i: Double) -> Point {
    let slot = isRightToLeft ? Double(count - 1) - i : i
    let span = Double(Swift.max(0, count - 1)) * appearance.spacing
    let along = (isVertical ? size.height : size.width) / 2 - span / 2 + slot * appearance.spacing
    return isVertical ? Point(x: size.width / 2, y: along) : Point(x: along, y: size.height / 2)
  }

  /// The centre of page `i`'s dot.
  public func center(of i: Int) -> Point { center(of: Double(i)) }

  /// How much page `i` is the current page: 1 − |position − i|, limited to 0...1.
  public func share(of i: Int) -> Double {
    (1 - Swift.abs(clampedPosition - Double(i))).clamped(to: 0...1)
  }

  /// A pill from dot position `a` to `b` (in pages), `thickness` across.
  public func pill(from a: Double, to b: Double, thickness: Double) -> Path {
    let p = center(of: a)
    let q = center(of: b)
    let r = thickness / 2
    let rect = Rect(
      x: Swift.min(p.x, q.x) - r, y: Swift.min(p.y, q.y) - r,
      width: Swift.abs(q.x - p.x) + thickness,
      height: Swift.abs(q.y - p.y) + thickness)
    return .roundedRect(rect, cornerRadius: r)
  }
}

/// How a page indicator draws itself: a named function from its layout to shapes or text.
/// Presets are static members; make your own the same way.
public struct PageIndicatorStyle: Sendable, Hashable {
  /// What a style draws.
  public enum Drawing: Sendable {
    /// Filled shapes in the node's coordinates.
    case shapes([VectorImage.Shape])
    /// Centred text.
    case text(TextContent)
  }

  /// The name, which identifies the style.
  public let name: String
  /// The drawing at a layout.
  public let draw: @Sendable (PageIndicatorLayout) -> Drawing

  /// Creates a style.
  public init(name: String, draw: @escaping @Sendable (PageIndicatorLayout) -> Drawing) {
    self.name = name
    self.draw = draw
  }

  /// Compares names.
  public static func == (a: PageIndicatorStyle, b: PageIndicatorStyle) -> Bool { a.name == b.name }
  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// A dot of the appearance's shape centred at `c`, `scale` times its size, in `color`, with
  /// the appearance's border.
  public static func dot(
    _ c: Point, _ l: PageIndicatorLayout, _ color: Color, scale: Double = 1
  ) -> VectorImage.Shape {
    let a = l.appearance
    let along = a.dotWidth * scale
    let across = a.dotHeight * scale
    let w = l.isVertical ? across : along
    let h = l.isVertical ? along : across
    let r = a.radius(along: along, across: across)
    let rect = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    // A round dot is a circle (the same outline as before dots had widths and heights).
    let path: Path =
      w == h && r >= w / 2 ? .circle(center: c, radius: w / 2) : .roundedRect(rect, cornerRadius: r)
    return shape(path, color, a)
  }

  /// `path` filled with `color` and outlined with the appearance's border.
  static func shape(_ path: Path, _ color: Color, _ a: PageIndicatorAppearance) -> VectorImage.Shape
  {
    VectorImage.Shape(
      path: path, fill: .solid(color), stroke: a.border.map { .solid($0.color) },
      strokeStyle: StrokeStyle(width: a.border?.width ?? 0))
  }

  /// Dots; the current one blends to the active colour.
  public static let dots = PageIndicatorStyle(name: "dots") { l in
    .shapes(
      (0..<l.count).map { i in
        dot(
          l.center(of: i), l,
          l.appearance.inactiveColor.interpolated(
            to: l.appearance.activeColor, amount: l.share(of: i)))
      })
  }

  /// The current dot stretches into a pill (AdvancedPageControl's "extended" style); the others
  /// make room.
  public static let extendedDot = PageIndicatorStyle(name: "extendedDot") { l in
    let a = l.appearance
    let extra = a.extendedLength - a.dotWidth
    var shapes: [VectorImage.Shape] = []
    // Lay the dots out end to end, each as long as its share makes it.
    let lengths = (0..<l.count).map { a.dotWidth + extra * l.share(of: $0) }
    let gap = a.spacing - a.dotWidth
    let total = lengths.reduce(0, +) + gap * Double(Swift.max(0, l.count - 1))
    var along = ((l.isVertical ? l.size.height : l.size.width) - total) / 2
    let order = l.isRightToLeft ? Array((0..<l.count).reversed()) : Array(0..<l.count)
    for i in order {
      let len = lengths[i]
      let t = a.dotHeight
      let rect =
        l.isVertical
        ? Rect(x: l.size.width / 2 - t / 2, y: along, width: t, height: len)
        : Rect(x: along, y: l.size.height / 2 - t / 2, width: len, height: t)
      shapes.append(
        shape(
          .roundedRect(rect, cornerRadius: a.radius(along: a.dotWidth, across: t)),
          a.inactiveColor.interpolated(to: a.activeColor, amount: l.share(of: i)), a))
      along += len + gap
    }
    return .shapes(shapes)
  }

  /// The current dot is larger (1.5×) as well as darker.
  public static let scalingDots = PageIndicatorStyle(name: "scalingDots") { l in
    .shapes(
      (0..<l.count).map { i in
        let s = l.share(of: i)
        return dot(
          l.center(of: i), l,
          l.appearance.inactiveColor.interpolated(to: l.appearance.activeColor, amount: s),
          scale: 1 + 0.5 * s)
      })
  }

  /// A worm: the current pill's head runs ahead in the first half of a transition and its tail
  /// catches up in the second.
  public static let worm = PageIndicatorStyle(name: "worm") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    let s = l.clampedPosition
    let k = s.rounded(.down)
    let p = s - k
    let head = k + Swift.min(1, 2 * p)
    let tail = k + Swift.max(0, 2 * p - 1)
    shapes.append(
      VectorImage.Shape(
        path: l.pill(from: tail, to: head, thickness: l.appearance.dotHeight),
        fill: .solid(l.appearance.activeColor)))
    return .shapes(shapes)
  }

  /// The current dot jumps from one place to the next along a little arc.
  public static let jumpingDot = PageIndicatorStyle(name: "jumpingDot") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    let s = l.clampedPosition
    var c = l.center(of: s)
    let p = s - s.rounded(.down)
    let lift = StrataMath.sin(p * Double.pi) * l.appearance.dotHeight
    if l.isVertical { c.x -= lift } else { c.y -= lift }
    shapes.append(dot(c, l, l.appearance.activeColor))
    return .shapes(shapes)
  }

  /// "2 / 5": the nearest page and the count.
  public static let numbers = PageIndicatorStyle(name: "numbers") { l in
    let current =
      l.pageCount > 0
      ? Int(l.pagePosition.clamped(to: 0...Double(l.pageCount - 1)).rounded()) + 1 : 0
    return .text(
      TextContent(
        "\(current) / \(l.pageCount)", font: l.appearance.font, color: l.appearance.activeColor,
        alignment: .center))
  }

  /// A bar that fills as the pages go by: (position + 1) / count of its length.
  public static let progressBar = PageIndicatorStyle(name: "progressBar") { l in
    let a = l.appearance
    let thickness = a.dotHeight / 2
    let length = (l.isVertical ? l.size.height : l.size.width)
    let fraction =
      l.pageCount > 0
      ? ((l.pagePosition.clamped(to: 0...Double(l.pageCount - 1)) + 1) / Double(l.pageCount))
        .clamped(to: 0...1) : 0
    let filled = length * fraction
    func bar(_ start: Double, _ len: Double) -> Path {
      let r =
        l.isVertical
        ? Rect(x: l.size.width / 2 - thickness / 2, y: start, width: thickness, height: len)
        : Rect(x: start, y: l.size.height / 2 - thickness / 2, width: len, height: thickness)
      return .roundedRect(r, cornerRadius: thickness / 2)
    }
    return .shapes([
      VectorImage.Shape(path: bar(0, length), fill: .solid(a.inactiveColor)),
      VectorImage.Shape(
        path: bar(l.isRightToLeft ? length - filled : 0, filled), fill: .solid(a.activeColor)),
    ])
  }

  /// A highlight dot that slides over the inactive dots to the position (JKImageSliderView's
  /// bullets): give the indicator a timed ``TimedAnimation/Track/indicatorPosition(_:)`` track
  /// and ``PageIndicatorNode/Tracking/manual`` tracking to move it over time.
  public static let slidingDot = PageIndicatorStyle(name: "slidingDot") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    shapes.append(dot(l.center(of: l.clampedPosition), l, l.appearance.activeColor))
    return .shapes(shapes)
  }

  /// Every preset.
  public static let presets: [PageIndicatorStyle] = [
    .dots, .extendedDot, .scalingDots, .worm, .jumpingDot, .numbers, .progressBar, .slidingDot,
  ]
}
