/// The pager switches an onboarding can be run with from outside its code: whether the pages go
/// round, which way they scroll, and autoplay. Each is optional: `nil` leaves the controller's
/// own value (the app's or the spec's) alone.
///
/// The one place these switches reach a controller from the preview page's controls and the
/// command line, as ``ReaderSettings`` is for the reader's settings.
///
/// ```swift
/// PagerSettings(isCircular: true, axis: .vertical, autoplayInterval: 3).apply(to: tutorial)
/// ```
public struct PagerSettings: Hashable, Sendable {
  /// Whether the pages go round (``TutorialController/isCircular``).
  public var isCircular: Bool?
  /// Which way the pages scroll (``TutorialController/pagingAxis``).
  public var axis: PagingAxis?
  /// Seconds between autoplay's turns (clamped as ``Autoplay/interval`` is); 0 or less turns
  /// autoplay off, NaN counts as `nil`.
  public var autoplayInterval: Double?

  /// Settings that change only what is given.
  public init(isCircular: Bool? = nil, axis: PagingAxis? = nil, autoplayInterval: Double? = nil) {
    self.isCircular = isCircular
    self.axis = axis
    self.autoplayInterval = autoplayInterval
  }

  /// Gives `controller` each setting that is not `nil`. An autoplay interval replaces the
  /// controller's autoplay interval, keeping its other settings (or starts autoplay that loops
  /// when the pages go round and stops at the last page otherwise).
  public func apply(to controller: TutorialController) {
    if let isCircular { controller.isCircular = isCircular }
    if let axis { controller.pagingAxis = axis }
    guard let interval = autoplayInterval, !interval.isNaN else { return }
    if interval <= 0 {
      controller.autoplay = nil
    } else if var a = controller.autoplay {
      a.interval = interval
      controller.autoplay = a
    } else {
      controller.autoplay = Autoplay(
        interval: interval, end: controller.isCircular ? .loop : .stop)
    }
  }

  /// These settings with `other`'s given values put over them.
  public func merging(_ other: PagerSettings) -> PagerSettings {
    PagerSettings(
      isCircular: other.isCircular ?? isCircular, axis: other.axis ?? axis,
      autoplayInterval: other.autoplayInterval ?? autoplayInterval)
  }
}
