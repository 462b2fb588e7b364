import Synchronization

/// Why the controller refused to move the pages (``TutorialEvent/navigationBlocked(page:reason:by:)``).
public enum NavigationRefusal: String, Hashable, Sendable, CaseIterable {
  /// The page's ``NavigationPolicy`` does not allow that direction.
  case policy
  /// The data source's check for leaving the page said no
  /// (``TutorialDataSource/checkLeaving(page:to:decision:)``).
  case check
  /// The check did not answer within ``TutorialController/leaveCheckTimeout``: it counts as no.
  case timedOut
  /// A check for leaving the page is still running: the page is held until it answers.
  case checking
  /// Skip was refused: a required step (``NavigationPolicy/isRequired``) lies before the end.
  case requiredStep
}

/// What tried to move the pages.
public enum NavigationTrigger: String, Hashable, Sendable, CaseIterable {
  /// A finger's swipe or drag.
  case swipe
  /// A navigation button or a page indicator.
  case button
  /// ``TutorialController/autoplay``.
  case autoplay
  /// An assistive technology's increment or decrement.
  case accessibility
  /// Code: ``TutorialController/showNextPage(animated:)`` and its kin.
  case code
}

/// How an onboarding ended (``TutorialController/ending``).
public enum TutorialEnding: Hashable, Sendable {
  /// A done button finished it.
  case finished
  /// A skip button ended it early.
  case skipped
  /// The host took it away before it ended (``TutorialController/leave()``), on `page`.
  case left(page: Int)
}

/// The answer to one check for leaving a page: give it once, at once or later, from any
/// thread; later answers are ignored.
///
/// ```swift
/// func checkLeaving(page: Int, to destination: Int, decision: LeaveDecision) {
///   guard page == 2 else { return decision.allow() }
///   decision.answer { await notifications.requestAuthorization() }
/// }
/// ```
///
/// Until it is answered the controller holds the page (nudged towards where the reader was
/// going, as a rubber band); after ``TutorialController/leaveCheckTimeout`` it counts as no.
public final class LeaveDecision: Sendable {
  /// 0: not yet; 1: yes; 2: no.
  private let state = Atomic<UInt8>(0)

  /// Creates an unanswered decision (the controller makes them; tests may too).
  public init() {}

  /// The page may be left.
  public func allow() { settle(1) }
  /// The page may not be left: the pages go back, and a
  /// ``TutorialEvent/navigationBlocked(page:reason:by:)`` says why.
  public func deny() { settle(2) }

  /// Answers with `check`'s result once it returns (it runs in a task of its own).
  public func answer(_ check: @escaping @Sendable () async -> Bool) {
    Task { [self] in
      if await check() { allow() } else { deny() }
    }
  }

  /// The answer: `true` yes, `false` no, `nil` not yet.
  public var answer: Bool? {
    switch state.load(ordering: .acquiring) {
    case 1: return true
    case 2: return false
    default: return nil
    }
  }

  private func settle(_ value: UInt8) {
    _ = state.compareExchange(expected: 0, desired: value, ordering: .acquiringAndReleasing)
  }
}
