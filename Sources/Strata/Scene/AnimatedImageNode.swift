/// A node that shows one frame of an ``AnimatedVectorImage`` (a Lottie animation, read by
/// StrataAssets' `LottieImporter`), placed by a ``ContentMode``.
///
/// Set ``currentFrame`` to play it: by hand, or with the ``Scrub`` animator, which ties the
/// frame to the page position (a scroll-driven animation).
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
    let p = page.map { transition.position(of: $0) } ?? transition.pagePosition
    let t = from == to ? (p >= to ? 1 : 0) : ((p - from) / (to - from)).clamped(to: 0...1)
    n.currentFrame = span.lowerBound + (span.upperBound - span.lowerBound) * t
  }

  /// It runs under reduced motion, showing the node's still frame.
  public var reducedMotion: ReducedMotionBehavior { .keep }
}
