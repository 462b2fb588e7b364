import CStrataKernels
import Strata
import StrataIO

extension Canvas {
  /// Draws the blurred shadow of `path`: its shape filled with the shadow's colour, moved by
  /// `offset` device pixels and blurred with a Gaussian of standard deviation `sigma` device pixels.
  public func drawShadow(
    of path: Path, transform: Transform, color: Color, offset: Vector, sigma: Double,
    opacity: Double = 1
  ) {
    drawShadow(
      of: path, transform: transform, color: color, offset: offset, sigma: sigma,
      opacity: opacity, visible: bounds, covers: nil)
  }

  /// ``drawShadow(of:transform:color:offset:sigma:opacity:)`` within `visible` (device pixels).
  package func drawShadow(
    of path: Path, transform: Transform, color: Color, offset: Vector, sigma: Double,
    opacity: Double, visible: IntRect, covers: (any CoverLookup)?
  ) {
    let target = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visible)
    guard PremultipliedColor(color, opacity: opacity).a > 0 else { return }
    var mask = shadowScratch.mask
    shadowScratch.mask = ShadowMask()
    defer { shadowScratch.mask = mask }
    guard
      Self.shadowMask(
        of: path, transform: transform, offset: offset, sigma: sigma, within: target,
        flattened: &flattened, rasterizer: rasterizer, into: &mask)
    else { return }
    drawShadow(mask, color: color, opacity: opacity, visible: visible, covers: covers)
  }

  /// Works out the blurred mask of a shadow (see ``drawShadow(of:transform:color:offset:sigma:opacity:)``)
  /// over as much of it as drawing within `target` (device pixels) needs, into `mask`,
  /// flattening into `flattened` and rasterizing with `rasterizer`; false when nothing of it
  /// can show there. What is drawn from the mask depends on neither how far the mask goes
  /// nor where it is cut, so a mask made once for a whole frame serves every band of it.
  package static func shadowMask(
    of path: Path, transform: Transform, offset: Vector, sigma: Double, within target: IntRect,
    flattened: inout FlattenedPath, rasterizer: Rasterizer, into mask: inout ShadowMask
  ) -> Bool {
    let moved = transform.concatenating(Transform(translation: offset))
    path.flatten(tolerance: Self.flatteningTolerance, applying: moved, into: &flattened)
    let s = sigma.isFinite ? Swift.max(0, Swift.min(sigma, 500)) : 0
    let margin = Int((3 * s).rounded(.up)) + 2
    // A wide blur loses nothing at a lower resolution: blur a 1/k-size mask with σ/k and
    // sample it back bilinearly (k keeps σ/k at 4 pixels or more).
    let k = s >= 8 ? Int((s / 4).rounded(.down)) : 1
    // The mask covers the shape and its spread (3σ), cut where it reaches past what is drawn
    // by more than the blur's reach and a sample; its cells of k pixels start at the spread's
    // corner. What is drawn then depends on neither how far the mask goes nor where it is cut,
    // so a frame drawn in bands has the bytes of the frame drawn at once.
    let reach = (Blur.reach(sigma: s / Double(k)) + 2) * k
    let spread = IntRect(covering: Self.bounds(of: flattened.points)).outset(by: margin)
    let cut = spread.intersection(target.outset(by: reach))
    guard !cut.isEmpty else { return false }
    let x0 = spread.x + (cut.x - spread.x) / k * k
    let y0 = spread.y + (cut.y - spread.y) / k * k
    let region = IntRect(x: x0, y: y0, width: cut.maxX - x0, height: cut.maxY - y0)
    guard region.width * region.height <= RasterImage.pixelLimit,
      !region.intersection(target).isEmpty
    else { return false }
    let small = IntRect(
      x: 0, y: (y0 - spread.y) / k, width: (region.width + k - 1) / k,
      height: (region.height + k - 1) / k)
    mask.region = region
    mask.small = small
    mask.scale = k
    let cells = small.width * small.height
    if mask.alpha.count < cells {
      mask.alpha = [UInt8](repeating: 0, count: cells)
    } else {
      mask.alpha.withUnsafeMutableBufferPointer {
        $0.baseAddress?.update(repeating: 0, count: cells)
      }
    }
    // Columns from the region's left, rows from the spread's top (the rasterizer's rows do not
    // depend on where its region starts).
    let shrink = Transform(translationX: -Double(region.x), y: -Double(spread.y)).thenScaled(
      x: 1 / Double(k), y: 1 / Double(k))
    rasterizer.reset(region: small)
    rasterizer.add(flattened, mapping: shrink)
    mask.alpha.withUnsafeMutableBufferPointer { alpha in
      rasterizer.forEachSpan(rule: .nonZero) { y, x, n, values, c in
        let base = (y - small.y) * small.width + x
        for i in 0..<n { alpha[base + i] = values?[i] ?? c }
      }
    }
    if s > 0 {
      Blur.gaussian(&mask.alpha, width: small.width, height: small.height, sigma: s / Double(k))
    }
    return true
  }

  /// Draws a shadow of `color` and `opacity` from its blurred `mask` (``shadowMask(of:transform:offset:sigma:within:flattened:rasterizer:into:)``,
  /// made for an area holding what is drawn here), within `visible` (device pixels).
  package func drawShadow(
    _ mask: ShadowMask, color: Color, opacity: Double, visible: IntRect,
    covers: (any CoverLookup)?
  ) {
    let target = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visible)
    let shader = Shader.solid(PremultipliedColor(color, opacity: opacity))
    guard case .solid(let pc) = shader, pc.a > 0 else { return }
    let (region, small, k) = (mask.region, mask.small, mask.scale)
    let area = region.intersection(target)
    guard !area.isEmpty, mask.alpha.count >= small.width * small.height else { return }
    // The row and the sampling tables live in buffers the canvas keeps, taken out while the
    // shadow is drawn.
    var row = shadowScratch.row
    var columns = shadowScratch.columns
    var rows = shadowScratch.rows
    var wide = shadowScratch.wide
    let kept = shadowScratch.mask
    shadowScratch = ShadowScratch()
    defer {
      shadowScratch = ShadowScratch(
        mask: kept, row: row, columns: columns, rows: rows, wide: wide)
    }
    let alpha = mask.alpha
    if row.count < area.width { row = [UInt8](repeating: 0, count: area.width) }
    // Bilinear sampling positions of the small mask, per column (pixel centres map to
    // (p + 0.5)/k − 0.5), so each row costs integer work only. They are worked out in whole
    // 256ths, exactly: the same position falls on the same sample wherever the region starts.
    func positions(_ t: inout ShadowScratch.Sampling, _ count: Int, from start: Int, limit: Int) {
      if t.f.count < count {
        t = ShadowScratch.Sampling(
          i0: [Int](repeating: 0, count: count), i1: [Int](repeating: 0, count: count),
          f: [Int](repeating: 0, count: count))
      }
      for j in 0..<count {
        let u = ((2 * (start + j) + 1) * 128 / k - 128).clamped(0, (limit - 1) * 256)
        t.i0[j] = u >> 8
        t.i1[j] = Swift.min(t.i0[j] + 1, limit - 1)
        t.f[j] = u & 255
      }
    }
    if k > 1 {
      positions(&columns, area.width, from: area.x - region.x, limit: small.width)
      positions(&rows, area.height, from: area.y - region.y, limit: small.height)
      if wide.0.count < area.width { wide.0 = [UInt32](repeating: 0, count: area.width) }
      if wide.1.count < area.width { wide.1 = [UInt32](repeating: 0, count: area.width) }
    }
    // Up-sample separably: each small row once across the area's columns (×256, kept in
    // UInt32), then each output row as a vertical blend of two such rows — contiguous work the
    // compiler vectorises. The result is the same bilinear value as sampling four pixels.
    // Two widened rows are kept (the rows above and below the output row); output rows move
    // down, so each small row is widened once.
    var held = (-1, -1)
    // Only the columns outside what a later opaque fill covers are worked out and blended.
    let covered = covers?.cover(for: area)
    withSpanTarget(columns: area.x..<area.maxX) { target in
      alpha.withUnsafeBufferPointer { a in
        row.withUnsafeMutableBufferPointer { out in
          for y in area.y..<area.maxY {
            var parts = (0..<area.width, 0..<0)
            if let run = covered?.run(y: y) {
              let lo = Swift.min(Swift.max(run.lowerBound - area.x, 0), area.width)
              let hi = Swift.min(Swift.max(run.upperBound - area.x, 0), area.width)
              if lo < hi { parts = (0..<lo, hi..<area.width) }
            }
            for part in 0..<2 {
              let span = part == 0 ? parts.0 : parts.1
              if span.isEmpty { continue }
              if k == 1 {
                let start = (y - region.y) * region.width + (area.x - region.x)
                for i in span { out[i] = a[start + i] }
              } else {
                let r = y - area.y
                let top = Self.widened(
                  rows.i0[r], keeping: rows.i1[r], a, width: small.width, count: area.width,
                  columns: columns, held: &held, into: &wide)
                let bottom = Self.widened(
                  rows.i1[r], keeping: rows.i0[r], a, width: small.width, count: area.width,
                  columns: columns, held: &held, into: &wide)
                let fy = UInt32(rows.f[r])
                let (tw, bw) = (top == 0 ? wide.0 : wide.1, bottom == 0 ? wide.0 : wide.1)
                tw.withUnsafeBufferPointer { t in
                  bw.withUnsafeBufferPointer { b in
                    guard let o = out.baseAddress, let tb = t.baseAddress, let bb = b.baseAddress
                    else { return }
                    let at = span.lowerBound
                    if Pixels.wideKernels {
                      strata_lerp_rows(o + at, tb + at, bb + at, span.count, fy)
                    } else {
                      Self.lerpRowsLoop(o + at, tb + at, bb + at, span.count, fy)
                    }
                  }
                }
              }
              target.blend(
                y: y, x: area.x + span.lowerBound, count: span.count,
                coverage: UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[span]),
                constant: 0, shader: shader, opacity255: 255)
            }
          }
        }
      }
    }
  }

  /// Which of the two widened rows (`wide`, whose small rows are `held`) holds small row `r`
  /// of the mask `a` (`width` wide), widening it into the slot not holding row `other`
  /// first if neither does: sampled at the first `count` of `columns` and scaled by 256.
  static func widened(
    _ r: Int, keeping other: Int, _ a: UnsafeBufferPointer<UInt8>, width: Int, count: Int,
    columns: ShadowScratch.Sampling, held: inout (Int, Int), into wide: inout ([UInt32], [UInt32])
  ) -> Int {
    if held.0 == r { return 0 }
    if held.1 == r { return 1 }
    let slot = held.0 == other ? 1 : 0
    let base = r * width
    func widen(_ w: UnsafeMutableBufferPointer<UInt32>) {
      for i in 0..<count {
        let fx = UInt32(columns.f[i])
        w[i] = UInt32(a[base + columns.i0[i]]) * (256 - fx) + UInt32(a[base + columns.i1[i]]) * fx
      }
    }
    if slot == 0 {
      wide.0.withUnsafeMutableBufferPointer { widen($0) }
      held.0 = r
    } else {
      wide.1.withUnsafeMutableBufferPointer { widen($0) }
      held.1 = r
    }
    return slot
  }

  /// A row of a bilinearly up-sampled mask from two widened rows: `strata_lerp_rows` in Swift,
  /// for processors without the wide kernels.
  static func lerpRowsLoop(
    _ out: UnsafeMutablePointer<UInt8>, _ top: UnsafePointer<UInt32>,
    _ bottom: UnsafePointer<UInt32>, _ count: Int, _ fy: UInt32
  ) {
    for i in 0..<count {
      out[i] = UInt8(
        truncatingIfNeeded: (top[i] &* (256 - fy) &+ bottom[i] &* fy &+ 32768) >> 16)
    }
  }

  /// Buffers of drawing a shadow, kept with the canvas between shadows (and frames).
  struct ShadowScratch: Sendable {
    /// Sampling positions of the small mask along one axis: the two samples and the weight
    /// of the second (of 256).
    struct Sampling: Sendable {
      var i0: [Int] = []
      var i1: [Int] = []
      var f: [Int] = []
    }
    var mask = ShadowMask()
    var row: [UInt8] = []
    var columns = Sampling()
    var rows = Sampling()
    var wide: ([UInt32], [UInt32]) = ([], [])
  }
}

/// The blurred mask of a shadow, at a k-th of device resolution: worked out by
/// `Canvas.shadowMask(of:transform:offset:sigma:within:flattened:rasterizer:into:)`, drawn by
/// `Canvas.drawShadow(_:color:opacity:visible:covers:)`.
package struct ShadowMask: Sendable {
  /// The mask's values, `small` row after row.
  var alpha: [UInt8] = []
  /// The device pixels the mask covers; its cells of `scale` pixels start at their corner.
  var region = IntRect.empty
  /// The mask's own rectangle: its width and height in cells.
  var small = IntRect.empty
  /// The pixels a cell is wide and tall.
  var scale = 1

  /// An empty mask.
  package init() {}
}
