/// Where a scroll stands between pages: the argument every animator receives.
///
/// With offset o and page width W, the transition runs from page k = ⌊o/W⌋ to
/// page k + 1 with progress p = o/W − k in 0..<1. At rest on page 2, `fromPage`
/// is 2, `toPage` 3 and `progress` 0. When the content bounces past the first
/// page, `fromPage` is −1 (no page); past the last, `toPage` is ``pageCount``:
/// pages outside `0..<pageCount` do not exist and get no animator calls.
///
/// ``position(of:)`` is the continuous form most animators want: 0 for the
/// page in the centre, −1 one page to the left, +1 one to the right.
///
/// In a circular onboarding (``isCircular``) the pages go round: after the last page comes
/// the first. Page indices are still real pages (`fromPage` is the last page and `toPage` 0
/// half way round), ``pagePosition`` is in 0..<``pageCount`` (N − ½ is half way from the last
/// page to the first), and ``position(of:)`` is the position of the page's nearest copy.
///
/// Vertical pages (``axis`` ``PagingAxis/vertical``) read the same with "left" as "above":
/// the offset is along y, ``pageLength`` is the page height, and ``along(_:)`` turns a distance
/// along the axis into a vector, so an animator written with it works on both axes.
public struct PageTransition: Hashable, Sendable {
  /// The content offset along the paging axis, in points.
  public let offset: Double
  /// The width of one page in points.
  public let pageWidth: Double
  /// The number of pages.
  public let pageCount: Int
  /// The page on the left of the transition (for left-to-right layouts ⌊offset / pageWidth⌋;
  /// may be −1 or ``pageCount``, pages that do not exist).
  public let fromPage: Int
  /// The page on the right: `fromPage + 1` left to right, `fromPage − 1` right to left.
  public let toPage: Int
  /// How far the transition has gone from the left page to the right one, 0..<1.
  public let progress: Double
  /// Whether pages run right to left (page 0 on the right). Positions then mirror, so
  /// animators built on ``position(of:)`` mirror their direction without knowing.
  public let isRightToLeft: Bool
  /// Whether the reader asked for reduced motion; see ``TutorialController/reduceMotion``.
  public let isMotionReduced: Bool
  /// The offset in visual pages (offset / pageWidth), left to right whatever the direction.
  public let visualPosition: Double
  /// The viewport size.
  public let pageSize: Size
  /// The roundness arc in viewport coordinates (its peak at the top of the static content).
  public let arc: RoundnessArc
  /// Whether the pages go round (see ``TutorialController/isCircular``): the page after the
  /// last is the first. Never true with fewer than two pages.
  public let isCircular: Bool
  /// Which way the pages scroll.
  public let axis: PagingAxis
  /// The length of one page along the axis: ``pageWidth``, or the page height for vertical
  /// pages.
  public let pageLength: Double
  /// How pages map to slots.
  let order: PageOrder
  /// The visual position a page's copy is chosen near, in a circular onboarding: the viewport,
  /// or the slot an animator is moving (so that the same page in two slots has the position of
  /// each).
  var anchor: Double

  /// Creates a transition.
  ///
  /// Non-finite offsets are taken as 0, a page width that is not positive and finite
  /// as 1, and a negative page count as 0, so a transition is always defined.
  public init(
    offset: Double, pageWidth: Double, pageCount: Int, pageHeight: Double? = nil,
    arc: RoundnessArc? = nil, isRightToLeft: Bool = false, isMotionReduced: Bool = false,
    isCircular: Bool = false, axis: PagingAxis = .horizontal
  ) {
    let w = pageWidth.isFinite && pageWidth > 0 ? pageWidth : 1
    let o = offset.isFinite ? offset : 0
    let h = pageHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    // Vertical pages step by their height (their width when none is given).
    let length = axis == .vertical ? (h ?? w) : w
    self.axis = axis
    self.pageLength = length
    self.offset = o
    self.pageWidth = w
    self.pageCount = Swift.max(0, pageCount)
    // Page positions are limited to ±2⁵¹ so that ⌊o/W⌋ always fits an Int.
    let s = (o / length).clamped(to: -2_251_799_813_685_248...2_251_799_813_685_248)
    let k = s.rounded(.down)
    let n = Swift.max(0, pageCount)
    self.visualPosition = s
    self.isRightToLeft = isRightToLeft
    self.isMotionReduced = isMotionReduced
    let order = PageOrder(count: n, isRightToLeft: isRightToLeft, isCircular: isCircular)
    self.order = order
    self.isCircular = order.isCircular
    self.anchor = s
    self.fromPage = order.page(in: Slot(Int(k)))
    self.toPage = order.page(in: Slot(Int(k) + 1))
    self.progress = s - k
    self.pageSize = Size(width: w, height: pageHeight ?? 0)
    self.arc = arc ?? RoundnessArc(width: w, height: 0)
  }

  /// The position in pages: 1.5 is half way from page 1 to page 2 (in either direction).
  public var pagePosition: Double { order.pagePosition(ofVisual: visualPosition) }

  /// The page's slot from the left: the page itself left to right, mirrored right to left
  /// (circular: the slot of the copy nearest the viewport).
  public func visualIndex(of page: Int) -> Int {
    isCircular ? order.slot(of: page, near: anchor).index : order.slot(of: page).index
  }

  /// The same transition with the copies of pages chosen near `slot`: what the animators of
  /// the page in that slot get, in a circular onboarding.
  func anchored(to slot: Slot) -> PageTransition {
    guard isCircular else { return self }
    var t = self
    t.anchor = Double(slot.index)
    return t
  }

  /// Where `page` stands relative to the viewport: 0 centred, −1 one page to the left, +1 one
  /// to the right (on screen, so right to left the next page is at −1).
  public func position(of page: Int) -> Double { Double(visualIndex(of: page)) - visualPosition }

  /// The x of the centre of `page` in viewport coordinates (for vertical pages, the middle of
  /// the page width: they do not move sideways).
  public func centerX(of page: Int) -> Double {
    axis == .vertical ? pageWidth / 2 : (position(of: page) + 0.5) * pageWidth
  }

  /// A distance along the paging axis as a vector: `(d, 0)`, or `(0, d)` for vertical pages.
  public func along(_ d: Double) -> Vector {
    axis == .vertical ? Vector(dx: 0, dy: d) : Vector(dx: d, dy: 0)
  }

  /// The page nearest the centre of the viewport, in `0..<pageCount` (0 when there are no pages).
  public var nearestPage: Int {
    guard pageCount > 0 else { return 0 }
    if isCircular { return order.wrapped(Int(pagePosition.rounded())) }
    let s = pagePosition.rounded()
    if s <= 0 { return 0 }
    if s >= Double(pageCount - 1) { return pageCount - 1 }
    return Int(s)
  }

  /// Whether `page` is one of the two pages of the transition and exists.
  public func involves(_ page: Int) -> Bool {
    (page == fromPage || page == toPage) && page >= 0 && page < pageCount
  }

  /// The share of `page` in the transition: 1 − |position|, limited to 0...1.
  ///
  /// 1 for the page at rest in the centre, falling linearly to 0 one page away.
  /// It is the alpha of a plain cross-fade.
  public func visibility(of page: Int) -> Double {
    (1 - Swift.abs(position(of: page))).clamped(to: 0...1)
  }

  /// The same transition with the offset held to the pages: past the first or last page
  /// (rubber-banding) it reads as at rest on that page. Animations built on it do not
  /// fade or move while the content bounces at an end; see ``PageAnimation/heldAtEnds()``.
  public var heldAtEnds: PageTransition {
    if isCircular { return self }  // no ends
    let last = Double(Swift.max(0, pageCount - 1)) * pageLength
    let held = offset.clamped(to: 0...last)
    if held == offset { return self }
    return PageTransition(
      offset: held, pageWidth: pageWidth, pageCount: pageCount, pageHeight: pageSize.height,
      arc: arc, isRightToLeft: isRightToLeft, isMotionReduced: isMotionReduced,
      isCircular: isCircular, axis: axis)
  }
}
