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

  /// Renders `scene`.
  ///
  /// - Throws: ``RenderError`` when the scale or the resulting size is not allowed.
  public func render(_ scene: Scene) throws(RenderError) -> PixelBuffer {
    try render(displayList(for: scene))
  }

  /// Renders a display list.
  public func render(_ list: DisplayList) throws(RenderError) -> PixelBuffer {
    // The canvas owns the only copy of the pixels, so drawing never copies them.
    let canvas = try Canvas(width: list.width, height: list.height)
    if let background {
      canvas.fill(
        .rect(Rect(x: 0, y: 0, width: Double(list.width), height: Double(list.height))),
        paint: .solid(background))
    }
    canvas.draw(list, glyphCache: glyphCache)
    return canvas.buffer
  }

  /// Renders a display list into `buffer`, reusing its memory (it is resized if it has another
  /// size). Rendering frame after frame into one buffer saves allocating and faulting in a
  /// fresh frame each time.
  public func render(_ list: DisplayList, into buffer: inout PixelBuffer) throws(RenderError) {
    if buffer.width != list.width || buffer.height != list.height
      || buffer.pixels.count != list.width * list.height * 4
    {
      buffer = try PixelBuffer(width: list.width, height: list.height)
    }
    let fill =
      background.map { PremultipliedColor($0) } ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    let packed = Pixels.pack(fill)
    buffer.pixels.withUnsafeMutableBytes { raw in
      let p = raw.bindMemory(to: UInt32.self)
      for i in p.indices { p[i] = packed }
    }
    let canvas = Canvas(taking: &buffer)
    canvas.draw(list, glyphCache: glyphCache)
    canvas.finish(into: &buffer)
  }

  /// Sets `controller` to `pagePosition` and renders what it shows.
  public func render(_ controller: TutorialController, pagePosition: Double) throws(RenderError)
    -> PixelBuffer
  {
    controller.setPagePosition(pagePosition)
    return try render(controller.scene())
  }
}

extension Canvas {
  /// Draws every command of `list`, rasterizing glyphs through `glyphCache`.
  public func draw(_ list: DisplayList, glyphCache: GlyphCache = GlyphCache()) {
    for c in list.commands {
      switch c {
      case .beginGroup(let o, let b): pushGroup(opacity: o, bounds: b)
      case .endGroup: popGroup()
      case .beginClip(let p, let t, let r): pushClip(p, transform: t, rule: r)
      case .endClip: popClip()
      case .fill(let p, let t, let paint, let rule, let o):
        fill(p, transform: t, paint: paint, rule: rule, opacity: o)
      case .stroke(let p, let t, let paint, let style, let o):
        stroke(p, transform: t, paint: paint, style: style, opacity: o)
      case .image(let img, let t, let o): drawImage(img, transform: t, opacity: o)
      case .shadow(let p, let t, let color, let offset, let sigma, let o):
        drawShadow(of: p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o)
      case .glyphs(let run, let t, let o):
        drawGlyphs(run, transform: t, opacity: o, cache: glyphCache)
      }
    }
  }
}
