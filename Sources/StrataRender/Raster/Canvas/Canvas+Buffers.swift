import Strata

extension Canvas {
  /// The working buffers a canvas grows while it draws — flattened paths, the stroker's and
  /// shadows' buffers, span colours and coverage — which a renderer keeps from frame to frame so that
  /// drawing a sequence does not grow them anew each frame.
  struct Buffers: Sendable {
    var flattened: FlattenedPath
    var coverFlattened: FlattenedPath
    var stroke: Stroker.Scratch
    var shadow: ShadowScratch
    var spanColors: [UInt32]
    var spanCoverage: [UInt8]
  }

  /// Takes over `buffers` (emptied paths keep their memory).
  func adopt(_ buffers: Buffers) {
    flattened = buffers.flattened
    coverFlattened = buffers.coverFlattened
    strokeScratch = buffers.stroke
    shadowScratch = buffers.shadow
    spanColors = buffers.spanColors
    spanCoverage = buffers.spanCoverage
  }

  /// Gives up the buffers, for the next canvas.
  func releaseBuffers() -> Buffers {
    defer {
      flattened = FlattenedPath()
      coverFlattened = FlattenedPath()
      strokeScratch = Stroker.Scratch()
      shadowScratch = ShadowScratch()
      spanColors = []
      spanCoverage = []
    }
    return Buffers(
      flattened: flattened, coverFlattened: coverFlattened, stroke: strokeScratch,
      shadow: shadowScratch, spanColors: spanColors, spanCoverage: spanCoverage)
  }
}

/// A canvas's working buffers kept between the frames of a renderer (and its copies): one set,
/// taken by the frame being drawn; a frame drawn meanwhile on another thread starts its own.
final class CanvasBufferPool: Sendable {
  private let kept = Locked<Canvas.Buffers?>(nil)

  /// Takes the kept buffers, if no other frame holds them.
  func take() -> Canvas.Buffers? {
    kept.withLock { k in
      defer { k = nil }
      return k
    }
  }

  /// Keeps `buffers` for the next frame.
  func give(_ buffers: Canvas.Buffers) {
    kept.withLock { $0 = buffers }
  }
}
