/// How much room there is along one axis, in the manner of UIKit's size classes.
public enum SizeClass: String, Hashable, Sendable, CaseIterable {
  /// Little room: a phone's width, a phone's height in landscape.
  case compact
  /// Room to spare: a tablet, a phone's height in portrait.
  case regular
}

/// The size classes of a page: a layout can choose its styles or its nodes by them, and the
/// controller lays out again when they change (every size change reloads the pages).
///
/// Found from the page size alone, so that a render on Linux and an app agree:
/// - the height is regular from 500 points (a phone in portrait, a tablet); a phone in
///   landscape (320 to 440 points high) is compact;
/// - the width is regular from 700 points when the height is regular (a tablet in either
///   orientation, the iPad mini's 744 included), and from 900 points in landscape (the Plus
///   and Pro Max phones, as UIKit gives them); narrower is compact.
///
/// ```swift
/// let phone = SizeClasses(Size(width: 393, height: 852))
/// // phone.horizontal == .compact, phone.vertical == .regular
/// ```
public struct SizeClasses: Hashable, Sendable {
  /// The class of the width.
  public var horizontal: SizeClass
  /// The class of the height.
  public var vertical: SizeClass

  /// Classes given directly.
  public init(horizontal: SizeClass, vertical: SizeClass) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The classes of a page of `size` (non-finite or negative sizes count as 0: compact).
  public init(_ size: Size) {
    let w = size.width.isFinite ? size.width : 0
    let h = size.height.isFinite ? size.height : 0
    vertical = h >= 500 ? .regular : .compact
    horizontal = (w >= 700 && vertical == .regular) || w >= 900 ? .regular : .compact
  }
}

extension TutorialController {
  /// The size classes of the page size (see ``SizeClasses``).
  public var sizeClasses: SizeClasses { SizeClasses(pageSize) }
}
