import Strata
import StrataIO
import StrataRaster
import StrataText

/// Plays a display list on a ``Canvas``: it works out the plan first — the opaque fills that
/// cover what earlier commands of their group draw, the clips (made ahead, in command order),
/// and where each whole group ends — then draws command by command, telling the painter what
/// each command can still show (its visible rectangle) and what it may leave out (the covers,
/// through ``CoverLookup``). The painter keeps none of a list's state.
///
/// A player keeps the memory of its plans (occluders, covers, clips, stacks) for the next
/// list, so a sequence drawn frame after frame allocates none of it anew. One list at a time.
final class DisplayListPlayer: CoverLookup {
  /// An opaque fill that can hide what earlier commands of its group draw under it.
  struct Occluder {
    /// The fill's command, and the `beginGroup` of its group (−1 at the top level).
    let index: Int
    let scope: Int
    /// The whole fill's bounds, within the part of its clip that lets everything through.
    let rect: IntRect
    /// Whether the fill is an axis-aligned rectangle: then `rect` is exactly what it covers.
    let isRectangle: Bool
    /// The outline, the transform to device pixels and the fill rule, for working out its
    /// ``RowCover`` (the path is mapped only if that is asked for).
    let path: Path
    let transform: Transform
    let rule: FillRule
  }

  /// Where groups' layers are kept between frames, when a sequence is drawn.
  var cache: RenderCache?
  /// The list's fill and stroke outlines worked out before, when a frame is drawn in bands.
  var outlines: PreparedOutlines?
  /// The list's opaque fills, the covers worked out so far (with their index in `occluders`),
  /// and the command being drawn with the start of its group (see ``cover(for:)``); the memory
  /// of earlier covers, for the next.
  var occluders: [Occluder] = []
  var covers: [(occluder: Int, cover: RowCover)] = []
  var spareCovers = SpareArrays<Int32>()
  var coverCommand = -1
  var coverFloor = -1
  /// The clips the occlusion pass made, in command order, and the next to push; for each
  /// command, the `endGroup` of the whole group it begins, or −1 (see ``findGroupEnds(_:)``);
  /// the groups and clips open around the command being drawn, and the cache key of each
  /// group pushed (nil when its layer is not kept).
  var madeClips: [(index: Int, clip: ClipMask)] = []
  var nextMadeClip = 0
  var groupEnds: [Int] = []
  var openGroups: [Int] = []
  var openClips: [Int] = []
  var groupKeys: [RenderCache.GroupKey?] = []
  /// Working stacks of the passes before drawing, kept for their memory.
  var clipStack: [ClipMask] = []
  var groupStack: [(start: Int, clipDepth: Int, whole: Bool)] = []
  /// Works out covers, with the outline flattened into memory kept for the next.
  let rasterizer = Rasterizer.take()
  var coverFlattened = FlattenedPath()

  deinit { Rasterizer.give(rasterizer) }

  /// The most occluders a list keeps (the largest): a bound on each command's search.
  static let maximumOccluders = 256
  /// Fills and composites smaller than this (in pixels) do not look for a cover: finding
  /// one would cost more than it saves.
  static let smallestCover = 4096

  /// Draws every command of `list` on `canvas`, rasterizing glyphs through `glyphCache`.
  ///
  /// A first pass finds the opaque rectangles the list paints (inside clips, using the rows a
  /// clip mask fully covers) and keeps every earlier command of the same group out of them:
  /// what a later opaque fill covers is never drawn — at the top level, and inside a group's
  /// layer for the commands of that group before it. The pixels are the same.
  ///
  /// Clips pushed before the call stay; clips the list leaves open are closed when it ends.
  func play(_ list: DisplayList, on canvas: Canvas, glyphCache: GlyphCache) {
    occlusion(list, on: canvas)
    covers.removeAll(keepingCapacity: true)
    findGroupEnds(list.commands)
    openGroups.removeAll(keepingCapacity: true)
    openClips.removeAll(keepingCapacity: true)
    groupKeys.removeAll(keepingCapacity: true)
    let clipDepth = canvas.clipDepth
    defer {
      occluders.removeAll(keepingCapacity: true)
      coverCommand = -1
      coverFloor = -1
      recycleFrameMemory(on: canvas, clipDepth: clipDepth)
    }
    // A band (drawing a frame whose outlines were prepared) passes by the commands that draw
    // nothing in its rows without reading them.
    let rows = canvas.bounds
    var i = 0
    while i < list.commands.count {
      if let outlines, outlines.misses(i, rows: rows) {
        i += 1
        continue
      }
      let c = list.commands[i]
      switch c {
      case .endGroup, .endMask: _ = openGroups.popLast()
      default: break
      }
      let floor = openGroups.last ?? -1
      let visible = visibleArea(i, floor: floor, on: canvas)
      coverCommand = i
      coverFloor = floor
      switch c {
      case .beginGroup(let o, let b):
        let end = groupEnds[i]
        var key: RenderCache.GroupKey?
        if end >= 0 {
          // A group that composites nothing is not drawn.
          if Int((o.clamped(to: 0...1) * 255).rounded()) == 0 {
            i = end + 1
            continue
          }
          if let cache {
            let made = RenderCache.GroupKey(
              width: canvas.width, height: canvas.height,
              rect: canvas.groupRect(bounds: b, visible: visible),
              clips: openClips.map { list.commands[$0] }, commands: list.commands[(i + 1)..<end])
            if let kept = cache.group(made) {
              coverCommand = end
              canvas.composite(
                kept.pixels, of: kept.drawn, at: kept.drawn, opacity: o,
                visible: visibleArea(end, floor: floor, on: canvas), covers: self)
              i = end + 1
              continue
            }
            if cache.shouldKeep(made) { key = made }
          }
        }
        canvas.pushGroup(
          opacity: o, bounds: b, visible: visible,
          coveredAtOnce: coveredAtOnce(list, i, b, floor: floor, on: canvas))
        groupKeys.append(key)
        openGroups.append(i)
      case .endGroup:
        let key = groupKeys.popLast() ?? nil
        if let kept = canvas.popGroup(visible: visible, covers: self, keepingLayer: key != nil),
          let key, let cache
        {
          cache.keepGroup(key, drawn: kept.drawn, pixels: kept.pixels)
        }
      case .beginClip(let p, let t, let r):
        if let made = takeMadeClip(at: i) {
          canvas.pushClip(made)
        } else {
          canvas.pushClip(p, transform: t, rule: r)
        }
        openClips.append(i)
      case .beginClipUnion(let shapes, let t):
        if let made = takeMadeClip(at: i) {
          canvas.pushClip(made)
        } else {
          canvas.pushClip(union: shapes, transform: t)
        }
        openClips.append(i)
      case .endClip:
        canvas.popClip()
        _ = openClips.popLast()
      case .beginMask:
        // A mask is a scope of its own: its fills cover nothing of the group it cuts.
        canvas.pushMask(visible: visible)
        openGroups.append(i)
      case .endMask(let mode, let inverted):
        canvas.popMask(luminance: mode == .luminance, inverted: inverted)
      case .fill(let p, let t, let paint, let rule, let o):
        if let made = outlines?.outline(i) {
          canvas.fill(
            outline: made.path, bounds: made.bounds, bins: made.bins, transform: t, paint: paint,
            rule: rule,
            opacity: o, visible: visible, covers: self)
        } else {
          canvas.fill(
            p, transform: t, paint: paint, rule: rule, opacity: o, visible: visible, covers: self)
        }
      case .stroke(let p, let t, let paint, let style, let o):
        if let made = outlines?.outline(i) {
          canvas.fill(
            outline: made.path, bounds: made.bounds, bins: made.bins, transform: t, paint: paint,
            rule: .nonZero,
            opacity: o, visible: visible, covers: self)
        } else {
          canvas.stroke(
            p, transform: t, paint: paint, style: style, opacity: o, visible: visible, covers: self)
        }
      case .image(let img, let t, let o):
        canvas.drawImage(img, transform: t, opacity: o, visible: visible, covers: self)
      case .shadow(let p, let t, let color, let offset, let sigma, let o):
        switch outlines?.shadowState(i) ?? .notPrepared {
        case .nothing: break
        case .prepared:
          if let mask = outlines?.shadow(i) {
            canvas.drawShadow(mask, color: color, opacity: o, visible: visible, covers: self)
          }
        case .notPrepared:
          canvas.drawShadow(
            of: p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o,
            visible: visible, covers: self)
        }
      case .glyphs(let run, let t, let o):
        if let made = outlines?.outline(i) {
          canvas.fill(
            outline: made.path, bounds: made.bounds, bins: made.bins, transform: .identity,
            paint: .solid(run.color), rule: .nonZero, opacity: o, visible: visible, covers: self)
          break
        }
        canvas.drawGlyphs(
          run, transform: t, opacity: o, cache: glyphCache, visible: visible, covers: self)
      }
      i += 1
    }
  }

  /// What command `i` can still show: the canvas less what later opaque fills cover. Inside
  /// a group (starting at `floor`) only the group's own fills count, so that a group's layer
  /// depends on the group alone (what the group draws under a later fill outside it is
  /// covered anyway).
  func visibleArea(_ i: Int, floor: Int, on canvas: Canvas) -> IntRect {
    var visible = canvas.bounds
    for o in occluders where o.isRectangle && o.index > i && o.scope < i && o.scope >= floor {
      visible = Self.shrink(visible, by: o.rect)
    }
    return visible
  }

  /// Whether the group starting at command `i` of `list` (inside the group starting at
  /// `floor`) paints all of its layer opaquely with its first command (not under a mask):
  /// the layer's memory then need not be cleared.
  func coveredAtOnce(
    _ list: DisplayList, _ i: Int, _ bounds: Rect, floor: Int, on canvas: Canvas
  ) -> Bool {
    guard canvas.currentClip.mask == nil, i + 1 < list.commands.count else { return false }
    let layer = canvas.groupRect(
      bounds: bounds, visible: visibleArea(i, floor: floor, on: canvas))
    return DisplayList.paintsOpaquely(list.commands[i + 1], all: layer)
  }

  /// Sets ``groupEnds``: for each `beginGroup` whose group is whole — its clips and groups
  /// open and close inside it — the index of its `endGroup`; −1 for every other command.
  /// A whole group can be skipped or replaced by its kept layer without changing the clips
  /// of what follows.
  func findGroupEnds(_ commands: [DisplayList.Command]) {
    groupEnds.removeAll(keepingCapacity: true)
    groupEnds.append(contentsOf: repeatElement(-1, count: commands.count))
    // Each open group's start, and the clip depth when it opened; not whole once a clip it
    // did not open was closed inside it.
    groupStack.removeAll(keepingCapacity: true)
    var clipDepth = 0
    for (i, c) in commands.enumerated() {
      switch c {
      case .beginGroup: groupStack.append((i, clipDepth, true))
      case .endGroup:
        guard let g = groupStack.popLast() else { continue }
        if g.whole && clipDepth == g.clipDepth { groupEnds[g.start] = i }
      case .beginClip, .beginClipUnion: clipDepth += 1
      case .endClip:
        clipDepth -= 1
        for k in groupStack.indices where groupStack[k].clipDepth > clipDepth {
          groupStack[k].whole = false
        }
      default: continue
      }
    }
  }
}

extension Canvas {
  /// Draws every command of `list`, rasterizing glyphs through `glyphCache` (a
  /// ``DisplayListPlayer`` plays it; see ``DisplayListPlayer/play(_:on:glyphCache:)``).
  ///
  /// Clips pushed before the call stay; clips the list leaves open are closed when it ends.
  public func draw(_ list: DisplayList, glyphCache: GlyphCache = GlyphCache()) {
    DisplayListPlayer().play(list, on: self, glyphCache: glyphCache)
  }
}
