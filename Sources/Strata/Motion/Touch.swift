/// One touch event: a finger going down, moving, lifting, or being cancelled.
public struct TouchEvent: Hashable, Sendable {
  /// What happened.
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// The finger touched the screen.
    case down
    /// The finger moved.
    case move
    /// The finger lifted.
    case up
    /// The system took the touch away (a call came in); nothing it started should fire.
    case cancel
  }

  /// What happened.
  public var phase: Phase
  /// Where, in root coordinates (points).
  public var location: Point
  /// When, in seconds on any clock that only goes forward.
  public var time: Double

  /// Creates an event.
  public init(_ phase: Phase, at location: Point, time: Double) {
    self.phase = phase
    self.location = location
    self.time = time
  }
}

/// Estimates a finger's velocity from its recent positions: the least-squares slope of
/// x against time over the last ``window`` seconds.
public struct VelocityTracker: Hashable, Sendable {
  /// How far back samples count, in seconds.
  public var window: Double = 0.1
  private var samples: [Point] = []  // (time, x)

  /// Creates an empty tracker.
  public init(window: Double = 0.1) {
    self.window = window
  }

  /// Forgets every sample.
  public mutating func reset() { samples.removeAll() }

  /// Adds the finger's x at `time`.
  public mutating func add(x: Double, time: Double) {
    guard x.isFinite, time.isFinite else { return }
    samples.append(Point(x: time, y: x))
    let cutoff = time - window
    while let first = samples.first, first.x < cutoff, samples.count > 2 { samples.removeFirst() }
  }

  /// The velocity in points per second (0 with fewer than two samples in the window).
  public var velocity: Double {
    guard samples.count >= 2 else { return 0 }
    let n = Double(samples.count)
    let mt = samples.reduce(0) { $0 + $1.x } / n
    let mx = samples.reduce(0) { $0 + $1.y } / n
    var num = 0.0
    var den = 0.0
    for s in samples {
      num += (s.x - mt) * (s.y - mx)
      den += (s.x - mt) * (s.x - mt)
    }
    guard den > 1e-12 else { return 0 }
    let v = num / den
    return v.isFinite ? v : 0
  }
}
