/// What fills or strokes a shape: a solid colour or a gradient.
public enum Paint: Hashable, Sendable {
  /// One colour everywhere.
  case solid(Color)
  /// Colours that change along the line from `start` to `end`.
  case linearGradient(Gradient, start: Point, end: Point)
  /// Colours that change with the distance from `center`, reaching the last stop at `radius`.
  case radialGradient(Gradient, center: Point, radius: Double)

  /// The paint with every point mapped through `t` (radii scale by the transform's largest scale).
  public func applying(_ t: Transform) -> Paint {
    switch self {
    case .solid: return self
    case .linearGradient(let g, let s, let e):
      return .linearGradient(g, start: t.apply(to: s), end: t.apply(to: e))
    case .radialGradient(let g, let c, let r):
      return .radialGradient(g, center: t.apply(to: c), radius: r * t.maximumScale)
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
    }
  }

  /// Whether the paint is fully opaque everywhere.
  public var isOpaque: Bool {
    switch self {
    case .solid(let c): return c.alpha >= 1
    case .linearGradient(let g, _, _), .radialGradient(let g, _, _):
      return g.stops.allSatisfy { $0.color.alpha >= 1 }
    }
  }
}

/// Colour stops along a gradient, sorted by location.
public struct Gradient: Hashable, Sendable {
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

  /// Creates a gradient; the stops are sorted. With no stops it is transparent.
  public init(stops: [Stop]) {
    self.stops = stops.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
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
    Gradient(stops: stops.map { Stop($0.color.withAlpha($0.color.alpha * alpha), at: $0.location) })
  }
}
