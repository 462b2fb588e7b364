import Strata

/// A controller shown through a backend: what a screen's view owns. The screen passes its
/// touches in (with their times) and calls ``tick(at:)`` from its display link; the session
/// runs the controller's clock — physics, gestures, timed animations, events — lays the nodes
/// out and sends the backend what changed. Nothing else is the screen's to decide.
///
/// ```swift
/// let session = HostSession(controller: Welcome(pageSize: size), backend: myLayers)
/// session.tick(at: 0)                      // the first frame: every layer created
/// session.handle(TouchEvent(.down, at: Point(x: 300, y: 400), time: 0.1))
/// session.tick(at: 0.116)                  // and so on, at the display's rate
/// ```
public final class HostSession {
  /// The onboarding shown.
  public let controller: TutorialController
  /// The screen's layers.
  public let backend: LayerBackend
  /// Keeps the backend in step with the controller.
  public let reconciler = Reconciler()

  /// Turns the screen's timestamps into the controller's times.
  public private(set) var clock = HostClock()
  /// How the onboarding ended, once it has.
  public private(set) var outcome: HostOutcome?
  /// Called once, when the onboarding ends: a done or skip button, or ``leave()``.
  public var onOutcome: ((HostOutcome) -> Void)?
  private var subscription: TutorialEventStream.Subscription?

  /// Creates a session; nothing is sent until the first ``tick(at:)``.
  public init(controller: TutorialController, backend: LayerBackend) {
    self.controller = controller
    self.backend = backend
    subscription = controller.events.subscribe { [weak self] record in
      switch record.event {
      case .finished: self?.end(.finished)
      case .skipped: self?.end(.skipped)
      case .left(let page): self?.end(.left(page: page))
      default: break
      }
    }
  }

  deinit { subscription?.cancel() }

  /// A touch on the screen, in points, with the time it happened on the display link's clock.
  public func handle(_ event: TouchEvent) {
    controller.handle(event)
  }

  /// A touch with the screen's own timestamp (a `UITouch`'s, an input event's), put on the
  /// controller's clock by ``clock``.
  public func touch(_ phase: TouchEvent.Phase, at point: Point, timestamp: Double) {
    controller.handle(TouchEvent(phase, at: point, time: clock.time(for: timestamp)))
  }

  /// The display link fired with the screen's own `timestamp`: ``tick(at:)`` at the
  /// controller's time for it.
  @discardableResult
  public func displayLinkFired(timestamp: Double) -> HostFrameStatistics {
    tick(at: clock.time(for: timestamp))
  }

  /// The host takes the onboarding away before it ended: the controller's
  /// ``TutorialController/leave()`` (so that every subscriber, a show-once record included,
  /// hears ``TutorialEvent/left(page:)``), and the outcome is ``HostOutcome/left(page:)`` at the
  /// current page. Nothing happens when it has ended.
  public func leave() {
    guard outcome == nil else { return }
    controller.leave()
    end(.left(page: controller.currentPage))
  }

  private func end(_ how: HostOutcome) {
    guard outcome == nil else { return }
    outcome = how
    onOutcome?(how)
  }

  /// The display link fired at `time` (seconds; a time before the last is taken as the
  /// last): the controller's clock moves there, the nodes are laid out, and the backend is
  /// sent what changed. Returns what the frame did; a frame where nothing moves sends
  /// nothing.
  @discardableResult
  public func tick(at time: Double) -> HostFrameStatistics {
    controller.advance(to: time)
    controller.layoutIfNeeded()
    reconciler.reconcile(controller.root, into: backend)
    return reconciler.lastFrame
  }

  /// The screen changed size (a rotation, a window resized): the controller lays its pages
  /// out again for `size`, and the next tick sends the difference.
  public func resize(to size: Size) {
    controller.pageSize = size
  }
}
