/// Supplies the static background: one node behind everything, sized to the screen.
public protocol StaticBackgroundDataSource {
  /// The static background, or `nil` for none. The controller sets its frame to the whole screen.
  func staticBackground() -> Node?
}

/// Supplies one full-screen background per page.
public protocol DynamicBackgroundDataSource {
  /// The background of `page`, or `nil` for none. The controller sets its frame to the page.
  func dynamicBackground(at page: Int) -> Node?
}

/// Supplies one wireframe (a phone frame, a card) per page.
public protocol WireframeDataSource {
  /// The wireframe of `page`, or `nil`. It keeps its size and is centred in its page.
  func wireframe(at page: Int) -> Node?
}

/// Supplies the content inside each wireframe.
public protocol InnerWireframeDataSource {
  /// The inner wireframe of `page`, or `nil`. It keeps its size and is centred in its
  /// wireframe (in the page when there is no wireframe).
  func innerWireframe(at page: Int) -> Node?
}

/// Supplies the static content: the card at the bottom, under the roundness arc.
public protocol StaticContentDataSource {
  /// The static content, or `nil`. The controller sets its frame (full width, pinned to the
  /// bottom, `staticContentHeight + roundnessHeight` tall) and its mask.
  func staticContent() -> Node?
}

/// Supplies one label per page, and where the labels' strip lies.
public protocol LabelDataSource {
  /// The label of `page`, or `nil`. It is centred horizontally in its page of the strip
  /// (full width when its width is 0) and sits at the strip's top. A height of 0 means the
  /// height of its text, for a ``TextNode`` when the controller has a
  /// ``TutorialController/textMeasurer``, and the whole strip otherwise.
  func label(at page: Int) -> Node?
  /// The y of the strip's top in screen points; `nil` for 4 points below the arc's ends.
  var labelsTopMargin: Double? { get }
  /// The distance from the strip's bottom to the screen's bottom; `nil` for 0. When only
  /// this margin is given, labels sit at the strip's bottom.
  var labelsBottomMargin: Double? { get }
}

/// Supplies one icon per page, riding the top edge of the static content.
public protocol IconDataSource {
  /// The icon of `page`, or `nil`. It keeps its size and is centred on the arc's peak line.
  func icon(at page: Int) -> Node?
}

/// Everything a ``TutorialController`` needs to build an onboarding.
///
/// Only ``numberOfPages`` is required; every layer defaults to "nothing here".
public protocol TutorialDataSource: StaticBackgroundDataSource, DynamicBackgroundDataSource,
  WireframeDataSource, InnerWireframeDataSource, StaticContentDataSource, LabelDataSource,
  IconDataSource
{
  /// How many pages the onboarding has (negative counts as 0).
  var numberOfPages: Int { get }
  /// Where the reader may go from `page` by swiping and with the next and back buttons.
  func navigationPolicy(at page: Int) -> NavigationPolicy
}

extension TutorialDataSource {
  /// Both ways from every page.
  public func navigationPolicy(at page: Int) -> NavigationPolicy { .free }
}

extension StaticBackgroundDataSource {
  /// No static background.
  public func staticBackground() -> Node? { nil }
}

extension DynamicBackgroundDataSource {
  /// No dynamic backgrounds.
  public func dynamicBackground(at page: Int) -> Node? { nil }
}

extension WireframeDataSource {
  /// No wireframes.
  public func wireframe(at page: Int) -> Node? { nil }
}

extension InnerWireframeDataSource {
  /// No inner wireframes.
  public func innerWireframe(at page: Int) -> Node? { nil }
}

extension StaticContentDataSource {
  /// No static content.
  public func staticContent() -> Node? { nil }
}

extension LabelDataSource {
  /// No labels.
  public func label(at page: Int) -> Node? { nil }
  /// The default strip top: 4 points below the arc's ends.
  public var labelsTopMargin: Double? { nil }
  /// The default strip bottom: the bottom of the screen.
  public var labelsBottomMargin: Double? { nil }
}

extension IconDataSource {
  /// No icons.
  public func icon(at page: Int) -> Node? { nil }
}
