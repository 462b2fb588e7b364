import Strata
import StrataText

extension DisplayListBuilder {
  /// Appends the commands that draw `text` laid out in `box` (the node's bounds) under `t`,
  /// adding the bounds of each to `bounds` in turn.
  mutating func textCommands(
    _ text: TextContent, _ box: Rect, _ align: TextNode.VerticalAlignment, _ t: Transform,
    bounds: inout Rect
  ) {
    guard let shaper = textShaper else { return }
    for run in shaper.shape(text, in: box, verticalAlignment: align) {
      runCommands(run, t, bounds: &bounds)
    }
  }

  /// The commands of one glyph run: its decorations, then its glyphs (outlines, colour
  /// layers or colour bitmaps).
  private mutating func runCommands(_ whole: GlyphRun, _ t: Transform, bounds: inout Rect) {
    var run = whole
    // Underlines and strikethroughs: rectangles in the run's colour.
    if !run.decorations.isEmpty {
      var lines = Path()
      var box = Rect.zero
      for r in run.decorations {
        lines.append(.rect(r))
        box = box.union(r)
      }
      commands.append(
        .fill(lines, transform: t, paint: .solid(run.color), rule: .nonZero, opacity: 1))
      bounds = bounds.union(t.apply(to: box))
    }
    if run.glyphs.isEmpty { return }
    // Colour glyphs of COLR version 1: each drawn into a bitmap in device pixels.
    if let paints = run.face.colorPaints, run.glyphs.contains(where: paints.has) {
      var rest = run
      rest.glyphs = []
      rest.positions = []
      let s = run.size / Double(run.face.unitsPerEm)
      for (i, g) in run.glyphs.enumerated() {
        guard paints.has(g) else {
          rest.glyphs.append(g)
          rest.positions.append(run.positions[i])
          continue
        }
        let p = run.positions[i]
        let m = Transform(a: s, b: 0, c: 0, d: -s, tx: p.x, ty: p.y).concatenating(t)
        guard
          let picture = ColorGlyphPainter.picture(
            of: g, face: run.face, transform: m, foreground: run.color)
        else { continue }
        commands.append(
          .image(
            picture.image,
            transform: Transform(translationX: Double(picture.x), y: Double(picture.y)),
            opacity: 1))
        bounds = bounds.union(
          Rect(
            x: Double(picture.x), y: Double(picture.y), width: Double(picture.image.width),
            height: Double(picture.image.height)))
      }
      if rest.glyphs.isEmpty { return }
      run = rest
    }
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
            .fill(
              path, transform: t, paint: .solid(layer.color ?? run.color), rule: .nonZero,
              opacity: 1))
          bounds = bounds.union(t.apply(to: path.bounds))
        }
      }
      if plain.glyphs.isEmpty { return }
      commands.append(.glyphs(plain, transform: t, opacity: 1))
      bounds = bounds.union(t.apply(to: Self.box(of: plain)))
      return
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
        commands.append(.image(picture.image, transform: m, opacity: 1))
        bounds = bounds.union(t.apply(to: box))
      }
      return
    }
    var glyphs = run
    if !glyphs.decorations.isEmpty { glyphs.decorations = [] }
    commands.append(.glyphs(glyphs, transform: t, opacity: 1))
    bounds = bounds.union(t.apply(to: Self.box(of: run)))
  }

  /// A run's box: its origins, padded by the em size (glyphs reach about an em from their
  /// origin).
  static func box(of run: GlyphRun) -> Rect {
    var box = Rect.zero
    for p in run.positions {
      box = box.union(
        Rect(
          x: p.x - run.size, y: p.y - run.size * 1.5, width: run.size * 3, height: run.size * 2))
    }
    return box
  }
}
