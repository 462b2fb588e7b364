import Strata
import StrataIO
import StrataRaster
import StrataText

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
  /// Canvases and their display-list players kept between frames (shared by copies of this
  /// renderer), with their group layers, plans and working buffers, so that a sequence does
  /// not allocate them anew each frame.
  let canvases = CanvasPool()
  /// The display-list builder's working memory, kept between frames the same way.
  let listScratch = Spare<[Rect]>()
  /// What the frames of a sequence share, kept between them; `nil` (the default) keeps
  /// nothing. Frames rendered with a cache have the same bytes as without one.
  public var cache: RenderCache?
  /// How many threads draw one frame: its rows are split in bands that threads take in turn,
  /// and the bytes are those of the frame drawn on one thread (tested). 1, the default, draws
  /// on the calling thread. Use it for single frames (a preview, a snapshot, `strata frame`);
  /// a sequence is quicker drawn one frame per thread. With a ``cache``, a repeated frame is
  /// still copied, but a frame drawn in bands keeps no group layers.
  public var threads: Int = 1
  /// The outlines of a frame drawn in bands, kept between frames for their memory.
  let outlines = Spare<PreparedOutlines>()

  /// Creates a renderer. By default text is laid out by a ``TextEngine`` over the system's fonts.
  public init(
    scale: Double = 1, background: Color? = nil,
    textShaper: (any TextShaper)? = TextEngine.system,
    glyphCache: GlyphCache = GlyphCache()
  ) {
    self.scale = scale
    self.background = background
    self.textShaper = textShaper
    self.glyphCache = glyphCache
  }

  /// The text engine renderers use unless told otherwise: the system's fonts.
  @available(*, deprecated, renamed: "TextEngine.system")
  public static var defaultTextEngine: TextEngine { TextEngine.system }

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
  /// var frame = RasterImage.placeholder
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
  public func render(_ scene: Scene) throws(RenderError) -> RasterImage {
    try render(displayList(for: scene))
  }

  /// Renders a display list.
  public func render(_ list: DisplayList) throws(RenderError) -> RasterImage {
    var buffer = RasterImage.placeholder
    try render(list, into: &buffer)
    return buffer
  }

  /// Renders a display list into `buffer`, reusing its memory (it is resized if it has another
  /// size). Rendering frame after frame into one buffer saves allocating and faulting in a
  /// fresh frame each time.
  public func render(_ list: DisplayList, into buffer: inout RasterImage) throws(RenderError) {
    let hash = cache == nil ? 0 : list.hashValue
    if let cache, cache.copyFrame(for: list, hash: hash, into: &buffer) { return }
    try draw(list, into: &buffer)
    cache?.storeFrame(buffer, for: list, hash: hash)
  }

  /// Draws `list` into `buffer` (resized when it has another size).
  private func draw(_ list: DisplayList, into buffer: inout RasterImage) throws(RenderError) {
    if buffer.width != list.width || buffer.height != list.height
      || buffer.pixels.count != list.width * list.height * 4
    {
      buffer = try RasterImage(width: list.width, height: list.height)
    }
    // Clear the buffer, unless the first command paints over all of it anyway.
    let clear: UInt32? =
      list.beginsWithOpaqueCover
      ? nil
      : Pixels.pack(
        background.map { PremultipliedColor($0) } ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0))
    let bands = Self.bandCount(height: list.height, threads: threads)
    if bands > 1 {
      drawInBands(list, into: &buffer, bands: bands, threads: threads, clearTo: clear)
      return
    }
    if let clear {
      buffer.pixels.withUnsafeMutableBytes { raw in
        let p = raw.bindMemory(to: UInt32.self)
        for i in p.indices { p[i] = clear }
      }
    }
    let (canvas, player) = canvases.take(taking: &buffer)
    player.cache = cache
    player.play(list, on: canvas, glyphCache: glyphCache)
    player.cache = nil
    canvas.finish(into: &buffer)
    canvases.give(canvas, player)
  }

  /// Sets `controller` to `pagePosition` and renders what it shows.
  public func render(_ controller: TutorialController, pagePosition: Double) throws(RenderError)
    -> RasterImage
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
