import Strata
import StrataIO

extension Canvas {
  struct Surface {
    var rect: IntRect
    var pixels: [UInt8]
    var opacity: Double
    /// Memory the surface draws into instead of ``pixels``: the rows of a larger frame that a
    /// band's canvas draws straight into (see ``Canvas/restart(drawingInto:rows:)``).
    var external: UnsafeMutableRawPointer? = nil
    /// The rows and columns drawn into so far (a group's layer is clear outside them).
    var dirtyMinX = Int.max
    var dirtyMinY = Int.max
    var dirtyMaxX = Int.min
    var dirtyMaxY = Int.min

    var dirty: IntRect {
      guard dirtyMinX < dirtyMaxX, dirtyMinY < dirtyMaxY else {
        return IntRect(x: 0, y: 0, width: 0, height: 0)
      }
      return IntRect(
        x: dirtyMinX, y: dirtyMinY, width: dirtyMaxX - dirtyMinX, height: dirtyMaxY - dirtyMinY)
    }

    mutating func markDirty(minX: Int, minY: Int, maxX: Int, maxY: Int) {
      dirtyMinX = Swift.min(dirtyMinX, minX)
      dirtyMinY = Swift.min(dirtyMinY, minY)
      dirtyMaxX = Swift.max(dirtyMaxX, maxX)
      dirtyMaxY = Swift.max(dirtyMaxY, maxY)
    }
  }

  // MARK: Clips and groups

  /// Restricts drawing to the inside of `path` until the matching ``popClip()``.
  public func pushClip(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero) {
    clips.append(makeClip(path, transform: transform, rule: rule, inside: clips[clips.count - 1]))
  }

  /// Restricts drawing to the union of `shapes` (under `transform`) until ``popClip()``.
  public func pushClip(union shapes: [VectorImage.ClipShape], transform: Transform = .identity) {
    clips.append(makeClip(union: shapes, transform: transform, inside: currentClip))
  }

  /// Pushes a clip made earlier by ``makeClip(_:transform:rule:inside:)``.
  package func pushClip(_ clip: ClipMask) { clips.append(clip) }

  /// The current clip.
  package var currentClip: ClipMask { clips[clips.count - 1] }

  /// The clip of `path` inside `current`.
  package func makeClip(
    _ path: Path, transform: Transform, rule: FillRule, inside current: ClipMask
  )
    -> ClipMask
  {
    ClipMask(
      path, transform: transform, rule: rule, inside: current, rasterizer: rasterizer,
      scratch: &clipFlattened, memory: &clipMemory)
  }

  /// The clip of the union of `shapes` inside `current`.
  package func makeClip(
    union shapes: [VectorImage.ClipShape], transform: Transform, inside current: ClipMask
  )
    -> ClipMask
  {
    ClipMask(
      union: shapes, transform: transform, inside: current, rasterizer: rasterizer,
      scratch: &clipFlattened, memory: &clipMemory)
  }

  /// Removes the clip added by the last ``pushClip(_:transform:rule:)``.
  public func popClip() {
    if clips.count > 1 { clips.removeLast() }
  }

  /// Memory for a group's layer, kept for the next group: `dirty` is the range of bytes its
  /// last group drew into (the rest is zero).
  struct Layer: Sendable {
    var pixels: [UInt8]
    var dirty: Range<Int>
  }

  /// Starts a group: what is drawn until ``popGroup()`` is composited as one image with `opacity`.
  ///
  /// `bounds` (device pixels) limits the offscreen layer; `nil` means the current clip.
  public func pushGroup(opacity: Double, bounds: Rect? = nil) {
    pushGroup(opacity: opacity, bounds: bounds, visible: self.bounds)
  }

  /// ``pushGroup(opacity:bounds:)`` with the layer limited to `visible` (device pixels).
  ///
  /// `coveredAtOnce`: the group's first command paints every pixel of the layer opaquely, so
  /// what the memory held before cannot show and it need not be cleared.
  package func pushGroup(
    opacity: Double, bounds: Rect?, visible: IntRect, coveredAtOnce: Bool = false
  ) {
    let rect = groupRect(bounds: bounds, visible: visible)
    let count = Swift.max(0, rect.width * rect.height * 4)
    // Reuse the memory of an earlier group (the one that fits best), clearing only what that
    // group drew. A layer keeps all the bytes it ever had (a group uses the first `count`),
    // and every byte outside its dirty range is zero; bytes it never had are new and zero.
    var layer =
      spareSurfaces.bestFit(for: count) { $0.pixels.capacity }.map {
        spareSurfaces.remove(at: $0)
      } ?? Layer(pixels: [], dirty: 0..<0)
    // A group that paints its whole layer at once leaves only the stale bytes past it to clear.
    let held = layer.pixels.count
    let stale = layer.dirty.clamped(to: Swift.min(coveredAtOnce ? count : 0, held)..<held)
    if !stale.isEmpty {
      layer.pixels.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return }
        (base + stale.lowerBound).initializeMemory(
          as: UInt8.self, repeating: 0, count: stale.count)
      }
    }
    if layer.pixels.count < count {
      layer.pixels.append(contentsOf: repeatElement(0, count: count - layer.pixels.count))
    }
    surfaces.append(Surface(rect: rect, pixels: layer.pixels, opacity: opacity.clamped(to: 0...1)))
  }

  /// The layer of a group starting now: the current clip and layer, limited to `visible` and
  /// to the group's `bounds`.
  package func groupRect(bounds: Rect?, visible: IntRect) -> IntRect {
    var rect = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visible)
    if let bounds { rect = rect.intersection(IntRect(covering: bounds)) }
    return rect
  }

  /// Composites the last group onto what is under it.
  public func popGroup() { _ = popGroup(visible: bounds, covers: nil, keepingLayer: false) }

  /// ``popGroup()``, compositing only within `visible` (device pixels) and leaving out what
  /// `covers` says later opaque fills cover. With `keepingLayer`, returns what the group drew
  /// (where, and a copy of those pixels), for a render cache to keep.
  package func popGroup(visible: IntRect, covers: (any CoverLookup)?, keepingLayer: Bool) -> (
    drawn: IntRect, pixels: [UInt8]
  )? {
    guard surfaces.count > 1 else { return nil }
    let top = surfaces.removeLast()
    let drawn = top.dirty.intersection(top.rect)
    defer { recycle(top) }
    let kept = keepingLayer ? (drawn, Self.copy(drawn, from: top.pixels, of: top.rect)) : nil
    guard !top.rect.isEmpty else { return kept }
    composite(
      top.pixels, of: top.rect, at: drawn, opacity: top.opacity, visible: visible, covers: covers)
    return kept
  }

  /// Gives a layer's memory back to the spares with the bytes it drew into, to be cleared when
  /// used.
  func recycle(_ top: Surface) {
    let drawn = top.dirty.intersection(top.rect)
    var dirty = 0..<0
    if !drawn.isEmpty {
      let first = (drawn.y - top.rect.y) * top.rect.width + (drawn.x - top.rect.x)
      let last = (drawn.maxY - 1 - top.rect.y) * top.rect.width + (drawn.maxX - top.rect.x)
      dirty = (first * 4)..<(last * 4)
    }
    if spareSurfaces.count < 4 { spareSurfaces.append(Layer(pixels: top.pixels, dirty: dirty)) }
  }

  /// Starts a mask of the current group: what is drawn until ``popMask(luminance:inverted:)``
  /// goes to a layer of its own over the group's.
  package func pushMask(visible: IntRect) {
    pushGroup(opacity: 1, bounds: nil, visible: visible)
  }

  /// Ends the mask: every pixel of the group's layer is multiplied by the mask's alpha or
  /// luminance there (0 outside what the mask drew), or by one minus it when `inverted`.
  package func popMask(luminance: Bool, inverted: Bool) {
    guard surfaces.count > 2 else {
      // A mask outside any group has nothing to cut: dropped.
      if surfaces.count > 1 { recycle(surfaces.removeLast()) }
      return
    }
    let mask = surfaces.removeLast()
    defer { recycle(mask) }
    let g = surfaces.count - 1
    let target = surfaces[g].dirty.intersection(surfaces[g].rect)
    guard !target.isEmpty else { return }
    let mr = mask.rect
    let gr = surfaces[g].rect
    mask.pixels.withUnsafeBytes { rawMask in
      surfaces[g].pixels.withUnsafeMutableBytes { rawLayer in
        guard let m0 = rawMask.baseAddress?.assumingMemoryBound(to: UInt8.self),
          let l0 = rawLayer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return }
        for y in target.y..<target.maxY {
          let inRow = y >= mr.y && y < mr.maxY
          for x in target.x..<target.maxX {
            var m = 0
            if inRow, x >= mr.x, x < mr.maxX {
              let p = m0 + ((y - mr.y) * mr.width + (x - mr.x)) * 4
              // Premultiplied colours: luminance already counts the alpha (clear is black).
              m =
                luminance
                ? (54 * Int(p[0]) + 183 * Int(p[1]) + 19 * Int(p[2]) + 128) >> 8 : Int(p[3])
            }
            if inverted { m = 255 - m }
            if m == 255 { continue }
            let q = l0 + ((y - gr.y) * gr.width + (x - gr.x)) * 4
            for c in 0..<4 { q[c] = UInt8((Int(q[c]) * m + 127) / 255) }
          }
        }
      }
    }
  }

  /// Composites the part `drawn` of a layer (`pixels`, covering `rect` row after row) onto the
  /// current layer with `opacity`, within `visible`.
  package func composite(
    _ pixels: [UInt8], of rect: IntRect, at drawn: IntRect, opacity: Double, visible: IntRect,
    covers: (any CoverLookup)?
  ) {
    let o = Int((opacity.clamped(to: 0...1) * 255).rounded())
    guard o > 0 else { return }
    let parentIndex = surfaces.count - 1
    let pr = surfaces[parentIndex].rect
    // Only what the group drew: the rest of its layer is clear.
    let r = drawn.intersection(rect).intersection(pr).intersection(visible)
    guard !r.isEmpty, pixels.count >= rect.width * rect.height * 4 else { return }
    surfaces[parentIndex].markDirty(minX: r.x, minY: r.y, maxX: r.maxX, maxY: r.maxY)
    // What a later opaque fill covers is left out.
    let covered = covers?.cover(for: r)
    pixels.withUnsafeBytes { rawSrc in
      withSurfaceMemory(parentIndex) { rawDst in
        let src = rawSrc.bindMemory(to: UInt32.self)
        let d0 = rawDst.bindMemory(to: UInt32.self, capacity: pr.width * pr.height)
        guard let s0 = src.baseAddress else { return }
        func blend(y: Int, from x0: Int, to x1: Int) {
          guard x0 < x1 else { return }
          let si = (y - rect.y) * rect.width + (x0 - rect.x)
          let di = (y - pr.y) * pr.width + (x0 - pr.x)
          Pixels.blend(
            into: d0 + di, colors: s0 + si, solid: 0, coverage: nil, uniform: UInt32(o),
            count: x1 - x0)
        }
        for y in r.y..<r.maxY {
          if let run = covered?.run(y: y), run.lowerBound < r.maxX, run.upperBound > r.x {
            coveredPixels += Swift.min(run.upperBound, r.maxX) - Swift.max(run.lowerBound, r.x)
            blend(y: y, from: r.x, to: run.lowerBound)
            blend(y: y, from: run.upperBound, to: r.maxX)
          } else {
            blend(y: y, from: r.x, to: r.maxX)
          }
        }
      }
    }
  }

  /// Runs `body` with the memory surface `i` draws into: its ``Surface/external`` memory, or
  /// its own pixels (not run when they are empty).
  func withSurfaceMemory(_ i: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
    if let external = surfaces[i].external {
      body(external)
      return
    }
    surfaces[i].pixels.withUnsafeMutableBytes { raw in
      if let base = raw.baseAddress { body(base) }
    }
  }

  /// The pixels of `part` of a layer (`pixels`, covering `rect`), row after row.
  static func copy(_ part: IntRect, from pixels: [UInt8], of rect: IntRect) -> [UInt8] {
    guard !part.isEmpty else { return [] }
    var out = [UInt8](repeating: 0, count: part.width * part.height * 4)
    out.withUnsafeMutableBytes { dst in
      pixels.withUnsafeBytes { src in
        guard let d0 = dst.baseAddress, let s0 = src.baseAddress,
          src.count >= rect.width * rect.height * 4
        else { return }
        for y in part.y..<part.maxY {
          let si = ((y - rect.y) * rect.width + (part.x - rect.x)) * 4
          let di = (y - part.y) * part.width * 4
          (d0 + di).copyMemory(from: s0 + si, byteCount: part.width * 4)
        }
      }
    }
    return out
  }
}
