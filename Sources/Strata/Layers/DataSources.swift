/// The one thing every onboarding says: how many pages it has, and where a reader may go.
///
/// The layers are opt-in: conform to the data-source protocol of each layer you fill
/// (``LabelDataSource``, ``IconDataSource``, …), each of which refines this one. Their
/// node methods have no default, so a misspelt `labels(at:)` in a type that declares
/// ``LabelDataSource`` does not compile, instead of compiling and never being called.
/// A layer whose protocol the data source does not adopt is empty.
public protocol TutorialDataSource {
  /// How many pages the onboarding has (negative counts as 0).
  var numberOfPages: Int { get }
  /// Where the reader may go from `page` by swiping and with the next and back buttons.
  func navigationPolicy(at page: Int) -> NavigationPolicy
  /// Asked before the pages leave `page` for `destination` — a swipe released towards it, a
  /// button, autoplay, an assistive action — once the page's policy allows the move. Answer
  /// through `decision`, at once or later (a permission prompt, a form being checked); until
  /// it answers the controller holds the page, and after
  /// ``TutorialController/leaveCheckTimeout`` it counts as no. By default: yes, at once.
  func checkLeaving(page: Int, to destination: Int, decision: LeaveDecision)
}

extension TutorialDataSource {
  /// Both ways from every page.
  public func navigationPolicy(at page: Int) -> NavigationPolicy { .free }
  /// Yes, at once.
  public func checkLeaving(page: Int, to destination: Int, decision: LeaveDecision) {
    decision.allow()
  }
}

/// Supplies the static background: one node behind everything, sized to the screen.
public protocol StaticBackgroundDataSource: TutorialDataSource {
  /// The static background, or `nil` for none. Layout owns its frame: the whole screen.
  func staticBackground() -> Node?
}

/// Supplies one full-screen background per page.
public protocol DynamicBackgroundDataSource: TutorialDataSource {
  /// The background of `page`, or `nil` for none. Layout owns its frame: the whole page.
  func dynamicBackground(at page: Int) -> Node?
}

/// Supplies one wireframe (a phone frame, a card) per page.
public protocol WireframeDataSource: TutorialDataSource {
  /// The wireframe of `page`, or `nil`. It keeps its size and is centred in its page; the
  /// origin of the frame you give is an offset from that centred place.
  func wireframe(at page: Int) -> Node?
}

/// Supplies the content inside each wireframe.
public protocol InnerWireframeDataSource: TutorialDataSource {
  /// The inner wireframe of `page`, or `nil`. It keeps its size and is centred in its
  /// wireframe (in the page when there is no wireframe); the origin of the frame you give is
  /// an offset from that centred place.
  func innerWireframe(at page: Int) -> Node?
}

/// Supplies the static content: the card at the bottom, under the roundness arc.
public protocol StaticContentDataSource: TutorialDataSource {
  /// The static content, or `nil`. Layout owns its frame (full width, pinned to the bottom,
  /// `staticContentHeight + roundnessHeight` tall) and its mask (the arc).
  func staticContent() -> Node?
}

/// Supplies one label per page, and where the labels' strip lies.
public protocol LabelDataSource: TutorialDataSource {
  /// The label of `page`, or `nil`. It is centred horizontally in its page of the strip
  /// (full width when its width is 0) and sits at the strip's top; the origin of the frame you
  /// give is an offset from there. A height of 0 means the height of its text, for a
  /// ``TextNode`` when the controller has a ``TutorialController/textMeasurer``, and the whole
  /// strip otherwise.
  func label(at page: Int) -> Node?
  /// The y of the strip's top in screen points; `nil` for 4 points below the arc's ends.
  var labelsTopMargin: Double? { get }
  /// The distance from the strip's bottom to the screen's bottom; `nil` for 0. When only
  /// this margin is given, labels sit at the strip's bottom.
  var labelsBottomMargin: Double? { get }
}

extension LabelDataSource {
  /// The default strip top: 4 points below the arc's ends.
  public var labelsTopMargin: Double? { nil }
  /// The default strip bottom: the bottom of the screen.
  public var labelsBottomMargin: Double? { nil }
}

/// Supplies one icon per page, riding the top edge of the static content.
public protocol IconDataSource: TutorialDataSource {
  /// The icon of `page`, or `nil`. It keeps its size and is centred on the arc's peak line;
  /// the origin of the frame you give is an offset from there.
  func icon(at page: Int) -> Node?
}
