import Strata

extension Rasterizer {
  /// Accumulates edges into the rasterizer's buffers (see ``Rasterizer``).
  struct Edges {
    let region: IntRect
    let stride: Int
    let blocksPerRow: Int
    let cells: UnsafeMutablePointer<Float>
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    let rowVisibleMax: UnsafeMutablePointer<Int32>
    let touchedBlocks: UnsafeMutablePointer<UInt8>

    /// Adds one directed edge.
    mutating func addLine(_ p: Point, _ q: Point) {
      guard p.y != q.y, p.isFinite, q.isFinite else { return }
      let w = Double(region.width)
      let ox = Double(region.x)
      let oy = Double(region.y)
      var x0 = p.x - ox
      var y0 = p.y - oy
      var x1 = q.x - ox
      var y1 = q.y - oy
      // Clip in x: the part beyond the right edge adds nothing visible; the part left of
      // the left edge becomes a vertical edge at x = 0.
      if x0 > w && x1 > w { return }
      if x0 < 0 && x1 < 0 {
        lineInRegion(0, y0, 0, y1)
        return
      }
      if (x0 < 0) != (x1 < 0) {
        let t = (0 - x0) / (x1 - x0)
        let ym = y0 + (y1 - y0) * t
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
        let t = (w - x0) / (x1 - x0)
        let ym = y0 + (y1 - y0) * t
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

    /// Adds an edge whose x lies in 0...width (region coordinates).
    private mutating func lineInRegion(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
      if py == qy { return }
      let h = Double(region.height)
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
      if by <= 0 || ay >= h { return }
      let dxdy = (bx - ax) / (by - ay)
      var x = ax
      if ay < 0 {
        x -= ay * dxdy
        ay = 0
      }
      by = Swift.min(by, h)
      let yStart = Int(ay)
      let yEnd = Int(by.rounded(.up))
      let maxCell = Double(region.width) + 1
      let a = cells
      for y in yStart..<yEnd {
        let top = Swift.max(Double(y), ay)
        let bottom = Swift.min(Double(y + 1), by)
        let dy = bottom - top
        if dy <= 0 { continue }
        var xnext = x + dxdy * dy
        xnext = Swift.min(Swift.max(xnext, 0), maxCell - 1)
        let d = Float(dy) * dir
        let lo = Swift.min(x, xnext)
        let hi = Swift.max(x, xnext)
        let lineStart = y * stride
        let x0i = Int(lo)
        let x0f = lo - Double(x0i)
        let x1c = hi.rounded(.up)
        let x1i = Int(x1c)
        if x1i <= x0i + 1 {
          let xmf = Float(0.5 * (x + xnext) - Double(x0i))
          a[lineStart + x0i] += d - d * xmf
          a[lineStart + x0i + 1] += d * xmf
          touch(y, x0i, x0i + 1)
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
          touch(y, x0i, x1i)
        }
        x = xnext
      }
    }

    @inline(__always) private func touch(_ y: Int, _ lo: Int, _ hi: Int) {
      if Int32(lo) < rowMin[y] { rowMin[y] = Int32(lo) }
      if Int32(hi) > rowMax[y] { rowMax[y] = Int32(hi) }
      if lo < region.width {
        let visible = Int32(Swift.min(hi, region.width - 1))
        if visible > rowVisibleMax[y] { rowVisibleMax[y] = visible }
      }
      let row = y * blocksPerRow
      for b in (lo >> Rasterizer.blockShift)...(hi >> Rasterizer.blockShift) {
        touchedBlocks[row + b] = 1
      }
    }
  }
}
