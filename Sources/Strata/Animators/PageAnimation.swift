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
/// Every animation is also an animator of every layer on its own (a ``LayeredAnimator``), so
/// `Fade()` can be a controller's animator without an ``AnimatorSet``.
public protocol PageAnimation: Sendable, LayeredAnimator {
  /// Sets the node's animated properties for `transition`.
  func animate(_ node: Node, page: Int?, transition: PageTransition)
  /// What happens to it under reduced motion.
  var reducedMotion: ReducedMotionBehavior { get }
}

extension PageAnimation {
  /// A cross-fade by default.
  public var reducedMotion: ReducedMotionBehavior { .crossFade }

  /// Runs ``animate(_:page:transition:)`` on every layer alike.
  public func animate(
    _ node: Node, in layer: TutorialLayer, page: Int?, transition: PageTransition
  ) {
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
/// Under reduced motion the animations whose ``PageAnimation/reducedMotion`` is
/// ``ReducedMotionBehavior/stop`` do not run; the others do, and the controller's one
/// reduced-motion rule (``TutorialController/reduceMotion``) puts back what they moved and
/// cross-fades it instead.
public struct AnimatorSet: LayeredAnimator, Sendable {
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

  /// Runs the layer's animations in order (under reduced motion, those that do not stop).
  public func animate(
    _ node: Node, in layer: TutorialLayer, page: Int?, transition: PageTransition
  ) {
    for a in layers[layer] ?? []
    where !(transition.isMotionReduced && a.reducedMotion == .stop) {
      a.animate(node, page: page, transition: transition)
    }
  }
}
