#if canImport(UIKit) && !os(watchOS)
  import QuartzCore

  #if canImport(ObjectiveC)
    import Foundation

    /// Calls `fire` with each frame's target time, from a `CADisplayLink` on the main run loop.
    ///
    /// The one part of the adapter not type-checked on Linux: a display link calls an
    /// Objective-C selector, and Linux has no Objective-C runtime (Docs/Hosting.md).
    @MainActor
    final class DisplayLinkDriver: NSObject {
      private let fire: @MainActor (Double) -> Void
      private var link: CADisplayLink?

      init(fire: @escaping @MainActor (Double) -> Void) { self.fire = fire }

      func start() {
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.add(to: .main, forMode: .common)
        self.link = link
      }

      func stop() {
        link?.invalidate()
        link = nil
      }

      @objc private func step(_ link: CADisplayLink) {
        fire(Double(link.targetTimestamp))
      }
    }
  #else
    /// Where there is no Objective-C runtime (the Linux type-check), the display link is not
    /// made; ``StrataOnboardingUIView/step(timestamp:)`` is called by hand.
    @MainActor
    final class DisplayLinkDriver {
      init(fire: @escaping @MainActor (Double) -> Void) {}
      func start() {}
      func stop() {}
    }
  #endif
#endif
