/// Keyframe tracks for one node: one track per property, any of them optional.
///
/// Time is the page's position for a paged layer (−1, 0, +1) and the scroll's page position for
/// a static one. The transform parts compose in one order: the node is scaled, then rotated,
/// then moved — all about its anchor point — after whatever earlier animations did.
public struct KeyframeAnimation: PageAnimation {
  /// Opacity, multiplied into the alpha.
  public var opacity: Keyframes<Double>?
  /// Translation in points.
  public var translation: Keyframes<Vector>?
  /// Rotation in radians.
  public var rotation: Keyframes<Double>?
  /// Horizontal and vertical scale.
  public var scale: Keyframes<Vector>?
  /// Background colour.
  public var backgroundColor: Keyframes<Color>?

  /// Creates an animation from tracks.
  public init(
    opacity: Keyframes<Double>? = nil, translation: Keyframes<Vector>? = nil,
    rotation: Keyframes<Double>? = nil,
    scale: Keyframes<Vector>? = nil, backgroundColor: Keyframes<Color>? = nil
  ) {
    self.opacity = opacity
    self.translation = translation
    self.rotation = rotation
    self.scale = scale
    self.backgroundColor = backgroundColor
  }

  /// Under reduced motion, tracks that move become a cross-fade; opacity and colour alone run.
  public var reducedMotion: ReducedMotionBehavior {
    translation == nil && rotation == nil && scale == nil ? .keep : .crossFade
  }

  /// Evaluates every track and applies it.
  ///
  /// A static layer's tracks run on the page position; when the pages go round, from the last
  /// page to the first they blend from the last page's values to the first's.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    let time = page.map { transition.position(of: $0) } ?? transition.pagePosition
    let n = page == nil && transition.isCircular ? transition.pageCount : 0
    func value<V>(_ k: Keyframes<V>) -> V { k.value(roundingAt: time, pageCount: n) }
    if let o = opacity { node.alpha *= value(o).clamped(to: 0...1) }
    var t = Transform.identity
    if let s = scale {
      let v = value(s)
      t = t.thenScaled(x: v.dx, y: v.dy)
    }
    if let r = rotation { t = t.thenRotated(by: value(r)) }
    if let m = translation {
      let v = value(m)
      t = t.thenTranslated(x: v.dx, y: v.dy)
    }
    if !t.isIdentity { node.append(t) }
    if let c = backgroundColor { node.backgroundColor = value(c) }
  }
}

/// Moves a node along a path as its page scrolls: from the path's start at position −1 to its
/// end at +1 (the middle when centred), optionally turning to the path's direction.
public struct FollowPath: PageAnimation {
  /// The path, in the coordinates of the node's parent, relative to where the node was laid out.
  public var motion: PathMotion
  /// Whether the node turns to face along the path.
  public var orientsToPath: Bool

  /// Creates the motion.
  public init(_ path: Path, orientsToPath: Bool = false) {
    self.motion = PathMotion(path)
    self.orientsToPath = orientsToPath
  }

  /// Appends the translation (and rotation) at the page's position.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    let time = page.map { transition.position(of: $0) } ?? transition.pagePosition
    let (p, angle) = motion.position(at: (time + 1) / 2)
    var t = Transform.identity
    if orientsToPath { t = t.thenRotated(by: angle) }
    node.append(t.thenTranslated(x: p.x, y: p.y))
  }
}
