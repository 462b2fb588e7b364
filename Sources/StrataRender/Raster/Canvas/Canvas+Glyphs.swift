import Strata

extension Canvas {
  /// Draws a run of glyphs. Under a transform that only translates and scales uniformly,
  /// each glyph's coverage comes from `cache` (rasterized once per glyph, device size and
  /// quarter-pixel x position, with the baseline on a whole pixel); under any other
  /// transform the outlines are filled directly.
  public func drawGlyphs(
    _ run: GlyphRun, transform: Transform, opacity: Double = 1, cache: GlyphCache
  ) {
    drawGlyphs(run, transform: transform, opacity: opacity, cache: cache, visible: bounds)
  }

  /// ``drawGlyphs(_:transform:opacity:cache:)`` within `visible` (device pixels).
  func drawGlyphs(
    _ run: GlyphRun, transform: Transform, opacity: Double, cache: GlyphCache, visible: IntRect
  ) {
    guard let shader = Shader(.solid(run.color), transform: .identity, opacity: opacity) else {
      return
    }
    let k = transform.a
    let simple = transform.b == 0 && transform.c == 0 && k > 0 && transform.d == k && k.isFinite
    guard simple else {
      fill(
        run.path(cache: cache), transform: transform, paint: .solid(run.color), rule: .nonZero,
        opacity: opacity, visible: visible)
      return
    }
    let deviceSize = run.size * k
    guard deviceSize > 0, deviceSize < 2000 else {
      fill(
        run.path(cache: cache), transform: transform, paint: .solid(run.color), rule: .nonZero,
        opacity: opacity, visible: visible)
      return
    }
    let clip = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visible)
    withSpanTarget(columns: clip.x..<clip.maxX) { target in
      for (i, g) in run.glyphs.enumerated() {
        let origin = transform.apply(to: run.positions[i])
        guard origin.isFinite, abs(origin.x) < 1e7, abs(origin.y) < 1e7 else { continue }
        let fx = origin.x.rounded(.down)
        let subpixel = Int(((origin.x - fx) * 4).rounded())  // 0...4
        let ox = Int(fx) + subpixel / 4
        let oy = Int(origin.y.rounded())
        let m = cache.mask(
          run.face, g, deviceSize: deviceSize, subpixel: subpixel % 4, rasterizer: rasterizer)
        guard m.width > 0 else { continue }
        let box = IntRect(x: ox + m.left, y: oy + m.top, width: m.width, height: m.height)
          .intersection(clip)
        guard !box.isEmpty else { continue }
        m.coverage.withUnsafeBufferPointer { cov in
          for y in box.y..<box.maxY {
            let row = (y - oy - m.top) * m.width + (box.x - ox - m.left)
            target.blend(
              y: y, x: box.x, count: box.width,
              coverage: UnsafeBufferPointer(rebasing: cov[row..<(row + box.width)]),
              constant: 0, shader: shader, opacity255: 255)
          }
        }
      }
    }
  }
}
