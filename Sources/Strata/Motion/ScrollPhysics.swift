/// A deterministic, time-stepped model of a paged scroll view under a finger.
///
/// The state is a value; every change is a pure function of (state, input, time step):
/// the same gestures at the same frame rate give the same offsets, and because the spring
/// and the deceleration are integrated in closed form, the settled page does not depend on
/// the frame rate.
///
/// - Dragging follows the finger. Past the allowed range the content rubber-bands: an
///   overshoot x shows as (1 − 1/(x·c/d + 1))·d, with c = ``Configuration/rubberBandCoefficient``
///   (0.55) and d the page width — it never goes further than d.
/// - Release with paging: the end offset is projected from the release velocity and the
///   deceleration rate, the nearest page to it is the target (at most
///   ``Configuration/maximumPagesPerFlick`` from the page the drag started on, and within
///   the allowed range), and a critically damped spring settles there.
/// - Release without paging: the content decelerates exponentially and stops; past an end
///   it springs back.
/// - ``scroll(toPage:animated:duration:easing:)`` animates with a duration and an easing.
public struct ScrollPhysics: Hashable, Sendable {
  /// How fast a released scroll slows down: the fraction of velocity kept per millisecond.
  public struct DecelerationRate: Hashable, Sendable {
    /// The fraction kept per millisecond, in (0, 1).
    public let value: Double
    /// Creates a rate; values outside (0, 1) are clamped into it.
    public init(_ value: Double) { self.value = value.clamped(to: 0.5...0.9999) }
    /// UIScrollView's normal rate, 0.998 per millisecond.
    public static let normal = DecelerationRate(0.998)
    /// UIScrollView's fast rate, 0.99 per millisecond.
    public static let fast = DecelerationRate(0.99)
  }

  /// The constants of the model.
  public struct Configuration: Hashable, Sendable {
    /// The width of a page in points.
    public var pageWidth: Double
    /// The number of pages.
    public var pageCount: Int
    /// Whether releases snap to pages.
    public var isPagingEnabled: Bool
    /// The deceleration rate used to project a release.
    public var decelerationRate: DecelerationRate
    /// The rubber-band stiffness c (UIScrollView's is 0.55).
    public var rubberBandCoefficient: Double
    /// The most pages one flick may move.
    public var maximumPagesPerFlick: Int
    /// The settling spring's response time in seconds: the period of the undamped
    /// oscillation, 2π/ω. With critical damping the spring covers 99 % of the way in
    /// about 1.05 response times.
    public var springResponse: Double
    /// Whether the content rubber-bands past its ends (UIScrollView's `bounces`). Off, a drag
    /// stops at the first and last page (and at a navigation policy's limit), and nothing that
    /// settles or decelerates goes past them: there is no overscroll at all.
    public var bounces: Bool
    /// Whether the pages go round (a circular onboarding): there are no ends, so offsets are
    /// not limited to the pages and nothing rubber-bands except at a navigation policy's
    /// limit. The controller sets it from ``TutorialController/isCircular``.
    public var isCircular = false

    /// Creates a configuration.
    public init(
      pageWidth: Double, pageCount: Int, isPagingEnabled: Bool = true,
      decelerationRate: DecelerationRate = .normal,
      rubberBandCoefficient: Double = 0.55, maximumPagesPerFlick: Int = 1,
      springResponse: Double = 0.3, bounces: Bool = true
    ) {
      self.bounces = bounces
      self.pageWidth = pageWidth.isFinite && pageWidth > 0 ? pageWidth : 1
      self.pageCount = Swift.max(0, pageCount)
      self.isPagingEnabled = isPagingEnabled
      self.decelerationRate = decelerationRate
      self.rubberBandCoefficient =
        rubberBandCoefficient.isFinite ? rubberBandCoefficient.clamped(to: 0.01...10) : 0.55
      self.maximumPagesPerFlick = Swift.max(1, maximumPagesPerFlick)
      self.springResponse = springResponse.isFinite ? springResponse.clamped(to: 0.01...10) : 0.3
    }

    /// The offset of the last page.
    public var maximumOffset: Double { Double(Swift.max(0, pageCount - 1)) * pageWidth }
  }

  /// What the content is doing.
  public enum Phase: Hashable, Sendable {
    /// At rest.
    case idle
    /// Following a finger: the offset and finger x when the drag began.
    case dragging(startOffset: Double, startFinger: Double, startPage: Int)
    /// A spring carrying the offset to `target`.
    case settling(target: Double)
    /// Slowing down freely (paging off).
    case decelerating
    /// A programmatic animation.
    case animating(from: Double, to: Double, elapsed: Double, duration: Double, easing: Easing)
  }

  /// The constants.
  public var configuration: Configuration
  /// The content offset in points.
  public private(set) var offset: Double
  /// The velocity in points per second (positive moves towards later pages).
  public private(set) var velocity: Double = 0
  /// What is happening.
  public private(set) var phase: Phase = .idle
  /// The range the content may rest in; outside it rubber-bands. Defaults to all pages.
  public var allowedRange: ClosedRange<Double>
  /// Whether the last release aimed past ``allowedRange`` (a page a navigation policy keeps
  /// the reader from) and was held back to it.
  public private(set) var releaseWasLimited = false

  /// Creates the model at `offset` (clamped to the pages).
  public init(configuration: Configuration, offset: Double = 0) {
    self.configuration = configuration
    self.allowedRange = 0...configuration.maximumOffset
    self.offset = offset.isFinite ? offset.clamped(to: 0...configuration.maximumOffset) : 0
  }

  /// Whether nothing is moving.
  public var isIdle: Bool { phase == .idle }

  /// The page nearest the offset.
  public var nearestPage: Int {
    guard configuration.pageCount > 0 else { return 0 }
    if configuration.isCircular {
      return slot(at: offset)
    }
    return Int(
      (offset / configuration.pageWidth).rounded().clamped(
        to: 0...Double(configuration.pageCount - 1)))
  }

  // MARK: Input

  /// A finger went down at screen x and started moving the content: any motion stops.
  public mutating func beginDrag(fingerX: Double) {
    guard fingerX.isFinite else { return }
    phase = .dragging(startOffset: offset, startFinger: fingerX, startPage: nearestPage)
    velocity = 0
  }

  /// The finger moved to screen x: the content follows (rubber-banding past the allowed range).
  public mutating func drag(fingerX: Double) {
    guard case .dragging(let start, let finger, _) = phase, fingerX.isFinite else { return }
    offset = rubberBanded(start + (finger - fingerX))
  }

  /// The finger lifted with `velocity` (points per second of content offset; a swipe to the
  /// left — towards later pages — is positive).
  public mutating func endDrag(velocity v: Double) {
    guard case .dragging(_, _, let startPage) = phase else { return }
    let v = v.isFinite ? v.clamped(to: -20_000...20_000) : 0
    let w = configuration.pageWidth
    if configuration.isPagingEnabled {
      let rate = configuration.decelerationRate.value
      let projected = offset + v / 1000 * rate / (1 - rate)
      // Page numbers here are slots (a circular onboarding's are not limited to the pages).
      let slots = -1e15...1e15
      let lowest = Int((allowedRange.lowerBound / w).rounded(.up).clamped(to: slots))
      let highest = Swift.max(
        lowest, Int((allowedRange.upperBound / w).rounded(.down).clamped(to: slots)))
      let reach = configuration.maximumPagesPerFlick
      let aimed = Int((projected / w).rounded().clamped(to: slots))
        .clamped(startPage - reach, startPage + reach)
      let page = aimed.clamped(lowest, highest)
      releaseWasLimited = page != aimed
      let target = Double(page) * w
      velocity = v
      phase = .settling(target: target)
    } else {
      velocity = v
      phase =
        allowedRange.contains(offset)
        ? .decelerating : .settling(target: offset.clamped(to: allowedRange))
    }
  }

  /// Scrolls to `page` (clamped to the pages unless they go round, where it is any slot), over
  /// `duration` seconds with `easing`, or at once.
  public mutating func scroll(
    toPage page: Int, animated: Bool = true, duration: Double = 0.35, easing: Easing = .easeInOut
  ) {
    guard configuration.pageCount > 0 else { return }
    let slot = configuration.isCircular ? page : page.clamped(0, configuration.pageCount - 1)
    let target = Double(slot) * configuration.pageWidth
    velocity = 0
    if animated, duration > 0, duration.isFinite {
      phase = .animating(from: offset, to: target, elapsed: 0, duration: duration, easing: easing)
    } else {
      offset = target
      phase = .idle
    }
  }

  /// Lets a spring carry the content to `target` from where it is, keeping its velocity.
  public mutating func settle(to target: Double) {
    guard target.isFinite else { return }
    phase = .settling(target: target)
  }

  /// Jumps to `offset` at once, stopping any motion.
  public mutating func setOffset(_ x: Double) {
    guard x.isFinite else { return }
    offset = x
    velocity = 0
    phase = .idle
  }

  /// The slot (page place, not limited to the pages) nearest the offset `x`, within ±10¹⁵.
  func slot(at x: Double) -> Int {
    Int((x / configuration.pageWidth).rounded().clamped(to: -1e15...1e15))
  }

  /// Moves everything that is a place — the offset, the drag's start, the target, the allowed
  /// range — by `dx` points, leaving the motion as it was: how a circular onboarding takes its
  /// offset round the circle without a jump.
  public mutating func shift(by dx: Double) {
    guard dx.isFinite, dx != 0 else { return }
    offset += dx
    allowedRange = (allowedRange.lowerBound + dx)...(allowedRange.upperBound + dx)
    switch phase {
    case .idle, .decelerating: break
    case .dragging(let start, let finger, let page):
      phase = .dragging(
        startOffset: start + dx, startFinger: finger, startPage: page + slot(at: dx))
    case .settling(let target): phase = .settling(target: target + dx)
    case .animating(let from, let to, let elapsed, let duration, let easing):
      phase = .animating(
        from: from + dx, to: to + dx, elapsed: elapsed, duration: duration, easing: easing)
    }
  }

  // MARK: Time

  /// Advances the motion by `dt` seconds (0 or negative does nothing; at most 1 s is taken at a time).
  public mutating func step(_ dt: Double) {
    guard dt > 0, dt.isFinite else { return }
    let dt = Swift.min(dt, 1)
    switch phase {
    case .idle, .dragging:
      return
    case .settling(let target):
      // Critically damped spring, integrated exactly: x(t) = (x0 + (v0 + ωx0)t)e^(−ωt).
      let omega = 2 * Double.pi / configuration.springResponse
      let x0 = offset - target
      let v0 = velocity
      let e = _exp(-omega * dt)
      let x = (x0 + (v0 + omega * x0) * dt) * e
      let v = (v0 - omega * (v0 + omega * x0) * dt) * e
      offset = target + x
      velocity = v
      if !configuration.bounces, !configuration.isCircular,
        !(0...configuration.maximumOffset).contains(offset)
      {
        // No overshoot past an end: the spring's swing stops there.
        offset = offset.clamped(to: 0...configuration.maximumOffset)
      }
      if Swift.abs(x) < 0.01 && Swift.abs(v) < 1 {
        offset = target
        velocity = 0
        phase = .idle
      }
    case .decelerating:
      // v(t) = v0·r^(1000t); the offset moves by the integral.
      let r = configuration.decelerationRate.value
      let k = 1000 * _log(r)
      let decay = _exp(k * dt)
      offset += velocity * (decay - 1) / k
      velocity *= decay
      if !configuration.bounces, !allowedRange.contains(offset) {
        offset = offset.clamped(to: allowedRange)
        velocity = 0
        phase = .idle
      } else if !allowedRange.contains(offset) {
        phase = .settling(target: offset.clamped(to: allowedRange))
      } else if Swift.abs(velocity) < 1 {
        velocity = 0
        phase = .idle
      }
    case .animating(let from, let to, let elapsed, let duration, let easing):
      let t = elapsed + dt
      if t >= duration {
        offset = to
        velocity = 0
        phase = .idle
      } else {
        let previous = offset
        offset = from + (to - from) * easing(t / duration)
        velocity = (offset - previous) / dt
        phase = .animating(from: from, to: to, elapsed: t, duration: duration, easing: easing)
      }
    }
  }

  /// The offset shown for a raw (finger-driven) offset: itself inside the allowed range,
  /// rubber-banded outside it (or held at its ends when ``Configuration/bounces`` is off).
  public func rubberBanded(_ raw: Double) -> Double {
    if !configuration.bounces { return raw.clamped(to: allowedRange) }
    let d = configuration.pageWidth
    let c = configuration.rubberBandCoefficient
    func band(_ x: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }
    if raw < allowedRange.lowerBound {
      return allowedRange.lowerBound - band(allowedRange.lowerBound - raw)
    }
    if raw > allowedRange.upperBound {
      return allowedRange.upperBound + band(raw - allowedRange.upperBound)
    }
    return raw
  }
}

extension Int {
  func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), Swift.max(lo, hi)) }
}
