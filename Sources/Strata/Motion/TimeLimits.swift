/// The one rule for time-based values, in specs and in the API alike: every interval and
/// duration has a documented minimum and maximum, and anything that repeats over time is
/// advanced in closed form (by multiplication), never by adding an interval in a loop, so no
/// value, however small, can make a loop spin.
///
/// | value | minimum | maximum | outside |
/// |---|---|---|---|
/// | a repeating interval (autoplay, a timer) | ``minimumInterval`` (1/120 s) | ``maximumInterval`` (1 day) | clamped in the API; a problem in a spec |
/// | a duration (a timed animation's run) | ``minimumDuration`` (1 ms) | ``maximumDuration`` (1 hour) | clamped |
/// | a delay | 0 | ``maximumDuration`` | clamped |
public enum TimeLimits {
  /// The shortest interval anything repeats at: one frame at 120 Hz.
  public static let minimumInterval = 1.0 / 120
  /// The longest interval: a day.
  public static let maximumInterval = 86_400.0
  /// The shortest duration of one run of an animation.
  public static let minimumDuration = 0.001
  /// The longest duration (and delay).
  public static let maximumDuration = 3_600.0

  /// `seconds` as a repeating interval: `nil` (off) when it is not a positive finite number,
  /// else clamped to ``minimumInterval``...``maximumInterval``.
  public static func interval(_ seconds: Double) -> Double? {
    guard seconds.isFinite, seconds > 0 else { return nil }
    return Swift.min(Swift.max(seconds, minimumInterval), maximumInterval)
  }

  /// `seconds` as a duration: clamped to ``minimumDuration``...``maximumDuration`` (not a
  /// number, or not positive, is the minimum).
  public static func duration(_ seconds: Double) -> Double {
    guard seconds.isFinite, seconds > 0 else {
      return seconds == .infinity ? maximumDuration : minimumDuration
    }
    return Swift.min(Swift.max(seconds, minimumDuration), maximumDuration)
  }

  /// `seconds` as a delay: clamped to 0...``maximumDuration`` (not a number is 0).
  public static func delay(_ seconds: Double) -> Double {
    guard !seconds.isNaN else { return 0 }
    return Swift.min(Swift.max(seconds, 0), maximumDuration)
  }
}

/// Something that happens every ``interval`` seconds (an autoplay), advanced in closed form:
/// however far the clock jumps, finding what is due costs the same.
///
/// ```swift
/// var timer = RepeatingTimer(interval: 3, start: 0)
/// if let due = timer.fire(upTo: 7.5) { print(due.count, due.last) }   // 2 6.0
/// ```
public struct RepeatingTimer: Hashable, Sendable {
  /// The seconds between firings, within ``TimeLimits``.
  public let interval: Double
  /// When it fires next.
  public private(set) var next: Double

  /// A timer that first fires `interval` seconds after `start`; `nil` when `interval` is not a
  /// positive finite number (see ``TimeLimits/interval(_:)``, which clamps it) or `start` is
  /// not finite.
  public init?(interval: Double, start: Double) {
    guard let i = TimeLimits.interval(interval), start.isFinite else { return nil }
    self.interval = i
    next = Swift.max(start + i, start.nextUp)
  }

  /// A timer that next fires at `next` (a timer saved in a ``FrameState``, restored); `nil`
  /// when `interval` is not a positive finite number or `next` is not finite.
  public init?(interval: Double, next: Double) {
    guard let i = TimeLimits.interval(interval), next.isFinite else { return nil }
    self.interval = i
    self.next = next
  }

  /// The firings due up to `time` (inclusive): how many, and when the last one was. Moves
  /// ``next`` past `time`. `nil` when none is due (or `time` is not finite).
  public mutating func fire(upTo time: Double) -> (count: Int, last: Double)? {
    guard time.isFinite, next <= time else { return nil }
    let steps = ((time - next) / interval).rounded(.down)
    // At most 2^52 firings are counted; the clock never runs that far at these intervals.
    let k = Swift.min(steps, 4_503_599_627_370_496)
    let last = next + k * interval
    var after = next + (k + 1) * interval
    if after <= time { after = Swift.max(time + interval, time.nextUp) }
    next = after
    return (Int(k) + 1, last)
  }

  /// Puts the next firing one interval after `time` (a finger came down: the wait starts
  /// again).
  public mutating func restart(at time: Double) {
    guard time.isFinite else { return }
    next = Swift.max(time + interval, time.nextUp)
  }
}
