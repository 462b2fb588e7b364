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
  /// The first budget the style sheet ran past, thrown once the build can throw.
  var sheetOverrun: SVGError?
  /// The ids being expanded by `use`, `href` or `clip-path`, to stop cycles.
  var expanding: Set<String> = []

  init(root: XMLElement) { self.root = root }

  /// Elements that draw nothing themselves and are only used by reference.
  static let referenced: Set<String> = [
    "defs", "linearGradient", "radialGradient", "clipPath", "symbol", "style", "title", "desc",
    "metadata", "stop",
  ]
  /// Elements that would draw something and are not supported.
  static let unsupportedElements: Set<String> = [
    "text", "image", "filter", "mask", "pattern", "marker", "foreignObject", "svg", "switch",
    "animate", "animateTransform", "animateMotion", "set", "font", "view", "cursor",
  ]
  /// The properties an element can set (as attributes, in `style` or in a style sheet).
  static let properties: Set<String> = SVGStyle.inherited.union([
    "opacity", "clip-path", "display", "filter", "mask", "stop-color", "stop-opacity",
    "marker", "marker-start", "marker-mid", "marker-end",
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
    for c in e.children { index(c) }
  }

  /// The declared properties of `e`: presentation attributes, then matching style-sheet rules,
  /// then its `style` attribute (each overriding the one before, as CSS cascades).
  mutating func declarations(_ e: XMLElement) -> [String: String] {
    var d: [String: String] = [:]
    for (k, v) in e.attributes where Self.properties.contains(k) { d[k] = v }
    for (k, v) in sheet.declarations(for: e) { d[k] = v }
    if sheet.selectorTests > SVGImporter.maximumSelectorTests, sheetOverrun == nil {
      sheetOverrun = .overBudget(
        "style-sheet selector tests (rules × elements)", limit: SVGImporter.maximumSelectorTests,
        line: e.line)
    }
    if let style = e.attributes["style"] {
      for (k, v) in SVGStyleSheet.declarations(style) { d[k] = v }
    }
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
      note(e, name == "svg" ? "a nested <svg> is not drawn" : "<\(name)> is not drawn")
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
    case "svg", "g", "a":
      items = []
      for c in e.children { items += try element(c, style, depth: depth + 1) }
    case "use":
      items = try use(e, style, depth: depth)
    case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
      guard let geometry = shapePath(e) else { return [] }
      guard style.visible else { return [] }
      shapes += 1
      guard shapes <= SVGImporter.maximumShapes else {
        throw .tooManyShapes(limit: SVGImporter.maximumShapes)
      }
      items = shapeItems(e, geometry, style, d)
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
    if !isRoot, let raw = e.attributes["transform"] {
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
    if let raw = d["clip-path"], raw.trimmingSpaces != "none" {
      if case .reference(let id, _)? = SVGPaint.parse(raw) {
        clip = try clipPath(id, bbox: Self.bounds(of: items, .identity, padded: false), from: e)
      } else {
        note(e, "clip-path=\"\(raw)\" is not a reference; it is ignored")
      }
    }
    if opacity <= 0 { return [] }
    // One shape with one paint folds its opacity in; otherwise a group composites it.
    if clip == nil, transform.isIdentity, items.count == 1, case .shape(var s) = items[0],
      s.fill == nil || s.stroke == nil
    {
      s.opacity *= opacity
      return [.shape(s)]
    }
    if clip == nil, transform.isIdentity, opacity >= 1 { return items }
    if clip == nil, opacity >= 1, items.count == 1, case .group(var g) = items[0] {
      g.transform = g.transform.concatenating(transform)
      return [.group(g)]
    }
    return [
      .group(VectorImage.Group(items: items, transform: transform, opacity: opacity, clip: clip))
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
    if target.localName == "symbol" {
      items = []
      let d = declarations(target)
      if d["display"]?.trimmingSpaces == "none" { return [] }
      var notes: [String] = []
      let inner = style.applying(d, percentBase: diagonal) { notes.append($0) }
      for n in notes { note(target, n) }
      for c in target.children { items += try element(c, inner, depth: depth + 1) }
      if let v = target.attribute("viewBox").flatMap(SVGValues.numbers), v.count == 4, v[2] > 0,
        v[3] > 0
      {
        let w =
          e.attributes["width"].flatMap { SVGValues.length($0, percentOf: viewport.width) }
          ?? viewport.width
        let h =
          e.attributes["height"].flatMap { SVGValues.length($0, percentOf: viewport.height) }
          ?? viewport.height
        let (fit, _) = Self.viewBoxTransform(
          Rect(x: v[0], y: v[1], width: v[2], height: v[3]), into: Size(width: w, height: h),
          preserveAspectRatio: target.attribute("preserveAspectRatio"))
        items = [.group(VectorImage.Group(items: items, transform: fit))]
      }
    } else {
      items = try element(target, style, depth: depth + 1)
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
