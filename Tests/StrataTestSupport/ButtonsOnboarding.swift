import Strata

/// A two-page onboarding with a done button (named `done`, shown on the last page) and a skip
/// button (`skip`): for the hosts' tests of how an onboarding ends.
public final class ButtonsOnboarding: TutorialController, StaticContentDataSource, LabelDataSource {
  /// Two pages.
  public var numberOfPages: Int { 2 }
  /// Finishes the onboarding (on the last page).
  public let done = NavigationButtonNode(
    role: .done, frame: Rect(x: 20, y: 20, width: 120, height: 44))
  /// Ends it early.
  public let skip = NavigationButtonNode(
    role: .skip, frame: Rect(x: 200, y: 20, width: 100, height: 44))

  /// The two buttons, at the top.
  public func staticContent() -> Node? {
    let node = Node(frame: Rect(x: 0, y: 0, width: 375, height: 100))
    done.name = "done"
    skip.name = "skip"
    node.addChild(done)
    node.addChild(skip)
    return node
  }

  /// "Page 1", "Page 2".
  public func label(at page: Int) -> Node? {
    TextNode(
      text: TextContent("Page \(page + 1)"), frame: Rect(x: 20, y: 100, width: 300, height: 40))
  }
}
