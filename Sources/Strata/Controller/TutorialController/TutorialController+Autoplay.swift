/// Turning the pages on a timer, as carousels do: every onboarding has it, off until set.
///
/// ```swift
/// tutorial.autoplay = Autoplay(interval: 4, end: .loop)
/// ```
///
/// - The wait on a page is ``interval``, or the page's own in ``pageIntervals``.
/// - A finger on the screen holds it; the next turn comes ``resumeAfterTouch`` seconds after
///   the finger lifts. A page reached any other way (a swipe, a button, a tap on a dot) starts
///   its wait afresh.
/// - At the last page it stops, or (``End/loop``) goes back to the first.
/// - With ``TutorialController/reduceMotion`` on, it does not run by default
///   (``ReducedMotion/pause``): pages that move by themselves are what reduced motion asks to
///   avoid; ``ReducedMotion/jump`` turns the pages without the slide instead.
/// - Each turn is an ``TutorialEvent/autoplayTurned(from:to:)`` event.
public struct Autoplay: Hashable, Sendable {
  /// What happens at the last page.
  public enum End: String, Hashable, Sendable, CaseIterable {
    /// Autoplay stops there.
    case stop
    /// It goes on to the first page.
    case loop
  }

  /// What autoplay does when the reader asked for reduced motion.
  public enum ReducedMotion: String, Hashable, Sendable, CaseIterable {
    /// It waits: no page moves by itself.
    case pause
    /// It turns the pages without the slide.
    case jump
  }

  /// The seconds on a page before it turns; clamped as ``TimeLimits/interval(_:)`` clamps
  /// (a value that is not a positive finite number turns nothing).
  public var interval: Double
  /// Pages with a wait of their own, by index.
  public var pageIntervals: [Int: Double]
  /// The seconds after a finger lifts before the next turn (0 or more; 3 by default).
  public var resumeAfterTouch: Double
  /// Stop at the last page (the default) or loop to the first.
  public var end: End
  /// Under reduced motion: pause (the default) or jump.
  public var reducedMotion: ReducedMotion

  /// Creates the settings.
  public init(
    interval: Double, pageIntervals: [Int: Double] = [:], resumeAfterTouch: Double = 3,
    end: End = .stop, reducedMotion: ReducedMotion = .pause
  ) {
    self.interval = interval
    self.pageIntervals = pageIntervals
    self.resumeAfterTouch = resumeAfterTouch
    self.end = end
    self.reducedMotion = reducedMotion
  }

  /// The wait on `page`, clamped; `nil` when it is not a positive finite number.
  public func wait(onPage page: Int) -> Double? {
    TimeLimits.interval(pageIntervals[page] ?? interval)
  }

  /// The grace after a touch, clamped to 0…3600 (0 when not finite).
  var grace: Double {
    resumeAfterTouch.isFinite ? Swift.min(3600, Swift.max(0, resumeAfterTouch)) : 0
  }
}

/// Where autoplay is: its settings, when it turns next, and the page it last saw (a frame
/// carries all but the settings, which are the controller's).
struct AutoplayState: Hashable, Sendable {
  var settings: Autoplay?
  var next: Double?
  var page: Int?
  var isPaused = false
  var hasEnded = false

  /// Where autoplay is, without its settings: what a frame carries.
  var withoutSettings: AutoplayState {
    var s = self
    s.settings = nil
    return s
  }
}

extension TutorialController {
  /// Turns the pages on a timer (``Autoplay``); `nil` (the default) turns nothing. Setting it
  /// starts the wait on the current page afresh.
  public var autoplay: Autoplay? {
    get { autoplayState.settings }
    set {
      autoplayState = AutoplayState(settings: newValue)
      restartAutoplayWait()
    }
  }

  /// Whether autoplay is paused by ``pauseAutoplay()``.
  public var isAutoplayPaused: Bool { autoplayState.isPaused }

  /// Whether autoplay stopped at the last page (``Autoplay/End/stop``).
  public var hasAutoplayEnded: Bool { autoplayState.hasEnded }

  /// Holds autoplay until ``resumeAutoplay()``.
  public func pauseAutoplay() { autoplayState.isPaused = true }

  /// Lets autoplay go on: the current page's wait starts afresh.
  public func resumeAutoplay() {
    autoplayState.isPaused = false
    restartAutoplayWait()
  }

  /// The current page's wait starts now.
  private func restartAutoplayWait() {
    autoplayState.page = currentPage
    autoplayState.next = autoplayState.settings?.wait(onPage: currentPage).map { clock + $0 }
  }

  /// Autoplay's part of a clock step to `time`: holds while a finger is down, restarts the
  /// wait on a page reached another way, and turns the page when its wait is over.
  func stepAutoplay(to time: Double) {
    guard let a = autoplayState.settings, pageCount > 1, !autoplayState.isPaused,
      !autoplayState.hasEnded
    else { return }
    if reduceMotion && a.reducedMotion == .pause {
      autoplayState.next = nil
      return
    }
    if isTouching {
      autoplayState.next = time + a.grace
      return
    }
    // A page reached another way, once the pages are at rest: its wait starts now.
    if !isMoving, autoplayState.page != currentPage {
      autoplayState.page = currentPage
      autoplayState.next = a.wait(onPage: currentPage).map { time + $0 }
    }
    guard let next = autoplayState.next, time >= next, !isMoving else { return }
    let from = currentPage
    let policy = activeDataSource?.navigationPolicy(at: from)
    let animated = !(reduceMotion && a.reducedMotion == .jump)
    let to: Int
    if from + 1 < pageCount || (order.isCircular && a.end == .loop) {
      guard policy?.canGoForward ?? true, let slot = slot(steppingForward: true) else {
        // The page holds the reader: try again after another wait.
        emit(.navigationBlocked(page: from, reason: .policy, by: .autoplay))
        autoplayState.next = a.wait(onPage: from).map { time + $0 }
        return
      }
      to = order.page(in: slot)
      emit(.autoplayTurned(from: from, to: to))
      // Going round, the pages carry on forward to the first page. The page's check may hold
      // or refuse it; refused, autoplay tries again after another wait.
      if navigate(toSlot: slot, by: .autoplay, animated: animated) == .refused {
        autoplayState.next = a.wait(onPage: from).map { time + $0 }
        return
      }
    } else if a.end == .loop {
      to = 0
      emit(.autoplayTurned(from: from, to: to))
      scroll(toPage: to, animated: animated)
    } else {
      autoplayState.hasEnded = true
      autoplayState.next = nil
      return
    }
    autoplayState.page = to
    autoplayState.next = a.wait(onPage: to).map { time + $0 }
  }
}
