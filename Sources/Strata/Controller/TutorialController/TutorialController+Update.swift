extension TutorialController {
  /// Re-runs the update at the current offset (after you changed something an animator reads).
  public func update() {
    needsUpdate = false
    if needsStaticBase { captureStaticBase() }
    keepOffsetOnCircle()
    let contentOffset = metrics.contentOffset(physics.offset)
    backgroundsScrollNode.contentOffset = contentOffset
    labelsScrollNode.contentOffset = contentOffset
    iconsScrollNode.contentOffset = contentOffset
    mainScrollNode.contentOffset = contentOffset

    let t = transition(at: position)
    updateWindow(for: t)
    for (node, props) in staticBase { node.animatedProperties = props }
    var visible: [(page: TutorialPage, slot: Slot)] = []
    if let window {
      visible.reserveCapacity(window.count)
      for slot in window {
        guard let p = pages[slot] else { continue }
        p.restoreBase()
        visible.append((p, slot))
      }
    }
    // Going round, the same page may show in two slots: each copy's animators see its own
    // position.
    let circular = t.isCircular
    let table: LayerAnimatorTable
    if let cached = animators {
      table = cached
    } else {
      table = LayerAnimatorTable(activeAnimator)
      // A table of the controller's own methods would hold the controller and leak it: only an
      // animator set from outside is kept.
      if animator != nil { animators = table }
    }
    for layer in TutorialLayer.allCases {
      if layer.isPaged {
        for (p, slot) in visible {
          guard let n = p.node(in: layer) else { continue }
          table.animate(layer, n, page: p.index, circular ? t.anchored(to: slot) : t)
        }
      } else if let n = staticNode(layer) {
        table.animate(layer, n, t)
        if layer == .staticContent { updateNavigationButtons(t) }
      } else if layer == .staticContent {
        updateNavigationButtons(t)
      }
    }
    if reduceMotion {
      reduceMotion(visible, t)
    }
    driveAnimatedImages(visible, t)
    applyTimeline()
    finishUpdate(t)
  }

  /// Sets the frames of the animated images that follow the page or the clock.
  func driveAnimatedImages(_ visible: [(page: TutorialPage, slot: Slot)], _ t: PageTransition) {
    let circular = t.isCircular
    for (p, slot) in visible {
      for n in p.animatedImages {
        n.drive(page: p.index, transition: circular ? t.anchored(to: slot) : t, clock: clock)
      }
    }
    for n in staticAnimatedImages { n.drive(page: nil, transition: t, clock: clock) }
  }

  /// Sets what the timed animations show at the clock's time (under reduced motion, only their
  /// fades and indicator moves: nothing travels, turns or grows).
  func applyTimeline() {
    guard !timeline.isEmpty else { return }
    if reduceMotion {
      var calm = Timeline()
      for e in timeline.entries {
        var a = e.animation
        a.tracks = a.tracks.filter { $0.kind == .alpha || $0.kind == .indicatorPosition }
        if !a.tracks.isEmpty { calm.add(a, at: e.start) }
      }
      calm.apply(to: root, at: clock)
      // An animation played on the clock shows its still frame.
      for e in timeline.entries where e.animation.tracks.contains(where: { $0.kind == .frame }) {
        if let n = root.descendant(named: e.animation.target) as? AnimatedImageNode {
          n.currentFrame = n.stillFrame ?? n.animation.frames.lowerBound
        }
      }
    } else {
      timeline.apply(to: root, at: clock)
    }
  }

  /// The node of a static layer.
  private func staticNode(_ layer: TutorialLayer) -> Node? {
    switch layer {
    case .staticBackground: return staticBackgroundNode
    case .staticContent: return staticContentNode
    default: return nil
    }
  }

  /// The one reduced-motion rule: what an animator moved goes back, and a page's node that was
  /// moved cross-fades instead (keeping the animator's own fade, if it made one).
  private func reduceMotion(_ visible: [(page: TutorialPage, slot: Slot)], _ t: PageTransition) {
    for (node, props) in staticBase {
      node.transform = props.transform
      node.position = props.position
    }
    for (p, slot) in visible {
      let t = t.anchored(to: slot)
      for (node, props) in p.layerBase
      where node.transform != props.transform || node.position != props.position {
        node.transform = props.transform
        node.position = props.position
        if node.alpha >= props.alpha { node.alpha = props.alpha * t.visibility(of: p.index) }
      }
    }
  }

  /// Shows each navigation button as much as its pages are shown, and moves the page indicators.
  private func updateNavigationButtons(_ t: PageTransition) {
    for i in pageIndicators {
      // Every indicator runs the way the pages do; a manual one keeps its position and count.
      i.isRightToLeft = layoutDirection == .rightToLeft
      i.isCircular = t.isCircular
      switch i.tracking {
      case .continuous: i.pagePosition = t.pagePosition
      case .discrete: i.pagePosition = Double(discreteIndicatorPage(atRest: t.nearestPage))
      case .manual: continue  // you set its position and count
      }
      i.pageCount = t.pageCount
    }
    for b in navigationButtons {
      let f = b.visibility.fraction(in: b.holdsAtEnds ? t.heldAtEnds : t)
      b.alpha *= f
      if f <= 0 { b.isHidden = true }
    }
  }

  private func finishUpdate(_ t: PageTransition) {
    lastTransition = t
    delegate?.tutorialController(self, didScroll: t)
    let page = t.nearestPage
    if page != currentPage {
      let old = currentPage
      currentPage = page
      notePageChange(from: old, to: page)
      delegate?.tutorialController(self, didChangePageFrom: old, to: page)
      emit(.pageChanged(from: old, to: page))
      if page == loadedPageCount - 1 { delegate?.tutorialControllerDidReachLastPage(self) }
    }
  }

  /// Brings the slots from one before to two after the left one of the transition into the
  /// tree, takes the others out, and trims the cache.
  private func updateWindow(for t: PageTransition) {
    guard loadedPageCount > 0 else {
      window = nil
      return
    }
    let left = Slot(Int(t.visualPosition.rounded(.down)))
    let circular = order.isCircular
    let lo = circular ? left.advanced(by: -1) : Swift.max(Slot(0), left.advanced(by: -1))
    let hi =
      circular ? left.advanced(by: 2) : Swift.min(Slot(loadedPageCount - 1), left.advanced(by: 2))
    let newWindow: ClosedRange<Slot>? = lo <= hi ? lo...hi : nil
    if newWindow == window { return }
    if let old = window {
      for i in old where !(newWindow?.contains(i) ?? false) {
        guard let p = pages[i] else { continue }
        p.restoreBase()
        p.container.removeFromParent()
        p.labelSlot.removeFromParent()
        p.iconSlot.removeFromParent()
      }
    }
    window = newWindow
    guard let newWindow else { return }
    for slot in newWindow {
      let p = pages[slot] ?? buildPage(slot)
      if p.container.parent == nil {
        insert(p.container, into: backgroundsScrollNode, slot: slot)
        insert(p.labelSlot, into: labelsScrollNode, slot: slot)
        insert(p.iconSlot, into: iconsScrollNode, slot: slot)
      }
    }
    if pages.count > newWindow.count + Self.pageCacheLimit {
      let far = pages.keys.filter { !newWindow.contains($0) }
        .sorted { Swift.abs(left.distance(to: $0)) > Swift.abs(left.distance(to: $1)) }
      for i in far.prefix(pages.count - newWindow.count - Self.pageCacheLimit) {
        pages[i] = nil
      }
    }
  }

  /// Inserts a page slot so that the scroll node's page children stay in page order.
  private func insert(_ node: Node, into scroll: ScrollNode, slot: Slot) {
    let vertical = metrics.axis == .vertical
    let along = Double(slot.index) * metrics.extent
    var at = scroll.children.count
    for (i, c) in scroll.children.enumerated()
    where (vertical ? c.frame.minY : c.frame.minX) > along {
      at = i
      break
    }
    scroll.insertChild(node, at: at)
  }

  func captureStaticBase() {
    needsStaticBase = false
    staticBase = []
    staticAnimatedImages = []
    for n in [staticBackgroundNode, staticContentNode].compactMap({ $0 }) {
      n.forEachInSubtree {
        staticBase.append(($0, $0.animatedProperties))
        if let a = $0 as? AnimatedImageNode { staticAnimatedImages.append(a) }
      }
    }
  }

  /// Re-reads the laid-out state of every built node as its base (after you changed a
  /// layer node's position, transform, alpha, hidden flag or background outside an animator).
  public func refreshBaseState() {
    for (_, p) in pages {
      p.restoreBase()
    }
    for (node, props) in staticBase { node.animatedProperties = props }
    needsStaticBase = true
  }
}
