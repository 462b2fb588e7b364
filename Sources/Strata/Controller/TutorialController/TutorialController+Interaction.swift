/// What a horizontal swipe does to the pages.
public enum SwipeMode: String, Hashable, Sendable, CaseIterable {
  /// The pages follow the finger, and a release settles them (a scroll view).
  case follow
  /// Nothing follows the finger; a swipe, once the finger lifts, calls
  /// ``TutorialController/didSwipe(_:)`` (a swipe gesture recognizer).
  case discrete
}

/// The way a finger swiped.
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
  /// Right to left: towards later pages, left to right.
  case left
  /// Left to right.
  case right
  /// Bottom to top: towards later pages of vertical pages (``PagingAxis/vertical``).
  case up
  /// Top to bottom.
  case down
}

/// The finger a controller is tracking.
struct TouchState {
  var start: Point
  var pressed: ButtonNode?
  var isDragging: Bool
  /// In the discrete swipe mode: the finger has moved far enough to be a swipe.
  var isSwiping = false
  /// Whether this touch may page: scrolling is enabled and it began in the swipe region.
  var mayDrag: Bool
  var tracker = VelocityTracker()
}

extension TutorialController {
  /// The distance a finger must move before a touch becomes a drag (UIKit's is about 10 points).
  public static let touchSlop = 10.0

  /// The scroll model's state.
  public var scrollPhysics: ScrollPhysics { physics }

  /// The interaction clock, in seconds: the time of the last event or ``advance(to:)``.
  public var time: Double { clock }

  /// Whether a finger is down.
  public var isTouching: Bool { touch != nil }

  /// Whether anything is moving or a finger is down.
  public var isInteracting: Bool { touch != nil || !physics.isIdle }

  /// Whether the pages are moving: dragged, settling, decelerating or scrolling to a page (a
  /// finger resting on a button does not count).
  public var isScrolling: Bool { !physics.isIdle }

  /// Handles a touch. Time first advances to the event's time.
  ///
  /// - A touch that goes down on a button highlights it; lifting on the button taps it (the
  ///   delegate hears ``TutorialDelegate/tutorialController(_:didTapButton:)``, and navigation
  ///   buttons act). Only the topmost node under the finger counts: a button hidden under an
  ///   opaque node takes no tap (see ``Node/hitTest(_:)``). The transparent main scroll node
  ///   passes taps through to the controls below it.
  /// - A touch that starts in the ``swipeRegion`` and moves more than ``touchSlop`` becomes a
  ///   drag and the pages follow the finger; lifting hands the release velocity to the scroll
  ///   physics. A touch that started on a button becomes a drag only if the main scroll node
  ///   ``ScrollNode/canCancelContentTouches`` (the default); otherwise it stays with the button,
  ///   which shows pressed while the finger is over it.
  /// - With ``ScrollNode/isScrollEnabled`` off on ``mainScrollNode`` no touch drags the pages;
  ///   buttons and programmatic scrolling still work.
  /// - A touch that may drag catches moving content.
  public func handle(_ event: TouchEvent) {
    layoutIfNeeded()
    guard event.location.isFinite else { return }
    advance(to: event.time)
    let p = event.location
    switch event.phase {
    case .down:
      // While a check for leaving the page runs, the page is held: no finger moves it.
      let mayDrag =
        mainScrollNode.isScrollEnabled && (swipeRegion?.contains(p) ?? true)
        && gating.pending == nil
      var state = TouchState(start: p, pressed: nil, isDragging: false, mayDrag: mayDrag)
      state.tracker.add(x: along(p), time: clock)
      if !physics.isIdle && mayDrag {
        state.isDragging = true
        beginDrag(at: p)
      } else if let control = root.hitTest(p)?.enclosingControl {
        state.pressed = control
        control.isHighlighted = true
      }
      touch = state
      // What shows may depend on the finger being down (see isInteracting).
      update()
    case .move:
      guard var state = touch else { return }
      state.tracker.add(x: along(p), time: clock)
      if swipeMode == .discrete {
        if !state.isSwiping, state.mayDrag, (p - state.start).length > Self.touchSlop,
          state.pressed == nil || mainScrollNode.canCancelContentTouches
        {
          state.isSwiping = true
          state.pressed?.isHighlighted = false
          state.pressed = nil
          update()
        }
      } else if !state.isDragging, state.mayDrag, (p - state.start).length > Self.touchSlop,
        state.pressed == nil || mainScrollNode.canCancelContentTouches
      {
        state.isDragging = true
        state.pressed?.isHighlighted = false
        state.pressed = nil
        beginDrag(at: p)
      }
      if state.isDragging {
        physics.drag(fingerX: along(p))
        applyPhysicsOffset()
      } else if let pressed = state.pressed {
        let over = root.hitTest(p)?.enclosingControl === pressed
        if over != pressed.isHighlighted {
          pressed.isHighlighted = over
          update()
        }
      }
      touch = state
    case .up, .cancel:
      guard var state = touch else { return }
      touch = nil
      state.tracker.add(x: along(p), time: clock)
      state.pressed?.isHighlighted = false
      let d = p - state.start
      let vertical = pagingAxis == .vertical
      // A swipe along the axis: more along it than across.
      if state.isSwiping, event.phase == .up,
        vertical ? Swift.abs(d.dy) > Swift.abs(d.dx) : Swift.abs(d.dx) > Swift.abs(d.dy)
      {
        let direction: SwipeDirection =
          vertical ? (d.dy < 0 ? .up : .down) : (d.dx < 0 ? .left : .right)
        emit(.swiped(direction: direction))
        didSwipe(direction)
        update()
      } else if state.isDragging {
        let start: Slot? =
          if case .dragging(_, _, let page) = physics.phase { Slot(page) } else { nil }
        physics.endDrag(velocity: event.phase == .up ? -state.tracker.velocity : 0)
        if let start { gateRelease(fromSlot: start) }
        emit(.dragEnded(targetPage: restingPage))
        applyPhysicsOffset()
      } else if event.phase == .up, let pressed = state.pressed,
        root.hitTest(p)?.enclosingControl === pressed
      {
        tap(pressed, at: p)
      } else {
        update()
      }
    }
  }

  /// Advances the interaction clock to `time` (earlier times are ignored), moving the pages and
  /// the timed animations.
  public func advance(to time: Double) {
    guard time.isFinite, time > clock else { return }
    let dt = time - clock
    let from = clock
    clock = time
    stepAutoplay(to: time)
    pollLeaveCheck()
    clockDidAdvance(from: from, to: time)
    guard !physics.isIdle else {
      if !timeline.isEmpty || playsOnClock { update() }
      return
    }
    // Step in pieces of at most 1/240 s: the closed forms are exact, the pieces only bound
    // how late a phase change (settled, bounced) is noticed.
    var left = dt
    while left > 1e-12 && !physics.isIdle {
      let step = Swift.min(left, 1.0 / 240)
      physics.step(step)
      left -= step
    }
    applyPhysicsOffset()
  }

  /// Starts `animation` at `time` (the clock's time by default) and shows it.
  public func run(_ animation: TimedAnimation, at time: Double? = nil) {
    timeline.add(animation, at: time ?? clock)
    update()
  }

  /// Stops and removes every timed animation.
  public func removeAllTimedAnimations() {
    timeline = Timeline()
    update()
  }

  /// Whether an animated image shown plays on the clock (so the clock's advance redraws).
  var playsOnClock: Bool {
    if staticAnimatedImages.contains(where: { $0.clockPlayback != nil }) { return true }
    guard let window else { return false }
    return window.contains { slot in
      pages[slot]?.animatedImages.contains { $0.clockPlayback != nil } ?? false
    }
  }

  /// Whether a timed animation, or an animated image playing on the clock, is still moving at
  /// the clock's time (a looping one always is).
  public var isAnimating: Bool {
    if timeline.isRunning(at: clock) { return true }
    if staticAnimatedImages.contains(where: { $0.isPlaying(atClock: clock) }) { return true }
    guard let window else { return false }
    return window.contains { slot in
      pages[slot]?.animatedImages.contains { $0.isPlaying(atClock: clock) } ?? false
    }
  }

  /// Advances the interaction clock by `dt` seconds.
  public func advance(by dt: Double) { advance(to: clock + (dt.isFinite ? Swift.max(0, dt) : 0)) }

  /// Scrolls to `page` (within the pages), animated over `duration` with `easing`, or at once.
  /// When the pages go round (``isCircular``), a page number outside them is taken round the
  /// circle, and the pages take the shorter way to it (forward when both are as short).
  public func scroll(
    toPage page: Int, animated: Bool = true, duration: Double = 0.35, easing: Easing = .easeInOut
  ) {
    guard pageCount > 0 else { return }
    let slot =
      order.isCircular
      ? order.slot(of: page, near: visualOffset + (isRightToLeft ? -1e-9 : 1e-9))
      : order.slot(of: Swift.min(Swift.max(page, 0), pageCount - 1))
    scroll(toSlot: slot, animated: animated, duration: duration, easing: easing)
  }

  /// Scrolls to the page in `slot`.
  func scroll(
    toSlot slot: Slot, animated: Bool = true, duration: Double = 0.35, easing: Easing = .easeInOut
  ) {
    physics.allowedRange = fullRange
    physics.scroll(toPage: slot.index, animated: animated, duration: duration, easing: easing)
    isMoving = true
    applyPhysicsOffset()
  }

  /// The slot one page forward (or back) from the page shown: the next page's, or, going round,
  /// the first page's copy after the last; `nil` at an end of pages that do not go round.
  func slot(steppingForward forward: Bool) -> Slot? {
    guard pageCount > 0 else { return nil }
    let here = order.slot(of: currentPage, near: visualOffset)
    let step = (forward != isRightToLeft) ? 1 : -1
    let next = here.advanced(by: step)
    if !order.isCircular, !(0..<pageCount).contains(next.index) { return nil }
    return next
  }

  /// Scrolls to the next page, if the current page's policy and its check for leaving allow it
  /// (round to the first page after the last when the pages go round); a refusal is a
  /// ``TutorialEvent/navigationBlocked(page:reason:by:)`` event.
  public func showNextPage(animated: Bool = true) {
    step(forward: true, by: .code, animated: animated)
  }

  /// Scrolls to the previous page, as ``showNextPage(animated:)`` does to the next.
  public func showPreviousPage(animated: Bool = true) {
    step(forward: false, by: .code, animated: animated)
  }

  /// One page forward or back, through the gates; nothing at an end of pages that do not go
  /// round.
  @discardableResult
  func step(forward: Bool, by trigger: NavigationTrigger, animated: Bool = true)
    -> NavigationOutcome
  {
    guard let slot = slot(steppingForward: forward) else { return .refused }
    return navigate(toSlot: slot, by: trigger, animated: animated)
  }

  /// Taps `button` (at `point`, in root coordinates, for a page indicator): tells the delegate,
  /// then acts if it is a navigation button or a page indicator.
  public func tap(_ button: ButtonNode, at point: Point? = nil) {
    guard button.isEnabled else { return }
    delegate?.tutorialController(self, didTapButton: button.actionIdentifier)
    emit(.tap(action: button.actionIdentifier, button: button.name, page: currentPage))
    if let indicator = button as? PageIndicatorNode, let point,
      let local = indicator.transformToRoot.inverted()?.apply(to: point)
    {
      switch indicator.tapBehavior {
      case .nearestDot:
        if let page = indicator.page(at: local) {
          navigate(toSlot: order.slot(of: page, near: visualOffset), by: .button)
        }
      case .sides:
        // UIPageControl's way: the half towards later pages steps forward, the other back.
        let along = indicator.orientation == .vertical ? local.y : local.x
        let middle =
          indicator.orientation == .vertical ? indicator.bounds.midY : indicator.bounds.midX
        let mirrored = layoutDirection == .rightToLeft && indicator.orientation == .horizontal
        let forward = (along >= middle) != mirrored
        if indicator.tracking == .discrete, discreteIndicatorPage != currentPage {
          // Still heading for another page: step on from that one.
          let target = order.wrapped(discreteIndicatorPage + (forward ? 1 : -1))
          if (0..<pageCount).contains(target) { scroll(toPage: target) }
        } else {
          step(forward: forward, by: .button)
        }
      }
    }
    if let nav = button as? NavigationButtonNode {
      switch nav.role {
      case .next: step(forward: true, by: .button)
      case .back: step(forward: false, by: .button)
      case .skip: skip()
      case .done: end(skipped: false)
      }
    }
    update()
  }

  private func beginDrag(at p: Point) {
    // The main scroll node says whether a release snaps to pages (as UIScrollView's does).
    physics.configuration.isPagingEnabled =
      scrollBehavior.isPagingEnabled && mainScrollNode.isPagingEnabled
    physics.allowedRange = allowedRange(from: Slot(physics.nearestPage))
    physics.beginDrag(fingerX: along(p))
    isMoving = true
    delegate?.tutorialControllerDidBeginDragging(self)
    emit(.dragBegan(page: currentPage))
  }

  /// A point's coordinate along the paging axis: what a finger drags.
  func along(_ p: Point) -> Double { pagingAxis == .vertical ? p.y : p.x }

  /// The page a discrete page indicator shows, as UIPageControl does under a paging scroll
  /// view: during a drag, the page the drag began on; once released (or scrolled to), the page
  /// the pages will settle on; at rest, the page shown.
  public var discreteIndicatorPage: Int { discreteIndicatorPage(atRest: currentPage) }

  /// ``discreteIndicatorPage`` with `atRest` as the page shown when nothing moves.
  func discreteIndicatorPage(atRest: Int) -> Int {
    if case .dragging(_, _, let startPage) = physics.phase {
      guard pageCount > 0 else { return 0 }
      if order.isCircular { return order.page(in: Slot(startPage)) }
      return order.page(in: Slot(Swift.min(Swift.max(startPage, 0), pageCount - 1)))
    }
    return physics.isIdle ? atRest : restingPage
  }

  /// The page the scroll model is heading for: the settling target, the end of a deceleration,
  /// or where it stands.
  var restingPage: Int {
    let w = physics.configuration.pageWidth
    var offset = physics.offset
    switch physics.phase {
    case .settling(let target): offset = target
    case .animating(_, let to, _, _, _): offset = to
    case .decelerating:
      let rate = physics.configuration.decelerationRate.value
      offset = (offset + physics.velocity / 1000 * rate / (1 - rate)).clamped(
        to: physics.allowedRange)
    case .idle, .dragging: break
    }
    guard w > 0, offset.isFinite, pageCount > 0 else { return currentPage }
    let slots = order.isCircular ? -1e15...1e15 : 0...Double(pageCount - 1)
    return order.page(in: Slot(Int((offset / w).rounded().clamped(to: slots))))
  }

  /// The offsets a drag from the page in `slot` may rest in, from the page's navigation policy
  /// (forward is to the left right to left).
  func allowedRange(from slot: Slot) -> ClosedRange<Double> {
    let w = physics.configuration.pageWidth
    let full = fullRange
    let policy = activeDataSource?.navigationPolicy(at: order.page(in: slot)) ?? .free
    let here = Double(slot.index) * w
    let towardsRight = isRightToLeft ? policy.canGoBack : policy.canGoForward
    let towardsLeft = isRightToLeft ? policy.canGoForward : policy.canGoBack
    let lo = towardsLeft ? full.lowerBound : here
    let hi = towardsRight ? full.upperBound : here
    return lo...Swift.max(lo, hi)
  }
}
