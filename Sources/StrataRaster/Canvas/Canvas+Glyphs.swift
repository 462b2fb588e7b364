import Strata
import StrataIO
import StrataText

extension Canvas {
  /// Draws a run of glyphs. Under a transform that only translates and scales uniformly,
  /// each glyph's coverage comes from `cache` (rasterized once per glyph, device size and
  /// quarter-pixel x position, with the baseline on a whole pixel); under any other
  /// transform the outlines are filled directly.
  public func drawGlyphs(
    _ run: GlyphRun, transform: Transform, opacity: Double = 1, cache: GlyphCache
  ) {
    drawGlyphs(
      run, transform: transform, opacity: opacity, cache: cache, visible: bounds, covers: nil)
  }

  /// ``drawGlyphs(_:transform:opacity:cache:)`` within `visible` (device pixels).
  package func drawGlyphs(
    _ run: GlyphRun, transform: Transform, opacity: Double, cache: GlyphCache, visible: IntRect,
    covers: (any CoverLookup)?
  ) {
    guard let shader = Shader(.solid(run.color), transform: .identity, opacity: opacity) else {
      return
    }
    let k = transform.a
    let simple = transform.b == 0 && transform.c == 0 && k > 0 && transform.d == k && k.isFinite
    guard simple else {
      fillOutlines(
        of: run, transform: transform, opacity: opacity, shader: shader, cache: cache,
        visible: visible, covers: covers)
      return
    }
    let deviceSize = run.size * k
    guard deviceSize > 0, deviceSize < 2000 else {
      fill(
        run.path(cache: cache), transform: transform, paint: .solid(run.color), rule: .nonZero,
        opacity: opacity, visible: visible, covers: covers)
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

  /// Fills the run's outlines as one shape, as filling `run.path(cache:)` does, without
  /// building that path: each glyph's outline is flattened through its placement and
  /// `transform` into the canvas's buffer (the same points, so the same pixels).
  private func fillOutlines(
    of run: GlyphRun, transform: Transform, opacity: Double, shader: Shader, cache: GlyphCache,
    visible: IntRect, covers: (any CoverLookup)?
  ) {
    // Joined, an outline that does not start with a move would continue the one before it;
    // such (malformed) runs take the road of the joined path.
    for g in run.glyphs {
      let outline = cache.outline(run.face, g)
      guard outline.isEmpty || outline.startsWithMove else {
        fill(
          run.path(cache: cache), transform: transform, paint: .solid(run.color),
          rule: .nonZero, opacity: opacity, visible: visible, covers: covers)
        return
      }
    }
    flattened.removeAll()
    for (i, g) in run.glyphs.enumerated() {
      let placement = run.glyphTransform(i)
      cache.outline(run.face, g).appendFlattening(
        tolerance: Self.flatteningTolerance, to: &flattened
      ) {
        transform.apply(to: placement.apply(to: $0))
      }
    }
    for r in run.decorations {
      Path.rect(r).appendFlattening(tolerance: Self.flatteningTolerance, to: &flattened) {
        transform.apply(to: $0)
      }
    }
    fill(flattened, rule: .nonZero, shader: shader, visible: visible, covers: covers)
  }
}
