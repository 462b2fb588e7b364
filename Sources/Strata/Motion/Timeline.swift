/// An animation that runs over time rather than over the scroll offset: a duration, a delay,
/// an easing, repeats and autoreverse, over keyframe tracks of a named node's alpha,
/// translation, scale, rotation or (for a ``PageIndicatorNode``) page position.
///
/// Start one with ``TutorialController/run(_:at:)`` — from an event handler, an animator, a
/// button, or at a time of your choosing. A frame is a pure function of the offset and the
/// controller's clock, so scripted sessions and renders stay deterministic.
///
/// ```swift
/// controller.events.subscribe { record in
///   if case .settled = record.event {
///     controller.run(TimedAnimation(target: "title", tracks: [.alpha([0, 1])], duration: 0.4))
///   }
/// }
/// ```
public struct TimedAnimation: Hashable, Sendable {
  /// One animated property: values at times (0 ... 1 of the duration, after easing), linear
  /// in between.
  public struct Track: Hashable, Sendable {
    /// What the values set.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
      /// The alpha, multiplied in.
      case alpha
      /// A horizontal move, in points.
      case translationX
      /// A vertical move, in points.
      case translationY
      /// A scale about the anchor point.
      case scale
      /// A turn about the anchor point, in radians.
      case rotation
      /// A page indicator's page position.
      case indicatorPosition
      /// The drawing order among siblings (set, not added).
      case zPosition
      /// An ``AnimatedImageNode``'s frame (set): a Lottie animation played on the clock.
      case frame
    }

    /// What the values set.
    public var kind: Kind
    /// The values, in order.
    public var values: [Double]
    /// When each value is reached, 0 ... 1, ascending; evenly spaced when empty.
    public var times: [Double]

    /// Creates a track; with no `times` the values are spread evenly over the animation.
    public init(_ kind: Kind, _ values: [Double], times: [Double] = []) {
      self.kind = kind
      self.values = values.map { $0.isFinite ? $0 : 0 }
      self.times = times.count == values.count ? times.map { $0.clamped(to: 0...1) } : []
    }

    /// An alpha track.
    public static func alpha(_ values: [Double]) -> Track { Track(.alpha, values) }
    /// A horizontal move.
    public static func translationX(_ values: [Double]) -> Track { Track(.translationX, values) }
    /// A vertical move.
    public static func translationY(_ values: [Double]) -> Track { Track(.translationY, values) }
    /// A scale.
    public static func scale(_ values: [Double]) -> Track { Track(.scale, values) }
    /// A rotation in radians.
    public static func rotation(_ values: [Double]) -> Track { Track(.rotation, values) }
    /// A page indicator's position.
    public static func indicatorPosition(_ values: [Double]) -> Track {
      Track(.indicatorPosition, values)
    }
    /// A drawing order.
    public static func zPosition(_ values: [Double]) -> Track { Track(.zPosition, values) }
    /// An animated image's frames.
    public static func frame(_ values: [Double]) -> Track { Track(.frame, values) }

    /// The value at progress `t` (0 ... 1).
    public func value(at t: Double) -> Double {
      guard let first = values.first else { return 0 }
      guard values.count > 1 else { return first }
      let stops =
        times.isEmpty
        ? values.indices.map { Double($0) / Double(values.count - 1) } : times
      if t <= stops[0] { return first }
      for i in 1..<values.count where t <= stops[i] {
        let span = stops[i] - stops[i - 1]
        let f = span > 0 ? (t - stops[i - 1]) / span : 1
        return values[i - 1] + (values[i] - values[i - 1]) * f
      }
      return values[values.count - 1]
    }
  }

  /// The name of the node animated (the first node with that name, see ``Node/descendant(named:)``).
  public var target: String
  /// The properties animated.
  public var tracks: [Track]
  /// How long one run lasts, in seconds, within ``TimeLimits/minimumDuration``...
  /// ``TimeLimits/maximumDuration``.
  public var duration: Double
  /// How long after its start time it begins, within 0...``TimeLimits/maximumDuration``.
  public var delay: Double
  /// The curve of each run.
  public var easing: Easing
  /// How many runs (1 for once; `.infinity` for ever).
  public var repeatCount: Double
  /// Whether each run plays forwards then backwards.
  public var autoreverses: Bool
  /// Whether the end values stay once it is over (Core Animation's fill mode forwards);
  /// otherwise the node goes back to how it is laid out.
  public var fillsForward: Bool
  /// Whether the first values show from its start time through the delay (Core Animation's
  /// fill mode backwards): on by default, so a delayed fade-in does not show the node before
  /// it begins. Off, the node shows as laid out until the delay is over.
  public var fillsBackward: Bool

  /// Creates an animation.
  public init(
    target: String, tracks: [Track], duration: Double, delay: Double = 0,
    easing: Easing = .linear, repeatCount: Double = 1, autoreverses: Bool = false,
    fillsForward: Bool = true, fillsBackward: Bool = true
  ) {
    self.target = target
    self.tracks = tracks
    self.duration = TimeLimits.duration(duration)
    self.delay = TimeLimits.delay(delay)
    self.easing = easing
    self.repeatCount = repeatCount.isNaN ? 1 : Swift.max(0, repeatCount)
    self.autoreverses = autoreverses
    self.fillsForward = fillsForward
    self.fillsBackward = fillsBackward
  }

  /// How long it runs in all, from its start time (infinite for endless repeats).
  public var totalDuration: Double {
    delay + duration * (autoreverses ? 2 : 1) * repeatCount
  }

  /// The eased progress `elapsed` seconds after its start time, or `nil` when it shows nothing
  /// (not begun without filling backward, or over without filling forward).
  public func progress(at elapsed: Double) -> Double? {
    let e = elapsed - delay
    guard e.isFinite, elapsed >= 0 else { return nil }
    guard e >= 0 else { return fillsBackward ? easing(0) : nil }
    let cycle = duration * (autoreverses ? 2 : 1)
    if e >= cycle * repeatCount {
      guard fillsForward else { return nil }
      // The end of the last run: backwards runs end at the start.
      return easing(autoreverses ? 0 : 1)
    }
    let local = e - cycle * (e / cycle).rounded(.down)
    let t = autoreverses && local > duration ? (cycle - local) / duration : local / duration
    return easing(t.clamped(to: 0...1))
  }
}

/// The timed animations a controller is running, each with its start time on the controller's
/// clock. It is a value: a frame's state carries it, so a render shows the same animation at
/// the same time whatever the frame rate.
public struct Timeline: Hashable, Sendable {
  /// An animation and when it started.
  public struct Entry: Hashable, Sendable {
    /// The animation.
    public var animation: TimedAnimation
    /// Its start time, in seconds of the controller's clock.
    public var start: Double
  }

  /// The animations, oldest first.
  public private(set) var entries: [Entry] = []

  /// The most animations kept; the oldest go first.
  public static let maximumEntries = 256

  /// An empty timeline.
  public init() {}

  /// Whether nothing is running.
  public var isEmpty: Bool { entries.isEmpty }

  /// Adds `animation` starting at `time`. It replaces, property by property, what earlier
  /// animations of the same node animate: their tracks of the same properties go (the newest
  /// wins), their other tracks run on, and an animation left with no track goes, so the
  /// timeline stays small.
  public mutating func add(_ animation: TimedAnimation, at time: Double) {
    guard time.isFinite else { return }
    let kinds = Set(animation.tracks.map(\.kind))
    for i in entries.indices where entries[i].animation.target == animation.target {
      entries[i].animation.tracks.removeAll { kinds.contains($0.kind) }
    }
    entries.removeAll { $0.animation.tracks.isEmpty }
    entries.append(Entry(animation: animation, start: time))
    if entries.count > Self.maximumEntries {
      entries.removeFirst(entries.count - Self.maximumEntries)
    }
  }

  /// Removes every animation of `target`.
  public mutating func removeAnimations(of target: String) {
    entries.removeAll { $0.animation.target == target }
  }

  /// Whether an animation is still moving at `time` (one that only holds its end does not count).
  public func isRunning(at time: Double) -> Bool {
    entries.contains { time < $0.start + $0.animation.totalDuration }
  }

  /// The value of `kind` the animations of `target` show at `time`, or `nil` when none
  /// animating it shows anything then (the node shows its laid-out value).
  public func value(
    _ kind: TimedAnimation.Track.Kind, of target: String, at time: Double
  ) -> Double? {
    for entry in entries.reversed() where entry.animation.target == target {
      guard let track = entry.animation.tracks.first(where: { $0.kind == kind }) else { continue }
      return entry.animation.progress(at: time - entry.start).map { track.value(at: $0) }
    }
    return nil
  }

  /// Sets the animated properties of the nodes under `root` for `time`.
  public func apply(to root: Node, at time: Double) {
    for entry in entries {
      guard let p = entry.animation.progress(at: time - entry.start),
        let node = root.descendant(named: entry.animation.target)
      else { continue }
      var moved = Transform.identity
      for track in entry.animation.tracks {
        let v = track.value(at: p)
        switch track.kind {
        case .alpha: node.alpha *= v.clamped(to: 0...1)
        case .translationX: moved = moved.concatenating(Transform(translationX: v, y: 0))
        case .translationY: moved = moved.concatenating(Transform(translationX: 0, y: v))
        case .scale: moved = Transform(scale: v).concatenating(moved)
        case .rotation: moved = Transform(rotation: v).concatenating(moved)
        case .indicatorPosition: (node as? PageIndicatorNode)?.pagePosition = v
        case .zPosition: node.zPosition = v
        case .frame: (node as? AnimatedImageNode)?.currentFrame = v
        }
      }
      if !moved.isIdentity { node.append(moved) }
    }
  }
}
