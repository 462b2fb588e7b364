/// A node that shows one frame of an ``AnimatedVectorImage`` (a Lottie animation, read by
/// StrataAssets' `LottieImporter`), placed by a ``ContentMode``.
///
/// Play it by setting ``currentFrame`` by hand, or let the controller drive it: ``scrub`` ties
/// the frame to the page position (a scroll-driven animation), ``clockPlayback`` plays it on
/// the controller's clock, looping or once (a time-driven one), and with both the swipe moves
/// the clock's frame on. A ``TimedAnimation`` with a ``TimedAnimation/Track/Kind/frame`` track
/// plays it from an event, and the ``Scrub`` animator from a layer's animators.
///
/// ```swift
/// let hero = AnimatedImageNode(animation: animation, name: "hero")
/// hero.scrub = Scrub(from: 1, to: 0)  // plays as the page arrives
/// hero.clockPlayback = ClockPlayback(loops: true)  // and idles on the clock
/// ```
open class AnimatedImageNode: Node {
  /// The animation.
  public var animation: AnimatedVectorImage {
    didSet { drawn = nil }
  }
  /// The frame shown, in the animation's frames (clamped to its span when drawn; fractions
  /// blend).
  public var currentFrame: Double
  /// The frame shown when motion is reduced (``Scrub`` sets it); `nil` for the first frame.
  public var stillFrame: Double?
  /// How the animation is placed in the bounds.
  public var contentMode: ContentMode
  /// Ties the frame to the page position when set (the controller applies it on every
  /// update, before timed animations).
  public var scrub: Scrub?
  /// Plays the animation on the controller's clock when set.
  public var clockPlayback: ClockPlayback?
  /// The last frame drawn and its image, so that asking twice draws once.
  private var drawn: (frame: Double, image: VectorImage)?

  /// Creates a node at the animation's first frame. With a `.zero` frame, the node takes the
  /// animation's size at the origin.
  public init(
    animation: AnimatedVectorImage, frame: Rect = .zero, contentMode: ContentMode = .aspectFit,
    name: String? = nil
  ) {
    self.animation = animation
    self.currentFrame = animation.frames.lowerBound
    self.contentMode = contentMode
    let f = frame.isEmpty ? Rect(origin: frame.origin, size: animation.size) : frame
    super.init(frame: f, name: name)
    passesTouchesThrough = true
  }

  /// Sets ``currentFrame`` from ``scrub`` and ``clockPlayback`` for `transition` and the
  /// controller's `clock` (seconds); under reduced motion, ``stillFrame``. With neither set it
  /// does nothing.
  public func drive(page: Int?, transition: PageTransition, clock: Double) {
    guard scrub != nil || clockPlayback != nil else { return }
    let span = scrub?.frames ?? clockPlayback?.frames ?? animation.frames
    if transition.isMotionReduced {
      currentFrame = stillFrame ?? span.lowerBound
      return
    }
    var frame = scrub?.frame(in: span, page: page, transition: transition) ?? span.lowerBound
    if let play = clockPlayback {
      frame = play.frame(startingAt: frame, in: span, clock: clock, frameRate: animation.frameRate)
    }
    currentFrame = frame
  }

  /// Whether ``clockPlayback`` still moves the frame at `clock`.
  public func isPlaying(atClock clock: Double) -> Bool {
    guard let play = clockPlayback else { return false }
    let span = play.frames ?? animation.frames
    return play.isPlaying(atClock: clock, span: span, frameRate: animation.frameRate)
  }

  /// The still image of ``currentFrame``.
  public var currentImage: VectorImage {
    if let drawn, drawn.frame == currentFrame { return drawn.image }
    let image = animation.image(atFrame: currentFrame)
    drawn = (currentFrame, image)
    return image
  }

  /// The current frame's image and its placement.
  open override var content: SceneNode.Content { .image(.vector(currentImage), contentMode) }

  /// The animation's size, scaled down to fit the proposal keeping its shape.
  open override func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size {
    let size = animation.size
    guard size.width > 0, size.height > 0 else { return bounds.size }
    let k = Swift.min(1, proposal.width / size.width, proposal.height / size.height)
    return Size(width: size.width * k, height: size.height * k)
  }
}

/// Plays an ``AnimatedImageNode`` with the scroll: its frame follows the page position, from
/// the animation's first frame at page position `from` to its last at `to` (for the paged
/// layers, the node's page's position: +1 one page to the right, 0 centred, −1 one page to
/// the left; for the static layers, the scroll's page position). Under reduced motion the
/// node shows its ``AnimatedImageNode/stillFrame``.
///
/// ```swift
/// // The animation plays as the page arrives from the right and settles at its last frame.
/// let arrive = Scrub(from: 1, to: 0)
/// ```
public struct Scrub: PageAnimation, Hashable {
  /// The page position of the first frame.
  public var from: Double
  /// The page position of the last frame.
  public var to: Double
  /// The frames played, when not the animation's whole span.
  public var frames: ClosedRange<Double>?

  /// Creates the animator; by default the animation plays over the page's whole pass, from
  /// one page to the right to one page to the left.
  public init(from: Double = 1, to: Double = -1, frames: ClosedRange<Double>? = nil) {
    self.from = from.isFinite ? from : 1
    self.to = to.isFinite ? to : -1
    self.frames = frames
  }

  /// Sets the node's frame for `transition` (nodes that are not animated images are left
  /// alone).
  public func animate(_ node: Node, page: Int?, transition: PageTransition) {
    guard let n = node as? AnimatedImageNode else { return }
    let span = frames ?? n.animation.frames
    if transition.isMotionReduced {
      n.currentFrame = n.stillFrame ?? span.lowerBound
      return
    }
    n.currentFrame = frame(in: span, page: page, transition: transition)
  }

  /// The frame of `span` for the page's position in `transition`.
  public func frame(in span: ClosedRange<Double>, page: Int?, transition: PageTransition)
    -> Double
  {
    let p = page.map { transition.position(of: $0) } ?? transition.pagePosition
    let t = from == to ? (p >= to ? 1 : 0) : ((p - from) / (to - from)).clamped(to: 0...1)
    return span.lowerBound + (span.upperBound - span.lowerBound) * t
  }

  /// It runs under reduced motion, showing the node's still frame.
  public var reducedMotion: ReducedMotionBehavior { .keep }
}

/// Plays an ``AnimatedImageNode`` on the controller's clock: from ``start`` (seconds of the
/// clock) at the animation's own frame rate times ``speed``, looping or once (then holding its
/// last frame). A frame is a function of the clock, so renders and scripted sessions stay
/// deterministic.
public struct ClockPlayback: Hashable, Sendable {
  /// Whether it starts again after its last frame.
  public var loops: Bool
  /// How fast it plays (1: the animation's frame rate; 0 or less, or not finite: 1).
  public var speed: Double
  /// The clock time it starts at, seconds.
  public var start: Double
  /// The frames played, when not the animation's whole span.
  public var frames: ClosedRange<Double>?

  /// Creates a playback.
  public init(
    loops: Bool = true, speed: Double = 1, start: Double = 0, frames: ClosedRange<Double>? = nil
  ) {
    self.loops = loops
    self.speed = speed.isFinite && speed > 0 ? speed : 1
    self.start = start.isFinite ? start : 0
    self.frames = frames
  }

  /// The frame at `clock`, counted on from `base` (the frame the page gives, or the span's
  /// first): wrapped round the span when looping, held at its end otherwise.
  public func frame(
    startingAt base: Double, in span: ClosedRange<Double>, clock: Double, frameRate: Double
  ) -> Double {
    let elapsed = clock.isFinite ? Swift.max(0, clock - start) : 0
    let length = span.upperBound - span.lowerBound
    guard length > 0 else { return span.lowerBound }
    let f = base - span.lowerBound + elapsed * frameRate * speed
    if loops {
      let wrapped = f - length * (f / length).rounded(.down)
      return span.lowerBound + (wrapped.isFinite ? wrapped : 0)
    }
    return span.lowerBound + Swift.min(length, Swift.max(0, f))
  }

  /// Whether the frame still changes at `clock` (a loop always does; a single run until its
  /// end).
  public func isPlaying(atClock clock: Double, span: ClosedRange<Double>, frameRate: Double)
    -> Bool
  {
    guard span.upperBound > span.lowerBound else { return false }
    if loops { return true }
    return clock < start + (span.upperBound - span.lowerBound) / (frameRate * speed)
  }
}

extension TimedAnimation {
  /// Plays `animation` on the clock in the node named `target` (an ``AnimatedImageNode``):
  /// over `frames` (its whole span by default) at its frame rate times `speed`, once or
  /// looping. Start it with ``TutorialController/run(_:at:)``.
  public static func playing(
    _ target: String, _ animation: AnimatedVectorImage, frames: ClosedRange<Double>? = nil,
    loops: Bool = false, speed: Double = 1
  ) -> TimedAnimation {
    let span = frames ?? animation.frames
    let rate = animation.frameRate * (speed.isFinite && speed > 0 ? speed : 1)
    return TimedAnimation(
      target: target, tracks: [.frame([span.lowerBound, span.upperBound])],
      duration: (span.upperBound - span.lowerBound) / rate, repeatCount: loops ? .infinity : 1)
  }
}
