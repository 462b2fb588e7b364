import Strata

/// Spec values (colours, points, paths, text, paints, drawings) as runtime values.
extension SpecBuilder {
  // MARK: Values

  static func color(_ text: String?, default d: Color = .black) -> Color {
    text.flatMap(SpecColor.parse) ?? d
  }

  static func point(_ v: [Double]?) -> Point? {
    guard let v, v.count == 2 else { return nil }
    return Point(x: v[0], y: v[1])
  }

  static func vector(_ v: [Double]?) -> Vector {
    guard let v, v.count == 2 else { return .zero }
    return Vector(dx: v[0], dy: v[1])
  }

  static func rect(_ v: [Double]?) -> Rect {
    guard let v, v.count == 4 else { return .zero }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  static func transform(_ v: [Double]?) -> Transform {
    guard let v, v.count == 6 else { return .identity }
    return Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
  }

  static func path(_ text: String?) -> Path {
    guard let text, case .success(let p) = SpecPathData.parse(text) else { return Path() }
    return p
  }

  static func easing(_ name: String?) -> Easing {
    guard let name else { return .linear }
    return Easing(named: name) ?? .linear
  }

  static func weight(_ w: WeightSpec?) -> Font.Weight {
    switch w {
    case .none: return .regular
    case .value(let v): return Font.Weight(v)
    case .name(let n):
      switch n {
      case "ultraLight": return Font.Weight(200)
      case "thin": return .thin
      case "light": return .light
      case "medium": return .medium
      case "semibold": return .semibold
      case "bold": return .bold
      case "heavy": return .heavy
      case "black": return .black
      default: return .regular
      }
    }
  }

  static func font(_ f: FontSpec) -> Font {
    Font(
      family: f.family ?? Font.systemFamily, size: f.size, weight: weight(f.weight),
      isItalic: f.italic ?? false)
  }

  static func text(_ t: TextSpec) -> TextContent {
    var content = TextContent(
      runs: t.runs.map { r in
        var style: TextContent.ParagraphStyle? = nil
        if r.alignment != nil || r.lineHeightMultiple != nil {
          style = TextContent.ParagraphStyle(
            alignment: r.alignment.flatMap(TextContent.Alignment.init(rawValue:)),
            lineHeightMultiple: r.lineHeightMultiple)
        }
        return TextContent.Run(
          r.text, font: font(r.font), color: color(r.color), underline: r.underline ?? false,
          strikethrough: r.strikethrough ?? false, letterSpacing: r.letterSpacing,
          paragraphStyle: style)
      })
    if let a = t.alignment.flatMap(TextContent.Alignment.init(rawValue:)) { content.alignment = a }
    if let m = t.lineHeightMultiple { content.lineHeightMultiple = m }
    if let m = t.maximumLines { content.maximumLines = m }
    if let e = t.truncatesWithEllipsis { content.truncatesWithEllipsis = e }
    if let m = t.truncationMode.flatMap(TextContent.TruncationMode.init(rawValue:)) {
      content.truncationMode = m
    }
    if let s = t.letterSpacing { content.letterSpacing = s }
    if let k = t.kerning { content.isKerningEnabled = k }
    if let f = t.minimumScaleFactor { content.minimumScaleFactor = f }
    content.baseDirection = t.baseDirection.flatMap(LayoutDirection.init(rawValue:))
    return content
  }

  static func paint(_ p: PaintSpec?) -> Paint? {
    guard let p else { return nil }
    if let c = p.color { return .solid(color(c)) }
    let stops = (p.stops ?? []).map { Gradient.Stop(color($0.color), at: $0.at) }
    let gradient = Gradient(
      stops: stops, spread: p.spread.flatMap(Gradient.Spread.init(rawValue:)) ?? .pad)
    if let center = point(p.center) {
      return .radial(
        RadialGradient(
          gradient, center: center, radius: p.radius ?? 0, focus: point(p.focus),
          transform: transform(p.transform)))
    }
    return .linearGradient(gradient, start: point(p.start) ?? .zero, end: point(p.end) ?? .zero)
  }

  static func shape(_ s: VectorItemSpec) -> VectorImage.Shape {
    VectorImage.Shape(
      path: path(s.path), fill: paint(s.fill),
      fillRule: s.fillRule.flatMap(FillRule.init(rawValue:)) ?? .nonZero,
      stroke: paint(s.stroke),
      strokeStyle: StrokeStyle(
        width: s.lineWidth ?? 1,
        join: s.lineJoin.flatMap(StrokeStyle.Join.init(rawValue:)) ?? .miter,
        cap: s.lineCap.flatMap(StrokeStyle.Cap.init(rawValue:)) ?? .butt,
        miterLimit: s.miterLimit ?? 10,
        dash: s.dash ?? [], dashPhase: s.dashPhase ?? 0),
      opacity: s.opacity ?? 1)
  }

  static func item(_ s: VectorItemSpec) -> VectorImage.Item {
    if let items = s.items {
      let clip = s.clip.map { regions in
        VectorImage.Clip(
          regions: regions.map { region in
            region.map {
              VectorImage.ClipShape(
                path: path($0.path), rule: $0.rule.flatMap(FillRule.init(rawValue:)) ?? .nonZero)
            }
          })
      }
      return .group(
        VectorImage.Group(
          items: items.map(item), transform: transform(s.transform), opacity: s.opacity ?? 1,
          clip: clip))
    }
    return .shape(shape(s))
  }

  static func vectorImage(_ v: VectorSpec) -> VectorImage {
    VectorImage(size: Size(width: v.size.width, height: v.size.height), items: v.items.map(item))
  }

  static func shadow(_ s: ShadowSpec) -> Shadow {
    Shadow(
      color: color(s.color), opacity: s.opacity ?? 1, offset: vector(s.offset),
      radius: s.radius ?? 3,
      path: s.path.map { path($0) })
  }
}
