import Strata

/// A scene flattened into drawing commands in device pixels: what the rasterizer and the
/// SVG writer both read, so the two outputs draw the same thing.
public struct DisplayList: Hashable, Sendable {
  /// One drawing step. Every transform maps the command's own space to device pixels.
  public enum Command: Hashable, Sendable {
    /// Starts a group composited with `opacity`; `bounds` (device pixels) holds everything in it.
    case beginGroup(opacity: Double, bounds: Rect)
    /// Ends the innermost group.
    case endGroup
    /// Restricts drawing to the inside of the path until the matching ``endClip``.
    case beginClip(Path, transform: Transform, rule: FillRule)
    /// Restricts drawing to the union of the outlines until the matching ``endClip``.
    case beginClipUnion([VectorImage.ClipShape], transform: Transform)
    /// Ends the innermost clip.
    case endClip
    /// Fills a path.
    case fill(Path, transform: Transform, paint: Paint, rule: FillRule, opacity: Double)
    /// Strokes a path.
    case stroke(Path, transform: Transform, paint: Paint, style: StrokeStyle, opacity: Double)
    /// Draws a bitmap; the transform maps its pixel space to device pixels.
    case image(RasterImage, transform: Transform, opacity: Double)
    /// Draws the blurred shadow of a path, moved by `offset` and blurred by `sigma` (device pixels).
    case shadow(
      Path, transform: Transform, color: Color, offset: Vector, sigma: Double, opacity: Double)
    /// Draws text: glyph outlines filled with the run's colour.
    case glyphs(GlyphRun, transform: Transform, opacity: Double)
  }

  /// The width in device pixels.
  public let width: Int
  /// The height in device pixels.
  public let height: Int
  /// The commands, in painting order.
  public let commands: [Command]

  /// Creates a display list from commands.
  public init(width: Int, height: Int, commands: [Command]) {
    self.width = width
    self.height = height
    self.commands = commands
  }

  /// Flattens `scene` at `scale` device pixels per point.
  ///
  /// - Parameters:
  ///   - textShaper: turns text into glyph outlines: the default engine (the system's fonts)
  ///     unless you pass another; `nil` leaves text out (for measuring shapes alone).
  /// - Throws: ``RenderError/invalidScale(_:)`` or ``RenderError/invalidSize(width:height:limit:)``
  ///   when the device size is not allowed.
  public init(
    scene: Scene, scale: Double,
    textShaper: (any TextShaper)? = FrameRenderer.defaultTextEngine
  ) throws(RenderError) {
    guard scale > 0, scale.isFinite else { throw .invalidScale(scale) }
    let w = (scene.size.width * scale).rounded(.up)
    let h = (scene.size.height * scale).rounded(.up)
    guard w >= 1, h >= 1, w * h <= Double(PixelBuffer.pixelLimit) else {
      throw .invalidSize(
        width: w.isFinite ? Int(Swift.min(w, 1e15)) : Int.max,
        height: h.isFinite ? Int(Swift.min(h, 1e15)) : Int.max,
        limit: PixelBuffer.pixelLimit)
    }
    var builder = DisplayListBuilder(scale: scale, textShaper: textShaper)
    let (commands, _) = builder.build(scene.root)
    self.init(width: Int(w), height: Int(h), commands: commands)
  }
}

/// Lays text out into glyph runs, in the text node's own coordinates.
public protocol TextShaper {
  /// The glyph runs of `text` laid out in `bounds`.
  func shape(_ text: TextContent, in bounds: Rect, verticalAlignment: TextNode.VerticalAlignment)
    -> [GlyphRun]
}

struct DisplayListBuilder {
  let scale: Double
  let textShaper: (any TextShaper)?
  let device: Transform

  init(scale: Double, textShaper: (any TextShaper)?) {
    self.scale = scale
    self.textShaper = textShaper
    self.device = Transform(scale: scale)
  }

  typealias Command = DisplayList.Command

  mutating func build(_ node: SceneNode) -> ([Command], Rect) {
    let t = node.transform.concatenating(device)
    var cmds: [Command] = []
    var bounds = Rect.zero
    func add(_ c: Command, _ b: Rect) {
      cmds.append(c)
      bounds = bounds.union(b)
    }
    let shape = Path.roundedRect(node.bounds, cornerRadius: node.cornerRadius)

    if let s = node.shadow, s.opacity > 0, s.color.alpha > 0 {
      let path = s.path ?? shape
      let sigma = Swift.max(0, s.radius) * scale
      let offset = s.offset * scale
      let b = t.apply(to: path.bounds).offsetBy(offset).insetBy(
        dx: -3 * sigma - 1, dy: -3 * sigma - 1)
      add(
        .shadow(
          path, transform: t, color: s.color, offset: offset, sigma: sigma, opacity: s.opacity), b)
    }
    if let bg = node.backgroundColor, bg.alpha > 0 {
      add(
        .fill(shape, transform: t, paint: .solid(bg), rule: .nonZero, opacity: 1),
        t.apply(to: node.bounds))
    }
    for (c, b) in content(node, t) { add(c, b) }

    var childCommands: [Command] = []
    var childBounds = Rect.zero
    for child in node.children {
      let (c, b) = build(child)
      childCommands += c
      childBounds = childBounds.union(b)
    }
    if !childCommands.isEmpty {
      if node.clipsToBounds {
        cmds.append(.beginClip(shape, transform: t, rule: .nonZero))
        cmds += childCommands
        cmds.append(.endClip)
        bounds = bounds.union(childBounds.intersection(t.apply(to: node.bounds)))
      } else {
        cmds += childCommands
        bounds = bounds.union(childBounds)
      }
    }
    if let border = node.border, border.width > 0, border.color.alpha > 0 {
      let w = Swift.min(border.width, Swift.min(node.bounds.width, node.bounds.height) / 2)
      let inner = Path.roundedRect(
        node.bounds.insetBy(dx: w / 2, dy: w / 2),
        cornerRadius: Swift.max(0, node.cornerRadius - w / 2))
      add(
        .stroke(
          inner, transform: t, paint: .solid(border.color), style: StrokeStyle(width: w), opacity: 1
        ),
        t.apply(to: node.bounds))
    }
    if let mask = node.mask, !cmds.isEmpty {
      cmds.insert(.beginClip(mask, transform: t, rule: .nonZero), at: 0)
      cmds.append(.endClip)
      bounds = bounds.intersection(t.apply(to: mask.bounds))
    }
    if node.alpha < 1, !cmds.isEmpty {
      if cmds.count == 1, let folded = Self.fold(cmds[0], node.alpha) {
        cmds = [folded]
      } else {
        cmds.insert(.beginGroup(opacity: node.alpha, bounds: bounds), at: 0)
        cmds.append(.endGroup)
      }
    }
    return (cmds, bounds)
  }

  /// A single drawing command with the group's opacity folded in (same result, no offscreen layer).
  static func fold(_ c: Command, _ alpha: Double) -> Command? {
    switch c {
    case .fill(let p, let t, let paint, let rule, let o):
      return .fill(p, transform: t, paint: paint, rule: rule, opacity: o * alpha)
    case .stroke(let p, let t, let paint, let style, let o):
      return .stroke(p, transform: t, paint: paint, style: style, opacity: o * alpha)
    case .image(let img, let t, let o):
      return .image(img, transform: t, opacity: o * alpha)
    case .shadow(let p, let t, let color, let offset, let sigma, let o):
      return .shadow(
        p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o * alpha)
    case .glyphs(let run, let t, let o):
      return .glyphs(run, transform: t, opacity: o * alpha)
    default:
      return nil
    }
  }

  func content(_ node: SceneNode, _ t: Transform) -> [(Command, Rect)] {
    switch node.content {
    case .none:
      return []
    case .image(let image, let mode):
      let dest = mode.rect(for: image.size, in: node.bounds)
      guard !dest.isEmpty else { return [] }
      switch image {
      case .raster(let r):
        let m = Transform(scaleX: dest.width / Double(r.width), y: dest.height / Double(r.height))
          .thenTranslated(x: dest.minX, y: dest.minY).concatenating(t)
        return [(.image(r, transform: m, opacity: 1), t.apply(to: dest))]
      case .vector(let v):
        let m = Transform(scaleX: dest.width / v.size.width, y: dest.height / v.size.height)
          .thenTranslated(x: dest.minX, y: dest.minY).concatenating(t)
        return itemCommands(v.items, m)
      }
    case .shape(let s):
      return shapeCommands(s, t)
    case .text(let text, let align):
      return textCommands(text, node.bounds, align, t)
    }
  }

  /// The commands of a vector image's items under `t`: groups become clip and group commands.
  func itemCommands(_ items: [VectorImage.Item], _ t: Transform) -> [(Command, Rect)] {
    var out: [(Command, Rect)] = []
    for item in items {
      switch item {
      case .shape(let s):
        out += shapeCommands(s, t)
      case .group(let g):
        guard g.opacity > 0, g.transform.isFinite else { continue }
        let t = g.transform.concatenating(t)
        var inner = itemCommands(g.items, t)
        guard !inner.isEmpty else { continue }
        var bounds = inner.reduce(Rect.zero) { $0.union($1.1) }
        if let clip = g.clip {
          var begins: [(Command, Rect)] = []
          for region in clip.regions {
            let box = region.reduce(Rect.zero) { $0.union(t.apply(to: $1.path.bounds)) }
            bounds = bounds.intersection(box)
            if region.count == 1 {
              begins.append((.beginClip(region[0].path, transform: t, rule: region[0].rule), box))
            } else {
              begins.append((.beginClipUnion(region, transform: t), box))
            }
          }
          if bounds.isEmpty { continue }
          inner = begins + inner + begins.map { _ in (Command.endClip, Rect.zero) }
        }
        if g.opacity < 1 {
          if inner.count == 1, let folded = Self.fold(inner[0].0, g.opacity) {
            inner = [(folded, inner[0].1)]
          } else {
            inner =
              [(.beginGroup(opacity: g.opacity, bounds: bounds), bounds)] + inner + [
                (.endGroup, Rect.zero)
              ]
          }
        }
        out += inner.map { ($0.0, $0.1.intersection(bounds)) }
      }
    }
    return out
  }

  func shapeCommands(_ s: VectorImage.Shape, _ t: Transform) -> [(Command, Rect)] {
    var out: [(Command, Rect)] = []
    guard s.opacity > 0 else { return out }
    let b = s.path.bounds
    if let fill = s.fill {
      out.append(
        (
          .fill(s.path, transform: t, paint: fill, rule: s.fillRule, opacity: s.opacity),
          t.apply(to: b)
        ))
    }
    if let stroke = s.stroke, s.strokeStyle.width > 0 {
      let pad = s.strokeStyle.width * Swift.max(1, s.strokeStyle.miterLimit) / 2
      out.append(
        (
          .stroke(s.path, transform: t, paint: stroke, style: s.strokeStyle, opacity: s.opacity),
          t.apply(to: b.insetBy(dx: -pad, dy: -pad))
        ))
    }
    return out
  }

  func textCommands(
    _ text: TextContent, _ bounds: Rect, _ align: TextNode.VerticalAlignment, _ t: Transform
  )
    -> [(Command, Rect)]
  {
    guard let shaper = textShaper else { return [] }
    return shaper.shape(text, in: bounds, verticalAlignment: align).flatMap { run in
      var commands: [(Command, Rect)] = []
      // Underlines and strikethroughs: rectangles in the run's colour.
      if !run.decorations.isEmpty {
        var lines = Path()
        var box = Rect.zero
        for r in run.decorations {
          lines.append(.rect(r))
          box = box.union(r)
        }
        commands.append(
          (
            .fill(lines, transform: t, paint: .solid(run.color), rule: .nonZero, opacity: 1),
            t.apply(to: box)
          ))
      }
      if run.glyphs.isEmpty { return commands }
      // Layered colour glyphs: each layer's outline filled with its colour (or the text's).
      if let colour = run.face.colorLayers {
        var plain = run
        plain.glyphs = []
        plain.positions = []
        plain.decorations = []
        for (i, g) in run.glyphs.enumerated() {
          guard let layers = colour.layers[g] else {
            plain.glyphs.append(g)
            plain.positions.append(run.positions[i])
            continue
          }
          let s = run.size / Double(run.face.unitsPerEm)
          let p = run.positions[i]
          let m = Transform(a: s, b: 0, c: 0, d: -s, tx: p.x, ty: p.y)
          for layer in layers {
            guard let outline = try? run.face.outline(of: layer.glyph), !outline.isEmpty else {
              continue
            }
            let path = outline.applying(m)
            commands.append(
              (
                .fill(
                  path, transform: t, paint: .solid(layer.color ?? run.color), rule: .nonZero,
                  opacity: 1), t.apply(to: path.bounds)
              ))
          }
        }
        if plain.glyphs.isEmpty { return commands }
        var box = Rect.zero
        for p in plain.positions {
          box = box.union(
            Rect(
              x: p.x - run.size, y: p.y - run.size * 1.5, width: run.size * 3, height: run.size * 2)
          )
        }
        return commands + [(.glyphs(plain, transform: t, opacity: 1), t.apply(to: box))]
      }
      // Colour bitmap glyphs (emoji) are drawn as images, scaled from their strike.
      if let bitmaps = run.face.colorBitmaps {
        let scale = run.size / Double(Swift.max(1, bitmaps.ppem))
        for (g, p) in zip(run.glyphs, run.positions) {
          guard let picture = bitmaps.glyph(g) else { continue }
          let m = Transform(scale: scale).thenTranslated(
            x: p.x + picture.bearingX * scale, y: p.y - picture.bearingY * scale
          ).concatenating(t)
          let box = Rect(
            x: p.x + picture.bearingX * scale, y: p.y - picture.bearingY * scale,
            width: Double(picture.image.width) * scale, height: Double(picture.image.height) * scale
          )
          commands.append((.image(picture.image, transform: m, opacity: 1), t.apply(to: box)))
        }
        return commands
      }
      // The run's box: its origins, padded by the em size (glyphs reach about an em from their origin).
      var box = Rect.zero
      for p in run.positions {
        box = box.union(
          Rect(
            x: p.x - run.size, y: p.y - run.size * 1.5, width: run.size * 3, height: run.size * 2))
      }
      var glyphs = run
      glyphs.decorations = []
      return commands + [(.glyphs(glyphs, transform: t, opacity: 1), t.apply(to: box))]
    }
  }
}
