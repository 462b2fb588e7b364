/// Hears what a ``TutorialController`` does.
///
/// Every method has an empty default; implement the ones you need.
public protocol TutorialDelegate: AnyObject {
  /// Called after every update, once the animators have run.
  func tutorialController(_ controller: TutorialController, didScroll transition: PageTransition)
  /// Called when the page nearest the centre of the viewport changes.
  func tutorialController(
    _ controller: TutorialController, didChangePageFrom oldPage: Int, to newPage: Int)
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
}
