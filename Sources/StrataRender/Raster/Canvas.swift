import Strata

/// Draws paths, images and shadows into a ``PixelBuffer``, with clipping and group opacity.
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
  struct Surface {
    var rect: IntRect
    var pixels: [UInt8]
    var opacity: Double
  }

  struct Clip {
    var rect: IntRect
    /// Coverage per pixel of `rect`, or `nil` when the whole rectangle is inside.
    var mask: [UInt8]? {
      didSet { fullRows = mask.map { Clip.fullRows($0, width: rect.width) } ?? [] }
    }
    /// For each row of `rect`, whether the mask is 255 all along it (so it changes nothing).
    private(set) var fullRows: [Bool] = []

    init(rect: IntRect, mask: [UInt8]?) {
      self.rect = rect
      self.mask = mask
      self.fullRows = mask.map { Clip.fullRows($0, width: rect.width) } ?? []
    }

    static func fullRows(_ mask: [UInt8], width: Int) -> [Bool] {
      guard width > 0 else { return [] }
      return stride(from: 0, to: mask.count, by: width).map { start in
        mask[start..<Swift.min(mask.count, start + width)].allSatisfy { $0 == 255 }
      }
    }

    /// The mask row `y` (device) must be applied.
    func masks(row y: Int) -> Bool {
      guard mask != nil else { return false }
      let r = y - rect.y
      return r < 0 || r >= fullRows.count || !fullRows[r]
    }
  }

  /// The distance in device pixels within which curves are flattened.
  ///
  /// A chord lies inside a convex curve, so flattening loses about (4/3)·tolerance/r
  /// of a circle's area; at 0.005 px that is under 0.1 % for any radius from 7 px up.
  public static let flatteningTolerance = 0.005

  /// Where drawing can still be seen: the canvas minus what later opaque commands cover (set
  /// per command by ``draw(_:glyphCache:)``; the whole canvas otherwise).
  var visibleRect: IntRect
  private var surfaces: [Surface]
  private var spareSurfaces: [[UInt8]] = []
  private var clips: [Clip]
  let rasterizer = Rasterizer.take()

  deinit { Rasterizer.give(rasterizer) }
  private var spanColors = [UInt32](repeating: 0, count: 1024)
  /// Resampled bitmap rows kept between the rows of one draw.
  private var shadeCache = ShadeCache()
  private var spanCoverage = [UInt8](repeating: 0, count: 1024)

  /// Creates a transparent canvas.
  ///
  /// - Throws: ``RenderError/invalidSize(width:height:limit:)``.
  public convenience init(width: Int, height: Int) throws(RenderError) {
    self.init(buffer: try PixelBuffer(width: width, height: height))
  }

  /// Creates a canvas that draws into `buffer`'s memory, which it takes: `buffer` is left
  /// empty until ``finish(into:)`` gives the drawing back. No pixels are copied or allocated.
  public convenience init(taking buffer: inout PixelBuffer) {
    var pixels: [UInt8] = []
    swap(&pixels, &buffer.pixels)
    self.init(
      buffer: PixelBuffer(validatedWidth: buffer.width, height: buffer.height, pixels: pixels))
  }

  /// Gives the drawing back to `buffer` (of this canvas's size), leaving the canvas empty.
  public func finish(into buffer: inout PixelBuffer) {
    var pixels: [UInt8] = []
    swap(&pixels, &surfaces[0].pixels)
    buffer = PixelBuffer(validatedWidth: width, height: height, pixels: pixels)
  }

  /// Creates a canvas that draws over `buffer`.
  public init(buffer: PixelBuffer) {
    let full = IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
    surfaces = [Surface(rect: full, pixels: buffer.pixels, opacity: 1)]
    visibleRect = full
    clips = [Clip(rect: full, mask: nil)]
  }

  /// The width in pixels.
  public var width: Int { surfaces[0].rect.width }
  /// The height in pixels.
  public var height: Int { surfaces[0].rect.height }

  /// The pixels drawn so far (groups still open are not included).
  public var buffer: PixelBuffer {
    PixelBuffer(validatedWidth: width, height: height, pixels: surfaces[0].pixels)
  }

  // MARK: Drawing

  /// Fills `path` (in a space `transform` maps to device pixels) with `paint`.
  public func fill(
    _ path: Path, transform: Transform = .identity, paint: Paint, rule: FillRule = .nonZero,
    opacity: Double = 1
  ) {
    guard let shader = Shader(paint, transform: transform, opacity: opacity) else { return }
    let polys = path.applying(transform).flattened(tolerance: Self.flatteningTolerance)
    fill(polylines: polys, rule: rule, shader: shader)
  }

  /// Strokes `path` with `paint` and `style` (the width is in the path's own space).
  public func stroke(
    _ path: Path, transform: Transform = .identity, paint: Paint, style: StrokeStyle,
    opacity: Double = 1
  ) {
    guard let shader = Shader(paint, transform: transform, opacity: opacity) else { return }
    let outline = Stroker(
      style: style, tolerance: Self.flatteningTolerance / Swift.max(1e-9, transform.maximumScale)
    )
    .outline(of: path)
    let polys = outline.map { Polyline(points: $0.map { transform.apply(to: $0) }, isClosed: true) }
    fill(polylines: polys, rule: .nonZero, shader: shader)
  }

  /// Draws a bitmap: `transform` maps its pixel space (0…width × 0…height) to device pixels.
  ///
  /// Sampling is bilinear, or nearest-neighbour when the transform is an integer translation.
  public func drawImage(_ image: RasterImage, transform: Transform, opacity: Double = 1) {
    guard image.width > 0, image.height > 0, let inv = transform.inverted() else { return }
    let nearest =
      transform.isTranslationOnly && transform.tx == transform.tx.rounded()
      && transform.ty == transform.ty.rounded()
    let shader: Shader
    if !nearest && inv.b == 0 && inv.c == 0 {
      shader = .axisAlignedImage(
        image, inverse: inv,
        columns: Shader.ColumnTable(inverse: inv, imageWidth: image.width, count: width))
    } else {
      shader = .image(image, inverse: inv, nearest: nearest)
    }
    let quad = Path.rect(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
    let polys = quad.applying(transform).flattened(tolerance: Self.flatteningTolerance)
    fill(polylines: polys, rule: .nonZero, shader: shader, opacity: opacity)
  }

  /// Draws the blurred shadow of `path`: its shape filled with the shadow's colour, moved by
  /// `offset` device pixels and blurred with a Gaussian of standard deviation `sigma` device pixels.
  public func drawShadow(
    of path: Path, transform: Transform, color: Color, offset: Vector, sigma: Double,
    opacity: Double = 1
  ) {
    let moved = transform.concatenating(Transform(translation: offset))
    let polys = path.applying(moved).flattened(tolerance: Self.flatteningTolerance)
    let s = sigma.isFinite ? Swift.max(0, Swift.min(sigma, 500)) : 0
    let margin = Int((3 * s).rounded(.up)) + 2
    let target = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visibleRect)
    let region = IntRect(covering: Self.bounds(of: polys)).outset(by: margin).intersection(
      target.outset(by: margin))
    guard !region.isEmpty, region.width * region.height <= PixelBuffer.pixelLimit else { return }
    let shader = Shader.solid(PremultipliedColor(color, opacity: opacity))
    guard case .solid(let pc) = shader, pc.a > 0 else { return }
    let area = region.intersection(target)
    guard !area.isEmpty else { return }
    // A wide blur loses nothing at a lower resolution: blur a 1/k-size mask with σ/k and
    // sample it back bilinearly (k keeps σ/k at 4 pixels or more).
    let k = s >= 8 ? Int((s / 4).rounded(.down)) : 1
    let small = IntRect(
      x: 0, y: 0, width: (region.width + k - 1) / k, height: (region.height + k - 1) / k)
    var alpha = [UInt8](repeating: 0, count: small.width * small.height)
    let shrink = Transform(translationX: -Double(region.x), y: -Double(region.y)).thenScaled(
      x: 1 / Double(k), y: 1 / Double(k))
    rasterizer.reset(region: small)
    rasterizer.add(
      polys.map { Polyline(points: $0.points.map { shrink.apply(to: $0) }, isClosed: $0.isClosed) })
    rasterizer.forEachSpan(rule: .nonZero) { y, x, n, values, c in
      let base = y * small.width + x
      for i in 0..<n { alpha[base + i] = values?[i] ?? c }
    }
    if s > 0 {
      Blur.gaussian(&alpha, width: small.width, height: small.height, sigma: s / Double(k))
    }
    var row = [UInt8](repeating: 0, count: area.width)
    // Bilinear sampling positions of the small mask, per column (pixel centres map to
    // (p + 0.5)/k − 0.5), so each row costs integer work only.
    func positions(_ count: Int, from start: Int, limit: Int) -> (i0: [Int], i1: [Int], f: [Int]) {
      var i0 = [Int](repeating: 0, count: count)
      var i1 = [Int](repeating: 0, count: count)
      var f = [Int](repeating: 0, count: count)
      for j in 0..<count {
        let u = ((Double(start + j) + 0.5) / Double(k) - 0.5).clamped(to: 0...Double(limit - 1))
        i0[j] = Int(u)
        i1[j] = Swift.min(i0[j] + 1, limit - 1)
        f[j] = Int((u - Double(i0[j])) * 256)
      }
      return (i0, i1, f)
    }
    let columns =
      k > 1
      ? positions(area.width, from: area.x - region.x, limit: small.width) : (i0: [], i1: [], f: [])
    let rows =
      k > 1
      ? positions(area.height, from: area.y - region.y, limit: small.height)
      : (i0: [], i1: [], f: [])
    // Up-sample separably: each small row once across the area's columns (×256, kept in
    // UInt32), then each output row as a vertical blend of two such rows — contiguous work the
    // compiler vectorises. The result is the same bilinear value as sampling four pixels.
    var wide: [Int: [UInt32]] = [:]
    func widened(_ r: Int, _ a: UnsafeBufferPointer<UInt8>) -> [UInt32] {
      if let w = wide[r] { return w }
      var w = [UInt32](repeating: 0, count: area.width)
      let base = r * small.width
      for i in 0..<area.width {
        let fx = UInt32(columns.f[i])
        w[i] = UInt32(a[base + columns.i0[i]]) * (256 - fx) + UInt32(a[base + columns.i1[i]]) * fx
      }
      if wide.count > 4 { wide.removeAll(keepingCapacity: true) }
      wide[r] = w
      return w
    }
    withSpanTarget(columns: area.x..<area.maxX) { target in
      alpha.withUnsafeBufferPointer { a in
        row.withUnsafeMutableBufferPointer { out in
          for y in area.y..<area.maxY {
            if k == 1 {
              let start = (y - region.y) * region.width + (area.x - region.x)
              for i in 0..<area.width { out[i] = a[start + i] }
            } else {
              let r = y - area.y
              let top = widened(rows.i0[r], a)
              let bottom = widened(rows.i1[r], a)
              let fy = UInt32(rows.f[r])
              top.withUnsafeBufferPointer { t in
                bottom.withUnsafeBufferPointer { b in
                  for i in 0..<area.width {
                    out[i] = UInt8(
                      truncatingIfNeeded: (t[i] &* (256 - fy) &+ b[i] &* fy &+ 32768) >> 16)
                  }
                }
              }
            }
            target.blend(
              y: y, x: area.x, count: area.width, coverage: UnsafeBufferPointer(out), constant: 0,
              shader: shader, opacity255: 255)
          }
        }
      }
    }
  }

  /// Draws a run of glyphs. Under a transform that only translates and scales uniformly,
  /// each glyph's coverage comes from `cache` (rasterized once per glyph, device size and
  /// quarter-pixel x position, with the baseline on a whole pixel); under any other
  /// transform the outlines are filled directly.
  public func drawGlyphs(
    _ run: GlyphRun, transform: Transform, opacity: Double = 1, cache: GlyphCache
  ) {
    guard let shader = Shader(.solid(run.color), transform: .identity, opacity: opacity) else {
      return
    }
    let k = transform.a
    let simple = transform.b == 0 && transform.c == 0 && k > 0 && transform.d == k && k.isFinite
    guard simple else {
      fill(run.path(cache: cache), transform: transform, paint: .solid(run.color), opacity: opacity)
      return
    }
    let deviceSize = run.size * k
    guard deviceSize > 0, deviceSize < 2000 else {
      fill(run.path(cache: cache), transform: transform, paint: .solid(run.color), opacity: opacity)
      return
    }
    let clip = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visibleRect)
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

  // MARK: Clips and groups

  /// Restricts drawing to the inside of `path` until the matching ``popClip()``.
  public func pushClip(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero) {
    clips.append(makeClip(path, transform: transform, rule: rule, inside: clips[clips.count - 1]))
  }

  /// Pushes a clip made earlier by ``makeClip(_:transform:rule:inside:)``.
  func pushClip(_ clip: Clip) { clips.append(clip) }

  /// The current clip.
  var currentClip: Clip { clips[clips.count - 1] }

  /// The clip of `path` inside `current`.
  func makeClip(_ path: Path, transform: Transform, rule: FillRule, inside current: Clip) -> Clip {
    let device = path.applying(transform)
    if let r = Self.pixelAlignedRect(device) {
      let rect = current.rect.intersection(r)
      return Clip(
        rect: rect, mask: current.mask.map { Self.crop($0, from: current.rect, to: rect) })
    }
    let polys = device.flattened(tolerance: Self.flatteningTolerance)
    let rect = current.rect.intersection(IntRect(covering: Self.bounds(of: polys)))
    guard !rect.isEmpty else { return Clip(rect: .empty, mask: nil) }
    var mask = [UInt8](repeating: 0, count: rect.width * rect.height)
    rasterizer.reset(region: rect)
    rasterizer.add(polys)
    mask.withUnsafeMutableBufferPointer { m in
      guard let mb = m.baseAddress else { return }
      rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
        let base = (y - rect.y) * rect.width + (x - rect.x)
        if let values, let vb = values.baseAddress {
          (mb + base).update(from: vb, count: n)
        } else {
          (mb + base).update(repeating: c, count: n)
        }
      }
    }
    if let outer = current.mask {
      let cropped = Self.crop(outer, from: current.rect, to: rect)
      for i in mask.indices { mask[i] = UInt8(div255(Int(mask[i]) * Int(cropped[i]))) }
    }
    return Clip(rect: rect, mask: mask)
  }

  /// Removes the clip added by the last ``pushClip(_:transform:rule:)``.
  public func popClip() {
    if clips.count > 1 { clips.removeLast() }
  }

  /// Starts a group: what is drawn until ``popGroup()`` is composited as one image with `opacity`.
  ///
  /// `bounds` (device pixels) limits the offscreen layer; `nil` means the current clip.
  public func pushGroup(opacity: Double, bounds: Rect? = nil) {
    var rect = clips[clips.count - 1].rect.intersection(surfaces[surfaces.count - 1].rect)
      .intersection(visibleRect)
    if let bounds { rect = rect.intersection(IntRect(covering: bounds)) }
    let count = Swift.max(0, rect.width * rect.height * 4)
    // Reuse the memory of an earlier group: clearing it is much cheaper than allocating and
    // faulting in a fresh buffer.
    var pixels = spareSurfaces.popLast() ?? []
    if pixels.count >= count {
      pixels.removeLast(pixels.count - count)
      _ = pixels.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
    } else {
      pixels = [UInt8](repeating: 0, count: count)
    }
    surfaces.append(Surface(rect: rect, pixels: pixels, opacity: opacity.clamped(to: 0...1)))
  }

  /// Composites the last group onto what is under it.
  public func popGroup() {
    guard surfaces.count > 1 else { return }
    let top = surfaces.removeLast()
    defer { if spareSurfaces.count < 4 { spareSurfaces.append(top.pixels) } }
    let o = Int((top.opacity * 255).rounded())
    guard o > 0, !top.rect.isEmpty else { return }
    let parentIndex = surfaces.count - 1
    let pr = surfaces[parentIndex].rect
    let r = top.rect.intersection(pr).intersection(visibleRect)
    guard !r.isEmpty else { return }
    top.pixels.withUnsafeBytes { rawSrc in
      surfaces[parentIndex].pixels.withUnsafeMutableBytes { rawDst in
        let src = rawSrc.bindMemory(to: UInt32.self)
        let dst = rawDst.bindMemory(to: UInt32.self)
        guard let s0 = src.baseAddress, let d0 = dst.baseAddress else { return }
        for y in r.y..<r.maxY {
          let si = (y - top.rect.y) * top.rect.width + (r.x - top.rect.x)
          let di = (y - pr.y) * pr.width + (r.x - pr.x)
          Pixels.blend(
            into: d0 + di, colors: s0 + si, solid: 0, coverage: nil, uniform: UInt32(o),
            count: r.width)
        }
      }
    }
  }

  // MARK: Internals

  private func fill(polylines: [Polyline], rule: FillRule, shader: Shader, opacity: Double = 1) {
    let clip = clips[clips.count - 1]
    let surface = surfaces[surfaces.count - 1].rect
    let region = IntRect(covering: Self.bounds(of: polylines)).intersection(clip.rect).intersection(
      surface
    ).intersection(visibleRect)
    guard !region.isEmpty else { return }
    let o = Int((opacity.clamped(to: 0...1) * 255).rounded())
    guard o > 0 else { return }
    rasterizer.reset(region: region)
    rasterizer.add(polylines)
    withSpanTarget(columns: region.x..<region.maxX) { target in
      rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
        target.blend(
          y: y, x: x, count: n, coverage: values, constant: c, shader: shader, opacity255: o)
      }
    }
  }

  /// Runs `body` with the current surface, clip and span buffers taken out of the canvas, so
  /// the per-span work touches no canvas property. Spans must lie within `columns`.
  private func withSpanTarget(columns: Range<Int>, _ body: (inout SpanTarget) -> Void) {
    let si = surfaces.count - 1
    let n = Swift.max(1, columns.count)
    var pixels = surfaces[si].pixels
    var colors = spanColors
    var cover = spanCoverage
    var cache = shadeCache
    surfaces[si].pixels = []
    spanColors = []
    spanCoverage = []
    defer {
      surfaces[si].pixels = pixels
      spanColors = colors
      spanCoverage = cover
      shadeCache = cache
    }
    if colors.count < n { colors = [UInt32](repeating: 0, count: n) }
    if cover.count < n { cover = [UInt8](repeating: 0, count: n) }
    cache.begin(columns: columns)
    let clip = clips[clips.count - 1]
    let rect = surfaces[si].rect
    pixels.withUnsafeMutableBytes { raw in
      colors.withUnsafeMutableBufferPointer { c in
        cover.withUnsafeMutableBufferPointer { v in
          guard let p = raw.baseAddress, let cb = c.baseAddress, let vb = v.baseAddress else {
            return
          }
          var target = SpanTarget(
            clip: clip, surface: rect,
            pixels: p.bindMemory(to: UInt32.self, capacity: raw.count / 4),
            colors: cb, coverage: vb, capacity: n, cache: cache)
          body(&target)
          cache = target.cache
        }
      }
    }
  }

  /// Blends spans into one surface under one clip; see ``withSpanTarget(columns:_:)``.
  struct SpanTarget {
    let clip: Clip
    /// The surface's rectangle in device pixels.
    let surface: IntRect
    let pixels: UnsafeMutablePointer<UInt32>
    /// Scratch for a span's colours and coverage, `capacity` pixels each.
    let colors: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var cache: ShadeCache

    /// Blends `count` pixels of `shader` at row y from x, scaled by coverage, clip and opacity.
    mutating func blend(
      y: Int, x: Int, count: Int, coverage spanCoverage: UnsafeBufferPointer<UInt8>?,
      constant: UInt8, shader: Shader, opacity255: Int
    ) {
      guard count > 0, count <= capacity else { return }
      // The coverage of each pixel: the shape's, times the clip's, times the opacity.
      var uniform: UInt32? = UInt32(constant)
      let masked = clip.masks(row: y)
      if spanCoverage != nil || masked {
        uniform = nil
        let cov = coverage
        for i in 0..<count { cov[i] = spanCoverage?[i] ?? constant }
        if masked, let mask = clip.mask {
          let maskStart = (y - clip.rect.y) * clip.rect.width + (x - clip.rect.x)
          mask.withUnsafeBufferPointer { m in
            for i in 0..<count { cov[i] = UInt8(div255(Int(cov[i]) * Int(m[maskStart + i]))) }
          }
        }
        if opacity255 < 255 {
          for i in 0..<count { cov[i] = UInt8(div255(Int(cov[i]) * opacity255)) }
        }
      } else if opacity255 < 255 {
        uniform = UInt32(div255(Int(constant) * opacity255))
      }
      if uniform == 0 { return }
      let solid = shader.rowColor(y: y)
      if solid == nil { shader.shade(x: x, y: y, count: count, into: colors, cache: &cache) }
      let target = pixels + ((y - surface.y) * surface.width + (x - surface.x))
      if let u = uniform, let s = solid {
        let src = u == 255 ? s : Pixels.scale(s, u)
        if src >> 24 == 255 {
          target.update(repeating: src, count: count)
        } else {
          Pixels.blend(
            into: target, colors: nil, solid: src, coverage: nil, uniform: 255, count: count)
        }
      } else if let u = uniform {
        Pixels.blend(
          into: target, colors: UnsafePointer(colors), solid: 0, coverage: nil, uniform: u,
          count: count)
      } else {
        Pixels.blend(
          into: target, colors: solid == nil ? UnsafePointer(colors) : nil, solid: solid ?? 0,
          coverage: UnsafePointer(coverage), uniform: 255, count: count)
      }
    }
  }

  static func bounds(of polys: [Polyline]) -> Rect {
    var l = Double.infinity
    var t = Double.infinity
    var r = -Double.infinity
    var b = -Double.infinity
    for poly in polys {
      for p in poly.points where p.isFinite {
        l = Swift.min(l, p.x)
        t = Swift.min(t, p.y)
        r = Swift.max(r, p.x)
        b = Swift.max(b, p.y)
      }
    }
    guard l <= r, t <= b else { return .zero }
    return Rect(x: l, y: t, width: r - l, height: b - t)
  }

  /// The edges of `path`, if it is one axis-aligned rectangle: four corners joined by
  /// horizontal and vertical lines.
  static func rectangleEdges(
    _ path: Path
  ) -> (left: Double, top: Double, right: Double, bottom: Double)? {
    var pts: [Point] = []
    for e in path.elements {
      switch e {
      case .move(let p), .line(let p): pts.append(p)
      case .close: continue
      default: return nil
      }
    }
    if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
    guard pts.count == 4, pts.allSatisfy(\.isFinite) else { return nil }
    for i in 0..<4 {
      let a = pts[i]
      let b = pts[(i + 1) % 4]
      if a.x != b.x && a.y != b.y { return nil }
    }
    let xs = pts.map(\.x)
    let ys = pts.map(\.y)
    guard let l = xs.min(), let r = xs.max(), let t = ys.min(), let b = ys.max(),
      Set(xs).count == 2, Set(ys).count == 2
    else { return nil }
    return (l, t, r, b)
  }

  /// The whole pixels inside `path`, if it is one axis-aligned rectangle (on whole pixels or not).
  static func innerRect(_ path: Path) -> IntRect? {
    guard let e = rectangleEdges(path) else { return nil }
    let lim = 16_777_216.0
    let x0 = Int(e.left.clamped(to: -lim...lim).rounded(.up))
    let y0 = Int(e.top.clamped(to: -lim...lim).rounded(.up))
    let x1 = Int(e.right.clamped(to: -lim...lim).rounded(.down))
    let y1 = Int(e.bottom.clamped(to: -lim...lim).rounded(.down))
    guard x1 > x0, y1 > y0 else { return nil }
    return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The rectangle `path` is, if it is one axis-aligned rectangle on whole pixels.
  static func pixelAlignedRect(_ path: Path) -> IntRect? {
    guard let e = rectangleEdges(path),
      [e.left, e.top, e.right, e.bottom].allSatisfy({ $0 == $0.rounded() })
    else { return nil }
    return IntRect(
      covering: Rect(left: e.left, top: e.top, right: e.right, bottom: e.bottom) ?? .zero)
  }

  static func crop(_ mask: [UInt8], from: IntRect, to: IntRect) -> [UInt8] {
    guard !to.isEmpty else { return [] }
    var out = [UInt8](repeating: 0, count: to.width * to.height)
    for y in to.y..<to.maxY {
      for x in to.x..<to.maxX where x >= from.x && x < from.maxX && y >= from.y && y < from.maxY {
        out[(y - to.y) * to.width + (x - to.x)] = mask[(y - from.y) * from.width + (x - from.x)]
      }
    }
    return out
  }
}
