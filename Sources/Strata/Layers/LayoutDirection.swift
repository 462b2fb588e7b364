/// Which way pages run.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Page 0 on the left; the next page comes from the right.
  case leftToRight
  /// Page 0 on the right; the next page comes from the left.
  case rightToLeft
}
