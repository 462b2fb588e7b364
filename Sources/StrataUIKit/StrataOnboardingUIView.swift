#if canImport(UIKit) && !os(watchOS)
  import QuartzCore
  import Strata
  import StrataHost
  import UIKit

  /// A view that shows an onboarding: it owns the display link and the ``HostSession``, puts
  /// the ``CALayerBackend``'s layers in its own, and turns `UITouch`es into Strata's touches.
  /// The controller's physics, gestures, events and accessibility stay in Strata; this view
  /// only carries input in and layers out.
  ///
  /// ```swift
  /// let view = StrataOnboardingUIView(controller: Welcome())
  /// view.onOutcome = { outcome in print(outcome) }
  /// window.rootViewController?.view.addSubview(view)
  /// ```
  @MainActor
  public final class StrataOnboardingUIView: UIView {
    /// The onboarding and its clock.
    public let session: HostSession
    /// Its layers.
    public let backend: CALayerBackend
    private var driver: DisplayLinkDriver?
    private var accessibilityShown: AccessibilityTree?
    private var announcements: TutorialEventStream.Subscription?

    /// Shows `controller`, its contents drawn at `scale` pixels per point (the screen's:
    /// 2 or 3 on an iPhone).
    public init(controller: TutorialController, scale: Double = 3) {
      backend = CALayerBackend(scale: scale)
      session = HostSession(controller: controller, backend: backend)
      super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
      isMultipleTouchEnabled = false
      layer.addSublayer(backend.rootLayer)
      // The controller says what to announce (the page come to rest on); VoiceOver says it.
      announcements = controller.events.subscribe { record in
        guard case .announcement(let text) = record.event else { return }
        MainActor.assumeIsolated {
          UIAccessibility.post(notification: .announcement, argument: text)
        }
      }
    }

    /// Not available: create the view in code.
    public required init?(coder: NSCoder) { return nil }

    /// Called once, when the onboarding ends (``HostOutcome``).
    public var onOutcome: ((HostOutcome) -> Void)? {
      get { session.onOutcome }
      set { session.onOutcome = newValue }
    }

    /// Lays the pages out for the view's size.
    public override func layoutSubviews() {
      super.layoutSubviews()
      backend.rootLayer.frame = bounds
      let size = Size(width: Double(bounds.width), height: Double(bounds.height))
      if size != session.controller.pageSize, size.width > 0, size.height > 0 {
        session.resize(to: size)
        step(timestamp: nil)
      }
    }

    /// Runs the display link while the view is in a window.
    public override func didMoveToWindow() {
      super.didMoveToWindow()
      if window == nil {
        driver?.stop()
        driver = nil
      } else if driver == nil {
        let d = DisplayLinkDriver { [weak self] in self?.step(timestamp: $0) }
        d.start()
        driver = d
      }
    }

    /// One frame: the session ticks (at the display link's `timestamp`, or at its last time),
    /// its changes go to the layers with Core Animation's implicit animations off, and the
    /// accessibility elements follow the controller's tree.
    public func step(timestamp: Double?) {
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      let frame: HostFrameStatistics
      if let timestamp {
        frame = session.displayLinkFired(timestamp: timestamp)
      } else {
        frame = session.tick(at: session.clock.now)
      }
      CATransaction.commit()
      // The tree is read again only when something changed (a quiet frame changes nothing).
      guard frame.mutations > 0 || accessibilityShown == nil else { return }
      let tree = session.controller.accessibilityTree()
      if tree != accessibilityShown {
        accessibilityShown = tree
        accessibilityElements = tree.elements.map {
          StrataAccessibilityElement(element: $0, in: self)
        }
      }
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
      send(touches, .down)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
      send(touches, .move)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
      send(touches, .up)
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
      send(touches, .cancel)
    }

    private func send(_ touches: Set<UITouch>, _ phase: TouchEvent.Phase) {
      guard let touch = touches.first else { return }
      let p = touch.location(in: self)
      session.touch(
        phase, at: Point(x: Double(p.x), y: Double(p.y)), timestamp: Double(touch.timestamp))
    }
  }

  /// One element of the controller's accessibility tree, for VoiceOver.
  @MainActor
  final class StrataAccessibilityElement: UIAccessibilityElement {
    let element: AccessibilityElement
    weak var view: StrataOnboardingUIView?

    init(element: AccessibilityElement, in view: StrataOnboardingUIView) {
      self.element = element
      self.view = view
      super.init(accessibilityContainer: view)
      accessibilityLabel = element.label
      accessibilityValue = element.value
      accessibilityHint = element.hint
      accessibilityIdentifier = element.identifier
      accessibilityFrameInContainerSpace = CGRect(element.frame)
      var traits = UIAccessibilityTraits()
      let map: [(AccessibilityTraits, UIAccessibilityTraits)] = [
        (.button, .button), (.header, .header), (.staticText, .staticText), (.image, .image),
        (.adjustable, .adjustable), (.notEnabled, .notEnabled), (.selected, .selected),
      ]
      for (ours, theirs) in map where element.traits.contains(ours) { traits.insert(theirs) }
      accessibilityTraits = traits
    }

    override func accessibilityActivate() -> Bool {
      guard let action = element.actions.first(where: { $0 != .increment && $0 != .decrement })
      else { return false }
      return view?.session.controller.perform(action) ?? false
    }

    override func accessibilityIncrement() {
      _ = view?.session.controller.perform(.increment)
    }

    override func accessibilityDecrement() {
      _ = view?.session.controller.perform(.decrement)
    }
  }
#endif
