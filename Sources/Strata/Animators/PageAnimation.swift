/// What an animation does when the reader asks for reduced motion.
public enum ReducedMotionBehavior: String, Hashable, Sendable {
  /// It runs as usual (fades and colour changes).
  case keep
  /// It is replaced by a plain cross-fade (movements, scales).
  case crossFade
  /// It does not run (parallax, rotation).
  case stop
}

/// One animation of one node: a building block of ``AnimatorSet``.
///
/// `page` is the node's page for the paged layers and `nil` for the static ones.
/// Animations compose: each multiplies the node's alpha and appends to its transform, so
/// several on one layer apply in order. Every ready animation is a value type; write your own
/// the same way.
///
/// Every animation is also an animator for each layer on its own, so `Fade()` can be a
/// controller's label animator without an ``AnimatorSet``.
public protocol PageAnimation: Sendable, StaticBackgroundAnimator, DynamicBackgroundAnimator,
  WireframeAnimator,
  InnerWireframeAnimator, StaticContentAnimator, LabelAnimator, IconAnimator
{
  /// Sets the node's animated properties for `transition`.
  func animate(_ node: Node, page: Int?, transition: PageTransition)
  /// What happens to it under reduced motion.
  var reducedMotion: ReducedMotionBehavior { get }
}

extension PageAnimation {
  /// A cross-fade by default.
  public var reducedMotion: ReducedMotionBehavior { .crossFade }

  /// Runs ``animate(_:page:transition:)`` with no page.
  public func animateStaticBackground(_ node: Node, transition: PageTransition) {
    animate(node, page: nil, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)``.
  public func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    animate(node, page: page, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)``.
  public func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    animate(node, page: page, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)``.
  public func animateInnerWireframe(_ node: Node, page: Int, transition: PageTransition) {
    animate(node, page: page, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)`` with no page.
  public func animateStaticContent(_ node: Node, transition: PageTransition) {
    animate(node, page: nil, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)``.
  public func animateLabel(_ node: Node, page: Int, transition: PageTransition) {
    animate(node, page: page, transition: transition)
  }
  /// Runs ``animate(_:page:transition:)``.
  public func animateIcon(_ node: Node, page: Int, transition: PageTransition) {
    animate(node, page: page, transition: transition)
  }
}

extension PageAnimation {
  /// This animation, held at the ends: while the pages rubber-band past the first or last page
  /// it does what it does at rest on that page, so the end pages do not fade or move with the
  /// bounce (they still travel with their page). See ``PageTransition/heldAtEnds``.
  public func heldAtEnds() -> HeldAtEnds<Self> { HeldAtEnds(self) }
}

/// An animation that reads the transition held to the pages: see ``PageAnimation/heldAtEnds()``.
public struct HeldAtEnds<Base: PageAnimation>: PageAnimation {
  /// The animation held.
  public var base: Base

  /// Holds `base` at the ends.
  public init(_ base: Base) { self.base = base }

  /// What the base does under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { base.reducedMotion }

  /// Runs the base with the transition held to the pages.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    base.animate(node, page: page, transition: transition.heldAtEnds)
  }
}

extension PageTransition {
  /// The position of `page` (``position(of:)``), or 0 for a static layer.
  public func relativePosition(_ page: Int?) -> Double { page.map(position(of:)) ?? 0 }
}

extension Node {
  /// Appends `t` to the node's transform (applied after what earlier animations did).
  public func append(_ t: Transform) { transform = transform.concatenating(t) }

  /// The page's slot in its scroll node that holds this node (the ancestor whose parent is a
  /// ``ScrollNode``), or the node itself. Pages are ordered by their slots, so an animation that
  /// puts one page over another raises the slot's ``zPosition``.
  public var pageSlot: Node {
    var n: Node = self
    while let p = n.parent, !(p is ScrollNode) { n = p }
    return n
  }
}

/// Animations per layer, applied in order: a ``TutorialAnimator`` built from parts.
///
/// ```swift
/// controller.animator = AnimatorSet(
///   dynamicBackground: [CrossFade(curve: .quadIn), Parallax(speed: 0.5)],
///   wireframe: [TiltAlongArc(), Fade()],
///   labels: [Fade(), Slide(by: Vector(dx: 0, dy: 24))])
/// ```
///
/// Under reduced motion each animation does what its ``PageAnimation/reducedMotion`` says; a
/// node whose animations ask for a cross-fade gets exactly one.
public struct AnimatorSet: StaticBackgroundAnimator, DynamicBackgroundAnimator, WireframeAnimator,
  InnerWireframeAnimator, StaticContentAnimator, LabelAnimator, IconAnimator, ReducedMotionAware,
  Sendable
{
  /// The animations of each layer.
  public var layers: [TutorialLayer: [any PageAnimation]]

  /// Creates a set. Icons ride the arc unless told otherwise.
  public init(
    staticBackground: [any PageAnimation] = [], dynamicBackground: [any PageAnimation] = [],
    wireframe: [any PageAnimation] = [], innerWireframe: [any PageAnimation] = [],
    staticContent: [any PageAnimation] = [], labels: [any PageAnimation] = [],
    icons: [any PageAnimation] = [FollowArc()]
  ) {
    layers = [
      .staticBackground: staticBackground, .dynamicBackground: dynamicBackground,
      .wireframe: wireframe,
      .innerWireframe: innerWireframe, .staticContent: staticContent, .labels: labels,
      .icons: icons,
    ]
  }

  /// This set decides per animation.
  public var handlesReducedMotion: Bool { true }

  func run(_ layer: TutorialLayer, _ node: Node, _ page: Int?, _ t: PageTransition) {
    var faded = false
    for a in layers[layer] ?? [] {
      guard t.isMotionReduced else {
        a.animate(node, page: page, transition: t)
        continue
      }
      switch a.reducedMotion {
      case .keep: a.animate(node, page: page, transition: t)
      case .stop: continue
      case .crossFade:
        if !faded, page != nil { Fade().animate(node, page: page, transition: t) }
        faded = true
      }
    }
  }

  /// Runs the static background's animations.
  public func animateStaticBackground(_ node: Node, transition: PageTransition) {
    run(.staticBackground, node, nil, transition)
  }
  /// Runs the dynamic backgrounds' animations.
  public func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    run(.dynamicBackground, node, page, transition)
  }
  /// Runs the wireframes' animations.
  public func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    run(.wireframe, node, page, transition)
  }
  /// Runs the inner wireframes' animations.
  public func animateInnerWireframe(_ node: Node, page: Int, transition: PageTransition) {
    run(.innerWireframe, node, page, transition)
  }
  /// Runs the static content's animations.
  public func animateStaticContent(_ node: Node, transition: PageTransition) {
    run(.staticContent, node, nil, transition)
  }
  /// Runs the labels' animations.
  public func animateLabel(_ node: Node, page: Int, transition: PageTransition) {
    run(.labels, node, page, transition)
  }
  /// Runs the icons' animations.
  public func animateIcon(_ node: Node, page: Int, transition: PageTransition) {
    run(.icons, node, page, transition)
  }
}
