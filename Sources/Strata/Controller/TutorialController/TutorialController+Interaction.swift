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
      let mayDrag = mainScrollNode.isScrollEnabled && (swipeRegion?.contains(p) ?? true)
      var state = TouchState(start: p, pressed: nil, isDragging: false, mayDrag: mayDrag)
      state.tracker.add(x: p.x, time: clock)
      if !physics.isIdle && mayDrag {
        state.isDragging = true
        beginDrag(at: p)
      } else if let control = root.hitTest(p)?.enclosingControl {
        state.pressed = control
        control.isHighlighted = true
      }
      touch = state
    case .move:
      guard var state = touch else { return }
      state.tracker.add(x: p.x, time: clock)
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
        physics.drag(fingerX: p.x)
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
      state.tracker.add(x: p.x, time: clock)
      state.pressed?.isHighlighted = false
      let dx = p.x - state.start.x
      if state.isSwiping, event.phase == .up, Swift.abs(dx) > Swift.abs(p.y - state.start.y) {
        let direction: SwipeDirection = dx < 0 ? .left : .right
        emit(.swiped(direction: direction))
        didSwipe(direction)
        update()
      } else if state.isDragging {
        physics.endDrag(velocity: event.phase == .up ? -state.tracker.velocity : 0)
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
    clockDidAdvance(from: from, to: time)
    guard !physics.isIdle else {
      if !timeline.isEmpty { update() }
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

  /// Whether a timed animation is still moving at the clock's time.
  public var isAnimating: Bool { timeline.isRunning(at: clock) }

  /// Advances the interaction clock by `dt` seconds.
  public func advance(by dt: Double) { advance(to: clock + (dt.isFinite ? Swift.max(0, dt) : 0)) }

  /// Scrolls to `page` (within the pages), animated over `duration` with `easing`, or at once.
  public func scroll(
    toPage page: Int, animated: Bool = true, duration: Double = 0.35, easing: Easing = .easeInOut
  ) {
    physics.allowedRange = 0...physics.configuration.maximumOffset
    guard pageCount > 0 else { return }
    let slot = order.slot(of: Swift.min(Swift.max(page, 0), pageCount - 1))
    physics.scroll(toPage: slot.index, animated: animated, duration: duration, easing: easing)
    isMoving = true
    applyPhysicsOffset()
  }

  /// Scrolls to the next page, if the current page's policy allows it.
  public func showNextPage(animated: Bool = true) {
    guard let policy = activeDataSource?.navigationPolicy(at: currentPage), policy.canGoForward
    else { return }
    scroll(toPage: currentPage + 1, animated: animated)
  }

  /// Scrolls to the previous page, if the current page's policy allows it.
  public func showPreviousPage(animated: Bool = true) {
    guard let policy = activeDataSource?.navigationPolicy(at: currentPage), policy.canGoBack else {
      return
    }
    scroll(toPage: currentPage - 1, animated: animated)
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
        if let page = indicator.page(at: local) { scroll(toPage: page) }
      case .sides:
        // UIPageControl's way: the half towards later pages steps forward, the other back.
        let along = indicator.orientation == .vertical ? local.y : local.x
        let middle =
          indicator.orientation == .vertical ? indicator.bounds.midY : indicator.bounds.midX
        let forward = (along >= middle) != (isRightToLeft && indicator.orientation == .horizontal)
        let from = indicator.tracking == .discrete ? discreteIndicatorPage : currentPage
        scroll(toPage: from + (forward ? 1 : -1))
      }
    }
    if let nav = button as? NavigationButtonNode {
      switch nav.role {
      case .next: showNextPage()
      case .back: showPreviousPage()
      case .skip:
        delegate?.tutorialController(self, didFinish: true)
        emit(.skipped)
      case .done:
        delegate?.tutorialController(self, didFinish: false)
        emit(.finished)
      }
    }
    update()
  }

  private func beginDrag(at p: Point) {
    // The main scroll node says whether a release snaps to pages (as UIScrollView's does).
    physics.configuration.isPagingEnabled =
      scrollBehavior.isPagingEnabled && mainScrollNode.isPagingEnabled
    physics.allowedRange = allowedRange(from: order.page(in: Slot(physics.nearestPage)))
    physics.beginDrag(fingerX: p.x)
    isMoving = true
    delegate?.tutorialControllerDidBeginDragging(self)
    emit(.dragBegan(page: currentPage))
  }

  /// The page a discrete page indicator shows, as UIPageControl does under a paging scroll
  /// view: during a drag, the page the drag began on; once released (or scrolled to), the page
  /// the pages will settle on; at rest, the page shown.
  public var discreteIndicatorPage: Int { discreteIndicatorPage(atRest: currentPage) }

  /// ``discreteIndicatorPage`` with `atRest` as the page shown when nothing moves.
  func discreteIndicatorPage(atRest: Int) -> Int {
    if case .dragging(_, _, let startPage) = physics.phase {
      return pageCount > 0
        ? order.page(in: Slot(Swift.min(Swift.max(startPage, 0), pageCount - 1))) : 0
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
    let slot = Int((offset / w).rounded().clamped(to: 0...Double(pageCount - 1)))
    return order.page(in: Slot(slot))
  }

  /// The offsets a drag from `page` may rest in, from the page's navigation policy (forward is
  /// to the left right to left).
  func allowedRange(from page: Int) -> ClosedRange<Double> {
    let w = physics.configuration.pageWidth
    let last = physics.configuration.maximumOffset
    let policy = activeDataSource?.navigationPolicy(at: page) ?? .free
    let here = Double(order.slot(of: page).index) * w
    let towardsRight = isRightToLeft ? policy.canGoBack : policy.canGoForward
    let towardsLeft = isRightToLeft ? policy.canGoForward : policy.canGoBack
    let lo = towardsLeft ? 0 : here
    let hi = towardsRight ? last : here
    return lo...Swift.max(lo, hi)
  }
}

/// What one frame of a simulated session shows: where the pages stand, which button is
/// pressed, and the clock's time with the timed animations running then.
public struct FrameState: Hashable, Sendable {
  /// The page position.
  public var pagePosition: Double
  /// The name of the button being pressed, if any.
  public var pressedButton: String?
  /// The controller's clock at the frame.
  public var time: Double
  /// The timed animations running at the frame.
  public var timeline: Timeline

  /// Creates a frame state.
  public init(
    pagePosition: Double, pressedButton: String? = nil, time: Double = 0,
    timeline: Timeline = Timeline()
  ) {
    self.pagePosition = pagePosition
    self.pressedButton = pressedButton
    self.time = time.isFinite ? time : 0
    self.timeline = timeline
  }
}

extension TutorialController {
  /// Plays `script` from the current state, one frame every 1/`fps` seconds, and returns every
  /// frame's state: during the script and then until the pages come to rest (at most `settleLimit`
  /// seconds more). Touches are generated at 240 Hz whatever the frame rate, so the same script
  /// lands on the same pages at 30, 60 or 120 frames per second.
  ///
  /// Named taps find their node when the tap begins, in the scene as it is then.
  ///
  /// - Throws: ``GestureScriptError`` when a tap names a node that is not in the scene when the
  ///   tap begins (the error lists the names that are), or when the script runs longer than
  ///   ``GestureScript/maximumDuration``.
  public func play(_ script: GestureScript, fps: Double = 60, settleLimit: Double = 5)
    throws(GestureScriptError) -> [FrameState]
  {
    var frames: [FrameState] = []
    try play(script, fps: fps, settleLimit: settleLimit) { frames.append($0) }
    return frames
  }

  /// Plays `script` as ``play(_:fps:settleLimit:)`` does, handing each frame's state to `frame`
  /// as it is reached instead of keeping them, and stopping after `frameLimit` frames: the work
  /// and memory of a run are bounded by the frames wanted, whatever the script says.
  ///
  /// The script's length is checked before anything plays: a script longer than
  /// ``GestureScript/maximumDuration`` (at this page width) is an error naming the statement that
  /// crosses it.
  public func play(
    _ script: GestureScript, fps: Double = 60, settleLimit: Double = 5,
    frameLimit: Int = GestureScript.maximumFrames, frame: (FrameState) -> Void
  ) throws(GestureScriptError) {
    layoutIfNeeded()
    let fps = fps.isFinite && fps > 0 ? Swift.min(fps, 1000) : 60
    let frameLimit = Swift.max(1, Swift.min(frameLimit, GestureScript.maximumFrames))
    // Bound the run before any of it is played.
    var total = 0.0
    for (index, g) in script.gestures.enumerated() {
      total += GestureScript.duration(of: g, pageWidth: pageSize.width)
      if total > GestureScript.maximumDuration {
        throw GestureScriptError(
          statement: index + 1, text: GestureScript.text(of: g),
          reason:
            "the script runs past \(Int(GestureScript.maximumDuration)) s, the longest a script may run"
        )
      }
    }
    let base = clock
    var count = 0
    func frameTime(_ n: Int) -> Double { base + Double(n) / fps }
    /// Records frames up to time `t`; false once the frame limit is reached.
    func record(until t: Double) -> Bool {
      while count < frameLimit, frameTime(count) <= t + 1e-12 {
        advance(to: frameTime(count))
        frame(
          FrameState(
            pagePosition: pagePosition, pressedButton: touch?.pressed?.name, time: clock,
            timeline: timeline))
        count += 1
      }
      return count < frameLimit
    }
    var t = base
    for (index, g) in script.gestures.enumerated() {
      if case .tapNode(let name) = g {
        guard record(until: t - 1e-9) else { return }
        if root.descendant(named: name) == nil {
          throw GestureScriptError(
            statement: index + 1, text: GestureScript.text(of: g),
            reason: "no node is named '\(name)'; named nodes now: "
              + namedNodes().prefix(12).joined(separator: ", "))
        }
      }
      let events = GestureScript.touchEvents(of: g, at: t, size: pageSize) { name in
        guard let node = self.root.descendant(named: name) else { return nil }
        return node.convert(Point(x: node.bounds.midX, y: node.bounds.midY), to: nil)
      }
      for e in events {
        guard record(until: e.time - 1e-9) else { return }
        handle(e)
      }
      t += GestureScript.duration(of: g, pageWidth: pageSize.width)
    }
    guard record(until: t) else { return }
    let limit = t + Swift.max(0, settleLimit)
    while (isInteracting || isAnimating) && frameTime(count) <= limit {
      guard record(until: frameTime(count)) else { return }
    }
    if count == 0 {
      frame(FrameState(pagePosition: pagePosition, time: clock, timeline: timeline))
    }
  }

  /// The names of the nodes in the tree now, buttons first, each once; the controller's own
  /// structure (root, scroll nodes, page slots) is left out: a script never means those.
  func namedNodes() -> [String] {
    var structure: [ObjectIdentifier] = [
      root, backgroundsScrollNode, labelsScrollNode, iconsScrollNode, mainScrollNode,
    ].map(ObjectIdentifier.init)
    for i in loadedPages ?? 0...(-1) {
      guard let p = page(i) else { continue }
      structure += [p.container, p.labelSlot, p.iconSlot].map(ObjectIdentifier.init)
    }
    var buttons: [String] = []
    var others: [String] = []
    root.forEachInSubtree { node in
      guard let name = node.name, !structure.contains(ObjectIdentifier(node)),
        !buttons.contains(name), !others.contains(name)
      else { return }
      if node is ButtonNode { buttons.append(name) } else { others.append(name) }
    }
    return buttons.map { "'\($0)'" } + others.map { "'\($0)'" }
  }

  /// Shows `state`: the page position, the pressed button (by name), and the timed animations
  /// at the state's time.
  public func show(_ state: FrameState) {
    root.forEachInSubtree { node in
      if let b = node as? ButtonNode {
        b.isHighlighted = state.pressedButton != nil && b.name == state.pressedButton
      }
    }
    timeline = state.timeline
    clock = state.time
    setPagePosition(state.pagePosition)
  }
}
