import Strata
import StrataIO
import StrataRaster

extension DisplayListPlayer {
  /// Finds the opaque fills of `list` (into ``occluders``) and makes its clips on the way
  /// (into ``madeClips``, to push when drawing), with `canvas`'s clip masks.
  ///
  /// A fill is opaque when its paint and opacity are; inside a clip with a mask it covers
  /// only the rows the mask lets through completely.
  func occlusion(_ list: DisplayList, on canvas: Canvas) {
    occluders.removeAll(keepingCapacity: true)
    madeClips.removeAll(keepingCapacity: true)
    nextMadeClip = 0
    clipStack.removeAll(keepingCapacity: true)
    clipStack.append(canvas.currentClip)
    openGroups.removeAll(keepingCapacity: true)
    defer {
      clipStack.removeAll(keepingCapacity: true)
      openGroups.removeAll(keepingCapacity: true)
    }
    let rows = canvas.bounds
    for i in list.commands.indices {
      // A fill outside a band's rows covers nothing in them.
      if let outlines, outlines.misses(i, rows: rows) { continue }
      switch list.commands[i] {
      case .beginGroup, .beginMask: openGroups.append(i)
      case .endGroup, .endMask: _ = openGroups.popLast()
      case .beginClip(let p, let t, let r):
        let clip = canvas.makeClip(
          p, transform: t, rule: r, inside: clipStack[clipStack.count - 1],
          place: madeClips.count)
        madeClips.append((i, clip))
        clipStack.append(clip)
      case .beginClipUnion(let shapes, let t):
        let clip = canvas.makeClip(
          union: shapes, transform: t, inside: clipStack[clipStack.count - 1],
          place: madeClips.count)
        madeClips.append((i, clip))
        clipStack.append(clip)
      case .endClip:
        if clipStack.count > 1 { clipStack.removeLast() }
      case .fill(let p, let t, let paint, let rule, let o)
      where o >= 1 && Shader.paintsOpaquely(paint, transform: t):
        let clip = clipStack[clipStack.count - 1].fullyCoveredRect
        let scope = openGroups.last ?? -1
        if let inner = p.axisAlignedRect(applying: t).flatMap(IntRect.init(inside:)) {
          let rect = inner.intersection(clip)
          if !rect.isEmpty {
            occluders.append(
              Occluder(
                index: i, scope: scope, rect: rect, isRectangle: true, path: p, transform: t,
                rule: rule))
          }
          continue
        }
        let rect = IntRect(covering: p.bounds(applying: t)).intersection(clip)
        if rect.width * rect.height >= Self.smallestCover {
          occluders.append(
            Occluder(
              index: i, scope: scope, rect: rect, isRectangle: false, path: p, transform: t,
              rule: rule))
        }
      default:
        continue
      }
    }
    // Each command that can be covered searches the occluders: only the largest are kept,
    // so that a list of n opaque fills costs n log n here and n × the cap when drawn (97,336
    // rectangles took 16.8 s when every command searched every fill). Leaving an occluder out
    // draws a little more, never anything else: the output is the same.
    if occluders.count > Self.maximumOccluders {
      occluders.sort { $0.rect.width * $0.rect.height > $1.rect.width * $1.rect.height }
      occluders.removeLast(occluders.count - Self.maximumOccluders)
      occluders.sort { $0.index < $1.index }
    }
  }

  /// The clip the occlusion pass made for the clip command at `index`, if it made one (the
  /// clips of commands skipped on the way, in groups not drawn, are passed over).
  func takeMadeClip(at index: Int) -> ClipMask? {
    while nextMadeClip < madeClips.count && madeClips[nextMadeClip].index < index {
      nextMadeClip += 1
    }
    guard nextMadeClip < madeClips.count, madeClips[nextMadeClip].index == index else {
      return nil
    }
    nextMadeClip += 1
    return madeClips[nextMadeClip - 1].clip
  }

  /// Gives the memory of the clips and covers of the list just drawn to the next list's
  /// (each array is held nowhere else by then, so it is reused rather than copied). Clips the
  /// list left open are closed, down to the `depth` clips open before it.
  func recycleFrameMemory(on canvas: Canvas, clipDepth depth: Int) {
    canvas.closeClips(downTo: depth)
    for k in madeClips.indices { canvas.recycle(&madeClips[k].clip, place: k) }
    madeClips.removeAll(keepingCapacity: true)
    nextMadeClip = 0
    for k in covers.indices {
      spareCovers.keepRows(covers[k].cover.starts, place: 2 * k)
      spareCovers.keepRows(covers[k].cover.ends, place: 2 * k + 1)
    }
    covers.removeAll(keepingCapacity: true)
  }

  /// Where the command being drawn can leave pixels out: the cover of the later opaque fill
  /// of its group that overlaps `area` most, worked out the first time it is asked for.
  ///
  /// The command is ``coverCommand``, inside the group that begins at ``coverFloor``.
  func cover(for area: IntRect) -> RowCover? {
    guard !occluders.isEmpty, area.width * area.height >= Self.smallestCover else { return nil }
    var best = -1
    var bestArea = Self.smallestCover - 1
    for (k, o) in occluders.enumerated()
    where o.index > coverCommand && o.scope < coverCommand && o.scope >= coverFloor {
      let r = o.rect.intersection(area)
      guard !r.isEmpty, r.width * r.height > bestArea else { continue }
      best = k
      bestArea = r.width * r.height
    }
    guard best >= 0 else { return nil }
    if let k = covers.firstIndex(where: { $0.occluder == best }) { return covers[k].cover }
    let made = makeCover(occluders[best])
    covers.append((best, made))
    return made
  }

  /// The rows and columns `o` covers completely.
  private func makeCover(_ o: Occluder) -> RowCover {
    let region = o.rect
    // The memory of the cover made in the same place of the last frame.
    let place = covers.count
    var starts = spareCovers.takeZeros(Swift.max(0, region.height), place: 2 * place)
    var ends = spareCovers.takeZeros(Swift.max(0, region.height), place: 2 * place + 1)
    if o.isRectangle {
      for r in starts.indices {
        starts[r] = Int32(region.x)
        ends[r] = Int32(region.maxX)
      }
      return RowCover(top: region.y, starts: starts, ends: ends)
    }
    rasterizer.reset(region: region)
    o.path.flatten(
      tolerance: Canvas.flatteningTolerance, applying: o.transform, into: &coverFlattened)
    rasterizer.add(coverFlattened)
    rasterizer.forEachFullRun(rule: o.rule) { y, x, n in
      let r = y - region.y
      if Int32(n) > ends[r] - starts[r] {
        starts[r] = Int32(x)
        ends[r] = Int32(x + n)
      }
    }
    return RowCover(top: region.y, starts: starts, ends: ends)
  }

  /// `v` less the rows of it `o` covers, when that leaves a rectangle (`o` spans all of `v`'s
  /// width, from its top or to its bottom); `v` otherwise.
  ///
  /// Only rows are taken away, never columns: where a fill's rows start changes nothing of
  /// their pixels, but where they start along the row changes the sums each pixel's coverage
  /// is added up from, in the last bit. With columns kept whole, the frame drawn in bands of
  /// rows (each band with its own occluders) has the bytes of the frame drawn at once.
  static func shrink(_ v: IntRect, by o: IntRect) -> IntRect {
    if o.x <= v.x && o.maxX >= v.maxX {
      if o.y <= v.y && o.maxY > v.y {
        let top = Swift.min(o.maxY, v.maxY)
        return IntRect(x: v.x, y: top, width: v.width, height: v.maxY - top)
      }
      if o.maxY >= v.maxY && o.y < v.maxY {
        return IntRect(x: v.x, y: v.y, width: v.width, height: Swift.max(0, o.y - v.y))
      }
    }
    return v
  }
}
