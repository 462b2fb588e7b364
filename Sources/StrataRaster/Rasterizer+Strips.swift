extension Rasterizer {
  /// The most edges whose memory a rasterizer keeps from one fill to the next (about 3.7 MB);
  /// a path of more gives its memory back when it is drawn.
  static let keptEdges = 65_536

  /// ``forEachRow(_:)`` for a region drawn in strips (see ``stripRows``).
  func forEachStrip(_ body: (_ y: Int, _ row: Row, _ first: Int, _ last: Int) -> Void) {
    // A strip at a time: its part of every edge, in the order the edges came, then its rows.
    var edges: [Edges.Pending] = []
    swap(&edges, &pending)
    defer {
      // The edges' memory is kept for the next fill, unless a path of very many edges made it
      // large.
      if edges.capacity > Self.keptEdges {
        edges = []
      } else {
        edges.removeAll(keepingCapacity: true)
      }
      swap(&edges, &pending)
      if byStrip.count > Self.keptEdges { byStrip = [] }
    }
    let strips = (region.height + Self.stripRows - 1) / Self.stripRows
    let sorted = edges.count > Self.scannedEdges
    if sorted { sortByStrip(edges, strips: strips) }
    active.removeAll(keepingCapacity: true)
    for strip in 0..<strips {
      let start = strip * Self.stripRows
      let end = Swift.min(start + Self.stripRows, region.height)
      // Each edge that reaches the strip, in the order the edges came (the order every cell
      // adds them in, as when the region is drawn at once).
      if sorted {
        mergeStartingEdges(of: strip)
        withEdges { adder in
          for k in active { adder.walk(&edges[k], to: end, rowBase: start) }
        }
        nextActive.removeAll(keepingCapacity: true)
        for k in active where edges[k].next < edges[k].end { nextActive.append(k) }
        swap(&active, &nextActive)
      } else {
        withEdges { adder in
          for k in edges.indices where edges[k].next < end && edges[k].end > start {
            adder.walk(&edges[k], to: end, rowBase: start)
          }
        }
      }
      forEachRow(in: start..<end, rowBase: start, body)
    }
  }

  /// Sets ``byStrip`` and ``stripFirst`` for `edges` over `strips` strips: a counting sort,
  /// stable, in memory kept from fill to fill.
  private func sortByStrip(_ edges: [Edges.Pending], strips: Int) {
    if stripFirst.count < strips + 1 {
      stripFirst = [Int](repeating: 0, count: strips + 1)
      stripCursor = [Int](repeating: 0, count: strips + 1)
    }
    for s in 0...strips { stripFirst[s] = 0 }
    for e in edges where e.next < e.end { stripFirst[e.next / Self.stripRows + 1] += 1 }
    for s in 0..<strips {
      stripFirst[s + 1] += stripFirst[s]
      stripCursor[s] = stripFirst[s]
    }
    if byStrip.count < edges.count { byStrip = [Int](repeating: 0, count: edges.count) }
    for (k, e) in edges.enumerated() where e.next < e.end {
      let s = e.next / Self.stripRows
      byStrip[stripCursor[s]] = k
      stripCursor[s] += 1
    }
  }

  /// Adds the edges starting in `strip` to ``active``, keeping it in the order the edges came.
  private func mergeStartingEdges(of strip: Int) {
    nextActive.removeAll(keepingCapacity: true)
    var i = 0
    var j = stripFirst[strip]
    let newEnd = stripFirst[strip + 1]
    while i < active.count || j < newEnd {
      if j >= newEnd || (i < active.count && active[i] < byStrip[j]) {
        nextActive.append(active[i])
        i += 1
      } else {
        nextActive.append(byStrip[j])
        j += 1
      }
    }
    swap(&active, &nextActive)
  }
}
