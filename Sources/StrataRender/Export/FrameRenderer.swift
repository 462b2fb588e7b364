import Strata

/// Renders scenes and controllers to pixels, headless and deterministically.
///
/// ```swift
/// let tutorial = MyTutorial(pageSize: Size(width: 375, height: 667))
/// let frame = try FrameRenderer(scale: 2).render(tutorial, pagePosition: 1.5)
/// try PNGEncoder().write(frame, to: "frame.png")
/// ```
public struct FrameRenderer {
  /// Device pixels per point (1, 2, 3 or any positive number).
  public var scale: Double
  /// What the frame starts as; `nil` leaves it transparent.
  public var background: Color?
  /// Lays out text; `nil` leaves text out.
  public var textShaper: (any TextShaper)?
  /// Keeps rasterized glyphs between frames (shared by copies of this renderer).
  public var glyphCache: GlyphCache
  /// Canvases kept between frames (shared by copies of this renderer), with their group
  /// layers and working buffers, so that a sequence does not allocate them anew each frame.
  let canvases = CanvasPool()
  /// The display-list builder's working memory, kept between frames the same way.
  let listScratch = Spare<[Rect]>()
  /// What the frames of a sequence share, kept between them; `nil` (the default) keeps
  /// nothing. Frames rendered with a cache have the same bytes as without one.
  public var cache: RenderCache?

  /// Creates a renderer. By default text is laid out by a ``TextEngine`` over the system's fonts.
  public init(
    scale: Double = 1, background: Color? = nil,
    textShaper: (any TextShaper)? = FrameRenderer.defaultTextEngine,
    glyphCache: GlyphCache = GlyphCache()
  ) {
    self.scale = scale
    self.background = background
    self.textShaper = textShaper
    self.glyphCache = glyphCache
  }

  /// The text engine renderers use unless told otherwise: the system's fonts.
  public static let defaultTextEngine = TextEngine()

  /// The display list of `scene` at this renderer's scale.
  public func displayList(for scene: Scene) throws(RenderError) -> DisplayList {
    try DisplayList(scene: scene, scale: scale, textShaper: textShaper)
  }

  /// Makes `list` the display list of `scene` at this renderer's scale, in place: its memory
  /// (and the builder's, which the renderer keeps) is reused, so a sequence that keeps one list
  /// and updates it frame after frame builds its lists without allocating them anew. The
  /// result equals ``displayList(for:)``'s.
  ///
  /// ```swift
  /// var scene = tutorial.scene()
  /// var list = DisplayList(width: 1, height: 1, commands: [])
  /// var frame = PixelBuffer.placeholder
  /// for position in positions {
  ///   tutorial.setPagePosition(position)
  ///   tutorial.updateScene(&scene)  // the scene, too, keeps its memory
  ///   try renderer.updateDisplayList(&list, for: scene)
  ///   try renderer.render(list, into: &frame)
  /// }
  /// ```
  public func updateDisplayList(_ list: inout DisplayList, for scene: Scene) throws(RenderError) {
    var scratch = listScratch.take() ?? []
    defer { listScratch.give(scratch) }
    try list.update(scene: scene, scale: scale, textShaper: textShaper, scratch: &scratch)
  }

  /// Renders `scene`.
  ///
  /// - Throws: ``RenderError`` when the scale or the resulting size is not allowed.
  public func render(_ scene: Scene) throws(RenderError) -> PixelBuffer {
    try render(displayList(for: scene))
  }

  /// Renders a display list.
  public func render(_ list: DisplayList) throws(RenderError) -> PixelBuffer {
    var buffer = PixelBuffer.placeholder
    try render(list, into: &buffer)
    return buffer
  }

  /// Renders a display list into `buffer`, reusing its memory (it is resized if it has another
  /// size). Rendering frame after frame into one buffer saves allocating and faulting in a
  /// fresh frame each time.
  public func render(_ list: DisplayList, into buffer: inout PixelBuffer) throws(RenderError) {
    let hash = cache == nil ? 0 : list.hashValue
    if let cache, cache.copyFrame(for: list, hash: hash, into: &buffer) { return }
    try draw(list, into: &buffer)
    cache?.storeFrame(buffer, for: list, hash: hash)
  }

  /// Draws `list` into `buffer` (resized when it has another size).
  private func draw(_ list: DisplayList, into buffer: inout PixelBuffer) throws(RenderError) {
    if buffer.width != list.width || buffer.height != list.height
      || buffer.pixels.count != list.width * list.height * 4
    {
      buffer = try PixelBuffer(width: list.width, height: list.height)
    }
    // Clear the buffer, unless the first command paints over all of it anyway.
    if !list.beginsWithOpaqueCover {
      let fill =
        background.map { PremultipliedColor($0) } ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
      let packed = Pixels.pack(fill)
      buffer.pixels.withUnsafeMutableBytes { raw in
        let p = raw.bindMemory(to: UInt32.self)
        for i in p.indices { p[i] = packed }
      }
    }
    let canvas = canvases.take(taking: &buffer)
    canvas.cache = cache
    canvas.draw(list, glyphCache: glyphCache)
    canvas.cache = nil
    canvas.finish(into: &buffer)
    canvases.give(canvas)
  }

  /// Sets `controller` to `pagePosition` and renders what it shows.
  public func render(_ controller: TutorialController, pagePosition: Double) throws(RenderError)
    -> PixelBuffer
  {
    controller.setPagePosition(pagePosition)
    return try render(controller.scene())
  }
}

extension DisplayList {
  /// Whether the first command is an opaque fill of a rectangle covering the whole frame, so
  /// what the frame held before cannot show.
  var beginsWithOpaqueCover: Bool {
    Self.paintsOpaquely(commands.first, all: IntRect(x: 0, y: 0, width: width, height: height))
  }

  /// Whether `command` is an opaque fill of a rectangle that holds every pixel of `rect`.
  static func paintsOpaquely(_ command: Command?, all rect: IntRect) -> Bool {
    guard case .fill(let p, let t, let paint, _, let o)? = command, o >= 1,
      Shader.paintsOpaquely(paint, transform: t),
      let r = p.axisAlignedRect(applying: t).flatMap(IntRect.init(inside:))
    else { return false }
    return r.x <= rect.x && r.y <= rect.y && r.maxX >= rect.maxX && r.maxY >= rect.maxY
  }
}

extension Canvas {
  /// Draws every command of `list`, rasterizing glyphs through `glyphCache`.
  ///
  /// A first pass finds the opaque rectangles the list paints (inside clips, using the rows a
  /// clip mask fully covers) and keeps every earlier command of the same group out of them:
  /// what a later opaque fill covers is never drawn — at the top level, and inside a group's
  /// layer for the commands of that group before it. The pixels are the same.
  ///
  /// Clips pushed before the call stay; clips the list leaves open are closed when it ends.
  public func draw(_ list: DisplayList, glyphCache: GlyphCache = GlyphCache()) {
    occlusion(list)
    covers.removeAll(keepingCapacity: true)
    findGroupEnds(list.commands)
    openGroups.removeAll(keepingCapacity: true)
    openClips.removeAll(keepingCapacity: true)
    let clipDepth = clips.count
    defer {
      occluders.removeAll(keepingCapacity: true)
      coverCommand = -1
      coverFloor = -1
      recycleFrameMemory(clipDepth: clipDepth)
    }
    var i = 0
    while i < list.commands.count {
      let c = list.commands[i]
      if case .endGroup = c { _ = openGroups.popLast() }
      let floor = openGroups.last ?? -1
      let visible = visibleArea(i, floor: floor)
      coverCommand = i
      coverFloor = floor
      switch c {
      case .beginGroup(let o, let b):
        let end = groupEnds[i]
        if end >= 0 {
          // A group that composites nothing is not drawn.
          if Int((o.clamped(to: 0...1) * 255).rounded()) == 0 {
            i = end + 1
            continue
          }
          if let cache {
            let key = RenderCache.GroupKey(
              width: width, height: height, rect: groupRect(bounds: b, visible: visible),
              clips: openClips.map { list.commands[$0] }, commands: list.commands[(i + 1)..<end])
            if let kept = cache.group(key) {
              coverCommand = end
              composite(
                kept.pixels, of: kept.drawn, at: kept.drawn, opacity: o,
                visible: visibleArea(end, floor: floor))
              i = end + 1
              continue
            }
            pushGroup(
              opacity: o, bounds: b, visible: visible,
              coveredAtOnce: coveredAtOnce(list, i, b, floor: floor))
            if cache.shouldKeep(key) { surfaces[surfaces.count - 1].cacheKey = key }
            openGroups.append(i)
            break
          }
        }
        pushGroup(
          opacity: o, bounds: b, visible: visible,
          coveredAtOnce: coveredAtOnce(list, i, b, floor: floor))
        openGroups.append(i)
      case .endGroup: popGroup(visible: visible)
      case .beginClip(let p, let t, let r):
        if let made = takeMadeClip(at: i) {
          pushClip(made)
        } else {
          pushClip(p, transform: t, rule: r)
        }
        openClips.append(i)
      case .beginClipUnion(let shapes, let t):
        if let made = takeMadeClip(at: i) {
          pushClip(made)
        } else {
          pushClip(union: shapes, transform: t)
        }
        openClips.append(i)
      case .endClip:
        popClip()
        _ = openClips.popLast()
      case .fill(let p, let t, let paint, let rule, let o):
        fill(p, transform: t, paint: paint, rule: rule, opacity: o, visible: visible)
      case .stroke(let p, let t, let paint, let style, let o):
        stroke(p, transform: t, paint: paint, style: style, opacity: o, visible: visible)
      case .image(let img, let t, let o):
        drawImage(img, transform: t, opacity: o, visible: visible)
      case .shadow(let p, let t, let color, let offset, let sigma, let o):
        drawShadow(
          of: p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o,
          visible: visible)
      case .glyphs(let run, let t, let o):
        drawGlyphs(run, transform: t, opacity: o, cache: glyphCache, visible: visible)
      }
      i += 1
    }
  }

  /// What command `i` can still show: the canvas less what later opaque fills cover. Inside
  /// a group (starting at `floor`) only the group's own fills count, so that a group's layer
  /// depends on the group alone (what the group draws under a later fill outside it is
  /// covered anyway).
  func visibleArea(_ i: Int, floor: Int) -> IntRect {
    var visible = bounds
    for o in occluders where o.isRectangle && o.index > i && o.scope < i && o.scope >= floor {
      visible = Self.shrink(visible, by: o.rect)
    }
    return visible
  }

  /// Whether the group starting at command `i` of `list` (inside the group starting at
  /// `floor`) paints all of its layer opaquely with its first command (not under a mask):
  /// the layer's memory then need not be cleared.
  func coveredAtOnce(_ list: DisplayList, _ i: Int, _ bounds: Rect, floor: Int) -> Bool {
    guard currentClip.mask == nil, i + 1 < list.commands.count else { return false }
    let layer = groupRect(bounds: bounds, visible: visibleArea(i, floor: floor))
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
