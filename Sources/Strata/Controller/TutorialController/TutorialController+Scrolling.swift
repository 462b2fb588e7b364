extension TutorialController {
  /// The parts of the screen covered by the system (status bar, notch, home indicator), in
  /// points, for layouts to keep clear of (see ``Node/pin(_:toSuperviewEdgeWithInset:safeArea:direction:)``).
  /// A host sets it from its window; headless renders choose it. Negative and non-finite sides
  /// count as 0. Setting it reloads at once.
  public var safeAreaInsets: Insets {
    get { safeArea }
    set {
      func side(_ v: Double) -> Double { v.isFinite ? Swift.max(0, v) : 0 }
      let clean = Insets(
        top: side(newValue.top), left: side(newValue.left), bottom: side(newValue.bottom),
        right: side(newValue.right))
      guard clean != safeArea else { return }
      safeArea = clean
      reloadData()
    }
  }

  // MARK: Scrolling

  /// Where the pages stand, in pages (1.5: half way from page 1 to page 2), in either layout
  /// direction, read from the scroll model. It is the invariant kept across changes of size,
  /// direction and data.
  var position: Double { order.pagePosition(ofVisual: visualOffset) }

  /// The scroll model's offset in pages along the axis, left to right (or top to bottom): the
  /// visual position, not taken round the circle.
  var visualOffset: Double { physics.offset / physics.configuration.pageWidth }

  /// Moves the scroll model to page position `p` (clamped), stopping any motion.
  func setPosition(_ p: Double) {
    physics.setOffset(
      order.canonicalVisual(of: clampedPosition(p)) * physics.configuration.pageWidth)
  }

  /// The offsets the pages may rest in when no page's policy limits them: the pages, or every
  /// offset when they go round.
  var fullRange: ClosedRange<Double> {
    order.isCircular ? -Double.infinity...Double.infinity : 0...physics.configuration.maximumOffset
  }

  /// A circular onboarding keeps its offset in −½..<N − ½ pages (see
  /// ``PageOrder/canonicalVisual(of:)``): when the scroll model has gone past either end it is
  /// shifted by whole turns, the motion carrying on as it was.
  func keepOffsetOnCircle() {
    guard order.isCircular else { return }
    let w = physics.configuration.pageWidth
    let v = visualOffset
    let canonical = order.canonicalVisual(of: order.pagePosition(ofVisual: v))
    let turns = ((v - canonical) / Double(loadedPageCount)).rounded()
    if turns != 0 { physics.shift(by: -turns * Double(loadedPageCount) * w) }
  }

  /// The content offset of the main scroll node along the paging axis, in points (visual: right
  /// to left, page 0 is at the largest offset).
  public var contentOffset: Double { physics.offset }

  /// The range offsets are clamped to: one page width of overscroll past either end, or none
  /// when the scroll behaviour does not bounce (``ScrollPhysics/Configuration/bounces``): what
  /// the onboarding can show.
  public var offsetRange: ClosedRange<Double> {
    let w = metrics.extent
    let r = pagePositionRange
    return order.isCircular
      ? (-0.5 * w)...((r.upperBound - 0.5) * w)
      : (r.lowerBound * w)...(r.upperBound * w)
  }

  /// The pages of overscroll the onboarding can show past either end: 1, or 0 when it does not
  /// bounce.
  var overscroll: Double { scrollBehavior.bounces ? 1 : 0 }

  /// The page positions the onboarding can show: ``offsetRange`` in pages. When the pages go
  /// round (``isCircular``), 0...N: every position is shown, N being page 0 again, and positions
  /// outside it are taken round the circle rather than clamped.
  public var pagePositionRange: ClosedRange<Double> {
    order.isCircular
      ? 0...Double(loadedPageCount) : (-overscroll)...(lastVisualPosition + overscroll)
  }

  private var lastVisualPosition: Double { Double(Swift.max(0, loadedPageCount - 1)) }

  /// `p` (a page position) limited to ``pagePositionRange``; the range is the same in both
  /// directions, since the mirror maps −1 to N and N to −1.
  func clampedPosition(_ p: Double) -> Double {
    guard order.isCircular else { return p.clamped(to: pagePositionRange) }
    return p.isFinite ? order.wrapped(p) : 0
  }

  func transition(at pagePosition: Double) -> PageTransition {
    PageTransition(
      offset: order.canonicalVisual(of: pagePosition) * metrics.extent, pageWidth: metrics.width,
      pageCount: loadedPageCount, pageHeight: metrics.height, arc: metrics.arc,
      isRightToLeft: order.isRightToLeft, isMotionReduced: reduceMotion,
      isCircular: order.isCircular, axis: metrics.axis)
  }

  /// The transition at the current offset.
  public var transition: PageTransition {
    needsUpdate ? transition(at: position) : lastTransition ?? transition(at: position)
  }

  /// Scrolls to the offset `x` (in points) and updates every layer.
  ///
  /// `x` is clamped to ``offsetRange``; NaN leaves the offset where it was and
  /// ±infinity goes to the nearest end of the range. The update syncs every scroll
  /// node to the offset, resets the animated properties of the pages near the
  /// viewport and of the static layers, runs the animators, and tells the delegate.
  ///
  /// - Complexity: O(nodes of the pages near the viewport), independent of the page count.
  public func setContentOffset(_ x: Double) {
    setPosition(
      x.isNaN || (order.isCircular && x.isInfinite)
        ? position : order.pagePosition(ofVisual: x / metrics.extent))
    update()
  }

  /// Shows where the scroll model stands (it is the source of the offset).
  func applyPhysicsOffset() {
    let p = position
    if !order.isCircular, p != clampedPosition(p) { setPosition(p) }
    update()
    if isMoving, physics.isIdle, touch == nil, gating.pending == nil {
      isMoving = false
      emit(.settled(page: currentPage))
      if accessibility.announcesPageChanges {
        emit(.announcement(accessibilityAnnouncement(forPage: currentPage)))
      }
    }
  }

  /// Sends `event` to the subscribers, stamped with the clock.
  func emit(_ event: TutorialEvent) {
    events.send(TutorialEventRecord(time: clock, event: event))
  }

  /// Scrolls to a position measured in pages (1.5 is half way from page 1 to page 2, in either
  /// layout direction), clamped like ``setContentOffset(_:)``; NaN leaves it where it was.
  ///
  /// A scrub, not a scroll: it sends ``TutorialEvent/pageChanged(from:to:)`` when the page
  /// changes and never ``TutorialEvent/settled(page:)`` (use
  /// ``scroll(toPage:animated:duration:easing:)`` to land on a page as a user would).
  public func setPagePosition(_ pagePosition: Double) {
    let keep = pagePosition.isNaN || (order.isCircular && pagePosition.isInfinite)
    setPosition(keep ? position : pagePosition)
    update()
  }

  /// The current position in pages (1.5 is half way from page 1 to page 2, in either layout
  /// direction).
  public var pagePosition: Double { position }

  /// A snapshot of what the viewport shows at the current offset.
  ///
  /// It first brings the tree up to date if something changed since the last update
  /// (``layoutIfNeeded()``).
  ///
  /// - Complexity: O(nodes of the pages near the viewport plus the static nodes).
  public func scene() -> Scene {
    layoutIfNeeded()
    return Scene(root: root, size: pageSize)
  }

  /// Makes `scene` what ``scene()`` returns now, in place, reusing its nodes' memory: for
  /// rendering a sequence frame after frame (see ``Scene/update(root:size:)``).
  ///
  /// ```swift
  /// var scene = tutorial.scene()
  /// for position in positions {
  ///   tutorial.setPagePosition(position)
  ///   tutorial.updateScene(&scene)
  ///   try renderer.updateDisplayList(&list, for: scene)
  /// }
  /// ```
  public func updateScene(_ scene: inout Scene) {
    layoutIfNeeded()
    scene.update(root: root, size: pageSize)
  }

  // MARK: Geometry

  /// The roundness arc in viewport coordinates: its peak at the top of the static content.
  public var roundnessArc: RoundnessArc {
    metrics.arc
  }

  /// The y of the arc's peak: H − staticContentHeight − roundnessHeight (after clamping).
  public var arcTop: Double {
    metrics.arcTop
  }

  /// The static content's frame in viewport coordinates.
  public var staticContentFrame: Rect {
    metrics.staticContentFrame
  }

  /// The labels strip's frame in viewport coordinates.
  public var labelsStripFrame: Rect {
    metrics.labelsStrip
  }

  /// The pages in the node tree now: from one before the transition to two after it, on
  /// screen (right to left, the pages of those slots).
  public var loadedPages: ClosedRange<Int>? {
    window.map(order.pages(in:))
  }
}
