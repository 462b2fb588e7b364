#if canImport(UIKit) && !os(watchOS)
  import Strata
  import StrataHost
  import StrataRecords
  import UIKit

  /// An onboarding presented full screen, with its completion: it dismisses itself when a
  /// done or skip button ends the onboarding and calls `completion` as the dismissal starts; dismissed before
  /// (the app went, the user swiped it away), it calls `completion` with
  /// ``HostOutcome/left(page:)``. With `records`, the show-once record is kept as it goes
  /// (the page reached, finished or skipped) by an `OnboardingRecordKeeper`.
  ///
  /// ```swift
  /// let records = (store: FileRecordStore(path: recordsPath), identifier: "welcome", version: 2)
  /// let onboarding = StrataOnboardingViewController(controller: Welcome(), records: records) {
  ///   outcome in print(outcome)
  /// }
  /// present(onboarding, animated: true)
  /// ```
  @MainActor
  public final class StrataOnboardingViewController: UIViewController {
    /// The view that shows the onboarding.
    public let onboardingView: StrataOnboardingUIView
    /// Keeps the show-once record, when records were given.
    public let keeper: OnboardingRecordKeeper?
    private let completion: ((HostOutcome) -> Void)?
    private var reported = false

    /// Presents `controller` (contents drawn at `scale` pixels per point); `records` names the
    /// store, identifier and version of its show-once record.
    public init(
      controller: TutorialController, scale: Double = 3,
      records: (store: any OnboardingRecordStore, identifier: String, version: Int)? = nil,
      completion: ((HostOutcome) -> Void)? = nil
    ) {
      onboardingView = StrataOnboardingUIView(controller: controller, scale: scale)
      keeper = records.map {
        OnboardingRecordKeeper(
          controller: controller, store: $0.store, identifier: $0.identifier, version: $0.version)
      }
      self.completion = completion
      super.init(nibName: nil, bundle: nil)
      modalPresentationStyle = .fullScreen
      onboardingView.onOutcome = { [weak self] outcome in self?.ended(outcome) }
    }

    /// Not available: create the controller in code.
    public required init?(coder: NSCoder) { return nil }

    public override func loadView() {
      view = onboardingView
    }

    public override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      // Taken away before it ended: the session says where it was left.
      onboardingView.session.leave()
    }

    private func ended(_ outcome: HostOutcome) {
      guard !reported else { return }
      reported = true
      switch outcome {
      case .finished, .skipped:
        dismiss(animated: true)
        completion?(outcome)
      case .left:
        completion?(outcome)
      }
    }
  }
#endif
