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
  /// Whether the pages go round (every page has a dot, and there are two or more): a position
  /// past the last page is on its way to the first.
  public var isCircular = false

  /// Whether the pages go round and every page has a dot.
  private var goesRound: Bool { isCircular && count == pageCount && count >= 2 }

  /// The position limited to the pages (going round: taken round into 0..<count).
  public var clampedPosition: Double {
    guard count > 0 else { return 0 }
    guard goesRound, pagePosition.isFinite else {
      return pagePosition.clamped(to: 0...Double(count - 1))
    }
    return pagePosition.wrapped(period: Double(count))
  }

  /// Going round, between the last page and the first: how far from the last (0 <..< 1);
  /// `nil` elsewhere. The dot styles fade the last dot out and the first in over it.
  public var wrapProgress: Double? {
    guard goesRound else { return nil }
    let p = clampedPosition - Double(count - 1)
    return p > 0 ? p : nil
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
    var d = Swift.abs(clampedPosition - Double(i))
    if goesRound { d = Swift.min(d, Double(count) - d) }
    return (1 - d).clamped(to: 0...1)
  }

  /// A pill from dot position `a` to `b` (in pages), `thickness` across.
  public func pill(from a: Double, to b: Double, thickness: Double) -> Path {
    var path = Path()
    path.reserveCapacity(14)
    addPill(to: &path, from: a, to: b, thickness: thickness)
    return path
  }

  /// Adds the ``pill(from:to:thickness:)`` to `path`, in place.
  public func addPill(to path: inout Path, from a: Double, to b: Double, thickness: Double) {
    let p = center(of: a)
    let q = center(of: b)
    let r = thickness / 2
    let rect = Rect(
      x: Swift.min(p.x, q.x) - r, y: Swift.min(p.y, q.y) - r,
      width: Swift.abs(q.x - p.x) + thickness,
      height: Swift.abs(q.y - p.y) + thickness)
    path.addRoundedRect(rect, cornerRadius: r)
  }
}
