/// Fades a page's node as it leaves the centre: alpha × (1 − |position|).
public struct Fade: PageAnimation, Hashable {
  /// The lowest alpha it fades to (0 by default).
  public var minimumAlpha: Double

  /// Creates a fade.
  public init(minimumAlpha: Double = 0) { self.minimumAlpha = minimumAlpha.clamped(to: 0...1) }

  /// Fades are kept under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .keep }

  /// Multiplies the alpha.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    node.alpha *= minimumAlpha + (1 - minimumAlpha) * transition.visibility(of: page)
  }
}

/// Cross-fades with a curve: the page on the right (the left, right to left) shows
/// curve(1 − |position|), the other 1 − curve(|position|). With `.quadIn` that is the LUN
/// animals fade: the left page 1 − p², the right page p².
public struct CrossFade: PageAnimation, Hashable {
  /// The curve.
  public var curve: Easing

  /// Creates a cross-fade.
  public init(curve: Easing = .linear) { self.curve = curve }

  /// Cross-fades are kept under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .keep }

  /// Multiplies the alpha.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let p = Swift.min(1, Swift.abs(transition.position(of: page)))
    let arriving = (transition.position(of: page) > 0) != transition.isRightToLeft
    node.alpha *= arriving ? curve(1 - p) : 1 - curve(p)
  }
}

/// Moves a layer at its own speed while pages scroll: a speed of 0.5 moves half as far as the
/// page (a far background), 1.5 further (a near foreground).
public struct Parallax: PageAnimation, Hashable {
  /// The layer's speed relative to the page.
  public var speed: Double

  /// Creates a parallax with a speed factor.
  public init(speed: Double) { self.speed = speed.isFinite ? speed : 1 }

  /// A parallax that lags `points` behind the page per page scrolled (LUN's 175).
  public init(lagging points: Double, pageWidth: Double) {
    self.init(speed: 1 - points / Swift.max(1, pageWidth))
  }

  /// Parallax stops under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .stop }

  /// Appends a translation of (speed − 1) · position · page length along the paging axis.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    node.append(
      Transform(
        translation: transition.along(
          (speed - 1) * transition.position(of: page) * transition.pageLength)))
  }
}

/// Moves a node by `offset` per page away from the centre: at position ±1 it is `offset` away.
public struct Slide: PageAnimation, Hashable {
  /// The displacement one page away from the centre.
  public var offset: Vector
  /// Whether the displacement follows the side the page is on (mirrored for pages on the left).
  public var followsSide: Bool

  /// Creates a slide.
  public init(by offset: Vector, followsSide: Bool = false) {
    self.offset = offset
    self.followsSide = followsSide
  }

  /// Appends the translation.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let p = transition.position(of: page)
    node.append(Transform(translation: offset * (followsSide ? p : Swift.abs(p))))
  }
}

/// Scales a node towards `scale` as its page leaves the centre.
public struct Scale: PageAnimation, Hashable {
  /// The scale one page away from the centre.
  public var scale: Double

  /// Creates a scale animation.
  public init(to scale: Double) { self.scale = scale.isFinite ? scale : 1 }

  /// Appends the scale.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let s = 1 + (scale - 1) * Swift.min(1, Swift.abs(transition.position(of: page)))
    node.append(Transform(scale: s))
  }
}

/// Turns a node by `angle` radians per page of position (clockwise for pages on the right).
public struct Rotate: PageAnimation, Hashable {
  /// The rotation one page away, in radians.
  public var angle: Double

  /// Creates a rotation.
  public init(by angle: Double) { self.angle = angle.isFinite ? angle : 0 }

  /// Rotation stops under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .stop }

  /// Appends the rotation.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    node.append(Transform(rotation: angle * transition.position(of: page)))
  }
}

/// Tilts a node to the roundness arc's tangent under the centre of its page (the animals
/// phone): rotation asin((x − W/2)/R).
public struct TiltAlongArc: PageAnimation, Hashable {
  /// Creates the tilt.
  public init() {}

  /// Tilting stops under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .stop }

  /// Appends the rotation.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    node.append(Transform(rotation: transition.arc.angle(atX: transition.centerX(of: page))))
  }
}

/// Rides the roundness arc (the icons' default): down by the arc's drop under the node's
/// centre, turned to its tangent, fading as 1 − |position|.
public struct FollowArc: PageAnimation, Hashable {
  /// Creates the motion.
  public init() {}

  /// Rides and fades.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let slotOffset = node.frame.midX - transition.pageWidth / 2
    transition.arc.ride(node, centerX: transition.centerX(of: page) + slotOffset)
    node.alpha *= transition.visibility(of: page)
  }
}

/// Blends a node's background between one colour per page as the pages scroll.
public struct ColorBlend: PageAnimation, Hashable {
  /// The colour of each page.
  public var colors: [Color]
  /// The blending space.
  public var space: Color.InterpolationSpace

  /// Creates a blend.
  public init(_ colors: [Color], space: Color.InterpolationSpace = .sRGB) {
    self.colors = colors
    self.space = space
  }

  /// Colour changes are kept under reduced motion.
  public var reducedMotion: ReducedMotionBehavior { .keep }

  /// The colour at a page position.
  public func color(at position: Double) -> Color? {
    guard !colors.isEmpty else { return nil }
    let s = position.clamped(to: 0...Double(colors.count - 1))
    let i = Int(s.rounded(.down))
    guard i + 1 < colors.count else { return colors[colors.count - 1] }
    return colors[i].interpolated(to: colors[i + 1], amount: s - Double(i), in: space)
  }

  /// Sets the background colour (when the pages go round, blending from the last page's colour
  /// to the first's between them).
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    let p = transition.pagePosition
    let last = Double(colors.count - 1)
    if transition.isCircular, colors.count == transition.pageCount, colors.count >= 2, p > last {
      node.backgroundColor = colors[colors.count - 1].interpolated(
        to: colors[0], amount: Swift.min(1, p - last), in: space)
    } else if let c = color(at: p) {
      node.backgroundColor = c
    }
  }
}

/// The paper-onboarding fill: the arriving page appears inside a circle that grows from a point
/// until it covers the page.
public struct CircularReveal: PageAnimation, Hashable {
  /// Where the circle grows from, in unit coordinates of the node's bounds.
  public var origin: Point

  /// Creates a reveal.
  public init(from origin: Point = Point(x: 0.5, y: 0.8)) { self.origin = origin }

  /// Sets the mask of an arriving page; a leaving or centred page shows whole, under the
  /// arriving one. It also cancels the page's scroll, so the page grows in place.
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let p = transition.position(of: page)
    node.append(Transform(translation: transition.along(-p * transition.pageLength)))
    let arriving = p != 0 && (p > 0) != transition.isRightToLeft
    guard arriving else {
      node.pageSlot.zPosition -= 1
      return
    }
    let b = node.bounds
    let c = Point(x: b.minX + origin.x * b.width, y: b.minY + origin.y * b.height)
    let far = b.corners.map { $0.distance(to: c) }.max() ?? 0
    let r = far * (1 - Swift.min(1, Swift.abs(p)))
    node.mask = .circle(center: c, radius: r)
  }
}

/// The four classic slide transitions, from any side: fade, move in, push and reveal, as Core
/// Animation's `CATransition` has them.
public struct SlideTransition: PageAnimation, Hashable {
  /// How the pages move.
  public enum Style: String, Hashable, Sendable, CaseIterable {
    /// Neither page moves; they cross-fade.
    case fade
    /// The arriving page slides in over the leaving one, which stays.
    case moveIn
    /// The arriving page pushes the leaving one out.
    case push
    /// The leaving page slides away, uncovering the arriving one, which stays.
    case reveal
  }

  /// The side the arriving page comes from.
  public enum Side: String, Hashable, Sendable, CaseIterable {
    /// From the left.
    case left
    /// From the right.
    case right
    /// From the top.
    case top
    /// From the bottom.
    case bottom
  }

  /// How the pages move.
  public var style: Style
  /// Where the arriving page comes from.
  public var side: Side

  /// Creates a transition.
  public init(_ style: Style, from side: Side = .right) {
    self.style = style
    self.side = side
  }

  /// Places the node as the transition has it (cancelling the scroll) and orders the pages
  /// (through their slots' z-position: see ``Node/pageSlot``).
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let page else { return }
    let p = transition.position(of: page)
    // The progress of this page: 0 at the centre, 1 one page away; which role it plays.
    let away = Swift.min(1, Swift.abs(p))
    let arriving = (p > 0) != transition.isRightToLeft
    let w = transition.pageWidth
    let h = transition.pageSize.height > 0 ? transition.pageSize.height : w
    let d: Vector
    switch side {
    case .left: d = Vector(dx: -w, dy: 0)
    case .right: d = Vector(dx: w, dy: 0)
    case .top: d = Vector(dx: 0, dy: -h)
    case .bottom: d = Vector(dx: 0, dy: h)
    }
    let displacement: Vector
    switch style {
    case .fade: displacement = .zero
    case .push: displacement = d * (arriving ? away : -away)
    case .moveIn: displacement = arriving ? d * away : .zero
    case .reveal: displacement = arriving ? .zero : d * -away
    }
    node.append(Transform(translation: displacement - transition.along(p * transition.pageLength)))
    if style == .fade { node.alpha *= 1 - away }
    switch style {
    case .moveIn: node.pageSlot.zPosition += arriving ? 1 : 0
    case .reveal: node.pageSlot.zPosition += arriving ? 0 : 1
    default: break
    }
  }
}
