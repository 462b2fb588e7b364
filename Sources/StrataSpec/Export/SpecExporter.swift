import Foundation
import Strata

/// Writes an onboarding built in code as a spec, at its page size: every layer's nodes as its
/// data source gives them, the layout measures, and the animators of an ``AnimatorSet`` made of
/// Strata's ready animations. Bitmaps go beside the spec as PNG files and drawings as vector
/// documents, so the spec itself stays small enough to edit.
///
/// What a spec cannot hold is listed in ``Export/notes`` (nodes a subclass adds outside its data
/// source, masks, transforms, animators of its own types), so a user knows what to add by hand.
public struct SpecExporter {
  /// An exported spec and its files.
  public struct Export {
    /// The spec.
    public var spec: TutorialSpec
    /// Files to write beside it: a path relative to the spec, and its bytes.
    public var files: [(path: String, bytes: [UInt8])]
    /// What was left out, one line each.
    public var notes: [String]
  }

  /// The folder (relative to the spec) that files go into.
  public var assetFolder: String

  /// Creates an exporter that puts files in `assetFolder`.
  public init(assetFolder: String) { self.assetFolder = assetFolder }

  final class State {
    var files: [(path: String, bytes: [UInt8])] = []
    var notes: [String] = []
    var rasters: [RasterImage: String] = [:]
    var vectors: [VectorImage: String] = [:]
  }

  /// Exports `controller` as it is (call `reloadData()` first if it has not loaded).
  public func export(_ controller: TutorialController) throws -> Export {
    let state = State()
    let pages = controller.pageCount
    let source = controller.activeDataSource
    var layers = LayersSpec()
    func page(_ make: (Int) -> Node?) -> [NodeSpec?]? {
      let nodes = (0..<pages).map { make($0).map { node($0, state) } }
      return nodes.allSatisfy { $0 == nil } ? nil : nodes
    }
    if let s = source as? StaticBackgroundDataSource, let n = s.staticBackground() {
      layers.staticBackground = LayerSpec(node: node(n, state))
    }
    if let s = source as? DynamicBackgroundDataSource, let p = page(s.dynamicBackground) {
      layers.dynamicBackground = LayerSpec(pages: p)
    }
    if let s = source as? WireframeDataSource, let p = page(s.wireframe) {
      layers.wireframe = LayerSpec(pages: p)
    }
    if let s = source as? InnerWireframeDataSource, let p = page(s.innerWireframe) {
      layers.innerWireframe = LayerSpec(pages: p)
    }
    if let s = source as? StaticContentDataSource, let n = s.staticContent() {
      layers.staticContent = LayerSpec(node: node(n, state))
    }
    var layout = LayoutSpec(
      staticContentHeight: controller.staticContentHeight,
      roundnessHeight: controller.roundnessHeight)
    if let s = source as? LabelDataSource {
      if let p = page(s.label) { layers.labels = LayerSpec(pages: p) }
      layout.labelsTopMargin = s.labelsTopMargin
      layout.labelsBottomMargin = s.labelsBottomMargin
    }
    if let s = source as? IconDataSource, let p = page(s.icon) {
      layers.icons = LayerSpec(pages: p)
    }
    if let set = controller.activeAnimator as? AnimatorSet {
      for layer in TutorialLayer.allCases {
        let list = (set.layers[layer] ?? []).compactMap { animator($0, layer, state) }
        layers[layer]?.animators = list.isEmpty ? nil : list
      }
    } else {
      state.notes.append("the animator is not an AnimatorSet: add the layers' animators by hand")
    }
    if let a = controller.page(0)?.container.zPosition,
      let b = controller.page(1)?.container.zPosition, a > b
    {
      layout.pageStacking = "firstAbove"
    }
    let insets = controller.safeAreaInsets
    if insets != Insets() {
      layout.safeArea = [insets.top, insets.left, insets.bottom, insets.right]
    }
    let standard: Set<ObjectIdentifier> = Set(
      ([
        controller.backgroundsScrollNode, controller.labelsScrollNode, controller.iconsScrollNode,
        controller.mainScrollNode,
      ]
        + [controller.staticBackgroundNode, controller.staticContentNode].compactMap { $0 })
        .map { ObjectIdentifier($0) })
    for child in controller.root.children where !standard.contains(ObjectIdentifier(child)) {
      state.notes.append(
        "\"\(child.name ?? "a node")\", added to the root outside the data source, is not exported")
    }
    var policies: [String: String] = [:]
    var required: [Int] = []
    for i in 0..<pages {
      var p = source?.navigationPolicy(at: i) ?? .free
      if p.isRequired { required.append(i) }
      p.isRequired = false
      if let name = SpecPolicyNames.name(of: p), p != .free { policies[String(i)] = name }
    }
    var navigation = NavigationSpec(
      policies: policies.isEmpty ? nil : policies,
      swipeMode: controller.swipeMode == .follow ? nil : controller.swipeMode.rawValue,
      bounces: controller.scrollBehavior.bounces ? nil : false,
      wrapAround: controller.isCircular ? true : nil,
      axis: controller.pagingAxis == .horizontal ? nil : controller.pagingAxis.rawValue,
      requiredPages: required.isEmpty ? nil : required,
      leaveCheckTimeout: controller.leaveCheckTimeout == TutorialController.defaultLeaveCheckTimeout
        ? nil : controller.leaveCheckTimeout)
    Self.export(controller.autoplay, into: &navigation)
    let timed = Self.timed(controller.timeline, state)
    for behavior in controller.behaviorsInCode {
      state.notes.append("dropped: \(behavior), which runs in code: add it by hand")
    }
    let spec = TutorialSpec(
      pageSize: SizeSpec(width: controller.pageSize.width, height: controller.pageSize.height),
      pageCount: pages, layout: layout,
      options: controller.layoutDirection == .rightToLeft || controller.reduceMotion
        || controller.contentSize != .large
        ? OptionsSpec(
          reduceMotion: controller.reduceMotion ? true : nil,
          layoutDirection: controller.layoutDirection == .rightToLeft
            ? LayoutDirection.rightToLeft.rawValue : nil,
          contentSize: controller.contentSize == .large ? nil : controller.contentSize.rawValue)
        : nil,
      navigation: navigation == NavigationSpec() ? nil : navigation, layers: layers,
      timed: timed.isEmpty ? nil : timed)
    return Export(spec: spec, files: state.files, notes: state.notes)
  }

  /// `autoplay` as the navigation keys that give it, each only where it differs from what the
  /// spec would take by default.
  static func export(_ autoplay: Autoplay?, into n: inout NavigationSpec) {
    guard let a = autoplay else { return }
    n.autoplay = a.interval
    var pages: [String: Double] = [:]
    for (page, wait) in a.pageIntervals { pages[String(page)] = wait }
    n.autoplayPageIntervals = pages.isEmpty ? nil : pages
    n.autoplayResumeAfter = a.resumeAfterTouch == a.interval ? nil : a.resumeAfterTouch
    n.autoplayEnd = a.end == (n.wrapAround == true ? .loop : .stop) ? nil : a.end.rawValue
    n.autoplayReducedMotion = a.reducedMotion == .pause ? nil : a.reducedMotion.rawValue
  }

  /// The timed animations and held states on `timeline`, as the spec's `timed` list: each
  /// starts when it did (one that started before the clock's 0 starts at 0, where a held state
  /// shows the same). An easing without a name is noted and exported as linear.
  static func timed(_ timeline: Timeline, _ state: State) -> [TimedSpec] {
    timeline.entries.map { entry in
      let a = entry.animation
      let named = Easing(named: a.easing.name) != nil
      if !named {
        state.notes.append(
          "the easing of the timed animation of \"\(a.target)\" has no name: exported as linear")
      }
      return TimedSpec(
        target: a.target,
        tracks: a.tracks.map {
          TrackSpec(
            kind: $0.kind.rawValue, values: $0.values, times: $0.times.isEmpty ? nil : $0.times)
        },
        duration: a.duration, start: entry.start > 0 ? entry.start : nil,
        delay: a.delay > 0 ? a.delay : nil,
        easing: a.easing == .linear || !named ? nil : a.easing.name,
        repeatCount: a.repeatCount == 1 ? nil : a.repeatCount,
        autoreverses: a.autoreverses ? true : nil, fillsForward: a.fillsForward ? nil : false,
        fillsBackward: a.fillsBackward ? nil : false)
    }
  }

  // MARK: Nodes

  func node(_ n: Node, _ state: State) -> NodeSpec {
    // Its kind's content (``SpecRegistry``), the most specific kind first: a navigation
    // button is also a button.
    var s =
      SpecRegistry.nodes.reversed().lazy.compactMap { $0.export(n, self, state) }.first
      ?? NodeSpec()
    s.name = n.name
    s.frame = [n.frame.origin.x, n.frame.origin.y, n.frame.size.width, n.frame.size.height]
    if n.alpha != 1 { s.alpha = n.alpha }
    if n.isHidden { s.hidden = true }
    s.backgroundColor = n.backgroundColor.map(SpecColor.format)
    if n.cornerRadius != 0 { s.cornerRadius = n.cornerRadius }
    if n.clipsToBounds { s.clipsToBounds = true }
    s.border = n.border.map { BorderSpec(width: $0.width, color: SpecColor.format($0.color)) }
    s.shadow = n.shadow.map(shadow)
    if n.zPosition != 0 { s.zPosition = n.zPosition }
    // A stack decides its arranged nodes' styles itself, each time it lays them out.
    if !(n.parent is StackNode) { s.style = n.flexStyle.map(SpecRegistry.styleSpec) }
    if n.mask != nil { state.notes.append("the mask of \"\(n.name ?? "a node")\" is not exported") }
    if n.transform != .identity {
      state.notes.append("the transform of \"\(n.name ?? "a node")\" is not exported")
    }
    let children = n.children.map { node($0, state) }
    s.children = children.isEmpty ? nil : children
    return s
  }

  func indicator(_ indicator: PageIndicatorNode) -> IndicatorSpec {
    var i = IndicatorSpec(style: indicator.style.name == "dots" ? nil : indicator.style.name)
    let a = indicator.appearance
    i.activeColor = SpecColor.format(a.activeColor)
    i.inactiveColor = SpecColor.format(a.inactiveColor)
    if a.dotWidth == a.dotHeight {
      i.dotSize = a.dotWidth
    } else {
      i.dotWidth = a.dotWidth
      i.dotHeight = a.dotHeight
    }
    i.cornerRadius = a.cornerRadius
    i.spacing = a.spacing
    i.extendedLength = a.extendedLength
    if indicator.tracking != .continuous { i.tracking = indicator.tracking.rawValue }
    if indicator.tracking == .manual { i.count = indicator.pageCount }
    if indicator.tapBehavior != .nearestDot { i.tapBehavior = indicator.tapBehavior.rawValue }
    return i
  }

  func shadow(_ s: Shadow) -> ShadowSpec {
    ShadowSpec(
      color: SpecColor.format(s.color), opacity: s.opacity, offset: [s.offset.dx, s.offset.dy],
      radius: s.radius, path: s.path.map(SpecPathData.format))
  }

  func text(_ t: TextContent) -> TextSpec {
    var s = TextSpec(
      runs: t.runs.map { r in
        var run = RunSpec(text: r.string, font: font(r.font), color: SpecColor.format(r.color))
        if r.underline { run.underline = true }
        if r.strikethrough { run.strikethrough = true }
        run.letterSpacing = r.letterSpacing
        run.alignment = r.paragraphStyle?.alignment?.rawValue
        run.lineHeightMultiple = r.paragraphStyle?.lineHeightMultiple
        return run
      })
    let d = TextContent("")
    if t.alignment != d.alignment { s.alignment = t.alignment.rawValue }
    if t.lineHeightMultiple != d.lineHeightMultiple { s.lineHeightMultiple = t.lineHeightMultiple }
    if t.maximumLines != d.maximumLines { s.maximumLines = t.maximumLines }
    if t.truncatesWithEllipsis != d.truncatesWithEllipsis {
      s.truncatesWithEllipsis = t.truncatesWithEllipsis
    }
    if t.truncationMode != d.truncationMode { s.truncationMode = t.truncationMode.rawValue }
    if t.letterSpacing != d.letterSpacing { s.letterSpacing = t.letterSpacing }
    if t.isKerningEnabled != d.isKerningEnabled { s.kerning = t.isKerningEnabled }
    if t.minimumScaleFactor != d.minimumScaleFactor { s.minimumScaleFactor = t.minimumScaleFactor }
    s.baseDirection = t.baseDirection?.rawValue
    return s
  }

  func font(_ f: Font) -> FontSpec {
    let names: [Int: String] = [
      100: "thin", 200: "ultraLight", 300: "light", 500: "medium", 600: "semibold", 700: "bold",
      800: "heavy", 900: "black",
    ]
    var s = FontSpec(
      family: f.family == Font.systemFamily ? nil : f.family, size: f.size,
      weight: f.weight.value == 400
        ? nil : names[f.weight.value].map(WeightSpec.name) ?? .value(f.weight.value))
    if f.isItalic { s.italic = true }
    return s
  }

}
