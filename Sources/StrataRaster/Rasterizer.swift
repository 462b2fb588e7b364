import Strata
import StrataIO

/// Computes the exact area coverage of polygons over a region of pixels.
///
/// This is a signed-area accumulation rasterizer: every edge adds, to the cells
/// of each pixel row it crosses, the signed area it sweeps to its right; a prefix
/// sum along the row then gives each pixel's covered area times the winding
/// number. For shapes whose edges do not overlap within a pixel the coverage is
/// exact (the analytic area, not a sampling estimate). The nonzero rule takes
/// min(|a|, 1); even-odd folds a into a triangle wave of period 2. See
/// Docs/Rendering.md for why this method was chosen.
///
/// Edges are clipped to the region first: the part left of the region becomes a
/// vertical edge on its left side (it still adds its full winding to every pixel to
/// its right), the part right of it is dropped, rows above and below are skipped.
/// So edges far off the canvas cost nothing and never overflow.
///
/// A region taller than two strips (``stripRows``) keeps its edges and adds them a strip at a
/// time, reading each strip's rows as soon as it is complete: the cells stay in the cache, and
/// the rasterizer needs a strip's cells, not a region's. Each edge goes on down the rows from
/// where the strip before left it, so the cells are exactly those of the whole region at once.
package final class Rasterizer: @unchecked Sendable {
  // Rasterizers keep their cell buffers between fills; a pool lets the canvases of successive
  // frames (on any thread) reuse them instead of allocating and faulting in megabytes per frame.
  private static let pool = Locked([Rasterizer]())

  /// A rasterizer from the pool, or a new one.
  package static func take() -> Rasterizer { pool.withLock { $0.popLast() } ?? Rasterizer() }

  /// Returns a rasterizer to the pool (at most four are kept).
  package static func give(_ r: Rasterizer) { pool.withLock { if $0.count < 4 { $0.append(r) } } }

  private(set) var region = IntRect.empty
  // These buffers are read and written in every inner loop: unchecked exclusivity keeps the
  // run-time access checks of class properties out of those loops (nothing here is reentrant).
  @exclusivity(unchecked) private var cells: [Float] = []
  @exclusivity(unchecked) private var rowMin: [Int32] = []
  @exclusivity(unchecked) private var rowMax: [Int32] = []
  /// The last touched cell that changes a visible pixel (cells from the width on only change
  /// pixels right of the region), or −1.
  @exclusivity(unchecked) private var rowVisibleMax: [Int32] = []
  /// One bit per block of cells (``blockShift``) of each row, in words of 64 blocks
  /// (``wordsPerRow`` a row), set when an edge touched a cell of the block: the cells of an
  /// unflagged block are all zero, so the inside of a wide shape is passed a word of blocks
  /// at a time, and only flagged blocks need clearing after a fill.
  @exclusivity(unchecked) private var touchedBlocks: [UInt64] = []
  /// One row's coverage, handed to the span callback.
  @exclusivity(unchecked) private var rowCoverage: [UInt8] = []
  private var stride = 0
  private var wordsPerRow = 0
  /// The edges of a tall region, kept to be added strip by strip (see ``stripRows``).
  var pending: [Edges.Pending] = []
  /// Whether this fill's edges are kept and added strip by strip.
  private var defers = false
  /// For a fill of more than ``scannedEdges`` edges: where each strip's edges begin in
  /// ``byStrip`` (and one more entry for the end), and a cursor per strip while they are placed.
  @exclusivity(unchecked) var stripFirst: [Int] = []
  @exclusivity(unchecked) var stripCursor: [Int] = []
  /// The kept edges' indices by the strip they start in (in the order they came within it).
  @exclusivity(unchecked) var byStrip: [Int] = []
  /// The edges that reach the strip being drawn, in the order they came, and the next strip's.
  @exclusivity(unchecked) var active: [Int] = []
  @exclusivity(unchecked) var nextActive: [Int] = []
  /// The edges a fill through ``EdgeBins`` adds, and the working memory that puts them back in
  /// the outline's order (``EdgeBins/mergeRuns(_:runs:scratch:)``), kept for their memory.
  var binned: [EdgeBins.Edge] = []
  var binnedScratch: [EdgeBins.Edge] = []
  var binnedRuns: [Int] = []

  /// The most kept edges each strip looks through whole; with more, the edges are sorted by the
  /// strip they start in and each strip looks only at those that reach it, so a path of very
  /// many edges costs no more in strips than at once.
  static let scannedEdges = 1024

  /// The rows of a strip: a region taller than two strips has its edges added a strip at a
  /// time, each strip read as soon as it is complete, so its cells are still in the cache
  /// (the cells of a whole frame are 12 MB of floats).
  static let stripRows = 32

  /// Prepares for a new fill over `region` (reusing the buffers).
  package func reset(region r: IntRect) {
    region = r
    stride = r.width + 2
    let blocksPerRow = (stride + Self.blockSize - 1) >> Self.blockShift
    wordsPerRow = (blocksPerRow + 63) >> 6
    pending.removeAll(keepingCapacity: true)
    defers = r.height > 2 * Self.stripRows
    // Cells and flags are zero between fills: forEachSpan clears the blocks it reads. A fill
    // added strip by strip needs a strip's rows of them.
    let rows = Swift.max(0, r.height)
    let cellRows = defers ? Self.stripRows : rows
    if cells.count < stride * cellRows {
      cells = [Float](repeating: 0, count: stride * cellRows)
    }
    if touchedBlocks.count < wordsPerRow * cellRows {
      touchedBlocks = [UInt64](repeating: 0, count: wordsPerRow * cellRows)
    }
    if rowCoverage.count < r.width { rowCoverage = [UInt8](repeating: 0, count: r.width) }
    if rowMin.count < rows {
      rowMin = [Int32](repeating: 0, count: rows)
      rowMax = [Int32](repeating: 0, count: rows)
      rowVisibleMax = [Int32](repeating: 0, count: rows)
    }
    // Filled through pointers: one uniqueness check per array, not one per row.
    rowMin.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: .max, count: rows) }
    rowMax.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: -1, count: rows) }
    rowVisibleMax.withUnsafeMutableBufferPointer {
      $0.baseAddress?.update(repeating: -1, count: rows)
    }
  }

  /// Adds every edge of the polylines (each closed implicitly) in device coordinates.
  package func add(_ polylines: [Polyline]) {
    withEdges { edges in
      for poly in polylines {
        let pts = poly.points
        guard pts.count > 1 else { continue }
        var a = pts[pts.count - 1]
        for b in pts {
          edges.addLine(a, b)
          a = b
        }
      }
    }
  }

  /// Adds every edge of the flattened subpaths (each closed implicitly), each point mapped
  /// through `mapping` first when one is given.
  package func add(_ flat: FlattenedPath, mapping: Transform? = nil) {
    withEdges { edges in
      flat.points.withUnsafeBufferPointer { pts in
        var start = 0
        for sub in flat.subpaths {
          defer { start = sub.end }
          guard sub.end - start > 1 else { continue }
          var a = mapping.map { $0.apply(to: pts[sub.end - 1]) } ?? pts[sub.end - 1]
          for k in start..<sub.end {
            let b = mapping.map { $0.apply(to: pts[k]) } ?? pts[k]
            edges.addLine(a, b)
            a = b
          }
        }
      }
    }
  }

  /// Runs `body` with the buffers as pointers, so adding each edge costs no array access checks.
  func withEdges(_ body: (inout Edges) -> Void) {
    let rows = Swift.max(0, region.height)
    guard rows > 0, region.width > 0 else { return }
    cells.withUnsafeMutableBufferPointer { c in
      rowMin.withUnsafeMutableBufferPointer { lo in
        rowMax.withUnsafeMutableBufferPointer { hi in
          rowVisibleMax.withUnsafeMutableBufferPointer { vis in
            touchedBlocks.withUnsafeMutableBufferPointer { f in
              guard let cb = c.baseAddress, let lb = lo.baseAddress, let hb = hi.baseAddress,
                let vb = vis.baseAddress, let fb = f.baseAddress
              else { return }
              var edges = Edges(
                region: region, stride: stride, wordsPerRow: wordsPerRow, cells: cb,
                rowMin: lb, rowMax: hb, rowVisibleMax: vb, touchedBlocks: fb)
              edges.defers = defers
              // The kept edges are moved in and out, so that appending does not copy them.
              swap(&edges.pending, &pending)
              body(&edges)
              swap(&edges.pending, &pending)
            }
          }
        }
      }
    }
  }

  /// Calls `body` for every row with any coverage, with spans of coverage in 0...255.
  ///
  /// `body(y, x, count, values, constant)`: when `values` is nil the `count` pixels from
  /// `x` all have coverage `constant`; otherwise `values` holds one coverage per pixel.
  /// Coordinates are device pixels. Rows are visited top to bottom, spans left to right.
  func forEachSpan(
    rule: FillRule,
    _ body: (
      _ y: Int, _ x: Int, _ count: Int, _ values: UnsafeBufferPointer<UInt8>?, _ constant: UInt8
    ) -> Void
  ) {
    rowCoverage.withUnsafeMutableBufferPointer { out in
      forEachRow { y, row, first, last in
        let w = region.width
        // Between edges the cells are zero and the coverage does not change: a run of at
        // least `Self.constantRun` such cells goes out as one constant span (so the inside
        // of a large shape is filled, not blended pixel by pixel).
        var acc: Float = 0
        var i = first
        var spanStart = first
        while i < last {
          let v = row.cells[i]
          if v != 0 {
            acc += v
            out[i] = Self.coverage(acc, rule)
            i += 1
            continue
          }
          let j = row.nextNonZero(from: i, to: last)
          let c = Self.coverage(acc, rule)
          if j - i >= Self.constantRun {
            if spanStart < i {
              body(
                region.y + y, region.x + spanStart, i - spanStart,
                UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[spanStart..<i]), 0)
            }
            if c > 0 { body(region.y + y, region.x + i, j - i, nil, c) }
            spanStart = j
          } else {
            for k in i..<j { out[k] = c }
          }
          i = j
        }
        if spanStart < last {
          body(
            region.y + y, region.x + spanStart, last - spanStart,
            UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[spanStart..<last]), 0)
        }
        // From `last` on, the sum is constant.
        if last < w {
          acc += row.cells[last]
          let c = Self.coverage(acc, rule)
          if c > 0 { body(region.y + y, region.x + last, w - last, nil, c) }
        }
      }
    }
  }

  /// Calls `body(y, x, count)` for the runs of pixels the shape covers completely: runs with
  /// no edge in them whose winding leaves the coverage within 10⁻⁴ of full, so that rounding
  /// differences between two rasterizations of the shape cannot make them less than 255.
  /// Coordinates are device pixels; rows top to bottom, runs left to right.
  package func forEachFullRun(rule: FillRule, _ body: (_ y: Int, _ x: Int, _ count: Int) -> Void) {
    forEachRow { y, row, first, last in
      let w = region.width
      func full(_ acc: Float) -> Bool {
        var v = Swift.abs(acc)
        if rule == .evenOdd {
          v = v.truncatingRemainder(dividingBy: 2)
          if v > 1 { v = 2 - v }
        }
        return v >= 0.9999
      }
      var acc: Float = 0
      var i = first
      while i < last {
        let v = row.cells[i]
        if v != 0 {
          acc += v
          i += 1
          continue
        }
        let j = row.nextNonZero(from: i, to: last)
        if full(acc) { body(region.y + y, region.x + i, j - i) }
        i = j
      }
      if last < w {
        acc += row.cells[last]
        if full(acc) { body(region.y + y, region.x + last, w - last) }
      }
    }
  }

  /// One row's cells and block flags, as ``forEachRow(_:)`` hands them out.
  struct Row {
    let cells: UnsafeMutablePointer<Float>
    /// The row's words of block bits (see ``Rasterizer/touchedBlocks``).
    let flags: UnsafeMutablePointer<UInt64>

    /// The first non-zero cell at or after `start` and before `end`, or `end`: flagged
    /// blocks are searched cell by cell, the others passed a word of blocks at a time.
    @inline(__always) func nextNonZero(from start: Int, to end: Int) -> Int {
      var i = start
      while i < end {
        let block = i >> Rasterizer.blockShift
        // The flagged blocks from `i`'s on, in the rest of its word.
        let bits = flags[block >> 6] >> UInt64(block & 63)
        if bits == 0 {
          i = ((block | 63) + 1) << Rasterizer.blockShift
          continue
        }
        let flagged = block + bits.trailingZeroBitCount
        i = Swift.max(i, flagged << Rasterizer.blockShift)
        let stop = Swift.min((flagged + 1) << Rasterizer.blockShift, end)
        // Four cells a step while they are all zero: a cell is never −0 (cells start at +0,
        // and finite sums that cancel are +0), so zero cells are zero bits.
        while i + 4 <= stop {
          let raw = UnsafeRawPointer(cells + i)
          let bits =
            raw.loadUnaligned(as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
          if bits != 0 { break }
          i += 4
        }
        while i < stop {
          if cells[i] != 0 { return i }
          i += 1
        }
      }
      return end
    }
  }

  /// Calls `body(y, row, first, last)` for every row an edge touched (y in region
  /// coordinates) whose sums change a visible pixel: cells `first..<last` are where the
  /// coverage changes, and from `last` on it is constant. Leaves every row's cells and flags
  /// clear for the next fill.
  func forEachRow(_ body: (_ y: Int, _ row: Row, _ first: Int, _ last: Int) -> Void) {
    guard region.width > 0, region.height > 0 else { return }
    guard defers else {
      forEachRow(in: 0..<region.height, rowBase: 0, body)
      return
    }
    forEachStrip(body)
  }

  /// ``forEachRow(_:)`` over `rows`, whose cells and flags start at row `rowBase`.
  func forEachRow(
    in rows: Range<Int>, rowBase: Int,
    _ body: (_ y: Int, _ row: Row, _ first: Int, _ last: Int) -> Void
  ) {
    let w = region.width
    let wordsPerRow = wordsPerRow
    let stride = stride
    cells.withUnsafeMutableBufferPointer { a in
      touchedBlocks.withUnsafeMutableBufferPointer { f in
        guard let cellBase = a.baseAddress, let flagBase = f.baseAddress else { return }
        for y in rows {
          let hi = Int(rowMax[y])
          if hi < 0 { continue }
          let lo = Int(rowMin[y])
          let row = Row(
            cells: cellBase + (y - rowBase) * stride,
            flags: flagBase + (y - rowBase) * wordsPerRow)
          let visibleMax = Int(rowVisibleMax[y])
          // Cells beyond `last` do not change the sum of any visible pixel.
          let first = Swift.min(lo, w)
          let last = Swift.min(visibleMax, w)
          if visibleMax >= 0 && first <= last { body(y, row, first, last) }
          // Only flagged blocks hold non-zero cells.
          for word in (lo >> (Self.blockShift + 6))...(hi >> (Self.blockShift + 6)) {
            var bits = row.flags[word]
            row.flags[word] = 0
            while bits != 0 {
              let from = (word << 6 | bits.trailingZeroBitCount) << Self.blockShift
              bits &= bits - 1
              (row.cells + from).update(
                repeating: 0, count: Swift.min(Self.blockSize, stride - from))
            }
          }
          rowMin[y] = Int32.max
          rowMax[y] = -1
          rowVisibleMax[y] = -1
        }
      }
    }
  }

  /// Cells per block of ``touchedBlocks``, as a power of two.
  static let blockShift = 4
  static let blockSize = 1 << blockShift

  /// The shortest run of unchanging coverage emitted as a constant span.
  static let constantRun = 16

  @inline(__always) static func coverage(_ acc: Float, _ rule: FillRule) -> UInt8 {
    var v = Swift.abs(acc)
    switch rule {
    case .nonZero:
      if v >= 1 { return 255 }
    case .evenOdd:
      v = v.truncatingRemainder(dividingBy: 2)
      if v > 1 { v = 2 - v }
    }
    return UInt8(v * 255 + 0.5)
  }
}
