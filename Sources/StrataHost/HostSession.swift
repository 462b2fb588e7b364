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

  /// Creates a session; nothing is sent until the first ``tick(at:)``.
  public init(controller: TutorialController, backend: LayerBackend) {
    self.controller = controller
    self.backend = backend
  }

  /// A touch on the screen, in points, with the time it happened on the display link's clock.
  public func handle(_ event: TouchEvent) {
    controller.handle(event)
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
