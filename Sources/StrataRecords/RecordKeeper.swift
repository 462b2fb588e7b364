import Strata

/// Keeps an onboarding's record up to date from its controller's events: the page it comes to
/// rest on, and how it ends (``TutorialEvent/finished`` completes it,
/// ``TutorialEvent/skipped`` skips it, ``TutorialEvent/left(page:)`` keeps the page it was
/// left on, to start from next time). Keep the keeper as long as the controller shows.
///
/// ```swift
/// let keeper = OnboardingRecordKeeper(
///   controller: tutorial, store: store, identifier: "welcome", version: 2)
/// ```
public final class OnboardingRecordKeeper {
  /// The store written to.
  public let store: any OnboardingRecordStore
  /// The onboarding's identifier.
  public let identifier: String
  /// The content version shown.
  public let version: Int
  /// The last error writing the record, if any (the onboarding goes on regardless).
  public private(set) var lastError: Error?
  private var subscription: TutorialEventStream.Subscription?

  /// Starts keeping the record of `identifier` at `version` from `controller`'s events. It
  /// notes at once that this version was seen, at the current page, and not finished (unless
  /// the record says it was, in this version).
  public init(
    controller: TutorialController, store: any OnboardingRecordStore, identifier: String,
    version: Int
  ) {
    self.store = store
    self.identifier = identifier
    self.version = version
    let page = controller.currentPage
    write { record in
      if let r = record, r.version == version, r.outcome != nil { return }
      record = OnboardingRecord(identifier: identifier, version: version, lastPage: page)
    }
    subscription = controller.events.subscribe { [weak self] in self?.heard($0.event) }
  }

  deinit { subscription?.cancel() }

  private func heard(_ event: TutorialEvent) {
    switch event {
    case .settled(let page), .left(let page):
      write { record in
        var r = record ?? OnboardingRecord(identifier: identifier, version: version)
        if r.version != version { r = OnboardingRecord(identifier: identifier, version: version) }
        r.lastPage = page
        record = r
      }
    case .finished: end(.completed)
    case .skipped: end(.skipped)
    default: break
    }
  }

  private func end(_ outcome: OnboardingRecord.Outcome) {
    write { record in
      var r = record ?? OnboardingRecord(identifier: identifier, version: version)
      r.version = version
      r.outcome = outcome
      record = r
    }
  }

  private func write(_ body: (inout OnboardingRecord?) -> Void) {
    do { try store.update(identifier, body) } catch { lastError = error }
  }
}
