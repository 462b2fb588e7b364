import Strata

/// What a `clip-path` reference resolves to: outlines, or, when a child of the `<clipPath>`
/// is clipped itself, an alpha mask of white shapes (outlines cannot say "this child only
/// inside that clip").
enum SVGClip {
  case clip(VectorImage.Clip)
  case mask(VectorImage.Mask)

  /// The same region as white shapes, for a mask (in the space the clip is given in).
  var maskItems: [VectorImage.Item] {
    switch self {
    case .mask(let m): return m.items
    case .clip(let c):
      // An intersection of unions: each union a group clipped by the regions before it.
      guard let first = c.regions.first else { return [] }
      var items = first.map { SVGClip.white($0) }
      for region in c.regions.dropFirst() {
        items = [.group(VectorImage.Group(items: items, clip: VectorImage.Clip(shapes: region)))]
      }
      return items
    }
  }

  /// A clip outline as an opaque white shape.
  static func white(_ s: VectorImage.ClipShape) -> VectorImage.Item {
    .shape(VectorImage.Shape(path: s.path, fill: .solid(.white), fillRule: s.rule))
  }
}

extension SVGBuilder {
  /// The clip of `<clipPath id>` for an element whose content has bounds `bbox` (SVG 1.1
  /// §14.3.5): its children's outlines with their `clip-rule` (inherited through the
  /// document), under the clip path's `transform` applied after `clipPathUnits`' bounding
  /// box, intersected with the clip path's own `clip-path`. A child with a `clip-path` of
  /// its own makes the result a mask.
  mutating func clipPath(_ id: String, bbox: Rect, from e: XMLElement) throws(SVGError)
    -> SVGClip?
  {
    guard let target = ids[id], target.localName == "clipPath" else {
      note(e, "clip-path refers to #\(id), which is not a <clipPath> in the file; it is ignored")
      return nil
    }
    guard !expanding.contains(id) else {
      note(e, "clip-path #\(id) refers to itself; the loop is cut")
      return nil
    }
    expanding.insert(id)
    defer { expanding.remove(id) }
    var m = Transform.identity
    if let raw = target.attributes["transform"] {
      if let t = SVGValues.transform(raw) {
        m = t
      } else {
        note(target, "transform cannot be read")
      }
    }
    if target.attributes["clipPathUnits"] == "objectBoundingBox" {
      m = Transform(scaleX: bbox.width, y: bbox.height).thenTranslated(x: bbox.minX, y: bbox.minY)
        .concatenating(m)
    }
    let base = documentStyle(of: target)
    let clippedChild = target.children.contains {
      if let v = declarations($0)["clip-path"]?.trimmingSpaces { return v != "none" }
      return false
    }
    var result: SVGClip
    if clippedChild {
      var items: [VectorImage.Item] = []
      for child in target.children { items += try clipMaskItems(child, base, m, from: e) }
      result = .mask(VectorImage.Mask(mode: .alpha, items: items))
    } else {
      var region: [VectorImage.ClipShape] = []
      for child in target.children {
        region += clipShapes(child, base, m, depth: 0)
        try countClipShapes(region.count, from: e)
      }
      clipShapesMade += region.count
      result = .clip(VectorImage.Clip(regions: [region]))
    }
    // The clip path's own clip-path cuts it further.
    let d = declarations(target)
    if let raw = d["clip-path"], case .reference(let next, _)? = SVGPaint.parse(raw),
      let outer = try clipPath(next, bbox: bbox, from: target)
    {
      switch (result, outer) {
      case (.clip(let inner), .clip(let o)):
        result = .clip(VectorImage.Clip(regions: inner.regions + o.regions))
      default:
        result = .mask(
          VectorImage.Mask(
            mode: .alpha,
            items: [.group(VectorImage.Group(items: result.maskItems, mask: Self.mask(outer)))]))
      }
    }
    return result
  }

  /// `clip` as a mask.
  static func mask(_ clip: SVGClip) -> VectorImage.Mask {
    if case .mask(let m) = clip { return m }
    return VectorImage.Mask(mode: .alpha, items: clip.maskItems)
  }

  /// Throws when `pending` more clip outlines would pass the budget.
  func countClipShapes(_ pending: Int, from e: XMLElement) throws(SVGError) {
    guard clipShapesMade + pending <= SVGImporter.maximumClipShapes else {
      throw .overBudget(
        "clip outlines (clip-path uses × their shapes)", limit: SVGImporter.maximumClipShapes,
        line: e.line)
    }
  }

  /// What a child of a `<clipPath>` adds to a clip mask: its outlines as white shapes, cut by
  /// its own `clip-path` in its own user space.
  mutating func clipMaskItems(
    _ child: XMLElement, _ base: SVGStyle, _ m: Transform, from e: XMLElement
  ) throws(SVGError) -> [VectorImage.Item] {
    let raw = declarations(child)["clip-path"]
    guard let raw, case .reference(let ref, _)? = SVGPaint.parse(raw) else {
      let shapes = clipShapes(child, base, m, depth: 0)
      try countClipShapes(shapes.count, from: e)
      clipShapesMade += shapes.count
      return shapes.map(SVGClip.white)
    }
    // The child's outlines in its own space, and its place in the clip path's.
    var bare = child
    bare.attributes["transform"] = nil
    var place = m
    if let t = child.attributes["transform"].flatMap(SVGValues.transform) {
      place = t.concatenating(m)
    }
    let shapes = clipShapes(bare, base, .identity, depth: 0)
    try countClipShapes(shapes.count, from: e)
    clipShapesMade += shapes.count
    guard !shapes.isEmpty else { return [] }
    var box = shapes[0].path.bounds
    for s in shapes.dropFirst() { box = box.union(s.path.bounds) }
    var group = VectorImage.Group(items: shapes.map(SVGClip.white), transform: place)
    let own: SVGClip? = try clipPath(ref, bbox: box, from: child)
    switch own {
    case .clip(let c)?: group.clip = c
    case .mask(let mk)?:
      // A mask is given in the parent's space: the child's mask moves with it.
      group.mask = VectorImage.Mask(
        mode: .alpha, items: [.group(VectorImage.Group(items: mk.items, transform: place))])
    case nil: break
    }
    return [.group(group)]
  }

  /// The outlines a child of a `clipPath` adds, under `m`.
  mutating func clipShapes(_ e: XMLElement, _ parent: SVGStyle, _ m: Transform, depth: Int)
    -> [VectorImage.ClipShape]
  {
    guard depth < 8, !e.isForeign else { return [] }
    let d = declarations(e)
    if d["display"]?.trimmingSpaces == "none" { return [] }
    var notes: [String] = []
    let style = parent.applying(d, percentBase: diagonal) { notes.append($0) }
    for n in notes { note(e, n) }
    guard style.visible else { return [] }
    var t = m
    if let raw = e.attributes["transform"], let own = SVGValues.transform(raw) {
      t = own.concatenating(m)
    }
    switch e.localName {
    case "use":
      guard let href = e.attribute("href"), href.hasPrefix("#"),
        let target = ids[String(href.dropFirst())], !expanding.contains(String(href.dropFirst()))
      else { return [] }
      let x = e.attributes["x"].flatMap { SVGValues.length($0) } ?? 0
      let y = e.attributes["y"].flatMap { SVGValues.length($0) } ?? 0
      return clipShapes(
        target, style, Transform(translationX: x, y: y).concatenating(t), depth: depth + 1)
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      guard let p = shapePath(e, fontSize: style.fontSize) else { return [] }
      return [VectorImage.ClipShape(path: p.applying(t), rule: style.clipRule)]
    case "title", "desc", "metadata":
      return []
    default:
      note(e, "<\(e.localName)> inside <clipPath> is not supported")
      return []
    }
  }
}

extension SVGBuilder {
  /// The bounding box of `e`'s geometry in its own user space (SVG 2 §8.10): its outline, or
  /// its children's under their transforms, with invisible and transparent ones counted (only
  /// `display: none` leaves an element out). What `objectBoundingBox` units measure.
  mutating func geometryBounds(of e: XMLElement, depth: Int = 0) -> Rect? {
    guard depth < 16, !e.isForeign else { return nil }
    let d = declarations(e)
    if d["display"]?.trimmingSpaces == "none" { return nil }
    switch e.localName {
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      return shapePath(e, fontSize: documentStyle(of: e).fontSize)?.bounds
    case "g", "a", "svg", "switch":
      var box: Rect?
      for c in e.children {
        guard var b = geometryBounds(of: c, depth: depth + 1) else { continue }
        if let raw = c.attributes["transform"], let t = SVGValues.transform(raw) {
          b = t.apply(to: b)
        }
        box = box.map { $0.union(b) } ?? b
      }
      return box
    case "use":
      guard let href = e.attribute("href")?.trimmingSpaces, href.hasPrefix("#"),
        let target = ids[String(href.dropFirst())], !expanding.contains(String(href.dropFirst()))
      else { return nil }
      guard var b = geometryBounds(of: target, depth: depth + 1) else { return nil }
      if let raw = target.attributes["transform"], let t = SVGValues.transform(raw) {
        b = t.apply(to: b)
      }
      let x = e.attributes["x"].flatMap { SVGValues.length($0, percentOf: viewport.width) } ?? 0
      let y = e.attributes["y"].flatMap { SVGValues.length($0, percentOf: viewport.height) } ?? 0
      return b.offsetBy(Vector(dx: x, dy: y))
    default:
      return nil
    }
  }
}
