/// What the controller keeps for gating: a check for leaving a page that has not answered, the
/// required steps gone on from, and how the onboarding ended.
struct GatingState {
  /// A check waiting for its answer, and the move it decides.
  struct Pending {
    let decision: LeaveDecision
    let from: Int
    let fromSlot: Slot
    let to: Slot
    let trigger: NavigationTrigger
    let deadline: Double
  }
  var pending: Pending?
  /// Required pages the reader has gone on from.
  var passed: Set<Int> = []
  var ending: TutorialEnding?
  var timeout = TutorialController.defaultLeaveCheckTimeout
}

/// What became of an attempt to move the pages.
enum NavigationOutcome {
  /// The pages are moving.
  case moved
  /// A check for leaving the page is running; the page is held.
  case held
  /// Refused (a ``TutorialEvent/navigationBlocked(page:reason:by:)`` was sent).
  case refused
}

extension TutorialController {
  /// How long a check for leaving a page may take before it counts as no, by default: 10 s.
  public static let defaultLeaveCheckTimeout = 10.0
  /// How far a held page leans towards where the reader was going, in pages.
  static let heldLean = 0.12
  /// How many pages ahead Skip looks for a required step.
  public static let requiredStepSearchLimit = 10_000

  /// How long a data source's check for leaving a page
  /// (``TutorialDataSource/checkLeaving(page:to:decision:)``) may take, in seconds of the
  /// controller's clock, before it counts as no (``NavigationRefusal/timedOut``). Clamped to
  /// 0...3600; NaN keeps the default of 10 s.
  public var leaveCheckTimeout: Double {
    get { gating.timeout }
    set {
      gating.timeout =
        newValue.isNaN ? Self.defaultLeaveCheckTimeout : newValue.clamped(to: 0...3600)
    }
  }

  /// Whether a check for leaving the page is running (the page is held until it answers).
  public var isCheckingLeave: Bool { gating.pending != nil }

  /// How the onboarding ended — done, skipped, or left mid-way — or `nil` while it runs. Only
  /// the first ending counts.
  public var ending: TutorialEnding? { gating.ending }

  /// The host takes the onboarding away before it ended (the app went to the background, the
  /// view was dismissed): sends ``TutorialEvent/left(page:)`` at the current page, once, unless
  /// the onboarding already ended.
  public func leave() {
    guard gating.ending == nil else { return }
    gating.ending = .left(page: currentPage)
    emit(.left(page: currentPage))
  }

  /// A done or skip button ends the onboarding (the first ending only is kept): tells the
  /// delegate and sends the event.
  func end(skipped: Bool) {
    if gating.ending == nil { gating.ending = skipped ? .skipped : .finished }
    delegate?.tutorialController(self, didFinish: skipped)
    emit(skipped ? .skipped : .finished)
  }

  /// Moves to the page in `slot` if the current page's policy and its check allow it, or holds
  /// the page while the check runs. `trigger` says who asked, for the events.
  @discardableResult
  func navigate(toSlot slot: Slot, by trigger: NavigationTrigger, animated: Bool = true)
    -> NavigationOutcome
  {
    let from = currentPage
    guard gating.pending == nil else {
      emit(.navigationBlocked(page: from, reason: .checking, by: trigger))
      return .refused
    }
    let here = order.slot(of: from, near: visualOffset)
    if slot != here {
      let forward = (slot > here) != isRightToLeft
      let policy = activeDataSource?.navigationPolicy(at: from) ?? .free
      guard forward ? policy.canGoForward : policy.canGoBack else {
        emit(.navigationBlocked(page: from, reason: .policy, by: trigger))
        return .refused
      }
      switch ask(from: from, here: here, to: slot, by: trigger) {
      case .refused: return .refused
      case .held: return .held
      case .moved: break
      }
    }
    scroll(toSlot: slot, animated: animated)
    return .moved
  }

  /// Asks the data source whether the page may be left for the page in `slot`: `.moved` for a
  /// yes at once, `.refused` (and the event) for a no, `.held` while it thinks — the pages lean
  /// towards `slot` and wait.
  func ask(from: Int, here: Slot, to slot: Slot, by trigger: NavigationTrigger)
    -> NavigationOutcome
  {
    let decision = LeaveDecision()
    activeDataSource?.checkLeaving(page: from, to: order.page(in: slot), decision: decision)
    switch decision.answer {
    case true?: return .moved
    case false?:
      emit(.navigationBlocked(page: from, reason: .check, by: trigger))
      return .refused
    case nil:
      gating.pending = GatingState.Pending(
        decision: decision, from: from, fromSlot: here, to: slot, trigger: trigger,
        deadline: clock + gating.timeout)
      let w = physics.configuration.pageWidth
      let lean = slot > here ? Self.heldLean : -Self.heldLean
      physics.settle(to: (Double(here.index) + lean) * w)
      isMoving = true
      return .held
    }
  }

  /// Acts on the answer of a running check, or on its time running out (each clock step).
  func pollLeaveCheck() {
    guard let p = gating.pending else { return }
    let answer = p.decision.answer
    guard answer != nil || clock >= p.deadline else { return }
    gating.pending = nil
    if answer == true {
      scroll(toSlot: p.to)
    } else {
      let reason: NavigationRefusal = answer == false ? .check : .timedOut
      emit(.navigationBlocked(page: p.from, reason: reason, by: p.trigger))
      scroll(toSlot: p.fromSlot)
    }
  }

  /// After a finger let go: a release the page's policy held back is refused, and one heading
  /// for another page asks the page's check (going back, or holding, as it answers).
  func gateRelease(fromSlot start: Slot) {
    let from = order.page(in: start)
    if physics.releaseWasLimited {
      emit(.navigationBlocked(page: from, reason: .policy, by: .swipe))
    }
    guard case .settling(let target) = physics.phase else { return }
    let slot = Slot(physics.slot(at: target))
    guard slot != start else { return }
    if ask(from: from, here: start, to: slot, by: .swipe) == .refused {
      physics.settle(to: Double(start.index) * physics.configuration.pageWidth)
    }
  }

  /// Skip: finishes the onboarding, unless a required step lies ahead that the reader has not
  /// gone on from — then the pages go to it (and on it, Skip is refused).
  func skip() {
    let limit = Swift.min(pageCount, currentPage + Self.requiredStepSearchLimit)
    let source = activeDataSource
    let required = (currentPage..<Swift.max(currentPage, limit)).first {
      !gating.passed.contains($0) && (source?.navigationPolicy(at: $0).isRequired ?? false)
    }
    guard let required else { return end(skipped: true) }
    emit(.navigationBlocked(page: required, reason: .requiredStep, by: .button))
    if required != currentPage { scroll(toPage: required) }
  }

  /// Notes a required page gone on from (the page after it came to the centre).
  func notePageChange(from old: Int, to new: Int) {
    guard new == order.wrapped(old + 1) else { return }
    if activeDataSource?.navigationPolicy(at: old).isRequired ?? false {
      gating.passed.insert(old)
    }
  }
}
