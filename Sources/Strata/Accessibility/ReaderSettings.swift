/// What the reader's device asks of every onboarding: the direction of their language, whether
/// motion should be reduced, and their text size. Each is optional: `nil` leaves the
/// controller's own value (the app's or the spec's) alone.
///
/// The one place these settings reach a controller, wherever they come from: the command line
/// (`--rtl`, `--reduce-motion`, `--text-size`), the preview page's controls, or a spec's
/// `options`.
///
/// ```swift
/// let controller = TutorialController()
/// ReaderSettings(layoutDirection: .rightToLeft, contentSize: .xxLarge).apply(to: controller)
/// ```
public struct ReaderSettings: Hashable, Sendable {
  /// The direction pages run in, or `nil` to keep the controller's.
  public var layoutDirection: LayoutDirection?
  /// Whether motion is reduced, or `nil` to keep the controller's.
  public var reduceMotion: Bool?
  /// The reader's text size, or `nil` to keep the controller's.
  public var contentSize: ContentSize?

  /// Settings that change only what is given.
  public init(
    layoutDirection: LayoutDirection? = nil, reduceMotion: Bool? = nil,
    contentSize: ContentSize? = nil
  ) {
    self.layoutDirection = layoutDirection
    self.reduceMotion = reduceMotion
    self.contentSize = contentSize
  }

  /// Gives `controller` each setting that is not `nil`, in one order (direction, motion, text
  /// size); a controller reloads only for a value that changes.
  public func apply(to controller: TutorialController) {
    if let layoutDirection { controller.layoutDirection = layoutDirection }
    if let reduceMotion { controller.reduceMotion = reduceMotion }
    if let contentSize { controller.contentSize = contentSize }
  }

  /// These settings with `other`'s given values put over them.
  public func merging(_ other: ReaderSettings) -> ReaderSettings {
    ReaderSettings(
      layoutDirection: other.layoutDirection ?? layoutDirection,
      reduceMotion: other.reduceMotion ?? reduceMotion,
      contentSize: other.contentSize ?? contentSize)
  }
}
