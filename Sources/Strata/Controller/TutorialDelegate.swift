/// Hears what a ``TutorialController`` does.
///
/// Every method has an empty default; implement the ones you need.
public protocol TutorialDelegate: AnyObject {
  /// Called after every update, once the animators have run.
  func tutorialController(_ controller: TutorialController, didScroll transition: PageTransition)
  /// Called when the page nearest the centre of the viewport changes.
  func tutorialController(
    _ controller: TutorialController, didChangePageFrom oldPage: Int, to newPage: Int)
  /// Called when a finger starts scrolling the pages.
  func tutorialControllerDidBeginDragging(_ controller: TutorialController)
  /// Called when the last page becomes the nearest page.
  func tutorialControllerDidReachLastPage(_ controller: TutorialController)
  /// Called when a button is tapped, with its action identifier (before the controller acts on
  /// a navigation button).
  func tutorialController(_ controller: TutorialController, didTapButton actionIdentifier: String)
  /// Called when a done or skip button finishes the onboarding.
  func tutorialController(_ controller: TutorialController, didFinish wasSkipped: Bool)
}

extension TutorialDelegate {
  /// Does nothing.
  public func tutorialController(
    _ controller: TutorialController, didScroll transition: PageTransition
  ) {}
  /// Does nothing.
  public func tutorialController(
    _ controller: TutorialController, didChangePageFrom oldPage: Int, to newPage: Int
  ) {}
  /// Does nothing.
  public func tutorialControllerDidBeginDragging(_ controller: TutorialController) {}
  /// Does nothing.
  public func tutorialControllerDidReachLastPage(_ controller: TutorialController) {}
  /// Does nothing.
  public func tutorialController(
    _ controller: TutorialController, didTapButton actionIdentifier: String
  ) {}
  /// Does nothing.
  public func tutorialController(_ controller: TutorialController, didFinish wasSkipped: Bool) {}
}
