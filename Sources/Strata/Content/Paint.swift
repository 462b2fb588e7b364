/// What fills or strokes a shape: a solid colour or a gradient.
public enum Paint: Hashable, Sendable {
  /// One colour everywhere.
  case solid(Color)
  /// Colours that change along the line from `start` to `end`.
  case linearGradient(Gradient, start: Point, end: Point)
  /// Colours that change with the distance from `center`, reaching the last stop at `radius`.
  case radialGradient(Gradient, center: Point, radius: Double)
  /// The general radial gradient: a focal point and a transform (circles become ellipses).
  case radial(RadialGradient)

  /// The paint with every point mapped through `t` (a radial gradient under a stretch or a
  /// shear becomes an elliptical ``radial(_:)`` one).
  public func applying(_ t: Transform) -> Paint {
    switch self {
    case .solid: return self
    case .linearGradient(let g, let s, let e):
      return .linearGradient(g, start: t.apply(to: s), end: t.apply(to: e))
    case .radialGradient(let g, let c, let r):
      return .radial(RadialGradient(g, center: c, radius: r, transform: t))
    case .radial(let r):
      var moved = r
      moved.transform = r.transform.concatenating(t)
      return .radial(moved)
    }
  }

  /// The paint with its opacity multiplied by `alpha`.
  public func multiplyingAlpha(_ alpha: Double) -> Paint {
    switch self {
    case .solid(let c): return .solid(c.withAlpha(c.alpha * alpha))
    case .linearGradient(let g, let s, let e):
      return .linearGradient(g.multiplyingAlpha(alpha), start: s, end: e)
    case .radialGradient(let g, let c, let r):
      return .radialGradient(g.multiplyingAlpha(alpha), center: c, radius: r)
    case .radial(let r):
      var faded = r
      faded.gradient = r.gradient.multiplyingAlpha(alpha)
      return .radial(faded)
    }
  }

  /// Whether the paint is fully opaque everywhere.
  public var isOpaque: Bool {
    switch self {
    case .solid(let c): return c.alpha >= 1
    case .linearGradient(let g, _, _), .radialGradient(let g, _, _):
      return !g.stops.isEmpty && g.stops.allSatisfy { $0.color.alpha >= 1 }
    case .radial(let r):
      // A start circle of its own can leave a cone's outside unpainted.
      return r.focalRadius == 0 && !r.gradient.stops.isEmpty
        && r.gradient.stops.allSatisfy { $0.color.alpha >= 1 }
    }
  }
}

/// A radial gradient in its own space: 0 at ``focus``, 1 on the circle of ``radius`` around
/// ``center``, each circle in between centred on the line from focus to centre (as SVG draws
/// `fx`/`fy`), all mapped to the shape's space by ``transform``.
///
/// With a ``focalRadius`` the gradient runs from the circle of that radius around the focus
/// to the outer circle, as SVG 2's `fr` and a canvas's two-circle gradient do: where no
/// circle between the two passes through a point (outside the cone the two circles make, when
/// one is not inside the other), nothing is painted.
public struct RadialGradient: Hashable, Sendable {
  /// The colours.
  public var gradient: Gradient
  /// The centre of the outer circle.
  public var center: Point
  /// The radius of the outer circle; zero or less (or not finite) paints the last colour.
  public var radius: Double
  /// Where the gradient starts; with no ``focalRadius``, kept inside the outer circle when
  /// drawn (SVG 1.1 §13.2.3).
  public var focus: Point
  /// The radius of the circle around ``focus`` where the gradient starts (0: the focus itself).
  public var focalRadius: Double
  /// Maps the gradient's space to the shape's.
  public var transform: Transform

  /// Creates a radial gradient; the focus is the centre unless given.
  public init(
    _ gradient: Gradient, center: Point, radius: Double, focus: Point? = nil,
    focalRadius: Double = 0, transform: Transform = .identity
  ) {
    self.gradient = gradient
    self.center = center
    self.radius = radius
    self.focus = focus ?? center
    self.focalRadius = focalRadius.isFinite ? Swift.max(0, focalRadius) : 0
    self.transform = transform
  }
}

/// Colour stops along a gradient, sorted by location.
public struct Gradient: Hashable, Sendable {
  /// What a gradient paints outside 0...1.
  public enum Spread: String, Hashable, Sendable, CaseIterable {
    /// The end colours continue.
    case pad
    /// The gradient runs back and forth.
    case reflect
    /// The gradient starts again.
    case `repeat`

    /// Where `t` falls in 0...1 under this spread.
    public func fold(_ t: Double) -> Double {
      guard t.isFinite else { return 0 }
      switch self {
      case .pad: return t
      case .repeat: return t - t.rounded(.down)
      case .reflect:
        let m = t - 2 * (t / 2).rounded(.down)
        return m > 1 ? 2 - m : m
      }
    }
  }

  /// One colour at one place along the gradient.
  public struct Stop: Hashable, Sendable {
    /// Where the colour sits, 0 (start) ... 1 (end); clamped.
    public let location: Double
    /// The colour at that place.
    public let color: Color

    /// Creates a stop; `location` is clamped to 0...1 (NaN becomes 0).
    public init(_ color: Color, at location: Double) {
      self.color = color
      self.location = location.clamped(to: 0...1)
    }
  }

  /// The stops, sorted by location (stably, so stops at one location keep their order).
  public let stops: [Stop]
  /// What is painted before the start and past the end.
  public var spread: Spread

  /// Creates a gradient; the stops are sorted. With no stops it is transparent.
  public init(stops: [Stop], spread: Spread = .pad) {
    self.stops = stops.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    self.spread = spread
  }

  /// Colours spaced evenly from 0 to 1.
  public init(colors: [Color]) {
    let n = colors.count
    self.init(
      stops: colors.enumerated().map { i, c in
        Stop(c, at: n > 1 ? Double(i) / Double(n - 1) : 0)
      })
  }

  /// The colour at `location`, each sRGB component and alpha interpolated linearly between the
  /// neighbouring stops (as SVG does); held constant before the first and after the last stop.
  public func color(at location: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    let t = location.clamped(to: 0...1)
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    let lo = stops.lastIndex(keyAtMost: t) { $0.location }
    let hi = lo + 1
    let a = stops[lo]
    let b = stops[hi]
    let span = b.location - a.location
    return a.color.interpolated(to: b.color, amount: span > 0 ? (t - a.location) / span : 1)
  }

  /// The gradient with every stop's alpha multiplied by `alpha`.
  public func multiplyingAlpha(_ alpha: Double) -> Gradient {
    Gradient(
      stops: stops.map { Stop($0.color.withAlpha($0.color.alpha * alpha), at: $0.location) },
      spread: spread)
  }
}
