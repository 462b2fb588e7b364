import Strata
import StrataIO
import StrataText

/// Draws paths, images and shadows into a ``RasterImage``, with clipping and group opacity.
///
/// All drawing takes a transform from the shape's own space to device pixels.
/// Compositing is source-over on premultiplied 8-bit sRGB, as Core Graphics
/// does by default. Anti-aliasing is exact-area coverage (see ``Rasterizer``).
///
/// ```swift
/// let canvas = try Canvas(width: 100, height: 100)
/// canvas.fill(.circle(center: Point(x: 50, y: 50), radius: 40), paint: .solid(.red))
/// let png = PNGEncoder().encode(canvas.buffer)
/// ```
public final class Canvas {

  /// The distance in device pixels within which curves are flattened.
  ///
  /// A chord lies inside a convex curve, so flattening loses about (4/3)·tolerance/r
  /// of a circle's area; at 0.005 px that is under 0.1 % for any radius from 7 px up.
  public static let flatteningTolerance = 0.005

  var surfaces: [Surface]
  /// Layers to reuse for groups, each with the bytes its last group drew (cleared when it is
  /// used again, unless the new group paints over all of it at once).
  var spareSurfaces: [Layer] = []
  var clips: [ClipMask]
  /// The memory of clips that ended, for the next clips' masks.
  var clipMemory = ClipMask.Memory()
  /// How many pixels drawing left out because a later opaque fill covers them (for tests).
  var coveredPixels = 0
  let rasterizer = Rasterizer.take()

  deinit { Rasterizer.give(rasterizer) }
  /// Span colours and coverage, grown to the widest draw (see ``withSpanTarget(columns:cover:_:)``).
  var spanColors: [UInt32] = []
  /// Resampled bitmap rows kept between the rows of one draw.
  var shadeCache = ShadeCache()
  var spanCoverage: [UInt8] = []
  /// Paths flattened for a fill, and for making a clip's mask, kept to reuse their memory.
  var flattened = FlattenedPath()
  var clipFlattened = FlattenedPath()
  /// The stroker's buffers, kept to reuse their memory.
  var strokeScratch = Stroker.Scratch()
  /// A shadow's mask, row and sampling tables, kept to reuse their memory.
  var shadowScratch = ShadowScratch()
  /// The sampling columns of the last image drawn without rotation, kept to reuse their memory.
  var columnTable = Shader.ColumnTable()

  /// Creates a transparent canvas.
  ///
  /// - Throws: ``RenderError/invalidSize(width:height:limit:)``.
  public convenience init(width: Int, height: Int) throws(RenderError) {
    self.init(buffer: try RasterImage(width: width, height: height))
  }

  /// Creates a canvas that draws into `buffer`'s memory, which it takes: `buffer` is left
  /// empty until ``finish(into:)`` gives the drawing back. No pixels are copied or allocated.
  public convenience init(taking buffer: inout RasterImage) {
    var pixels: [UInt8] = []
    swap(&pixels, &buffer.pixels)
    self.init(
      buffer: RasterImage(validatedWidth: buffer.width, height: buffer.height, pixels: pixels))
  }

  /// Gives the drawing back to `buffer` (of this canvas's size), leaving the canvas empty.
  public func finish(into buffer: inout RasterImage) {
    var pixels: [UInt8] = []
    swap(&pixels, &surfaces[0].pixels)
    buffer = RasterImage(validatedWidth: width, height: height, pixels: pixels)
  }

  /// Starts over drawing into `buffer`'s memory, which it takes as ``init(taking:)`` does,
  /// keeping every working buffer and spare layer of the frames before.
  package func restart(taking buffer: inout RasterImage) {
    var pixels: [UInt8] = []
    swap(&pixels, &buffer.pixels)
    let full = IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
    begin(Surface(rect: full, pixels: pixels, opacity: 1))
  }

  /// Starts over as ``restart(taking:)`` does, drawing the rows `band` of a larger frame
  /// straight into that frame's memory: `rows` points at the band's first pixel, and rows of
  /// `band.width` pixels follow. Drawing in device pixels is limited to the band, and its
  /// pixels are those of the same rows of the frame drawn whole (see `Rasterizer`). The memory
  /// must stay valid, and no one else may touch those rows, until the drawing ends;
  /// ``buffer`` and ``finish(into:)`` then give nothing.
  package func restart(drawingInto rows: UnsafeMutableRawPointer, rows band: IntRect) {
    begin(Surface(rect: band, pixels: [], opacity: 1, external: rows))
  }

  /// Starts over with `base` as the only surface and no clip but its rectangle.
  private func begin(_ base: Surface) {
    surfaces.removeAll(keepingCapacity: true)
    surfaces.append(base)
    clips.removeAll(keepingCapacity: true)
    clips.append(ClipMask(rect: base.rect, mask: nil))
    coveredPixels = 0
  }

  /// Creates a canvas that draws over `buffer`.
  public init(buffer: RasterImage) {
    let full = IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
    surfaces = [Surface(rect: full, pixels: buffer.pixels, opacity: 1)]
    clips = [ClipMask(rect: full, mask: nil)]
  }

  /// The width in pixels.
  public var width: Int { surfaces[0].rect.width }
  /// The height in pixels.
  public var height: Int { surfaces[0].rect.height }

  /// The whole canvas, in device pixels: what drawing is limited to when no narrower visible
  /// rectangle is given.
  package var bounds: IntRect { surfaces[0].rect }

  /// The pixels drawn so far (groups still open are not included).
  public var buffer: RasterImage {
    RasterImage(validatedWidth: width, height: height, pixels: surfaces[0].pixels)
  }

  // MARK: Drawing

  /// Fills `path` (in a space `transform` maps to device pixels) with `paint`.
  public func fill(
    _ path: Path, transform: Transform = .identity, paint: Paint, rule: FillRule = .nonZero,
    opacity: Double = 1
  ) {
    fill(
      path, transform: transform, paint: paint, rule: rule, opacity: opacity, visible: bounds,
      covers: nil)
  }

  /// ``fill(_:transform:paint:rule:opacity:)`` within `visible` (device pixels): the part of the
  /// canvas that later opaque commands do not cover; `covers` tells what else they cover.
  package func fill(
    _ path: Path, transform: Transform, paint: Paint, rule: FillRule, opacity: Double,
    visible: IntRect, covers: (any CoverLookup)?
  ) {
    guard let shader = Shader(paint, transform: transform, opacity: opacity) else { return }
    Self.fillOutline(path, transform: transform, into: &flattened)
    fill(flattened, rule: rule, shader: shader, visible: visible, covers: covers)
  }

  /// The outline a fill of `path` under `transform` rasterizes, in device pixels, into `flat`.
  package static func fillOutline(
    _ path: Path, transform: Transform, into flat: inout FlattenedPath
  ) {
    path.flatten(tolerance: flatteningTolerance, applying: transform, into: &flat)
  }

  /// The outline a stroke of `path` with `style` under `transform` fills, in device pixels,
  /// into `flat` (with the stroker's buffers in `scratch`).
  package static func strokeOutline(
    _ path: Path, transform: Transform, style: StrokeStyle, into flat: inout FlattenedPath,
    scratch: inout Stroker.Scratch
  ) {
    let tolerance = flatteningTolerance / Swift.max(1e-9, transform.maximumScale)
    if let k = scratch.recent.firstIndex(where: {
      $0.tolerance == tolerance && $0.style == style && $0.path == path
    }) {
      flat.copy(from: scratch.recent[k].outline)
    } else {
      Stroker(style: style, tolerance: tolerance).outline(of: path, into: &flat, scratch: &scratch)
      // The oldest entry's buffers take the new outline (copied, never shared with `flat`,
      // so neither is copied on its next change: a steady stream of strokes makes no memory).
      var entry =
        scratch.recent.count >= Stroker.Scratch.recentLimit
        ? scratch.recent.removeFirst()
        : Stroker.KeptOutline(path: path, style: style, tolerance: tolerance)
      entry.path = path
      entry.style = style
      entry.tolerance = tolerance
      scratch.largestKept.points = Swift.max(scratch.largestKept.points, flat.points.count)
      scratch.largestKept.subpaths = Swift.max(scratch.largestKept.subpaths, flat.subpaths.count)
      entry.outline.reserveCapacity(
        points: scratch.largestKept.points, subpaths: scratch.largestKept.subpaths)
      entry.outline.copy(from: flat)
      scratch.recent.append(entry)
    }
    flat.apply(transform)
  }

  /// Fills `outline` — the device-pixel outline of a fill or stroke, worked out before
  /// (``fillOutline(_:transform:into:)``, ``strokeOutline(_:transform:style:into:scratch:)``),
  /// with its `bounds` — with `paint` under `transform`: the pixels of the fill or stroke.
  /// With the outline's `bins`, only the edges reaching the rows drawn are added.
  package func fill(
    outline: FlattenedPath, bounds: Rect, bins: EdgeBins? = nil, transform: Transform,
    paint: Paint, rule: FillRule, opacity: Double, visible: IntRect, covers: (any CoverLookup)?
  ) {
    guard let shader = Shader(paint, transform: transform, opacity: opacity) else { return }
    fill(
      outline, rule: rule, shader: shader, visible: visible, covers: covers, bounds: bounds,
      bins: bins)
  }

  /// Strokes `path` with `paint` and `style` (the width is in the path's own space).
  public func stroke(
    _ path: Path, transform: Transform = .identity, paint: Paint, style: StrokeStyle,
    opacity: Double = 1
  ) {
    stroke(
      path, transform: transform, paint: paint, style: style, opacity: opacity, visible: bounds,
      covers: nil)
  }

  /// ``stroke(_:transform:paint:style:opacity:)`` within `visible` (device pixels).
  package func stroke(
    _ path: Path, transform: Transform, paint: Paint, style: StrokeStyle, opacity: Double,
    visible: IntRect, covers: (any CoverLookup)?
  ) {
    guard let shader = Shader(paint, transform: transform, opacity: opacity) else { return }
    Self.strokeOutline(
      path, transform: transform, style: style, into: &flattened, scratch: &strokeScratch)
    fill(flattened, rule: .nonZero, shader: shader, visible: visible, covers: covers)
  }

  /// Draws a bitmap: `transform` maps its pixel space (0…width × 0…height) to device pixels.
  ///
  /// Sampling is bilinear, or nearest-neighbour when the transform is an integer translation.
  public func drawImage(_ image: RasterImage, transform: Transform, opacity: Double = 1) {
    drawImage(image, transform: transform, opacity: opacity, visible: bounds, covers: nil)
  }

  /// ``drawImage(_:transform:opacity:)`` within `visible` (device pixels).
  package func drawImage(
    _ image: RasterImage, transform: Transform, opacity: Double, visible: IntRect,
    covers: (any CoverLookup)?
  ) {
    guard image.width > 0, image.height > 0, let inv = transform.inverted() else { return }
    let nearest =
      transform.isTranslationOnly && transform.tx == transform.tx.rounded()
      && transform.ty == transform.ty.rounded()
    let shader: Shader
    if !nearest && inv.b == 0 && inv.c == 0 {
      // The table's memory is the canvas's, taken out while the image is drawn.
      var columns = columnTable
      columnTable = Shader.ColumnTable()
      defer { columnTable = columns }
      columns.update(inverse: inv, imageWidth: image.width, count: width)
      shader = .axisAlignedImage(image, inverse: inv, columns: columns)
    } else {
      shader = .image(image, inverse: inv, nearest: nearest)
    }
    // The image's rectangle, as `Path.rect` would flatten it.
    let (w, h) = (Double(image.width), Double(image.height))
    flattened.removeAll()
    flattened.startSubpath()
    flattened.add(transform.apply(to: Point(x: 0, y: 0)))
    flattened.add(transform.apply(to: Point(x: w, y: 0)))
    flattened.add(transform.apply(to: Point(x: w, y: h)))
    flattened.add(transform.apply(to: Point(x: 0, y: h)))
    flattened.closeSubpath()
    fill(
      flattened, rule: .nonZero, shader: shader, opacity: opacity, visible: visible, covers: covers)
  }

  // MARK: Internals

  /// Fills flattened subpaths with `shader`, leaving out what `covers` says later opaque fills
  /// cover; with their `bins`, only the edges reaching the rows drawn are added.
  package func fill(
    _ flat: FlattenedPath, rule: FillRule, shader: Shader, opacity: Double = 1, visible: IntRect,
    covers: (any CoverLookup)?, bounds: Rect? = nil, bins: EdgeBins? = nil
  ) {
    let clip = clips[clips.count - 1]
    let surface = surfaces[surfaces.count - 1].rect
    let region = IntRect(covering: bounds ?? Self.bounds(of: flat.points)).intersection(clip.rect)
      .intersection(surface)
      .intersection(visible)
    guard !region.isEmpty else { return }
    let o = Int((opacity.clamped(to: 0...1) * 255).rounded())
    guard o > 0 else { return }
    // An opaque colour copied along rows costs less than the search for what covers it.
    let covered = o == 255 && shader.isOpaqueAlongRows ? nil : covers?.cover(for: region)
    rasterizer.reset(region: region)
    if let bins {
      rasterizer.add(flat, bins: bins)
    } else {
      rasterizer.add(flat)
    }
    withSpanTarget(columns: region.x..<region.maxX, cover: covered) { target in
      rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
        target.blend(
          y: y, x: x, count: n, coverage: values, constant: c, shader: shader, opacity255: o)
      }
    }
  }

  /// Runs `body` with the current surface, clip and span buffers taken out of the canvas, so
  /// the per-span work touches no canvas property. Spans must lie within `columns`; what
  /// `cover` covers is left out of them.
  func withSpanTarget(
    columns: Range<Int>, cover: RowCover? = nil, _ body: (inout SpanTarget) -> Void
  ) {
    let si = surfaces.count - 1
    let n = Swift.max(1, columns.count)
    var pixels = surfaces[si].pixels
    var colors = spanColors
    var scratch = spanCoverage
    var cache = shadeCache
    var drawn = (Int.max, Int.max, Int.min, Int.min)
    // Each buffer is taken out while it is used, so that it is not shared (writing to a
    // shared one would copy it).
    shadeCache.slots = []
    surfaces[si].pixels = []
    spanColors = []
    spanCoverage = []
    defer {
      surfaces[si].pixels = pixels
      surfaces[si].markDirty(minX: drawn.0, minY: drawn.1, maxX: drawn.2, maxY: drawn.3)
      spanColors = colors
      spanCoverage = scratch
      shadeCache = cache
    }
    if colors.count < n { colors = [UInt32](repeating: 0, count: n) }
    if scratch.count < n { scratch = [UInt8](repeating: 0, count: n) }
    cache.begin(columns: columns)
    let clip = clips[clips.count - 1]
    let rect = surfaces[si].rect
    let external = surfaces[si].external
    func drawInto(_ p: UnsafeMutableRawPointer) {
      colors.withUnsafeMutableBufferPointer { c in
        scratch.withUnsafeMutableBufferPointer { v in
          guard let cb = c.baseAddress, let vb = v.baseAddress else { return }
          var target = SpanTarget(
            clip: clip, surface: rect,
            pixels: p.bindMemory(to: UInt32.self, capacity: rect.width * rect.height),
            colors: cb, coverage: vb, capacity: n, cache: cache, cover: cover)
          // The target holds the only reference to the cache's rows, so it writes to them
          // in place.
          cache.slots = []
          body(&target)
          cache = target.cache
          drawn = (target.minX, target.minY, target.maxX, target.maxY)
          coveredPixels += target.coveredPixels
        }
      }
    }
    if let external {
      drawInto(external)
    } else {
      pixels.withUnsafeMutableBytes { raw in
        if let p = raw.baseAddress { drawInto(p) }
      }
    }
  }

  package static func bounds(of polys: [Polyline]) -> Rect {
    var box = Bounds()
    for poly in polys { box.add(poly.points) }
    return box.rect
  }

  /// The smallest rectangle holding the finite points, or ``Rect/zero``.
  package static func bounds(of points: [Point]) -> Rect {
    var box = Bounds()
    box.add(points)
    return box.rect
  }

  /// The smallest rectangle holding the finite points added so far.
  struct Bounds {
    var l = Double.infinity
    var t = Double.infinity
    var r = -Double.infinity
    var b = -Double.infinity

    package mutating func add(_ points: [Point]) {
      for p in points where p.isFinite {
        l = Swift.min(l, p.x)
        t = Swift.min(t, p.y)
        r = Swift.max(r, p.x)
        b = Swift.max(b, p.y)
      }
    }

    /// The rectangle, or ``Rect/zero`` when no finite point was added.
    var rect: Rect {
      guard l <= r, t <= b else { return .zero }
      return Rect(x: l, y: t, width: r - l, height: b - t)
    }
  }
}
