import Foundation
import Strata

/// Turns a parsed SVG document into a ``VectorImage``: styles resolved, `use` expanded,
/// gradients and clips put in the space they are drawn in.
struct SVGBuilder {
  let root: XMLElement
  var ids: [String: XMLElement] = [:]
  var sheet = SVGStyleSheet()
  var unsupported: [SVGDiagnostic] = []
  private var noted: Set<SVGDiagnostic> = []
  /// Percentages of lengths are of this (the viewBox's size, or the image's).
  var viewport = Size(width: 300, height: 150)
  /// Shapes made so far, and elements visited (with `use` counted each time it expands).
  var shapes = 0
  var visits = 0
  /// Clip outlines made in all (``SVGImporter/maximumClipShapes``).
  var clipShapesMade = 0
  /// Pattern tiles laid out in all (``SVGImporter/maximumPatternTiles``).
  var patternTiles = 0
  /// The first budget the style sheet ran past, thrown once the build can throw.
  var sheetOverrun: SVGError?
  /// The ids being expanded by `use`, `href` or `clip-path`, to stop cycles.
  var expanding: Set<String> = []
  /// The width and height a `use` gives the `<svg>` it draws, taken by that `<svg>`.
  var useSize: (width: String?, height: String?) = (nil, nil)
  /// Each element's parent in the document, and its place among the parent's children, by
  /// the child's ``XMLElement/serial``.
  var parents: [Int: XMLElement] = [:]
  var positions: [Int: Int] = [:]
  /// The styles elements have where they stand in the document (``documentStyle(of:)``).
  private var documentStyles: [Int: SVGStyle] = [:]

  init(root: XMLElement) { self.root = root }

  /// Elements that draw nothing themselves and are only used by reference.
  static let referenced: Set<String> = [
    "defs", "linearGradient", "radialGradient", "pattern", "clipPath", "symbol", "style", "title",
    "desc",
    "metadata", "stop",
  ]
  /// Elements that would draw something and are not supported.
  static let unsupportedElements: Set<String> = [
    "text", "image", "filter", "mask", "marker", "foreignObject", "switch",
    "animate", "animateTransform", "animateMotion", "set", "font", "view", "cursor",
  ]
  /// The properties an element can set (as attributes, in `style` or in a style sheet).
  static let properties: Set<String> = SVGStyle.inherited.union([
    "opacity", "clip-path", "display", "filter", "mask", "stop-color", "stop-opacity", "transform",
    "marker", "marker-start", "marker-mid", "marker-end", "overflow",
  ])

  mutating func note(_ e: XMLElement, _ message: String) {
    let d = SVGDiagnostic(element: e.localName, line: e.line, message: message)
    if noted.insert(d).inserted { unsupported.append(d) }
  }

  mutating func build() throws(SVGError) -> VectorImage {
    index(root)
    // The image's size: width and height, else the viewBox's.
    let viewBox = root.attribute("viewBox").flatMap(SVGValues.numbers)
    var box: Rect?
    if let v = viewBox {
      if v.count == 4, v[2] > 0, v[3] > 0 {
        box = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      } else {
        note(
          root,
          "viewBox=\"\(root.attribute("viewBox") ?? "")\" is not four numbers with a positive size; it is ignored"
        )
      }
    }
    func dimension(_ key: String, _ fallback: Double) throws(SVGError) -> Double {
      guard let raw = root.attribute(key), !raw.trimmingSpaces.hasSuffix("%") else {
        return fallback
      }
      guard let v = SVGValues.length(raw) else {
        throw .invalidSize("\(key)=\"\(raw)\" is not a length")
      }
      return v
    }
    var width = try dimension("width", box?.width ?? 300)
    var height = try dimension("height", box?.height ?? 150)
    if root.attribute("width") == nil, root.attribute("height") != nil, let b = box {
      width = height * b.width / b.height
    } else if root.attribute("height") == nil, root.attribute("width") != nil, let b = box {
      height = width * b.height / b.width
    }
    guard width > 0, height > 0 else {
      throw .invalidSize("\(SVGValues.format(width)) × \(SVGValues.format(height)) is not positive")
    }
    let limit = SVGImporter.maximumDimension
    guard width <= limit, height <= limit else {
      throw .invalidSize(
        "\(SVGValues.format(width)) × \(SVGValues.format(height)) is larger than \(SVGValues.format(limit))"
      )
    }
    let size = Size(width: width, height: height)
    viewport = box?.size ?? size
    let (fit, slice) = Self.viewBoxTransform(
      box, into: size, preserveAspectRatio: root.attribute("preserveAspectRatio"))
    var content = try element(root, SVGStyle(), depth: 0, isRoot: true)
    guard !content.isEmpty else { return VectorImage(size: size, items: []) }
    let frame = Rect(origin: .zero, size: size)
    // Outside its viewport an SVG shows nothing: clip when the drawing reaches past it.
    let reach = Self.bounds(of: content, fit, padded: true)
    if slice || !frame.contains(reach) {
      content = [
        .group(
          VectorImage.Group(
            items: content, transform: fit,
            clip: VectorImage.Clip(shapes: [
              VectorImage.ClipShape(path: Path.rect(frame.applying(inverse: fit)))
            ])))
      ]
    } else if !fit.isIdentity {
      content = [.group(VectorImage.Group(items: content, transform: fit))]
    }
    return VectorImage(size: size, items: content)
  }

  /// Every element with an id, and every style sheet, in document order.
  mutating func index(_ e: XMLElement) {
    if let id = e.attributes["id"], ids[id] == nil { ids[id] = e }
    if e.localName == "style" {
      let type = e.attributes["type"] ?? "text/css"
      if type == "text/css" || type.isEmpty {
        var notes: [String] = []
        if !sheet.add(e.text, note: { notes.append($0) }), sheetOverrun == nil {
          sheetOverrun = .overBudget(
            "bytes of style-sheet comments", limit: SVGImporter.maximumCommentBytes, line: e.line)
        }
        for n in notes { note(e, n) }
      } else {
        note(e, "a style sheet of type \(type) is not read")
      }
    }
    for (k, c) in e.children.enumerated() {
      parents[c.serial] = e
      positions[c.serial] = k
      index(c)
    }
  }

  /// The style in effect at `e` where it stands in the document: what a gradient's stops and
  /// a `clipPath`'s children inherit (SVG 1.1 §6.15: inheritance follows the document tree,
  /// not the element that uses them).
  mutating func documentStyle(of e: XMLElement) -> SVGStyle {
    if let known = documentStyles[e.serial] { return known }
    var chain = [e]
    while chain.count <= SVGImporter.maximumDepth, let p = parents[chain[chain.count - 1].serial] {
      chain.append(p)
    }
    var style = SVGStyle()
    for element in chain.reversed() {
      if let known = documentStyles[element.serial] {
        style = known
        continue
      }
      // What cannot be read is reported where the element itself is built, not here.
      style = style.applying(declarations(element), percentBase: diagonal) { _ in }
      documentStyles[element.serial] = style
    }
    return style
  }

  /// The declared properties of `e`: presentation attributes, then matching style-sheet rules,
  /// then its `style` attribute (each overriding the one before, as CSS cascades).
  mutating func declarations(_ e: XMLElement) -> [String: String] {
    var d: [String: String] = [:]
    for (k, v) in e.attributes where Self.properties.contains(k) { d[k] = v }
    let parents = self.parents
    let positions = self.positions
    let tree = SVGStyleSheet.Tree(
      parent: { parents[$0.serial] }, position: { positions[$0.serial] })
    let rules = sheet.declarations(for: e, in: tree)
    if sheet.selectorTests > SVGImporter.maximumSelectorTests, sheetOverrun == nil {
      sheetOverrun = .overBudget(
        "style-sheet selector tests (rules × elements)", limit: SVGImporter.maximumSelectorTests,
        line: e.line)
    }
    let inline = e.attributes["style"].map(SVGStyleSheet.declarations) ?? []
    // Normal declarations: the sheet's, then the style attribute's; then the important ones
    // the same way, over every normal one (CSS Cascade 4 §6.1).
    for x in rules where !x.important { d[x.key] = x.value }
    for x in inline where !x.important { d[x.key] = x.value }
    for x in rules where x.important { d[x.key] = x.value }
    for x in inline where x.important { d[x.key] = x.value }
    return d
  }

  /// The items `e` draws, with its transform, opacity and clip around them.
  mutating func element(
    _ e: XMLElement, _ parent: SVGStyle, depth: Int, isRoot: Bool = false
  ) throws(SVGError) -> [VectorImage.Item] {
    visits += 1
    guard visits <= SVGImporter.maximumExpandedElements else {
      throw .overBudget(
        "elements after <use> expansion", limit: SVGImporter.maximumExpandedElements,
        line: e.line)
    }
    if let overrun = sheetOverrun { throw overrun }
    guard depth <= SVGImporter.maximumDepth else {
      throw .tooDeep(limit: SVGImporter.maximumDepth, line: e.line)
    }
    if e.isForeign { return [] }
    // An element is on the stack while it is drawn, so a use inside it cannot draw it again.
    let id = e.attributes["id"]
    let entered = id.map { expanding.insert($0).inserted } ?? false
    defer { if entered, let id { expanding.remove(id) } }
    let name = e.localName
    if Self.referenced.contains(name) { return [] }
    if Self.unsupportedElements.contains(name) && !isRoot {
      note(e, "<\(name)> is not drawn")
      return []
    }
    let d = declarations(e)
    if d["display"]?.trimmingSpaces == "none" { return [] }
    var notes: [String] = []
    let style = parent.applying(d, percentBase: diagonal) { notes.append($0) }
    for n in notes { note(e, n) }
    for key in ["filter", "mask", "marker", "marker-start", "marker-mid", "marker-end"] {
      if let v = d[key], v.trimmingSpaces != "none" { note(e, "\(key) is not applied") }
    }

    var items: [VectorImage.Item]
    switch name {
    case "svg" where !isRoot:
      let size = useSize
      useSize = (nil, nil)
      items = try viewportItems(e, style, d, depth: depth, size: size)
    case "svg", "g", "a":
      items = []
      for c in e.children { items += try element(c, style, depth: depth + 1) }
    case "use":
      items = try use(e, style, depth: depth)
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      guard let geometry = shapePath(e, fontSize: style.fontSize) else { return [] }
      guard style.visible else { return [] }
      shapes += 1
      guard shapes <= SVGImporter.maximumShapes else {
        throw .tooManyShapes(limit: SVGImporter.maximumShapes)
      }
      items = try shapeItems(e, geometry, style, d, depth: depth)
    default:
      note(e, "<\(name)> is not an SVG element Strata knows; it is not drawn")
      return []
    }
    if items.isEmpty { return [] }
    return try wrap(items, e, d, isRoot: isRoot)
  }

  /// `items` under the element's transform, opacity and clip path.
  mutating func wrap(
    _ items: [VectorImage.Item], _ e: XMLElement, _ d: [String: String], isRoot: Bool
  ) throws(SVGError) -> [VectorImage.Item] {
    var transform = Transform.identity
    // The attribute, or the CSS property, which wins over it (SVG 2 §8.5, CSS Transforms 1).
    if !isRoot, let raw = d["transform"] {
      if let t = SVGValues.transform(raw) {
        transform = t
      } else {
        note(e, "transform=\"\(raw)\" cannot be read; it is ignored")
      }
    }
    var opacity = 1.0
    if let raw = d["opacity"] {
      if let v = SVGValues.fraction(raw) {
        opacity = v
      } else {
        note(e, "opacity=\"\(raw)\" cannot be read")
      }
    }
    var clip: VectorImage.Clip?
    var mask: VectorImage.Mask?
    if let raw = d["clip-path"], raw.trimmingSpaces != "none" {
      if case .reference(let id, _)? = SVGPaint.parse(raw) {
        // The bounding box counts what does not show (SVG 2 §8.10), so it comes from the
        // element's geometry, not from what it draws.
        let box = geometryBounds(of: e) ?? Self.bounds(of: items, .identity, padded: false)
        switch try clipPath(id, bbox: box, from: e) {
        case .clip(let c)?: clip = c
        case .mask(let m)?:
          // A mask is given in the parent's space: it moves with the element's transform.
          mask = VectorImage.Mask(
            mode: .alpha, items: [.group(VectorImage.Group(items: m.items, transform: transform))])
        case nil: break
        }
      } else {
        note(e, "clip-path=\"\(raw)\" is not a reference; it is ignored")
      }
    }
    if opacity <= 0 { return [] }
    // One shape with one paint folds its opacity in; otherwise a group composites it.
    if clip == nil, mask == nil, transform.isIdentity, items.count == 1,
      case .shape(var s) = items[0],
      s.fill == nil || s.stroke == nil
    {
      s.opacity *= opacity
      return [.shape(s)]
    }
    if clip == nil, mask == nil, transform.isIdentity, opacity >= 1 { return items }
    if clip == nil, mask == nil, opacity >= 1, items.count == 1, case .group(var g) = items[0] {
      g.transform = g.transform.concatenating(transform)
      return [.group(g)]
    }
    return [
      .group(
        VectorImage.Group(
          items: items, transform: transform, opacity: opacity, clip: clip, mask: mask))
    ]
  }

  /// A `use`: the referenced element at (x, y), inheriting the use's style.
  mutating func use(_ e: XMLElement, _ style: SVGStyle, depth: Int) throws(SVGError)
    -> [VectorImage.Item]
  {
    guard let href = e.attribute("href")?.trimmingSpaces, href.hasPrefix("#") else {
      note(e, "<use> without a local reference (href=\"#id\") draws nothing")
      return []
    }
    let id = String(href.dropFirst())
    guard let target = ids[id] else {
      note(e, "<use> refers to #\(id), which is not in the file")
      return []
    }
    guard !expanding.contains(id) else {
      note(e, "<use> refers to #\(id), which contains it; the loop is cut")
      return []
    }
    expanding.insert(id)
    defer { expanding.remove(id) }
    let x = e.attributes["x"].flatMap { SVGValues.length($0, percentOf: viewport.width) } ?? 0
    let y = e.attributes["y"].flatMap { SVGValues.length($0, percentOf: viewport.height) } ?? 0
    var items: [VectorImage.Item]
    let size = (e.attributes["width"], e.attributes["height"])
    if target.localName == "symbol" {
      // A used symbol is drawn as a nested <svg> (SVG 2 §5.6): its own style, opacity,
      // transform and clip around a viewport the use may size.
      let d = declarations(target)
      if d["display"]?.trimmingSpaces == "none" { return [] }
      var notes: [String] = []
      let inner = style.applying(d, percentBase: diagonal) { notes.append($0) }
      for n in notes { note(target, n) }
      items = try viewportItems(target, inner, d, depth: depth + 1, size: size)
      // SVG 1.1 has no transform on a symbol; resvg's suite holds to that, and so does this.
      var own = d
      own["transform"] = nil
      if !items.isEmpty { items = try wrap(items, target, own, isRoot: false) }
    } else {
      if target.localName == "svg" { useSize = size }
      items = try element(target, style, depth: depth + 1)
      useSize = (nil, nil)
    }
    if items.isEmpty { return [] }
    if x == 0 && y == 0 { return items }
    return [.group(VectorImage.Group(items: items, transform: Transform(translationX: x, y: y)))]
  }

  /// The diagonal percentages of non-directional lengths (stroke widths, radii) refer to.
  var diagonal: Double {
    ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
  }
}

extension SVGValues {
  /// A number for messages: no trailing zeros.
  static func format(_ v: Double) -> String {
    v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

extension Rect {
  /// Whether `other` lies inside this rectangle (an empty `other` does).
  func contains(_ other: Rect) -> Bool {
    other.isEmpty
      || (other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY)
  }

  /// The rectangle's bounding box under the inverse of `t` (itself when `t` has none).
  func applying(inverse t: Transform) -> Rect {
    guard let inv = t.inverted() else { return self }
    return inv.apply(to: self)
  }
}
