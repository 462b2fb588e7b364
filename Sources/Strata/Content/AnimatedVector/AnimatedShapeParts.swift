/// A star or a regular polygon about a centre, as After Effects draws one: the first point
/// straight up (turned by ``rotation``), points going clockwise; a star alternates outer and
/// inner points. Roundness bends each point's sides into curves.
public struct AnimatedPolystar: Sendable {
  /// A star or a polygon.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Outer and inner points alternating.
    case star
    /// Outer points only.
    case polygon
  }

  /// Star or polygon.
  public var kind: Kind
  /// The centre.
  public var center: Animated<Point>
  /// How many points (a fraction is rounded down; at most ``maximumPoints``).
  public var points: Animated<Double>
  /// The turn of the first point from straight up, radians, clockwise.
  public var rotation: Animated<Double>
  /// The distance of the outer points from the centre.
  public var outerRadius: Animated<Double>
  /// The distance of a star's inner points from the centre.
  public var innerRadius: Animated<Double>
  /// How round the outer points are, 0 (sharp) to 1.
  public var outerRoundness: Animated<Double>
  /// How round a star's inner points are, 0 to 1.
  public var innerRoundness: Animated<Double>

  /// The most points drawn.
  public static let maximumPoints = 1000

  /// Creates a star or polygon.
  public init(
    kind: Kind, center: Animated<Point>, points: Animated<Double>,
    rotation: Animated<Double> = .constant(0), outerRadius: Animated<Double>,
    innerRadius: Animated<Double> = .constant(0),
    outerRoundness: Animated<Double> = .constant(0), innerRoundness: Animated<Double> = .constant(0)
  ) {
    self.kind = kind
    self.center = center
    self.points = points
    self.rotation = rotation
    self.outerRadius = outerRadius
    self.innerRadius = innerRadius
    self.outerRoundness = outerRoundness
    self.innerRoundness = innerRoundness
  }

  /// The outline at `frame` (empty for fewer than one point or a radius that is not finite).
  public func path(at frame: Double) -> Path {
    let raw = points.value(at: frame)
    guard raw.isFinite, raw >= 1 else { return Path() }
    let n = Int(Swift.min(Double(Self.maximumPoints), raw.rounded(.down)))
    let star = kind == .star
    let count = star ? 2 * n : n
    let step = 2 * Double.pi / Double(count)
    let c = center.value(at: frame)
    let outer = (outerRadius.value(at: frame), outerRoundness.value(at: frame))
    let inner = (innerRadius.value(at: frame), innerRoundness.value(at: frame))
    guard outer.0.isFinite, inner.0.isFinite, c.isFinite else { return Path() }
    var angle = -Double.pi / 2 + rotation.value(at: frame)
    var vertices: [Point] = []
    var tangents: [Vector] = []
    for k in 0..<count {
      let (radius, roundness) = (star && k % 2 == 1) ? inner : outer
      let direction = Vector(dx: _cos(angle), dy: _sin(angle))
      // Each side's control points lie along the tangent of the circle through the point, a
      // quarter (star: half) of the side's share of the circumference at full roundness.
      let share = 2 * Double.pi * radius / Double(4 * n)
      let along = Vector(dx: -direction.dy, dy: direction.dx) * (share * roundness)
      vertices.append(c + direction * radius)
      tangents.append(roundness.isFinite ? along : Vector(dx: 0, dy: 0))
      angle += step
    }
    let shape = BezierShape(
      vertices: vertices, inTangents: tangents.map { -$0 }, outTangents: tangents, isClosed: true)
    return shape.path
  }
}

/// A gradient that can move: its kind, its ends and its stops over time, as Lottie's gradient
/// fills and strokes hold it.
public struct AnimatedGradient: Sendable {
  /// Along a line, or out from a centre.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// From ``AnimatedGradient/start`` to ``AnimatedGradient/end``.
    case linear
    /// Circles about ``AnimatedGradient/start`` reaching ``AnimatedGradient/end``.
    case radial
  }

  /// Linear or radial.
  public var kind: Kind
  /// Where the first stop is (a radial gradient's centre).
  public var start: Animated<Point>
  /// Where the last stop is (on a radial gradient's outer circle).
  public var end: Animated<Point>
  /// A radial gradient's focal point as a fraction of the radius from the centre (−0.99 to
  /// 0.99 used).
  public var highlightLength: Animated<Double>
  /// The direction of the focal point, radians clockwise from the line start → end.
  public var highlightAngle: Animated<Double>
  /// The colour stops.
  public var stops: Animated<[Gradient.Stop]>

  /// Creates a gradient.
  public init(
    kind: Kind, start: Animated<Point>, end: Animated<Point>, stops: Animated<[Gradient.Stop]>,
    highlightLength: Animated<Double> = .constant(0),
    highlightAngle: Animated<Double> = .constant(0)
  ) {
    self.kind = kind
    self.start = start
    self.end = end
    self.stops = stops
    self.highlightLength = highlightLength
    self.highlightAngle = highlightAngle
  }

  /// The paint at `frame`.
  public func paint(at frame: Double) -> Paint {
    let g = Gradient(stops: stops.value(at: frame))
    let s = start.value(at: frame)
    let e = end.value(at: frame)
    switch kind {
    case .linear:
      return .linearGradient(g, start: s, end: e)
    case .radial:
      let radius = (e - s).length
      let h = highlightLength.value(at: frame)
      let length = h.isFinite ? Swift.min(0.99, Swift.max(-0.99, h)) : 0
      guard length != 0, radius > 0 else {
        return .radialGradient(g, center: s, radius: radius)
      }
      let angle = _atan2(e.y - s.y, e.x - s.x) + highlightAngle.value(at: frame)
      let focus = s + Vector(dx: _cos(angle), dy: _sin(angle)) * (length * radius)
      return .radial(RadialGradient(g, center: s, radius: radius, focus: focus))
    }
  }
}

/// How a trim shares its span among several paths.
public enum TrimMode: String, Hashable, Sendable, CaseIterable {
  /// Each path is trimmed to the same fractions of its own length.
  case simultaneously
  /// The paths are trimmed as one, one after another.
  case individually
}

/// How merged paths combine.
public enum MergeMode: String, Hashable, Sendable, CaseIterable {
  /// The paths together as one (filled by the paint's rule).
  case merge
  /// Their union.
  case add
  /// The first less the others.
  case subtract
  /// Their intersection.
  case intersect
  /// Where an odd number of them cover.
  case exclude
}

/// Copies of everything before it in its group, each placed one more step of a transform
/// along (After Effects' repeater).
public struct AnimatedRepeater: Sendable {
  /// Which copy is on top.
  public enum Order: String, Hashable, Sendable, CaseIterable {
    /// Each copy over the one before.
    case above
    /// Each copy under the one before.
    case below
  }

  /// How many copies (rounded up; at most ``maximumCopies``).
  public var copies: Animated<Double>
  /// The step the first copy starts at (0: the original place).
  public var offset: Animated<Double>
  /// One step: copy k is moved by k times the position and rotation, and scaled by the scale
  /// to the power k, about the anchor.
  public var transform: AnimatedTransform
  /// The first copy's opacity, 0...1.
  public var startOpacity: Animated<Double>
  /// The last copy's opacity, 0...1.
  public var endOpacity: Animated<Double>
  /// Which copy is on top.
  public var order: Order

  /// The most copies a repeater makes.
  public static let maximumCopies = 1000

  /// Creates a repeater.
  public init(
    copies: Animated<Double>, offset: Animated<Double> = .constant(0),
    transform: AnimatedTransform, startOpacity: Animated<Double> = .constant(1),
    endOpacity: Animated<Double> = .constant(1), order: Order = .above
  ) {
    self.copies = copies
    self.offset = offset
    self.transform = transform
    self.startOpacity = startOpacity
    self.endOpacity = endOpacity
    self.order = order
  }

  /// The transform of step `k` (a fraction scales its share) at `frame`.
  public func matrix(step k: Double, at frame: Double) -> Transform {
    let a = transform.anchor.value(at: frame)
    let p = transform.position.value(at: frame)
    let s = transform.scale.value(at: frame)
    func power(_ v: Double) -> Double {
      let r = _pow(v, k)
      return r.isFinite ? r : 0
    }
    return Transform(translationX: -a.x, y: -a.y)
      .concatenating(Transform(rotation: transform.rotation.value(at: frame) * k))
      .concatenating(Transform(scaleX: power(s.dx), y: power(s.dy)))
      .concatenating(Transform(translationX: a.x + p.x * k, y: a.y + p.y * k))
  }
}

/// Dashes that move: their lengths (dash, gap, dash, gap…) and where the pattern starts, each
/// keyframed (Lottie's `d` of a stroke).
public struct AnimatedDash: Sendable {
  /// Dash and gap lengths, alternating.
  public var lengths: [Animated<Double>]
  /// How far along the pattern the path starts.
  public var offset: Animated<Double>

  /// Creates moving dashes.
  public init(lengths: [Animated<Double>], offset: Animated<Double> = .constant(0)) {
    self.lengths = lengths
    self.offset = offset
  }

  /// `style` with the dashes at `frame` (lengths below zero, or not finite, count as zero).
  public func applied(to style: StrokeStyle, at frame: Double) -> StrokeStyle {
    var s = style
    s.dash = lengths.map { l in
      let v = l.value(at: frame)
      return v.isFinite ? Swift.max(0, v) : 0
    }
    let o = offset.value(at: frame)
    s.dashPhase = o.isFinite ? o : 0
    return s
  }
}
