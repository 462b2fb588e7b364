/// Canvases kept between the frames of a renderer (and its copies), with everything they grew
/// while drawing — group layers, clip masks, covers, flattened paths, the stroker's and
/// shadows' buffers, span colours and coverage — so that drawing a sequence frame after frame
/// allocates none of it anew.
///
/// A canvas is taken by one frame at a time; frames drawn at once on other threads take
/// other kept canvases, or new ones.
final class CanvasPool: Sendable {
  /// A canvas handed whole from one frame to the next: the frame that takes it out of the
  /// pool is the only one to touch it until it gives it back, so it never is shared.
  private struct Kept: @unchecked Sendable {
    let canvas: Canvas
  }

  private let kept = Locked<[Kept]>([])
  /// How many canvases are kept at most (one per thread drawing at once).
  static let limit = 4

  /// A canvas drawing into `buffer`'s memory (taken, as ``Canvas/init(taking:)`` does): a
  /// kept one when there is one.
  func take(taking buffer: inout PixelBuffer) -> Canvas {
    guard let canvas = kept.withLock({ $0.popLast()?.canvas }) else {
      return Canvas(taking: &buffer)
    }
    canvas.restart(taking: &buffer)
    return canvas
  }

  /// Keeps `canvas` for a later frame, once it has given its drawing back.
  func give(_ canvas: Canvas) {
    kept.withLock { k in
      if k.count < Self.limit { k.append(Kept(canvas: canvas)) }
    }
  }
}
