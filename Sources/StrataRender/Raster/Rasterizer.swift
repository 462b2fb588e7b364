import Strata

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
final class Rasterizer: @unchecked Sendable {
  // Rasterizers keep their cell buffers between fills; a pool lets the canvases of successive
  // frames (on any thread) reuse them instead of allocating and faulting in megabytes per frame.
  private static let pool = Locked([Rasterizer]())

  /// A rasterizer from the pool, or a new one.
  static func take() -> Rasterizer { pool.withLock { $0.popLast() } ?? Rasterizer() }

  /// Returns a rasterizer to the pool (at most four are kept).
  static func give(_ r: Rasterizer) { pool.withLock { if $0.count < 4 { $0.append(r) } } }

  private(set) var region = IntRect.empty
  private var cells: [Float] = []
  private var rowMin: [Int32] = []
  private var rowMax: [Int32] = []
  /// The last touched cell that changes a visible pixel (cells from the width on only change
  /// pixels right of the region), or −1.
  private var rowVisibleMax: [Int32] = []
  private var stride = 0

  /// Prepares for a new fill over `region` (reusing the buffers).
  func reset(region r: IntRect) {
    region = r
    stride = r.width + 2
    // Cells are zero between fills: forEachSpan clears the cells it reads.
    let n = stride * Swift.max(0, r.height)
    if cells.count < n { cells = [Float](repeating: 0, count: n) }
    if rowMin.count < r.height {
      rowMin = [Int32](repeating: 0, count: r.height)
      rowMax = [Int32](repeating: 0, count: r.height)
      rowVisibleMax = [Int32](repeating: 0, count: r.height)
    }
    for i in 0..<Swift.max(0, r.height) {
      rowMin[i] = Int32.max
      rowMax[i] = -1
      rowVisibleMax[i] = -1
    }
  }

  /// Adds every edge of the polylines (each closed implicitly) in device coordinates.
  func add(_ polylines: [Polyline]) {
    for poly in polylines {
      let pts = poly.points
      guard pts.count > 1 else { continue }
      var a = pts[pts.count - 1]
      for b in pts {
        addLine(a, b)
        a = b
      }
    }
  }

  /// Adds one directed edge.
  func addLine(_ p: Point, _ q: Point) {
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
  private func lineInRegion(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
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
    cells.withUnsafeMutableBufferPointer { a in
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
  }

  @inline(__always) private func touch(_ y: Int, _ lo: Int, _ hi: Int) {
    if Int32(lo) < rowMin[y] { rowMin[y] = Int32(lo) }
    if Int32(hi) > rowMax[y] { rowMax[y] = Int32(hi) }
    if lo < region.width {
      let visible = Int32(Swift.min(hi, region.width - 1))
      if visible > rowVisibleMax[y] { rowVisibleMax[y] = visible }
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
    let w = region.width
    guard w > 0, region.height > 0 else { return }
    var row = [UInt8](repeating: 0, count: w)
    cells.withUnsafeMutableBufferPointer { a in
      row.withUnsafeMutableBufferPointer { out in
        for y in 0..<region.height {
          let lo = Int(rowMin[y])
          let hi = Int(rowMax[y])
          if hi < 0 { continue }
          let start = lineStartIndex(y)
          var acc: Float = 0
          let visibleMax = Int(rowVisibleMax[y])
          let first = Swift.min(lo, w)
          // Cells beyond `last` do not change the sum of any visible pixel.
          let last = Swift.min(visibleMax, w)
          if visibleMax < 0 || first > last {
            for j in first...Swift.min(hi, w + 1) { a[start + j] = 0 }
            rowMin[y] = Int32.max
            rowMax[y] = -1
            rowVisibleMax[y] = -1
            continue
          }
          // Between edges the cells are zero and the coverage does not change: a run of at
          // least `Self.constantRun` such cells goes out as one constant span (so the inside of
          // a large shape is filled, not blended pixel by pixel).
          var i = first
          var spanStart = first
          while i < last {
            if a[start + i] == 0 && i > first {
              var j = i
              while j < last && a[start + j] == 0 { j += 1 }
              if j - i >= Self.constantRun {
                if spanStart < i {
                  body(
                    region.y + y, region.x + spanStart, i - spanStart,
                    UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[spanStart..<i]), 0)
                }
                let c = Self.coverage(acc, rule)
                if c > 0 { body(region.y + y, region.x + i, j - i, nil, c) }
                i = j
                spanStart = j
                continue
              }
              let c = Self.coverage(acc, rule)
              while i < j {
                out[i] = c
                i += 1
              }
              continue
            }
            acc += a[start + i]
            out[i] = Self.coverage(acc, rule)
            i += 1
          }
          if spanStart < last {
            body(
              region.y + y, region.x + spanStart, last - spanStart,
              UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[spanStart..<last]), 0)
          }
          // From `last` on, the sum is constant.
          if last < w {
            acc += a[start + last]
            let c = Self.coverage(acc, rule)
            if c > 0 { body(region.y + y, region.x + last, w - last, nil, c) }
          }
          // Leave the row's cells zero for the next fill.
          for j in first...Swift.min(hi, w + 1) { a[start + j] = 0 }
          rowMin[y] = Int32.max
          rowMax[y] = -1
          rowVisibleMax[y] = -1
        }
      }
    }
  }

  @inline(__always) private func lineStartIndex(_ y: Int) -> Int { y * stride }

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
