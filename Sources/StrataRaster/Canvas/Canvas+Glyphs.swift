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
    if Self.glyphOutline(of: run, transform: transform, cache: cache, into: &flattened) {
      fill(flattened, rule: .nonZero, shader: shader, visible: visible, covers: covers)
      return
    }
    let k = transform.a
    let deviceSize = run.size * k
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

  /// Whether `run` under `transform` is drawn as its outlines rather than from glyph masks —
  /// under a transform that does more than translate and scale uniformly, or at a device size
  /// no mask is made for — and if so its device-pixel outline, into `flat`: each glyph's outline
  /// flattened through its placement and `transform` (as filling `run.path(cache:)` would,
  /// without building that path).
  package static func glyphOutline(
    of run: GlyphRun, transform: Transform, cache: GlyphCache, into flat: inout FlattenedPath
  ) -> Bool {
    let k = transform.a
    let simple = transform.b == 0 && transform.c == 0 && k > 0 && transform.d == k && k.isFinite
    if simple {
      let deviceSize = run.size * k
      if deviceSize > 0 && deviceSize < 2000 { return false }
      fillOutline(run.path(cache: cache), transform: transform, into: &flat)
      return true
    }
    // Joined, an outline that does not start with a move would continue the one before it;
    // such (malformed) runs take the road of the joined path.
    for g in run.glyphs {
      let outline = cache.outline(run.face, g)
      guard outline.isEmpty || outline.startsWithMove else {
        fillOutline(run.path(cache: cache), transform: transform, into: &flat)
        return true
      }
    }
    flat.removeAll()
    for (i, g) in run.glyphs.enumerated() {
      let placement = run.glyphTransform(i)
      cache.outline(run.face, g).appendFlattening(tolerance: flatteningTolerance, to: &flat) {
        transform.apply(to: placement.apply(to: $0))
      }
    }
    for r in run.decorations {
      Path.rect(r).appendFlattening(tolerance: flatteningTolerance, to: &flat) {
        transform.apply(to: $0)
      }
    }
    return true
  }
}
