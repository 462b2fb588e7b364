import Strata
import StrataRender

/// Turns a checked spec into runtime values: nodes, text, drawings, animators, controllers.
struct SpecBuilder {
  let loaded: LoadedSpec
  var spec: TutorialSpec { loaded.spec }

  func makeController(pageSize: Size?) -> TutorialController {
    let size = pageSize ?? Size(width: spec.pageSize.width, height: spec.pageSize.height)
    let controller: TutorialController
    if let template = spec.template {
      controller = TemplateOnboarding(
        items: template.items.map(templateItem),
        options: SpecTemplateOptions(spec: template, builder: self),
        pageSize: size)
      controller.textMeasurer = FrameRenderer.defaultTextEngine
    } else {
      controller = SpecTutorial(builder: self, pageSize: size)
    }
    apply(to: controller)
    return controller
  }

  /// The settings every controller of the spec shares.
  func apply(to controller: TutorialController) {
    if let options = spec.options {
      if let r = options.reduceMotion { controller.reduceMotion = r }
      if let d = options.layoutDirection.flatMap(LayoutDirection.init(rawValue:)) {
        controller.layoutDirection = d
      }
    }
    if let layout = spec.layout {
      if let h = layout.staticContentHeight { controller.preferredStaticContentHeight = h }
      if let h = layout.roundnessHeight { controller.preferredRoundnessHeight = h }
      if let s = layout.safeArea, s.count == 4 {
        controller.safeAreaInsets = Insets(top: s[0], left: s[1], bottom: s[2], right: s[3])
      }
    }
    if let navigation = spec.navigation {
      if let m = navigation.swipeMode.flatMap(SwipeMode.init(rawValue:)) {
        controller.swipeMode = m
      }
      if let b = navigation.bounces { controller.scrollBehavior.bounces = b }
    }
    controller.reloadData()
    for t in spec.timed ?? [] {
      controller.run(timedAnimation(t), at: t.start ?? 0)
    }
  }

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
    if name == "linear" { return .linear }
    if name == "ease" { return .ease }
    return Easing.presets.first { $0.name == name } ?? .linear
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
    if let s = t.letterSpacing { content.letterSpacing = s }
    if let k = t.kerning { content.isKerningEnabled = k }
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

  // MARK: Nodes

  /// A fresh node tree for `n`.
  func node(_ n: NodeSpec, pageCount: Int, measurer: (any TextMeasurer)?) -> Node {
    let frame = Self.rect(n.frame)
    let node: Node
    switch n.type ?? "group" {
    case "text":
      node = TextNode(
        text: n.text.map(Self.text) ?? TextContent(""), frame: frame,
        verticalAlignment: n.verticalAlignment.flatMap(TextNode.VerticalAlignment.init(rawValue:))
          ?? .top,
        name: n.name)
    case "image":
      node = ImageNode(
        image: n.asset.flatMap { loaded.images["asset:" + $0] }
          ?? n.source.flatMap { loaded.images[$0] },
        frame: frame,
        contentMode: n.contentMode.flatMap(ContentMode.init(rawValue:)) ?? .scaleToFill,
        name: n.name)
    case "vector":
      let image = n.vector.map(Self.vectorImage) ?? n.source.flatMap { loaded.vectors[$0] }
      node = ImageNode(
        image: image.map(Image.vector), frame: frame,
        contentMode: n.contentMode.flatMap(ContentMode.init(rawValue:)) ?? .scaleToFill,
        name: n.name)
    case "shape":
      let s = Self.shape(n.shape ?? VectorItemSpec())
      node = ShapeNode(
        path: s.path, fill: s.fill, stroke: s.stroke, strokeStyle: s.strokeStyle,
        fillRule: s.fillRule,
        frame: frame, name: n.name)
    case "gradient":
      node = ShapeNode(
        path: .rect(Rect(origin: .zero, size: frame.size)), fill: Self.paint(n.gradient),
        frame: frame,
        name: n.name)
    case "button":
      let button = ButtonNode(
        title: n.text.map(Self.text) ?? TextContent(""),
        actionIdentifier: n.action ?? (n.name ?? "button"),
        frame: frame, name: n.name)
      button.highlightedBackgroundColor = n.highlightedBackgroundColor.flatMap(SpecColor.parse)
      node = button
    case "navigation":
      let role = n.role.flatMap(NavigationButtonNode.Role.init(rawValue:)) ?? .next
      let button = NavigationButtonNode(
        role: role, title: n.text.map(Self.text), frame: frame, name: n.name)
      if let h = n.highlightedBackgroundColor.flatMap(SpecColor.parse) {
        button.highlightedBackgroundColor = h
      }
      node = button
    case "indicator":
      let i = n.indicator ?? IndicatorSpec()
      let defaults = PageIndicatorAppearance()
      let indicator = PageIndicatorNode(
        pageCount: pageCount, style: Self.indicatorStyle(i.style),
        appearance: PageIndicatorAppearance(
          activeColor: Self.color(i.activeColor, default: defaults.activeColor),
          inactiveColor: Self.color(i.inactiveColor, default: defaults.inactiveColor),
          dotSize: i.dotSize ?? 8, spacing: i.spacing ?? 16, extendedLength: i.extendedLength ?? 22,
          dotWidth: i.dotWidth, dotHeight: i.dotHeight, cornerRadius: i.cornerRadius),
        frame: frame, name: n.name ?? "page indicator")
      if let t = i.tracking.flatMap(PageIndicatorNode.Tracking.init(rawValue:)) {
        indicator.tracking = t
      }
      if let t = i.tapBehavior.flatMap(PageIndicatorNode.TapBehavior.init(rawValue:)) {
        indicator.tapBehavior = t
      }
      node = indicator
    case "stack":
      let s = n.stack ?? StackSpec()
      node = StackNode(
        axis: s.axis.flatMap(StackNode.Axis.init(rawValue:)) ?? .vertical, spacing: s.spacing ?? 0,
        alignment: s.alignment.flatMap(StackNode.Alignment.init(rawValue:)) ?? .fill,
        distribution: s.distribution.flatMap(StackNode.Distribution.init(rawValue:)) ?? .fill,
        measurer: measurer, frame: frame, name: n.name)
    default:
      node = Node(frame: frame, name: n.name)
    }
    if let a = n.alpha { node.alpha = a }
    if let h = n.hidden { node.isHidden = h }
    if let c = n.backgroundColor { node.backgroundColor = SpecColor.parse(c) }
    if let r = n.cornerRadius { node.cornerRadius = r }
    if let c = n.clipsToBounds { node.clipsToBounds = c }
    if let b = n.border { node.border = Border(width: b.width, color: Self.color(b.color)) }
    if let s = n.shadow { node.shadow = Self.shadow(s) }
    if let z = n.zPosition { node.zPosition = z }
    for child in n.children ?? [] {
      let c = self.node(child, pageCount: pageCount, measurer: measurer)
      if let stack = node as? StackNode { stack.addArrangedNode(c) } else { node.addChild(c) }
    }
    return node
  }

  static func indicatorStyle(_ name: String?) -> PageIndicatorStyle {
    switch name {
    case "extendedDot": return .extendedDot
    case "scalingDots": return .scalingDots
    case "worm": return .worm
    case "jumpingDot": return .jumpingDot
    case "numbers": return .numbers
    case "progressBar": return .progressBar
    case "slidingDot": return .slidingDot
    default: return .dots
    }
  }

  // MARK: Motion

  static func animation(_ a: AnimatorSpec) -> (any PageAnimation)? {
    switch a.name {
    case "fade": return Fade(minimumAlpha: a.minimumAlpha ?? 0)
    case "crossFade": return CrossFade(curve: easing(a.curve))
    case "parallax": return Parallax(speed: a.speed ?? 1)
    case "slide": return Slide(by: vector(a.offset), followsSide: a.followsSide ?? false)
    case "scale":
      if case .value(let s) = a.scale { return Scale(to: s) }
      return nil
    case "rotate": return Rotate(by: a.angle ?? 0)
    case "tiltAlongArc": return TiltAlongArc()
    case "followArc": return FollowArc()
    case "colorBlend":
      return ColorBlend(
        (a.colors ?? []).map { color($0) },
        space: a.space.flatMap(Color.InterpolationSpace.init(rawValue:)) ?? .sRGB)
    case "circularReveal": return CircularReveal(from: point(a.origin) ?? Point(x: 0.5, y: 0.8))
    case "slideTransition":
      return SlideTransition(
        a.style.flatMap(SlideTransition.Style.init(rawValue:)) ?? .push,
        from: a.side.flatMap(SlideTransition.Side.init(rawValue:)) ?? .right)
    case "keyframes":
      func frames<V: Interpolatable>(_ list: [KeyframeSpec]?, _ value: (KeyframeValueSpec) -> V?)
        -> Keyframes<V>?
      {
        guard let list else { return nil }
        let k = list.compactMap { f in
          value(f.value).map { Keyframe(f.at, $0, easing: easing(f.easing)) }
        }
        return try? Keyframes(k)
      }
      func number(_ v: KeyframeValueSpec) -> Double? {
        if case .number(let n) = v { return n }
        return nil
      }
      var scaleFrames: Keyframes<Vector>? = nil
      if case .keyframes(let k) = a.scale {
        scaleFrames = frames(k) { number($0).map { Vector(dx: $0, dy: $0) } }
      }
      var colorFrames: Keyframes<Color>? = nil
      if let list = a.backgroundColor {
        colorFrames = try? Keyframes(
          list.compactMap { f in
            if case .color(let c) = f.value {
              return Keyframe(f.at, color(c), easing: easing(f.easing))
            }
            return nil
          })
      }
      return KeyframeAnimation(
        opacity: frames(a.opacity, number),
        translation: frames(a.translation) { v in
          if case .vector(let p) = v, p.count == 2 { return Vector(dx: p[0], dy: p[1]) }
          return nil
        },
        rotation: frames(a.rotation, number), scale: scaleFrames, backgroundColor: colorFrames)
    default: return nil
    }
  }

  /// The animator of the spec's layers (icons ride the arc unless the spec says otherwise).
  func animatorSet() -> AnimatorSet {
    var set = AnimatorSet()
    for layer in TutorialLayer.allCases {
      guard let animators = spec.layers?[layer]?.animators else { continue }
      set.layers[layer] = animators.compactMap(Self.animation)
    }
    return set
  }

  func timedAnimation(_ t: TimedSpec) -> TimedAnimation {
    TimedAnimation(
      target: t.target,
      tracks: t.tracks.compactMap { track in
        TimedAnimation.Track.Kind(rawValue: track.kind).map {
          TimedAnimation.Track($0, track.values, times: track.times ?? [])
        }
      },
      duration: t.duration, delay: t.delay ?? 0, easing: Self.easing(t.easing),
      repeatCount: t.repeatCount ?? 1,
      autoreverses: t.autoreverses ?? false, fillsForward: t.fillsForward ?? true)
  }

  // MARK: Template

  func templateItem(_ item: TemplateItemSpec) -> TemplateItem {
    TemplateItem(
      image: item.image.flatMap { loaded.images[$0] }, subtitle: Self.text(item.subtitle),
      topTitle: item.topTitle.map(Self.text), bottomTitle: item.bottomTitle.map(Self.text),
      topActionButtonTitle: item.topButton.map(Self.text),
      bottomActionButtonTitle: item.bottomButton.map(Self.text))
  }
}

/// The template options a spec gives.
struct SpecTemplateOptions: TemplateOptions {
  let spec: TemplateSpec
  let background: Image?

  init(spec: TemplateSpec, builder: SpecBuilder) {
    self.spec = spec
    background = spec.backgroundImage.flatMap { builder.loaded.images[$0] }
  }

  var backgroundImage: Image? { background }

  func measure(_ measurement: TemplateMeasurement) -> Double? {
    spec.measures?[measurement.rawValue]
  }

  func color(_ component: TemplateColor) -> Color? {
    spec.colors?[component.rawValue].flatMap(SpecColor.parse)
  }
}
