import Strata
import StrataText

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
      controller.textMeasurer = TextEngine.system
    } else {
      controller = SpecTutorial(builder: self, pageSize: size)
    }
    apply(to: controller)
    return controller
  }

  /// The settings every controller of the spec shares.
  func apply(to controller: TutorialController) {
    if let options = spec.options {
      ReaderSettings(
        layoutDirection: options.layoutDirection.flatMap(LayoutDirection.init(rawValue:)),
        reduceMotion: options.reduceMotion,
        contentSize: options.contentSize.flatMap(ContentSize.init(rawValue:))
      ).apply(to: controller)
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
      if let w = navigation.wrapAround { controller.isCircular = w }
      if let a = navigation.axis.flatMap(PagingAxis.init(rawValue:)) { controller.pagingAxis = a }
      if let t = navigation.leaveCheckTimeout { controller.leaveCheckTimeout = t }
    }
    controller.reloadData()
    for t in spec.timed ?? [] {
      controller.run(timedAnimation(t), at: t.start ?? 0)
    }
  }

  // MARK: Nodes

  /// What a node type's builder is given besides the node's spec.
  struct NodeContext {
    /// The builder, for the spec's loaded files.
    let builder: SpecBuilder
    /// The node's frame.
    let frame: Rect
    /// The onboarding's page count (indicators count pages).
    let pageCount: Int
    /// Measures text (stacks size text children).
    let measurer: (any TextMeasurer)?
  }

  /// A fresh node tree for `n` in `classes`: its type's node (``SpecRegistry``), its look, its
  /// style for those size classes, and the children whose `when` they match.
  func node(
    _ n: NodeSpec, pageCount: Int, measurer: (any TextMeasurer)?,
    classes: SizeClasses
  ) -> Node {
    let context = NodeContext(
      builder: self, frame: Self.rect(n.frame), pageCount: pageCount, measurer: measurer)
    let node =
      SpecRegistry.node(named: n.type ?? "group")?.build(n, context)
      ?? Node(frame: context.frame, name: n.name)
    if let a = n.alpha { node.alpha = a }
    if let h = n.hidden { node.isHidden = h }
    if let c = n.backgroundColor { node.backgroundColor = SpecColor.parse(c) }
    if let r = n.cornerRadius { node.cornerRadius = r }
    if let c = n.clipsToBounds { node.clipsToBounds = c }
    if let b = n.border { node.border = Border(width: b.width, color: Self.color(b.color)) }
    if let s = n.shadow { node.shadow = Self.shadow(s) }
    if let z = n.zPosition { node.zPosition = z }
    if let style = Self.style(of: n, in: classes) { node.flexStyle = SpecRegistry.flexStyle(style) }
    for child in n.children ?? [] where Self.shows(child, in: classes) {
      let c = self.node(child, pageCount: pageCount, measurer: measurer, classes: classes)
      if let stack = node as? StackNode { stack.addArrangedNode(c) } else { node.addChild(c) }
    }
    return node
  }

  /// Whether `n` is shown in `classes` (its `when` matches).
  static func shows(_ n: NodeSpec, in classes: SizeClasses) -> Bool {
    matches(n.when ?? [:], classes)
  }

  /// Whether size classes by axis (`width`, `height`) match `classes`.
  static func matches(_ when: [String: String], _ classes: SizeClasses) -> Bool {
    when.allSatisfy { axis, value in
      (axis == "width" ? classes.horizontal : classes.vertical).rawValue == value
    }
  }

  /// The node's style in `classes`: its `style` with each matching entry of `styles` over it
  /// (`nil` when it has neither).
  static func style(of n: NodeSpec, in classes: SizeClasses) -> [String: JSONValue]? {
    let matching = (n.styles ?? []).filter { matches($0.when, classes) }
    guard n.style != nil || !matching.isEmpty else { return nil }
    var style = n.style ?? [:]
    for entry in matching { style.merge(entry.style) { _, new in new } }
    return style
  }

  static func indicator(_ n: NodeSpec, _ c: NodeContext) -> Node {
    let i = n.indicator ?? IndicatorSpec()
    let defaults = PageIndicatorAppearance()
    let indicator = PageIndicatorNode(
      pageCount: c.pageCount, style: indicatorStyle(i.style),
      appearance: PageIndicatorAppearance(
        activeColor: color(i.activeColor, default: defaults.activeColor),
        inactiveColor: color(i.inactiveColor, default: defaults.inactiveColor),
        dotSize: i.dotSize ?? 8, spacing: i.spacing ?? 16, extendedLength: i.extendedLength ?? 22,
        dotWidth: i.dotWidth, dotHeight: i.dotHeight, cornerRadius: i.cornerRadius),
      frame: c.frame, name: n.name ?? "page indicator")
    if let t = i.tracking.flatMap(PageIndicatorNode.Tracking.init(rawValue:)) {
      indicator.tracking = t
      // A manual indicator counts what it is given; the others count the pages.
      if t == .manual, let count = i.count { indicator.pageCount = max(0, min(count, 500)) }
    }
    if let t = i.tapBehavior.flatMap(PageIndicatorNode.TapBehavior.init(rawValue:)) {
      indicator.tapBehavior = t
    }
    return indicator
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

}
