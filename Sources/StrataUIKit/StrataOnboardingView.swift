#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  import Strata
  import StrataHost
  import SwiftUI
  import UIKit

  /// An onboarding in SwiftUI: a ``StrataOnboardingUIView`` made once from `controller` and
  /// kept while the view is shown. `onOutcome` hears how it ended: a done or skip button, or
  /// the view going away before (``HostOutcome/left(page:)``).
  ///
  /// ```swift
  /// .fullScreenCover(isPresented: $showsOnboarding) {
  ///   StrataOnboardingView(onOutcome: { _ in showsOnboarding = false }) { Welcome() }
  ///     .ignoresSafeArea()
  /// }
  /// ```
  public struct StrataOnboardingView: UIViewRepresentable {
    private let make: () -> TutorialController
    private let scale: Double
    private let onOutcome: ((HostOutcome) -> Void)?

    /// Shows the onboarding `controller` makes, its contents drawn at `scale` pixels per point.
    public init(
      scale: Double = 3, onOutcome: ((HostOutcome) -> Void)? = nil,
      controller: @escaping () -> TutorialController
    ) {
      make = controller
      self.scale = scale
      self.onOutcome = onOutcome
    }

    /// Makes the view and its controller.
    public func makeUIView(context: Context) -> StrataOnboardingUIView {
      let view = StrataOnboardingUIView(controller: make(), scale: scale)
      view.onOutcome = onOutcome
      return view
    }

    /// Keeps the latest `onOutcome`.
    public func updateUIView(_ view: StrataOnboardingUIView, context: Context) {
      view.onOutcome = onOutcome
    }

    /// The view goes: if the onboarding had not ended, it was left.
    public static func dismantleUIView(_ view: StrataOnboardingUIView, coordinator: ()) {
      view.session.leave()
    }
  }
#endif
