import Strata

/// The edges of one device-pixel outline sorted by the strips of rows they reach: the coarse
/// stage of a frame drawn in bands. It is worked out once per frame; each band then adds only
/// the edges that reach its own rows (``Rasterizer/add(_:bins:)``), not every edge of every
/// outline.
///
/// A strip is ``Rasterizer/stripRows`` device rows. An edge is listed in every strip it
/// reaches; a band adds it once, from the first of its strips that the band holds, and in the
/// order the outline's edges come, so the cells are exactly those of the whole outline added.
package struct EdgeBins: Sendable {
  /// One edge: the indices in the outline's points of where it starts and ends, and the
  /// first strip it reaches.
  struct Edge: Sendable {
    var from: Int32
    var to: Int32
    var firstStrip: Int32
  }

  /// The strips binned: `0..<strips`, rows `0..<strips · stripRows` (edges beyond them are
  /// listed in the nearest).
  private(set) var strips = 0
  /// Where each strip's edges begin in ``edges``, and one more entry for the end.
  private var starts: [Int32] = []
  /// The edges of each strip, strip after strip, each strip's in the outline's order.
  private var edges: [Edge] = []
  /// Working counts per strip, kept for their memory.
  private var cursor: [Int32] = []

  /// Empty bins.
  package init() {}

  /// The strip of device row `y`, clamped to `0..<strips` (a NaN counts as row 0).
  @inline(__always) func strip(ofRow y: Double) -> Int { Self.strip(ofRow: y, strips: strips) }

  /// The strip of device row `y` among `strips`, clamped (a NaN counts as row 0).
  @inline(__always) static func strip(ofRow y: Double, strips: Int) -> Int {
    let s = (y / Double(Rasterizer.stripRows)).rounded(.down)
    guard s > 0 else { return 0 }
    return s >= Double(strips) ? strips - 1 : Int(s)
  }

  /// The most entries per point the bins of an outline may hold (an edge is listed in every
  /// strip it reaches): an outline of edges much taller than a strip is not binned.
  static let entriesPerEdge = 4

  /// The fewest points an outline needs to be binned: a band looks through the edges of a
  /// smaller one faster than it finds them in bins.
  static let smallestBinned = 48

  /// Bins the edges of `flat` (closed subpaths, as ``Rasterizer/add(_:mapping:)`` adds them)
  /// for a frame `height` rows tall, reusing this value's memory. Horizontal edges and edges
  /// with a coordinate that is not finite are left out: they add nothing. An outline of fewer
  /// than ``smallestBinned`` points, or whose edges would be listed more than
  /// ``entriesPerEdge`` times a point (and twice a strip), is not binned (``isBinned`` is false).
  package mutating func bin(_ flat: FlattenedPath, height: Int) {
    guard flat.points.count >= Self.smallestBinned else {
      clear()
      return
    }
    edges.removeAll(keepingCapacity: true)
    strips = Swift.max(1, (Swift.max(0, height) + Rasterizer.stripRows - 1) / Rasterizer.stripRows)
    starts.removeAll(keepingCapacity: true)
    starts.append(contentsOf: repeatElement(0, count: strips + 1))
    // The strips of each edge, worked out once; then each strip's edges counted and placed.
    var spans = self.spans
    self.spans = []
    defer { self.spans = spans }
    spans.removeAll(keepingCapacity: true)
    let strips = self.strips
    let bottom = Double(strips * Rasterizer.stripRows)
    // Edges listed in many strips each (tall ones) cost more listed than looked through.
    let budget = Self.entriesPerEdge * flat.points.count + 2 * strips
    var entries = 0
    let fits = flat.points.withUnsafeBufferPointer { pts in
      starts.withUnsafeMutableBufferPointer { counts in
        var start = 0
        for sub in flat.subpaths {
          defer { start = sub.end }
          guard sub.end - start > 1 else { continue }
          var a = sub.end - 1
          for b in start..<sub.end {
            defer { a = b }
            let (p, q) = (pts[a], pts[b])
            guard p.y != q.y, p.isFinite, q.isFinite else { continue }
            let lo = Swift.min(p.y, q.y)
            let hi = Swift.max(p.y, q.y)
            guard hi > 0, lo < bottom else { continue }
            let first = Self.strip(ofRow: lo, strips: strips)
            let last = Self.strip(ofRow: hi, strips: strips)
            entries += last - first + 1
            if entries > budget { return false }
            for s in first...last { counts[s + 1] += 1 }
            spans.append(
              Span(
                edge: Edge(from: Int32(a), to: Int32(b), firstStrip: Int32(first)),
                last: Int32(last)))
          }
        }
        for s in 0..<strips { counts[s + 1] += counts[s] }
        return true
      }
    }
    guard fits else {
      clear()
      return
    }
    cursor.removeAll(keepingCapacity: true)
    cursor.append(contentsOf: starts)
    edges.append(
      contentsOf: repeatElement(Edge(from: 0, to: 0, firstStrip: 0), count: Int(starts[strips])))
    edges.withUnsafeMutableBufferPointer { out in
      cursor.withUnsafeMutableBufferPointer { at in
        for span in spans {
          for s in Int(span.edge.firstStrip)...Int(span.last) {
            out[Int(at[s])] = span.edge
            at[s] += 1
          }
        }
      }
    }
  }

  /// An edge and the last strip it reaches, while binning.
  struct Span: Sendable {
    var edge: Edge
    var last: Int32
  }

  /// The edges being binned, kept for their memory.
  private var spans: [Span] = []

  /// Makes the bins hold no outline (``isBinned`` false), keeping their memory.
  package mutating func clear() {
    edges.removeAll(keepingCapacity: true)
    strips = 0
  }

  /// Whether the outline was binned (see ``smallestBinned``).
  package var isBinned: Bool { strips > 0 }

  /// The edges reaching device rows `rows`, each once, in the outline's order, into `out`
  /// (`scratch` and `runs` are working memory, kept by the caller).
  func edges(
    reaching rows: Range<Int>, into out: inout [Edge], scratch: inout [Edge], runs: inout [Int]
  ) {
    out.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
    guard strips > 0, !rows.isEmpty, !edges.isEmpty else { return }
    let first = strip(ofRow: Double(rows.lowerBound))
    let last = strip(ofRow: Double(rows.upperBound - 1))
    edges.withUnsafeBufferPointer { e in
      for s in first...last {
        runs.append(out.count)
        for k in Int(starts[s])..<Int(starts[s + 1]) {
          let edge = e[k]
          // Listed in the strips it reaches: taken from the first of them the rows hold.
          if s > first && Int(edge.firstStrip) != s { continue }
          out.append(edge)
        }
      }
    }
    runs.append(out.count)
    // Each strip's edges are in the outline's order, but an edge of a later strip may come
    // before one of an earlier strip in the outline: the runs are merged back into its order
    // (the order every cell adds them in).
    Self.mergeRuns(&out, runs: &runs, scratch: &scratch)
  }

  /// Sorts `edges` by where they end in the outline (unique), given that `runs` (the start of
  /// each run, then the end) cuts it into runs already sorted: adjacent runs are merged pair by
  /// pair, through `scratch`, until one is left. n log k steps for k runs, in memory kept by
  /// the caller, so a frame drawn in bands frame after frame allocates nothing here.
  static func mergeRuns(_ edges: inout [Edge], runs: inout [Int], scratch: inout [Edge]) {
    let n = edges.count
    guard runs.count > 2, n > 1 else { return }
    if scratch.count < n {
      scratch.append(
        contentsOf: repeatElement(Edge(from: 0, to: 0, firstStrip: 0), count: n - scratch.count))
    }
    var inScratch = false
    while runs.count > 2 {
      let pairs = (runs.count - 1) / 2
      func merge(_ src: UnsafeBufferPointer<Edge>, _ dst: UnsafeMutableBufferPointer<Edge>) {
        for p in 0..<pairs {
          var a = runs[2 * p]
          let aEnd = runs[2 * p + 1]
          var b = aEnd
          let bEnd = runs[2 * p + 2]
          var o = a
          while a < aEnd && b < bEnd {
            if src[a].to < src[b].to {
              dst[o] = src[a]
              a += 1
            } else {
              dst[o] = src[b]
              b += 1
            }
            o += 1
          }
          while a < aEnd {
            dst[o] = src[a]
            a += 1
            o += 1
          }
          while b < bEnd {
            dst[o] = src[b]
            b += 1
            o += 1
          }
        }
        // A run left without a partner is carried over as it is.
        let tail = runs[2 * pairs]
        for k in tail..<runs[runs.count - 1] { dst[k] = src[k] }
      }
      edges.withUnsafeMutableBufferPointer { e in
        scratch.withUnsafeMutableBufferPointer { t in
          if inScratch {
            merge(UnsafeBufferPointer(t), e)
          } else {
            merge(UnsafeBufferPointer(e), t)
          }
        }
      }
      inScratch.toggle()
      // Every other boundary goes: the merged pairs are runs now.
      var kept = 0
      for k in stride(from: 0, to: runs.count, by: 2) {
        runs[kept] = runs[k]
        kept += 1
      }
      if (runs.count - 1) % 2 == 1 {
        runs[kept] = runs[runs.count - 1]
        kept += 1
      }
      runs.removeLast(runs.count - kept)
    }
    if inScratch {
      edges.withUnsafeMutableBufferPointer { e in
        scratch.withUnsafeBufferPointer { t in
          guard let from = t.baseAddress, let to = e.baseAddress else { return }
          to.update(from: from, count: n)
        }
      }
    }
  }
}

extension Rasterizer {
  /// Adds the edges of `flat` that reach the region's rows, found through its `bins` (worked
  /// out for it before): the cells are those ``add(_:mapping:)`` makes of the whole outline.
  package func add(_ flat: FlattenedPath, bins: EdgeBins) {
    guard region.height > 0 else { return }
    guard bins.isBinned else {
      add(flat)
      return
    }
    bins.edges(
      reaching: region.y..<region.maxY, into: &binned, scratch: &binnedScratch, runs: &binnedRuns)
    withEdges { edges in
      flat.points.withUnsafeBufferPointer { pts in
        for e in binned { edges.addLine(pts[Int(e.from)], pts[Int(e.to)]) }
      }
    }
  }
}
