/// Anything that animates layers of an onboarding.
///
/// Like the data sources, the layers are opt-in: conform to the animator protocol of each
/// layer you move (``LabelAnimator``, ``WireframeAnimator``, …), each of which refines this
/// one. Their methods have no default, so a misspelt method in a type that declares the
/// layer's protocol does not compile. A layer whose protocol the animator does not adopt is
/// left as laid out, except the icons, which then ride the roundness arc (``FollowArc``).
///
/// Before each update the controller resets every animated node to its laid-out
/// state (``Node/AnimatedProperties``), then calls the animators for the pages near
/// the viewport, so an animator sets absolute values from the transition and
/// never needs to undo what it did before.
public protocol TutorialAnimator {}

/// Moves the static background as the pages scroll.
public protocol StaticBackgroundAnimator: TutorialAnimator {
  /// Sets the animated properties of the static background for `transition`.
  func animateStaticBackground(_ node: Node, transition: PageTransition)
}

/// Moves each page's dynamic background.
public protocol DynamicBackgroundAnimator: TutorialAnimator {
  /// Sets the animated properties of `page`'s dynamic background for `transition`.
  func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's wireframe.
public protocol WireframeAnimator: TutorialAnimator {
  /// Sets the animated properties of `page`'s wireframe for `transition`.
  func animateWireframe(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's inner wireframe.
public protocol InnerWireframeAnimator: TutorialAnimator {
  /// Sets the animated properties of `page`'s inner wireframe for `transition`.
  func animateInnerWireframe(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves the static content.
public protocol StaticContentAnimator: TutorialAnimator {
  /// Sets the animated properties of the static content for `transition`.
  func animateStaticContent(_ node: Node, transition: PageTransition)
}

/// Moves each page's label.
public protocol LabelAnimator: TutorialAnimator {
  /// Sets the animated properties of `page`'s label for `transition`.
  func animateLabel(_ node: Node, page: Int, transition: PageTransition)
}

/// Moves each page's icon.
public protocol IconAnimator: TutorialAnimator {
  /// Sets the animated properties of `page`'s icon for `transition`.
  ///
  /// An animator that does not adopt this protocol leaves the icons to ``FollowArc``.
  func animateIcon(_ node: Node, page: Int, transition: PageTransition)
}

/// An animator that takes every layer through one method, told which layer it is: the form
/// of ``AnimatorSet`` and of every ``PageAnimation``.
///
/// The controller calls it for all seven layers (icons included: it replaces the arc motion);
/// a type that is a layered animator is not asked for the per-layer methods.
public protocol LayeredAnimator: TutorialAnimator {
  /// Sets the animated properties of `node`, in `layer`, for `transition`; `page` is `nil` for
  /// the static layers.
  func animate(_ node: Node, in layer: TutorialLayer, page: Int?, transition: PageTransition)
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
    node.transform = node.transform.concatenating(tilt).thenTranslated(x: 0, y: drop(atX: centerX))
  }
}
