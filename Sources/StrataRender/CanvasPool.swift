import Strata
import StrataIO
import StrataRaster

/// Canvases, each with the player of its display lists, kept between the frames of a renderer
/// (and its copies) with everything they grew while drawing — group layers, clip masks,
/// covers, plans, flattened paths, the stroker's and shadows' buffers, span colours and
/// coverage — so that drawing a sequence frame after frame allocates none of it anew.
///
/// A canvas is taken by one frame at a time; frames drawn at once on other threads take
/// other kept canvases, or new ones.
final class CanvasPool: Sendable {
  /// A canvas handed whole from one frame to the next: the frame that takes it out of the
  /// pool is the only one to touch it until it gives it back, so it never is shared.
  private struct Kept: @unchecked Sendable {
    let canvas: Canvas
    let player: DisplayListPlayer
  }

  private let kept = Locked<[Kept]>([])
  /// How many canvases are kept at most (one per thread drawing at once).
  static let limit = 8

  /// A canvas drawing into `buffer`'s memory (taken, as ``Canvas/init(taking:)`` does), and
  /// its player: kept ones when there are.
  func take(taking buffer: inout RasterImage) -> (Canvas, DisplayListPlayer) {
    guard let k = kept.withLock({ $0.popLast() }) else {
      return (Canvas(taking: &buffer), DisplayListPlayer())
    }
    k.canvas.restart(taking: &buffer)
    return (k.canvas, k.player)
  }

  /// The canvases of bands, by band number: band k of every frame takes the one band k gave
  /// back, whichever thread draws it, so what each has grown to hold settles with the frames
  /// (a canvas handed whichever band came would meet a larger one now and then, and grow).
  private let bands = Locked<[Kept?]>([])
  /// The most bands whose canvases are kept by number; later bands share the others.
  static let numberedBands = 64

  /// A canvas drawing the rows `band` of a larger frame straight into that frame's memory
  /// (`rows` is the band's first pixel; see `Canvas.restart(drawingInto:rows:)`), and its
  /// player: the ones band `number` drew with last when there are.
  func take(band number: Int, drawingInto rows: UnsafeMutableRawPointer, rows band: IntRect)
    -> (Canvas, DisplayListPlayer)
  {
    let k =
      number < Self.numberedBands
      ? bands.withLock { b -> Kept? in
        guard number < b.count else { return nil }
        defer { b[number] = nil }
        return b[number]
      }
      : kept.withLock { $0.popLast() }
    let canvas = k?.canvas ?? Canvas(buffer: .placeholder)
    canvas.restart(drawingInto: rows, rows: band)
    return (canvas, k?.player ?? DisplayListPlayer())
  }

  /// Keeps the canvas and player band `number` drew with, for that band of a later frame.
  func give(band number: Int, _ canvas: Canvas, _ player: DisplayListPlayer) {
    guard number < Self.numberedBands else {
      give(canvas, player)
      return
    }
    bands.withLock { b in
      while b.count <= number { b.append(nil) }
      b[number] = Kept(canvas: canvas, player: player)
    }
  }

  /// Keeps `canvas` and its `player` for a later frame, once it has given its drawing back.
  func give(_ canvas: Canvas, _ player: DisplayListPlayer) {
    kept.withLock { k in
      if k.count < Self.limit { k.append(Kept(canvas: canvas, player: player)) }
    }
  }
}
