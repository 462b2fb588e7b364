import Strata

extension SVGBuilder {
  /// The items of a nested `<svg>` or a used `<symbol>`: a new viewport at `x`, `y` of
  /// `width` × `height` in the parent's user space (lengths read against the parent's
  /// viewport; `use` may set the size), its `viewBox` fitted into it by
  /// `preserveAspectRatio`, and its content cut at the viewport unless `overflow` is `visible`
  /// or `auto` (SVG 1.1 §7.9, §14.3.3; SVG 2 §5.1.2, §5.6). Percentages inside refer to the new
  /// viewport. A width or height of zero draws nothing; a negative one is an error, noted.
  mutating func viewportItems(
    _ e: XMLElement, _ style: SVGStyle, _ d: [String: String], depth: Int,
    size: (width: String?, height: String?) = (nil, nil)
  ) throws(SVGError) -> [VectorImage.Item] {
    let parent = viewport
    func length(_ raw: String?, _ base: Double, _ fallback: Double) -> Double {
      guard let raw, raw.trimmingSpaces != "auto" else { return fallback }
      guard let v = SVGValues.length(raw, percentOf: base) else {
        note(e, "\"\(raw)\" is not a length; \(SVGValues.format(fallback)) is used")
        return fallback
      }
      return v
    }
    let x = length(e.attributes["x"], parent.width, 0)
    let y = length(e.attributes["y"], parent.height, 0)
    let width = length(size.width ?? e.attributes["width"], parent.width, parent.width)
    let height = length(size.height ?? e.attributes["height"], parent.height, parent.height)
    guard width > 0, height > 0 else {
      if width < 0 || height < 0 { note(e, "a negative width or height draws nothing") }
      return []
    }
    var box: Rect?
    if let raw = e.attributes["viewBox"] {
      if let v = SVGValues.numbers(raw), v.count == 4, v[2] > 0, v[3] > 0 {
        box = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      } else {
        note(e, "viewBox=\"\(raw)\" is not four numbers with a positive size; it is ignored")
      }
    }
    viewport = box?.size ?? Size(width: width, height: height)
    defer { viewport = parent }
    var items: [VectorImage.Item] = []
    for c in e.children { items += try element(c, style, depth: depth + 1) }
    guard !items.isEmpty else { return [] }
    let (fit, _) = Self.viewBoxTransform(
      box, into: Size(width: width, height: height),
      preserveAspectRatio: e.attributes["preserveAspectRatio"])
    let place = fit.thenTranslated(x: x, y: y)
    let frame = Rect(x: x, y: y, width: width, height: height)
    let overflow = d["overflow"]?.trimmingSpaces ?? "hidden"
    var clip: VectorImage.Clip?
    if overflow != "visible" && overflow != "auto"
      && !frame.contains(Self.bounds(of: items, place, padded: true))
    {
      clip = VectorImage.Clip(shapes: [.init(path: .rect(frame.applying(inverse: place)))])
    }
    if clip == nil, place.isIdentity { return items }
    return [.group(VectorImage.Group(items: items, transform: place, clip: clip))]
  }
}
