import Strata
import StrataIO
import StrataRaster
import StrataText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FrameRenderer {
  /// The processors this machine has online (at least 1): what single frames drawn by the
  /// command-line tool, the preview and the host's compositor use for ``threads``.
  public static var processorCount: Int {
    Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// The fewest rows a band holds: below this a frame is not worth splitting.
  static let smallestBand = 64

  /// How many bands a frame `height` rows tall is drawn in on `threads` threads: a few per
  /// thread, so that a thread whose bands are quick takes another, each at least
  /// ``smallestBand`` rows; 1 when the frame is drawn at once.
  static func bandCount(height: Int, threads: Int) -> Int {
    guard threads > 1 else { return 1 }
    // No more bands than rows allow, whatever `threads` is (doubling it could overflow).
    let most = Swift.max(1, height / smallestBand)
    return threads >= most ? most : Swift.min(2 * threads, most)
  }

  /// Draws `list` into `buffer` (of the list's size) in bands of rows on `threads` threads, each
  /// band a canvas of its own drawing straight into its rows of `buffer`, whose pixels are
  /// those of the same rows drawn at once (see `Canvas.restart(drawingInto:rows:)`). The bands hold equal
  /// shares of the list's estimated work (``bandTops(_:bands:)``), not equal rows.
  func drawInBands(
    _ list: DisplayList, into buffer: inout RasterImage, bands: Int, threads: Int,
    clearTo fill: UInt32?
  ) {
    // Every path is flattened (and every stroke outlined) once, for all the bands.
    let prepared = outlines.take() ?? PreparedOutlines()
    defer { outlines.give(prepared) }
    Self.bandTops(list, bands: bands, into: &prepared.split)
    let tops = prepared.split.tops
    prepared.prepare(list, threads: threads, glyphCache: glyphCache, bandTops: tops)
    buffer.pixels.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      let job = prepared.bands
      job.frame = Bands.Frame(
        list: list, tops: tops, rows: SharedRows(base: base), fill: fill, canvases: canvases,
        glyphCache: glyphCache, outlines: prepared)
      takeTurns(count: tops.count, workers: threads, job: job)
      job.frame = nil
    }
  }

  /// The bands of one frame, handed to the threads that draw them: an object kept from frame
  /// to frame (in ``PreparedOutlines``), so that handing out the bands allocates nothing.
  final class Bands: TurnJob, @unchecked Sendable {
    /// What the bands of the frame being drawn share.
    struct Frame {
      let list: DisplayList
      let tops: [Int]
      fileprivate let rows: SharedRows
      let fill: UInt32?
      let canvases: CanvasPool
      let glyphCache: GlyphCache
      let outlines: PreparedOutlines
    }

    /// Set while a frame is drawn.
    var frame: Frame?

    func take(worker: Int, item band: Int) {
      guard let f = frame else { return }
      let top = f.tops[band]
      let bottom = band + 1 < f.tops.count ? f.tops[band + 1] : f.list.height
      let rows = IntRect(x: 0, y: top, width: f.list.width, height: bottom - top)
      FrameRenderer.drawBand(
        band, of: f.list, rows: rows, into: f.rows, clearTo: f.fill, canvases: f.canvases,
        glyphCache: f.glyphCache, outlines: f.outlines)
    }
  }

  /// The first row of each band of `list` drawn in `bands` bands: the rows split where each band
  /// holds an equal share of the work, estimated per row as the frame's width (clearing, and
  /// what every row costs) plus the widths of every command's bounds that cross it (control points
  /// included: a cheap, generous box); each band at least ``smallestBand`` rows tall. The
  /// split changes how long bands take, never their pixels.
  static func bandTops(_ list: DisplayList, bands: Int) -> [Int] {
    var split = BandSplit()
    bandTops(list, bands: bands, into: &split)
    return split.tops
  }

  /// ``bandTops(_:bands:)`` into `split.tops`, in the memory `split` kept from the frame before.
  static func bandTops(_ list: DisplayList, bands: Int, into split: inout BandSplit) {
    let height = list.height
    let width = list.width
    split.tops.removeAll(keepingCapacity: true)
    split.tops.append(0)
    guard bands > 1, height >= 2 * smallestBand else { return }
    // Work per row, as differences: +w where a box starts, −w where it ends.
    split.change.removeAll(keepingCapacity: true)
    split.change.append(contentsOf: repeatElement(0, count: height + 1))
    // A row of the frame from a coordinate of any size (clamped before it becomes an integer).
    func row(_ y: Double, _ rule: FloatingPointRoundingRule) -> Int {
      guard !y.isNaN else { return 0 }
      return Int(Swift.min(Swift.max(y, 0), Double(height)).rounded(rule))
    }
    for command in list.commands {
      guard let box = roughBounds(command) else { continue }
      let top = row(box.minY, .down)
      let bottom = row(box.maxY, .up)
      let w = Swift.max(0, Swift.min(Double(width), box.maxX) - Swift.max(0, box.minX))
      guard bottom > top, w > 0 else { continue }
      split.change[top] += w
      split.change[bottom] -= w
    }
    var total = 0.0
    var running = 0.0
    split.cumulative.removeAll(keepingCapacity: true)
    split.cumulative.append(0)
    for y in 0..<height {
      running += split.change[y]
      total += Double(width) + Swift.max(0, running)
      split.cumulative.append(total)
    }
    var y = 0
    for k in 1..<bands {
      let share = total * Double(k) / Double(bands)
      while y < height && split.cumulative[y] < share { y += 1 }
      let top = Swift.max(y, split.tops[split.tops.count - 1] + smallestBand)
      guard top <= height - smallestBand else { break }
      split.tops.append(top)
    }
  }

  /// The memory ``bandTops(_:bands:into:)`` works in, kept from frame to frame (in
  /// ``PreparedOutlines``) so that a swipe drawn in bands allocates nothing for it.
  package struct BandSplit {
    /// The first row of each band.
    package var tops: [Int] = []
    /// The work per row, as differences, and summed from the first row.
    var change: [Double] = []
    var cumulative: [Double] = []

    /// Empty memory.
    package init() {}
  }

  /// A box holding what `command` draws, in device pixels (its path's points, control points
  /// included, through its transform; a group's bounds), or nil for what draws nothing itself.
  static func roughBounds(_ command: DisplayList.Command) -> Rect? {
    func box(_ path: Path, _ t: Transform, outset: Double) -> Rect? {
      var l = Double.infinity
      var top = Double.infinity
      var r = -Double.infinity
      var b = -Double.infinity
      func add(_ p: Point) {
        let q = t.apply(to: p)
        l = Swift.min(l, q.x)
        top = Swift.min(top, q.y)
        r = Swift.max(r, q.x)
        b = Swift.max(b, q.y)
      }
      for element in path.elements {
        switch element {
        case .move(let p), .line(let p): add(p)
        case .quad(let p, let c):
          add(p)
          add(c)
        case .cubic(let p, let c1, let c2):
          add(p)
          add(c1)
          add(c2)
        case .close: continue
        }
      }
      guard l <= r, top <= b, l.isFinite, r.isFinite, top.isFinite, b.isFinite else { return nil }
      return Rect(
        x: l - outset, y: top - outset, width: r - l + 2 * outset, height: b - top + 2 * outset)
    }
    switch command {
    case .fill(let p, let t, _, _, _): return box(p, t, outset: 1)
    case .stroke(let p, let t, _, let style, _):
      return box(p, t, outset: style.width * t.maximumScale + 1)
    case .shadow(let p, let t, _, let offset, let sigma, _):
      return box(
        p, t.concatenating(Transform(translation: offset)),
        outset: 3 * (sigma.isFinite ? Swift.min(Swift.max(sigma, 0), 500) : 0) + 1)
    case .image(let image, let t, _):
      // The image's rectangle through its transform (its corners, without building a path).
      let r = t.apply(
        to: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
      guard r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return nil }
      return Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2)
    case .beginGroup(_, let bounds): return bounds
    default: return nil
    }
  }

  /// Draws band `number`, the rows `rows` of `list`, straight into `frame`'s memory.
  fileprivate static func drawBand(
    _ number: Int, of list: DisplayList, rows: IntRect, into frame: SharedRows,
    clearTo fill: UInt32?, canvases: CanvasPool, glyphCache: GlyphCache,
    outlines: PreparedOutlines
  ) {
    let first = frame.base + rows.y * rows.width * 4
    if let fill {
      first.bindMemory(to: UInt32.self, capacity: rows.width * rows.height)
        .update(repeating: fill, count: rows.width * rows.height)
    }
    let (canvas, player) = canvases.take(band: number, drawingInto: first, rows: rows)
    player.outlines = outlines
    player.play(list, on: canvas, glyphCache: glyphCache)
    player.outlines = nil
    // The kept canvas must not hold on to the frame's memory.
    var nothing = RasterImage.placeholder
    canvas.restart(taking: &nothing)
    canvases.give(band: number, canvas, player)
  }
}

/// The frame's memory, written by the threads that draw its bands: each writes only its own
/// rows, and the frame is not touched otherwise until every band is done.
private struct SharedRows: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
}
