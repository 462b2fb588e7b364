/// A data source's node methods, looked up once and kept by layer: the one place that maps a
/// ``TutorialLayer`` to its data-source protocol.
struct LayerSourceTable {
  private let entries: [((Int) -> Node?)?]

  /// The table of `source`: an entry for each layer whose protocol it adopts.
  init(_ source: (any TutorialDataSource)?) {
    entries = TutorialLayer.allCases.map { layer -> ((Int) -> Node?)? in
      switch layer {
      case .staticBackground:
        guard let s = source as? any StaticBackgroundDataSource else { return nil }
        return { _ in s.staticBackground() }
      case .dynamicBackground:
        guard let s = source as? any DynamicBackgroundDataSource else { return nil }
        return { s.dynamicBackground(at: $0) }
      case .wireframe:
        guard let s = source as? any WireframeDataSource else { return nil }
        return { s.wireframe(at: $0) }
      case .innerWireframe:
        guard let s = source as? any InnerWireframeDataSource else { return nil }
        return { s.innerWireframe(at: $0) }
      case .staticContent:
        guard let s = source as? any StaticContentDataSource else { return nil }
        return { _ in s.staticContent() }
      case .labels:
        guard let s = source as? any LabelDataSource else { return nil }
        return { s.label(at: $0) }
      case .icons:
        guard let s = source as? any IconDataSource else { return nil }
        return { s.icon(at: $0) }
      }
    }
  }

  /// The node of `layer` for `page` (the page is ignored by the static layers); `nil` when the
  /// data source does not adopt the layer or has nothing there.
  func node(_ layer: TutorialLayer, page: Int = 0) -> Node? {
    entries[layer.rawValue]?(page)
  }
}

/// An animator's methods, looked up once and kept by layer: the one place that maps a
/// ``TutorialLayer`` to its animator protocol.
struct LayerAnimatorTable {
  private let entries: [(Node, Int, PageTransition) -> Void]

  /// The table of `animator`. A layer it does not animate is left as laid out, except the
  /// icons, which ride the arc.
  init(_ animator: any TutorialAnimator) {
    if let layered = animator as? any LayeredAnimator {
      entries = TutorialLayer.allCases.map { layer -> (Node, Int, PageTransition) -> Void in
        let paged = layer.isPaged
        return { node, page, t in
          layered.animate(node, in: layer, page: paged ? page : nil, transition: t)
        }
      }
      return
    }
    entries = TutorialLayer.allCases.map { layer -> (Node, Int, PageTransition) -> Void in
      switch layer {
      case .staticBackground:
        guard let a = animator as? any StaticBackgroundAnimator else { return { _, _, _ in } }
        return { n, _, t in a.animateStaticBackground(n, transition: t) }
      case .dynamicBackground:
        guard let a = animator as? any DynamicBackgroundAnimator else { return { _, _, _ in } }
        return { a.animateDynamicBackground($0, page: $1, transition: $2) }
      case .wireframe:
        guard let a = animator as? any WireframeAnimator else { return { _, _, _ in } }
        return { a.animateWireframe($0, page: $1, transition: $2) }
      case .innerWireframe:
        guard let a = animator as? any InnerWireframeAnimator else { return { _, _, _ in } }
        return { a.animateInnerWireframe($0, page: $1, transition: $2) }
      case .staticContent:
        guard let a = animator as? any StaticContentAnimator else { return { _, _, _ in } }
        return { n, _, t in a.animateStaticContent(n, transition: t) }
      case .labels:
        guard let a = animator as? any LabelAnimator else { return { _, _, _ in } }
        return { a.animateLabel($0, page: $1, transition: $2) }
      case .icons:
        guard let a = animator as? any IconAnimator else {
          let arc = FollowArc()
          return { arc.animate($0, page: $1, transition: $2) }
        }
        return { a.animateIcon($0, page: $1, transition: $2) }
      }
    }
  }

  /// Runs the animator of `layer` on `node` (`page` is ignored by the static layers).
  func animate(_ layer: TutorialLayer, _ node: Node, page: Int = 0, _ transition: PageTransition) {
    entries[layer.rawValue](node, page, transition)
  }
}
