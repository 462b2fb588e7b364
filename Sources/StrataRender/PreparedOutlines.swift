import Strata
import StrataIO
import StrataRaster
import StrataText

/// The coarse stage of a frame drawn in bands: what every band would otherwise work out again,
/// worked out once and read by every band. That is the device-pixel outline of each fill,
/// stroke and glyph run drawn as outlines, with its bounds and its edges binned by strips of
/// rows (``EdgeBins``) when it reaches enough bands to pay for it, and the blurred mask of
/// each shadow. The outlines and masks are the
/// ones a canvas works out itself (`Canvas.fillOutline`, `Canvas.strokeOutline`,
/// `Canvas.glyphOutline`, `Canvas.shadowMask`), so the pixels are the same. Their memory is
/// kept from frame to frame.
final class PreparedOutlines: @unchecked Sendable {
  /// What was worked out for one command.
  struct Slot {
    var path = FlattenedPath()
    var bounds = Rect.zero
    var bins = EdgeBins()
    /// Whether `path`, `bounds` and `bins` are the command's outline.
    var hasOutline = false
    var mask = ShadowMask()
    var shadow = ShadowState.notPrepared
    /// The device rows the command can draw in lie within `top..<bottom` (everything unless
    /// it is a drawing command whose box is known): see ``misses(_:rows:)``.
    var top = -Double.infinity
    var bottom = Double.infinity
  }

  /// What a band does with a shadow.
  enum ShadowState {
    /// Draws it itself (not a shadow, or past ``shadowBudget``).
    case notPrepared
    /// Draws it from the slot's mask.
    case prepared
    /// Nothing of it shows in the frame: nothing to draw.
    case nothing
  }

  private var slots: [Slot] = []
  /// Where the frame's bands begin, worked out in memory kept from frame to frame.
  var split = FrameRenderer.BandSplit()
  /// The job that hands the frame's bands to its threads.
  let bands = FrameRenderer.Bands()
  private var scratches: [Stroker.Scratch] = []
  private var rasterizers: [Rasterizer] = []

  deinit { for r in rasterizers { Rasterizer.give(r) } }

  /// Commands in a chunk: the lanes of ``Chunks`` take chunks in turn.
  static let chunk = 16

  /// The most mask cells the shadows of one frame keep prepared at once (64 MiB unless set):
  /// shadows past it (by their rough size within the frame, in command order) are drawn by
  /// each band itself.
  var shadowBudget = 64 << 20

  /// The outline of command `i`, its bounds and its edges binned by strips of rows, if it is
  /// a fill, a stroke or a glyph run drawn as outlines.
  func outline(_ i: Int) -> (path: FlattenedPath, bounds: Rect, bins: EdgeBins)? {
    guard i < slots.count, slots[i].hasOutline else { return nil }
    return (slots[i].path, slots[i].bounds, slots[i].bins)
  }

  /// The blurred mask of command `i` when it is a prepared shadow; whether it is one at all
  /// is ``shadowState(_:)``.
  func shadow(_ i: Int) -> ShadowMask? {
    i < slots.count && slots[i].shadow == .prepared ? slots[i].mask : nil
  }

  /// Whether command `i`'s shadow was prepared, shows nothing, or is drawn by each band.
  func shadowState(_ i: Int) -> ShadowState {
    i < slots.count ? slots[i].shadow : .notPrepared
  }

  /// Whether command `i` draws nothing in `rows` (device pixels): a fill, stroke, glyph run,
  /// bitmap or shadow whose box lies wholly above or below them. A band passes such a command
  /// by without reading it; every other command (groups, clips, masks) is always played.
  @inline(__always) func misses(_ i: Int, rows: IntRect) -> Bool {
    guard i < slots.count else { return false }
    return slots[i].bottom <= Double(rows.y) || slots[i].top >= Double(rows.maxY)
  }

  /// The fewest bands an outline's rows must reach for its edges to be binned: binning costs
  /// about three looks through its edges, and saves a look through them in every band past
  /// the first.
  static let binnedBands = 4

  /// Works out the outlines and shadow masks of `list`, to be drawn in bands starting at rows
  /// `bandTops`, on up to `threads` threads, each running a lane of chunks of commands (see
  /// ``Chunks``).
  func prepare(
    _ list: DisplayList, threads: Int, glyphCache: GlyphCache, bandTops: [Int] = [0]
  ) {
    let n = list.commands.count
    if slots.count < n { slots += Array(repeating: Slot(), count: n - slots.count) }
    let frame = IntRect(x: 0, y: 0, width: list.width, height: list.height)
    // Which shadows fit the budget, by the size of their spread within the frame; and the
    // rows each shadow can touch, from the same box (see ``misses(_:rows:)``).
    var spent = 0
    for (i, command) in list.commands.enumerated() {
      slots[i].shadow = .notPrepared
      slots[i].top = -.infinity
      slots[i].bottom = .infinity
      guard case .shadow = command, let box = FrameRenderer.roughBounds(command) else { continue }
      // The box holds ⌈3σ⌉ + 1 pixels past the outline's points; the mask reaches ⌈3σ⌉ + 2
      // past its pixels: 4 more rows each way hold it, with room to spare.
      slots[i].top = box.minY - 4
      slots[i].bottom = box.maxY + 4
      let cells = IntRect(covering: box).intersection(frame)
      spent += cells.width * cells.height
      if spent <= shadowBudget { slots[i].shadow = .prepared }
    }
    let chunks = (n + Self.chunk - 1) / Self.chunk
    let workers = Swift.max(1, Swift.min(threads, chunks))
    if scratches.count < workers {
      scratches += Array(repeating: Stroker.Scratch(), count: workers - scratches.count)
    }
    while rasterizers.count < workers { rasterizers.append(Rasterizer.take()) }
    let rasterizers = rasterizers
    slots.withUnsafeMutableBufferPointer { s in
      scratches.withUnsafeMutableBufferPointer { k in
        guard let slots = s.baseAddress, let scratches = k.baseAddress else { return }
        preparing.work = Work(
          slots: slots, scratches: scratches, rasterizers: rasterizers, frame: frame,
          bandTops: bandTops, glyphCache: glyphCache)
        preparing.list = list
        preparing.lanes = workers
        takeTurns(count: workers, workers: workers, job: preparing)
        preparing.work = nil
        preparing.list = nil
      }
    }
  }

  /// The chunks of commands ``prepare(_:threads:glyphCache:bandTops:)`` hands to its threads,
  /// in an object kept from frame to frame (handing it out allocates nothing).
  ///
  /// The chunks are dealt to `lanes` lanes in turn (lane k takes chunks k, k + lanes, …), each
  /// lane working with scratch memory of its own: the same lane always meets the same chunks,
  /// so what its memory grows to hold settles with the frames of a swipe, whichever thread
  /// happens to run it.
  private final class Chunks: TurnJob, @unchecked Sendable {
    /// Set for the duration of one `prepare`.
    var work: Work?
    var list: DisplayList?
    var lanes = 1

    func take(worker: Int, item lane: Int) {
      guard let work, let commands = list?.commands else { return }
      var start = lane * PreparedOutlines.chunk
      while start < commands.count {
        for i in start..<Swift.min(commands.count, start + PreparedOutlines.chunk) {
          work.prepare(commands[i], at: i, worker: lane)
        }
        start += lanes * PreparedOutlines.chunk
      }
    }
  }

  private let preparing = Chunks()

  /// Where the workers write: each command's slot is written by one worker, each scratch and
  /// rasterizer used by one.
  private struct Work: @unchecked Sendable {
    let slots: UnsafeMutablePointer<Slot>
    let scratches: UnsafeMutablePointer<Stroker.Scratch>
    let rasterizers: [Rasterizer]
    /// The frame's pixels: the bins cover its rows, the shadows' masks what it shows.
    let frame: IntRect
    let bandTops: [Int]
    let glyphCache: GlyphCache

    /// How many of the bands the rows of `box` reach.
    func bandsReached(_ box: Rect) -> Int {
      guard box.minY.isFinite, box.maxY.isFinite else { return bandTops.count }
      var reached = 0
      for (k, top) in bandTops.enumerated() {
        let bottom = k + 1 < bandTops.count ? bandTops[k + 1] : frame.height
        if Double(bottom) > box.minY && Double(top) < box.maxY { reached += 1 }
      }
      return reached
    }

    func prepare(_ command: DisplayList.Command, at i: Int, worker: Int) {
      slots[i].hasOutline = false
      switch command {
      case .image:
        // The rough box (its corners through the transform, a pixel out) holds its pixels; the
        // rows a shadow can touch were noted with its budget.
        if let box = FrameRenderer.roughBounds(command) {
          slots[i].top = box.minY - 4
          slots[i].bottom = box.maxY + 4
        }
        return
      case .shadow(let p, let t, _, let offset, let sigma, _):
        guard slots[i].shadow == .prepared else { return }
        let shows = Canvas.shadowMask(
          of: p, transform: t, offset: offset, sigma: sigma, within: frame,
          flattened: &slots[i].path, rasterizer: rasterizers[worker], into: &slots[i].mask)
        if !shows { slots[i].shadow = .nothing }
        return
      case .fill(let p, let t, _, _, _):
        Canvas.fillOutline(p, transform: t, into: &slots[i].path)
      case .stroke(let p, let t, _, let style, _):
        Canvas.strokeOutline(
          p, transform: t, style: style, into: &slots[i].path, scratch: &scratches[worker])
      case .glyphs(let run, let t, _):
        guard
          Canvas.glyphOutline(of: run, transform: t, cache: glyphCache, into: &slots[i].path)
        else { return }
      default:
        return
      }
      slots[i].bounds = Canvas.bounds(of: slots[i].path.points)
      // A pixel row's coverage comes from the outline's points within it and beside it.
      slots[i].top = slots[i].bounds.minY - 1
      slots[i].bottom = slots[i].bounds.maxY + 1
      if bandsReached(slots[i].bounds) >= PreparedOutlines.binnedBands {
        slots[i].bins.bin(slots[i].path, height: frame.height)
      } else {
        slots[i].bins.clear()
      }
      slots[i].hasOutline = true
    }
  }
}
