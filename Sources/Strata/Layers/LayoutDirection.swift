/// Which way pages run.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Page 0 on the left; the next page comes from the right.
  case leftToRight
  /// Page 0 on the right; the next page comes from the left.
  case rightToLeft
}

/// An animator that decides itself what to do when motion is reduced.
public protocol ReducedMotionAware {
  /// Whether the controller should leave reduced motion to this animator.
  var handlesReducedMotion: Bool { get }
}
