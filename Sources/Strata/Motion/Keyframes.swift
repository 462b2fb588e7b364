/// One value at one time on a ``Keyframes`` track.
public struct Keyframe<Value: Sendable>: Sendable {
  /// When, in pages (see ``Keyframes``).
  public var time: Double
  /// The value at that time.
  public var value: Value
  /// The easing of the segment that starts here (towards the next keyframe).
  public var easing: Easing

  /// Creates a keyframe.
  public init(_ time: Double, _ value: Value, easing: Easing = .linear) {
    self.time = time
    self.value = value
    self.easing = easing
  }
}

/// Why a keyframe track could not be made.
public enum KeyframeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The track has no keyframes.
  case empty
  /// A keyframe's time is NaN or infinite (its index as given).
  case nonFiniteTime(index: Int)
  /// Two keyframes share a time (their indices as given).
  case duplicateTime(Double, indices: [Int])

  /// One line saying what was wrong.
  public var description: String {
    switch self {
    case .empty: return "a keyframe track needs at least one keyframe"
    case .nonFiniteTime(let i): return "keyframe \(i) has a time that is not a finite number"
    case .duplicateTime(let t, let ix):
      return "keyframes \(ix.map(String.init).joined(separator: " and ")) are both at \(t)"
    }
  }
}

/// A value that changes with the scroll: keyframes at page positions, each segment with its
/// own easing.
///
/// Time is measured in pages, so a track survives a resize: for a per-page layer it is the
/// page's ``PageTransition/position(of:)`` (−1 one page to the left, 0 centred, +1 one to
/// the right); for a static layer the scroll's ``PageTransition/pagePosition``. Before the
/// first keyframe and after the last the value holds. Easings may overshoot.
///
/// ```swift
/// let slide = try Keyframes([
///   Keyframe(-1, -120.0, easing: .cubicOut), Keyframe(0, 0, easing: .cubicIn), Keyframe(1, 120),
/// ])
/// slide.value(at: -0.5)
/// ```
///
/// - Complexity: creation O(n log n); ``value(at:)`` O(log n).
public struct Keyframes<Value: Sendable>: Sendable {
  /// The keyframes, sorted by time.
  public let keyframes: [Keyframe<Value>]
  private let mix: @Sendable (Value, Value, Double) -> Value

  /// Creates a track that blends values with `mix`.
  ///
  /// - Throws: ``KeyframeError`` for an empty track, a NaN or infinite time, or two keyframes at one time.
  public init(
    _ keyframes: [Keyframe<Value>], mix: @escaping @Sendable (Value, Value, Double) -> Value
  )
    throws(KeyframeError)
  {
    guard !keyframes.isEmpty else { throw .empty }
    if let bad = keyframes.firstIndex(where: { !$0.time.isFinite }) {
      throw .nonFiniteTime(index: bad)
    }
    let order = keyframes.indices.sorted { (keyframes[$0].time, $0) < (keyframes[$1].time, $1) }
    for (a, b) in zip(order, order.dropFirst()) where keyframes[a].time == keyframes[b].time {
      throw .duplicateTime(keyframes[a].time, indices: [a, b].sorted())
    }
    self.keyframes = order.map { keyframes[$0] }
    self.mix = mix
  }

  /// The value at a page position of pages that go round (``PageTransition/isCircular``):
  /// between the last page (N − 1) and N — page 0 again — it blends from the value at N − 1 to
  /// the value at 0, so that a track of the static layers has no jump where the pages go round.
  /// Elsewhere, ``value(at:)``.
  public func value(roundingAt time: Double, pageCount n: Int) -> Value {
    let last = Double(n - 1)
    guard n >= 2, time > last else { return value(at: time) }
    return mix(value(at: last), value(at: 0), Swift.min(1, time - last))
  }

  /// The value at `time` (NaN counts as the first keyframe's time).
  public func value(at time: Double) -> Value {
    let frames = keyframes
    let first = frames[0]
    guard !time.isNaN, time > first.time else { return first.value }
    let last = frames[frames.count - 1]
    if time >= last.time { return last.value }
    let lo = frames.lastIndex(keyAtMost: time) { $0.time }
    let hi = lo + 1
    let a = frames[lo]
    let b = frames[hi]
    let t = (time - a.time) / (b.time - a.time)
    return mix(a.value, b.value, a.easing(t))
  }
}

extension Keyframes where Value: Interpolatable {
  /// Creates a track that blends with ``Interpolatable/interpolated(to:amount:)``.
  public init(_ keyframes: [Keyframe<Value>]) throws(KeyframeError) {
    try self.init(keyframes) { a, b, t in a.interpolated(to: b, amount: t) }
  }
}

extension Keyframes where Value == Color {
  /// Creates a colour track blended in `space`.
  public init(_ keyframes: [Keyframe<Color>], space: Color.InterpolationSpace) throws(KeyframeError)
  {
    try self.init(keyframes) { a, b, t in a.interpolated(to: b, amount: t, in: space) }
  }
}
