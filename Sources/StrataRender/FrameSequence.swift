import Strata

/// The page position of every frame of a scripted run, and the rendering of those frames.
public struct FrameSequence: Hashable, Sendable {
  /// The page position of each frame, in order.
  public var positions: [Double]
  /// Frames per second.
  public var fps: Double

  /// Creates a sequence from positions.
  public init(positions: [Double], fps: Double) {
    self.positions = positions
    self.fps = fps
  }

  /// The most frames a sequence holds (a longer run is sampled more sparsely).
  public static let maximumFrames = 1_000_000

  /// How long ``swipe(pages:fps:rest:transition:frameCount:)`` lasts, in seconds:
  /// `pages · rest + (pages − 1) · transition`, whatever the number of frames.
  public static func swipeDuration(pages: Int, rest: Double = 0.5, transition: Double = 0.6)
    -> Double
  {
    let n = Swift.max(1, pages)
    return Double(n) * Swift.max(0, rest) + Double(n - 1) * Swift.max(0.01, transition)
  }

  /// A swipe through every page: a rest on each page and an eased transition between them.
  ///
  /// The run lasts `pages · rest + (pages − 1) · transition` seconds; transitions ease in and
  /// out (cubic). With `frameCount` the run is sampled in that many evenly spaced frames;
  /// otherwise at `fps`, one frame every 1/fps seconds, both ends included — at most
  /// ``maximumFrames`` frames either way.
  public static func swipe(
    pages: Int, fps: Double = 60, rest: Double = 0.5, transition: Double = 0.6,
    frameCount: Int? = nil
  ) -> FrameSequence {
    let n = Swift.max(1, pages)
    let rest = Swift.max(0, rest)
    let transition = Swift.max(0.01, transition)
    let duration = swipeDuration(pages: n, rest: rest, transition: transition)
    let natural = (duration * (fps.isFinite && fps > 0 ? fps : 60)).rounded() + 1
    let count = Swift.min(
      maximumFrames, Swift.max(1, frameCount ?? Int(natural.clamped(to: 1...Double(maximumFrames))))
    )
    let step = count > 1 ? duration / Double(count - 1) : 0
    let positions = (0..<count).map { i -> Double in
      let t = Double(i) * step
      let cycle = rest + transition
      let k = Swift.min(Double(n - 1), (t / cycle).rounded(.down))
      let into = t - k * cycle
      guard k < Double(n - 1), into > rest else { return k }
      return k + Easing.cubicInOut((into - rest) / transition)
    }
    return FrameSequence(positions: positions, fps: fps)
  }
}
