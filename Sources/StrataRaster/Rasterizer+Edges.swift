import Strata
import StrataIO

extension Rasterizer {
  /// Accumulates edges into the rasterizer's buffers (see ``Rasterizer``).
  struct Edges {
    let region: IntRect
    let stride: Int
    let wordsPerRow: Int
    let cells: UnsafeMutablePointer<Float>
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    let rowVisibleMax: UnsafeMutablePointer<Int32>
    let touchedBlocks: UnsafeMutablePointer<UInt64>
    /// When set, edges are kept in ``pending`` and added strip by strip later (see
    /// ``Rasterizer/stripRows``); otherwise they are added to every row at once.
    var defers = false
    /// The edges kept for later, in the order they were added.
    var pending: [Pending] = []

    /// An edge clipped to the region's columns, with where its walk down the rows has got to.
    ///
    /// Its rows are in the device's coordinates, not the region's, and each row's share is
    /// worked out from the edge's ends alone — not from the row before — so a row's cells are
    /// the same whichever rows the region holds: a frame drawn in bands on several threads
    /// has the bytes of the frame drawn at once.
    struct Pending {
      /// The x (region columns) where the edge starts, at device row ``top``.
      var x: Double
      /// The device rows the edge spans, top before bottom.
      var top: Double
      var bottom: Double
      /// How far x moves per row.
      var dxdy: Double
      /// +1 for an edge going down, −1 for one going up.
      var dir: Float
      /// The next row to add the edge to, and the row after its last (region rows).
      var next: Int
      var end: Int
    }

    /// Adds one directed edge.
    mutating func addLine(_ p: Point, _ q: Point) {
      guard p.y != q.y, p.isFinite, q.isFinite else { return }
      let w = Double(region.width)
      let ox = Double(region.x)
      // Columns are the region's; rows stay the device's (see ``Pending``).
      var x0 = p.x - ox
      var y0 = p.y
      var x1 = q.x - ox
      var y1 = q.y
      // Clip in x: the part beyond the right edge adds nothing visible; the part left of
      // the left edge becomes a vertical edge at x = 0.
      if x0 > w && x1 > w { return }
      if x0 < 0 && x1 < 0 {
        lineInRegion(0, y0, 0, y1)
        return
      }
      if (x0 < 0) != (x1 < 0) {
        let ym = Self.crossing(x0, y0, x1, y1, at: 0)
        if x0 < 0 {
          lineInRegion(0, y0, 0, ym)
          x0 = 0
          y0 = ym
        } else {
          lineInRegion(0, ym, 0, y1)
          x1 = 0
          y1 = ym
        }
      }
      if (x0 > w) != (x1 > w) {
        let ym = Self.crossing(x0, y0, x1, y1, at: w)
        if x0 > w {
          x0 = w
          y0 = ym
        } else {
          x1 = w
          y1 = ym
        }
      }
      lineInRegion(x0, y0, x1, y1)
    }

    /// The y at which the edge from (`xa`, `ya`) to (`xb`, `yb`) crosses the column `c` (which
    /// lies between them), within the edge's own rows. It is measured from the end nearer the
    /// column: from the far end of an edge 10²⁴ pixels long the crossing would be lost to
    /// rounding, by up to 10⁸ rows, and the clipped edge would cover rows the edge never
    /// reaches (and that its strips in ``EdgeBins`` do not list).
    @inline(__always) static func crossing(
      _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, at c: Double
    ) -> Double {
      let y =
        Swift.abs(xa - c) <= Swift.abs(xb - c)
        ? ya + (yb - ya) * ((c - xa) / (xb - xa))
        : yb + (ya - yb) * ((c - xb) / (xa - xb))
      return Swift.min(Swift.max(y, Swift.min(ya, yb)), Swift.max(ya, yb))
    }

    /// Adds an edge whose x lies in 0...width (region columns, device rows).
    private mutating func lineInRegion(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
      if py == qy { return }
      let dir: Float
      var ax = px
      var ay = py
      var bx = qx
      var by = qy
      if ay < by {
        dir = 1
      } else {
        dir = -1
        swap(&ax, &bx)
        swap(&ay, &by)
      }
      let firstRow = Double(region.y)
      let lastRow = firstRow + Double(region.height)
      if by <= firstRow || ay >= lastRow { return }
      let dxdy = (bx - ax) / (by - ay)
      // A rise too small for the run to be divided by (a subnormal over a few pixels) adds
      // less than a Float can hold: nothing. Walked, its infinite slope would make NaNs.
      guard dxdy.isFinite else { return }
      let next = Int((Swift.max(ay, firstRow) - firstRow).rounded(.down))
      let end = Int((Swift.min(by, lastRow) - firstRow).rounded(.up))
      var edge = Pending(x: ax, top: ay, bottom: by, dxdy: dxdy, dir: dir, next: next, end: end)
      if defers {
        pending.append(edge)
      } else {
        walk(&edge, to: edge.end, rowBase: 0)
      }
    }

    /// Adds `edge` to its rows from ``Pending/next`` up to (not including) `limit`, into cells
    /// and flags whose first row is row `rowBase`. Each row's share depends on the edge and
    /// the row alone, so an edge walked strip by strip, or in a region that starts lower,
    /// adds exactly what it adds walked at once.
    func walk(_ edge: inout Pending, to limit: Int, rowBase: Int) {
      let ay = edge.top
      let by = edge.bottom
      let ax = edge.x
      let dxdy = edge.dxdy
      let dir = edge.dir
      let maxX = Double(region.width)
      let a = cells
      let stop = Swift.min(edge.end, limit)
      let firstRow = region.y
      if dxdy == 0 {
        walkVertical(&edge, to: stop, rowBase: rowBase)
        return
      }
      // The row before's exit, which is this row's entry when this row starts where it ended.
      var carriedTop = -Double.infinity
      var carriedX = 0.0
      for y in edge.next..<Swift.max(edge.next, stop) {
        let rowTop = Double(firstRow + y)
        let top = Swift.max(rowTop, ay)
        let bottom = Swift.min(rowTop + 1, by)
        let dy = bottom - top
        if dy <= 0 { continue }
        // Where the edge enters and leaves the row, from its start: the row above worked out
        // this row's entry with the same operations, so the two agree exactly and the entry is
        // taken from it.
        let x =
          top == carriedTop ? carriedX : Swift.min(Swift.max(ax + (top - ay) * dxdy, 0), maxX)
        let xnext = Swift.min(Swift.max(ax + (bottom - ay) * dxdy, 0), maxX)
        carriedTop = bottom
        carriedX = xnext
        let d = Float(dy) * dir
        let lo = Swift.min(x, xnext)
        let hi = Swift.max(x, xnext)
        let lineStart = (y - rowBase) * stride
        let x0i = Int(lo)
        let x0f = lo - Double(x0i)
        let x1c = hi.rounded(.up)
        let x1i = Int(x1c)
        if x1i <= x0i + 1 {
          let xmf = Float(0.5 * (x + xnext) - Double(x0i))
          a[lineStart + x0i] += d - d * xmf
          a[lineStart + x0i + 1] += d * xmf
          touch(y, rowBase, x0i, x0i + 1)
        } else {
          let s = 1 / (hi - lo)
          let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
          let x1f = hi - x1c + 1
          let am = 0.5 * s * x1f * x1f
          a[lineStart + x0i] += d * Float(a0)
          if x1i == x0i + 2 {
            a[lineStart + x0i + 1] += d * Float(1 - a0 - am)
          } else {
            let a1 = s * (1.5 - x0f)
            a[lineStart + x0i + 1] += d * Float(a1 - a0)
            let ds = d * Float(s)
            var xi = x0i + 2
            while xi < x1i - 1 {
              a[lineStart + xi] += ds
              xi += 1
            }
            let a2 = a1 + Double(x1i - x0i - 3) * s
            a[lineStart + x1i - 1] += d * Float(1 - a2 - am)
          }
          a[lineStart + x1i] += d * Float(am)
          touch(y, rowBase, x0i, x1i)
        }
      }
      edge.next = Swift.max(edge.next, stop)
    }

    /// ``walk(_:to:rowBase:)`` for an edge whose x does not change: every row adds the same two
    /// cells, with the shares the general walk works out for it (the same operations on the same
    /// numbers), so the cells are exactly the general walk's.
    private func walkVertical(_ edge: inout Pending, to stop: Int, rowBase: Int) {
      let ay = edge.top
      let by = edge.bottom
      let dir = edge.dir
      // x + (top − ay) · 0 is x for every row: top is never above the edge's start.
      let x = Swift.min(Swift.max(edge.x + 0, 0), Double(region.width))
      let x0i = Int(x)
      let xmf = Float(0.5 * (x + x) - Double(x0i))
      let firstRow = region.y
      let a = cells
      for y in edge.next..<Swift.max(edge.next, stop) {
        let rowTop = Double(firstRow + y)
        let dy = Swift.min(rowTop + 1, by) - Swift.max(rowTop, ay)
        if dy <= 0 { continue }
        let d = Float(dy) * dir
        let lineStart = (y - rowBase) * stride
        a[lineStart + x0i] += d - d * xmf
        a[lineStart + x0i + 1] += d * xmf
        touch(y, rowBase, x0i, x0i + 1)
      }
      edge.next = Swift.max(edge.next, stop)
    }

    @inline(__always) private func touch(_ y: Int, _ rowBase: Int, _ lo: Int, _ hi: Int) {
      if Int32(lo) < rowMin[y] { rowMin[y] = Int32(lo) }
      if Int32(hi) > rowMax[y] { rowMax[y] = Int32(hi) }
      if lo < region.width {
        let visible = Int32(Swift.min(hi, region.width - 1))
        if visible > rowVisibleMax[y] { rowVisibleMax[y] = visible }
      }
      let row = (y - rowBase) * wordsPerRow
      for b in (lo >> Rasterizer.blockShift)...(hi >> Rasterizer.blockShift) {
        touchedBlocks[row + (b >> 6)] |= 1 << UInt64(b & 63)
      }
    }
  }
}
