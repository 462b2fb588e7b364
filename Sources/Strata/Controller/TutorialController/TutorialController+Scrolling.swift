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

  /// The horizontal content offset of the main scroll node, in points (visual: right to left,
  /// page 0 is at the largest offset).
  public var contentOffset: Double { physics.offset }

  /// The range offsets are clamped to: one page width of overscroll past either end, or none
  /// when the scroll behaviour does not bounce (``ScrollPhysics/Configuration/bounces``): what
  /// the onboarding can show.
  public var offsetRange: ClosedRange<Double> {
    let w = metrics.width
    return (-overscroll * w)...((lastVisualPosition + overscroll) * w)
  }

  /// The pages of overscroll the onboarding can show past either end: 1, or 0 when it does not
  /// bounce.
  var overscroll: Double { scrollBehavior.bounces ? 1 : 0 }

  /// The page positions the onboarding can show: ``offsetRange`` in pages.
  public var pagePositionRange: ClosedRange<Double> {
    (-overscroll)...(lastVisualPosition + overscroll)
  }

  private var lastVisualPosition: Double { Double(Swift.max(0, loadedPageCount - 1)) }

  /// `p` (a page position) limited to ``pagePositionRange``; the range is the same in both
  /// directions, since the mirror maps −1 to N and N to −1.
  func clampedPosition(_ p: Double) -> Double {
    p.clamped(to: pagePositionRange)
  }

  func transition(at pagePosition: Double) -> PageTransition {
    PageTransition(
      offset: order.visualPosition(of: pagePosition) * metrics.width, pageWidth: metrics.width,
      pageCount: loadedPageCount, pageHeight: metrics.height, arc: metrics.arc,
      isRightToLeft: isRightToLeft, isMotionReduced: reduceMotion)
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
    setPosition(x.isNaN ? position : order.pagePosition(ofVisual: x / metrics.width))
    update()
  }

  /// Shows where the scroll model stands (it is the source of the offset).
  func applyPhysicsOffset() {
    let p = position
    if p != clampedPosition(p) { setPosition(p) }
    update()
    if isMoving, physics.isIdle, touch == nil {
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
  public func setPagePosition(_ pagePosition: Double) {
    setPosition(pagePosition.isNaN ? position : pagePosition)
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
