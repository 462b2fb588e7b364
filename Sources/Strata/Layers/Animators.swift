/// Moves the static background as the pages scroll.
public protocol StaticBackgroundAnimator {
  /// Sets the animated properties of the static background for `transition`.
  func animateStaticBackground(_ node: Node, transition: PageTransition)
}

/// Moves each page's dynamic background.
public protocol DynamicBackgroundAnimator {
  /// Sets the animated properties of `page`'s dynamic background for `transition`.
  func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's wireframe.
public protocol WireframeAnimator {
  /// Sets the animated properties of `page`'s wireframe for `transition`.
  func animateWireframe(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's inner wireframe.
public protocol InnerWireframeAnimator {
  /// Sets the animated properties of `page`'s inner wireframe for `transition`.
  func animateInnerWireframe(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves the static content.
public protocol StaticContentAnimator {
  /// Sets the animated properties of the static content for `transition`.
  func animateStaticContent(_ node: Node, transition: PageTransition)
}

/// Moves each page's label.
public protocol LabelAnimator {
  /// Sets the animated properties of `page`'s label for `transition`.
  func animateLabel(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's icon.
public protocol IconAnimator {
  /// Sets the animated properties of `page`'s icon for `transition`.
  ///
  /// The default rides the roundness arc: see ``RoundnessArc/ride(_:centerX:)``.
  func animateIcon(_ node: Node, page: Int, transition: PageTransition)
}

/// All seven layer animators in one.
///
/// Before each update the controller resets every animated node to its laid-out
/// state (``Node/AnimatedProperties``), then calls these methods for the pages near
/// the viewport, so an animator sets absolute values from the transition and
/// never needs to undo what it did before. Every method defaults to doing
/// nothing, except ``IconAnimator/animateIcon(_:page:transition:)``, whose
/// default is the arc motion.
public protocol TutorialAnimator: StaticBackgroundAnimator, DynamicBackgroundAnimator,
  WireframeAnimator, InnerWireframeAnimator, StaticContentAnimator, LabelAnimator, IconAnimator
{}

extension StaticBackgroundAnimator {
  /// Leaves the static background still.
  public func animateStaticBackground(_ node: Node, transition: PageTransition) {}
}

extension DynamicBackgroundAnimator {
  /// Leaves the backgrounds sliding with their pages.
  public func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {}
}

extension WireframeAnimator {
  /// Leaves the wireframes sliding with their pages.
  public func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {}
}

extension InnerWireframeAnimator {
  /// Leaves the inner wireframes as laid out.
  public func animateInnerWireframe(_ node: Node, page: Int, transition: PageTransition) {}
}

extension StaticContentAnimator {
  /// Leaves the static content still.
  public func animateStaticContent(_ node: Node, transition: PageTransition) {}
}

extension LabelAnimator {
  /// Leaves the labels sliding with their pages.
  public func animateLabel(_ node: Node, page: Int, transition: PageTransition) {}
}

extension IconAnimator {
  /// Rides the roundness arc: the icon moves down by the arc's drop at its centre,
  /// turns to the arc's tangent, and fades as 1 − |position|.
  public func animateIcon(_ node: Node, page: Int, transition: PageTransition) {
    let slotOffset = node.frame.midX - transition.pageWidth / 2
    transition.arc.ride(node, centerX: transition.centerX(of: page) + slotOffset)
    node.alpha *= transition.visibility(of: page)
  }
}

/// The animator used when none is set: every layer as laid out, icons riding the arc.
public struct DefaultTutorialAnimator: TutorialAnimator, Sendable {
  /// Creates the default animator.
  public init() {}
}

extension RoundnessArc {
  /// Puts `node` on the arc as seen at screen x `centerX`: moves it down by
  /// ``drop(atX:)`` and turns it by ``angle(atX:)`` about its anchor point.
  ///
  /// The node's centre moves straight down (unlike LUN's original, where the
  /// rotation after the translation also pushed it sideways). The new transform is
  /// applied after the node's current one.
  public func ride(_ node: Node, centerX: Double) {
    let tilt = Transform(rotation: angle(atX: centerX))
    node.transform = node.transform.concatenating(tilt).translatedBy(x: 0, y: drop(atX: centerX))
  }
}
