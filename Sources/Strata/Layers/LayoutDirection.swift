/// Which way pages run.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Page 0 on the left; the next page comes from the right.
  case leftToRight
  /// Page 0 on the right; the next page comes from the left.
  case rightToLeft
}

/// Which way pages are laid out and scrolled.
public enum PagingAxis: String, Hashable, Sendable, CaseIterable {
  /// Side by side: a finger swipes left and right (the default).
  case horizontal
  /// Stacked: page 0 on top, the next page comes up from below, in both layout directions.
  case vertical
}
