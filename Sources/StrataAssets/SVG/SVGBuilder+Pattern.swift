import Strata

extension SVGBuilder {
  /// What part of a shape a pattern paints.
  enum PatternArea {
    case fill(FillRule)
    case stroke(StrokeStyle)
  }

  /// The `<pattern>` a paint refers to, if it refers to one.
  func patternTarget(_ spec: SVGPaint) -> (element: XMLElement, id: String)? {
    guard case .reference(let id, _) = spec, let t = ids[id], t.localName == "pattern" else {
      return nil
    }
    return (t, id)
  }

  /// A shape's fill or stroke painted with a pattern (SVG 1.1 §13.3): the tiles that cover
  /// the shape, each the pattern's content at its place and cut to the tile, under
  /// `patternTransform`, in a group cut to the shape's fill (a clip) or stroke (an alpha mask)
  /// and faded by the paint's opacity. Attributes and content come through `href` from the
  /// first pattern of the chain that has them. A tile with no area, content or bounding box
  /// paints nothing (an empty list).
  mutating func patternItems(
    _ pattern: XMLElement, id: String, opacity: Double, path: Path, area: PatternArea,
    from e: XMLElement, depth: Int
  ) throws(SVGError) -> [VectorImage.Item] {
    guard !expanding.contains(id) else {
      note(e, "the pattern #\(id) is drawn inside itself; the loop is cut")
      return []
    }
    expanding.insert(id)
    defer { expanding.remove(id) }
    let chain = hrefChain(pattern, kinds: ["pattern"])
    func attr(_ key: String) -> String? { chain.lazy.compactMap { $0.attributes[key] }.first }
    let bbox = path.bounds
    let userUnits = attr("patternUnits") == "userSpaceOnUse"
    func length(_ key: String, _ base: Double) -> Double {
      guard let raw = attr(key) else { return 0 }
      return SVGValues.length(raw, percentOf: userUnits ? base : 1) ?? 0
    }
    var tile = Rect(
      x: length("x", viewport.width), y: length("y", viewport.height),
      width: length("width", viewport.width), height: length("height", viewport.height))
    if !userUnits {
      guard bbox.width > 0, bbox.height > 0 else { return [] }
      tile = Rect(
        x: bbox.minX + tile.minX * bbox.width, y: bbox.minY + tile.minY * bbox.height,
        width: tile.width * bbox.width, height: tile.height * bbox.height)
    }
    guard tile.width > 0, tile.height > 0, tile.width.isFinite, tile.height.isFinite else {
      return []
    }
    var place = Transform.identity
    if let raw = attr("patternTransform") {
      if let t = SVGValues.transform(raw) {
        if t.inverted() != nil { place = t }
      } else {
        note(pattern, "patternTransform cannot be read")
      }
    }
    // A transform that squeezes a tile more than a thousandfold one way against the other
    // (skewX(89°) is 3,300:1) draws slivers, each as costly as a whole tile; it is refused.
    guard Self.stretch(of: place) <= 1_000 else {
      note(e, "the pattern #\(id) is squeezed past 1000:1 by its patternTransform; it is not drawn")
      return []
    }
    // The content's space inside a tile: a viewBox fitted to it, else bounding-box units
    // scaled to the shape, else the user space, from the tile's corner.
    var content = Transform.identity
    if let v = attr("viewBox").flatMap(SVGValues.numbers), v.count == 4, v[2] > 0, v[3] > 0 {
      content =
        Self.viewBoxTransform(
          Rect(x: v[0], y: v[1], width: v[2], height: v[3]), into: tile.size,
          preserveAspectRatio: attr("preserveAspectRatio")
        ).0
    } else if attr("patternContentUnits") == "objectBoundingBox" {
      guard bbox.width > 0, bbox.height > 0 else { return [] }
      content = Transform(scaleX: bbox.width, y: bbox.height)
    }
    guard let owner = chain.first(where: { !$0.children.isEmpty }) else { return [] }
    let style = documentStyle(of: owner)
    let before = shapes
    var items: [VectorImage.Item] = []
    for c in owner.children { items += try element(c, style, depth: depth + 1) }
    let perTile = shapes - before
    guard !items.isEmpty else { return [] }
    // The tiles over the shape's reach (its stroke's too), found in the pattern's space.
    var reach = bbox
    if case .stroke(let s) = area {
      let pad = Self.reach(of: s)
      reach = reach.insetBy(dx: -pad, dy: -pad)
    }
    let cover = reach.applying(inverse: place)
    let i0 = ((cover.minX - tile.minX) / tile.width).rounded(.down)
    let i1 = ((cover.maxX - tile.minX) / tile.width).rounded(.up)
    let j0 = ((cover.minY - tile.minY) / tile.height).rounded(.down)
    let j1 = ((cover.maxY - tile.minY) / tile.height).rounded(.up)
    let count = (i1 - i0) * (j1 - j0)
    guard count.isFinite, count <= Double(SVGImporter.maximumPatternTiles - patternTiles) else {
      note(
        e,
        "the pattern #\(id) would lay out more tiles than the importer's budget of \(SVGImporter.maximumPatternTiles); it is not drawn"
      )
      return []
    }
    patternTiles += Int(count)
    let room = Double(SVGImporter.maximumShapes - shapes)
    guard count * Double(Swift.max(1, perTile)) <= room else {
      throw .tooManyShapes(limit: SVGImporter.maximumShapes)
    }
    shapes += Int(count) * perTile
    let inTile = Rect(origin: .zero, size: tile.size)
    let clip =
      inTile.contains(Self.bounds(of: items, content, padded: true))
      ? nil
      : VectorImage.Clip(shapes: [.init(path: .rect(inTile.applying(inverse: content)))])
    var tiles: [VectorImage.Item] = []
    var j = j0
    while j < j1 {
      var i = i0
      while i < i1 {
        let origin = Transform(
          translationX: tile.minX + i * tile.width, y: tile.minY + j * tile.height)
        tiles.append(
          .group(
            VectorImage.Group(items: items, transform: content.concatenating(origin), clip: clip)))
        i += 1
      }
      j += 1
    }
    let laid = VectorImage.Item.group(VectorImage.Group(items: tiles, transform: place))
    switch area {
    case .fill(let rule):
      return [
        .group(
          VectorImage.Group(
            items: [laid], opacity: opacity,
            clip: VectorImage.Clip(shapes: [.init(path: path, rule: rule)])))
      ]
    case .stroke(let s):
      let outline = VectorImage.Shape(path: path, stroke: .solid(.white), strokeStyle: s)
      return [
        .group(
          VectorImage.Group(
            items: [laid], opacity: opacity,
            mask: VectorImage.Mask(mode: .alpha, items: [.shape(outline)])))
      ]
    }
  }

  /// How much more `t` stretches one direction than another: the ratio of its singular values.
  static func stretch(of t: Transform) -> Double {
    let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
    let det = Swift.abs(t.a * t.d - t.b * t.c)
    guard det > 0, sum.isFinite else { return .infinity }
    // s1² and s2² are the roots of x² − sum·x + det² = 0.
    let root = Swift.max(0, sum * sum - 4 * det * det).squareRoot()
    let big = (sum + root) / 2
    let small = det * det / big
    return (big / small).squareRoot()
  }
}
