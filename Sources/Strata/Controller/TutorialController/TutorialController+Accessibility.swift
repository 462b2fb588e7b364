extension TutorialController {
  /// What a screen reader finds on the screen now, in reading order.
  ///
  /// - The pages, as one adjustable element (label and value from ``accessibility``: "Pages",
  ///   "Page 2 of 3"); incrementing and decrementing it
  ///   show the next and previous page. It is left out when there is one page.
  /// - The current page's label, read as one element: the title and the body together.
  /// - The static content's text and buttons (with their titles, the `.button` trait,
  ///   `.notEnabled` when disabled, and an `activate` action); page indicators are left out,
  ///   since the pages element says the same.
  /// - The decorative layers — backgrounds, wireframes, icons — are hidden, except nodes in
  ///   them that were given an ``Node/accessibilityLabel`` and buttons (a control is never
  ///   decorative).
  ///
  /// Nodes that are hidden, nearly transparent (alpha under 0.05, such as the label of the page
  /// fading out) or outside the viewport are left out. Elements are read top to bottom, and
  /// those side by side left to right — right to left when ``layoutDirection`` is right to left.
  public func accessibilityTree() -> AccessibilityTree {
    layoutIfNeeded()
    let viewport = Rect(origin: .zero, size: pageSize)
    var labelNodes = Set<ObjectIdentifier>()
    var otherLabels = Set<ObjectIdentifier>()
    for (_, page) in pages {
      // Only the current page's label is read; the others are on their way out or in.
      if page.index == currentPage {
        labelNodes.insert(ObjectIdentifier(page.labelSlot))
      } else {
        otherLabels.insert(ObjectIdentifier(page.labelSlot))
      }
    }
    var elements: [AccessibilityElement] = []
    for child in root.children {
      collect(
        child, alpha: 1, viewport: viewport, labels: labelNodes, skipped: otherLabels,
        isDecorative: false, into: &elements)
    }
    var ordered = Self.readingOrder(elements, rightToLeft: layoutDirection == .rightToLeft)
    if loadedPageCount > 1 {
      ordered.insert(
        AccessibilityElement(
          label: accessibility.pagesLabel,
          value: accessibilityPageValue(page: currentPage, of: loadedPageCount),
          traits: .adjustable, frame: viewport, identifier: "pages",
          actions: [.increment, .decrement]), at: 0)
    }
    return AccessibilityTree(
      elements: ordered, announcement: accessibilityAnnouncement(forPage: currentPage),
      page: currentPage)
  }

  /// The value of the pages element on `page` of `count`, from ``accessibility``'s format.
  public func accessibilityPageValue(page: Int, of count: Int) -> String {
    accessibility.pageFormat(page, count)
  }

  /// What to announce when the pages come to rest on `page` (the controller sends it as a
  /// ``TutorialEvent/announcement(_:)`` when ``AccessibilitySettings/announcesPageChanges`` is
  /// on): the page value and the first line of the page's label, "Page 2 of 3. BIRDS".
  public func accessibilityAnnouncement(forPage page: Int) -> String {
    let value = accessibilityPageValue(page: page, of: loadedPageCount)
    var title: String?
    self.page(page)?.label?.forEachInSubtree { node in
      guard title == nil else { return }
      if let label = node.accessibilityLabel {
        title = label
      } else if let text = node as? TextNode {
        title = text.text.string.split(whereSeparator: \.isNewline).first.map(String.init)
      }
    }
    guard let title, !title.isEmpty else { return value }
    return value + ". " + title
  }

  /// Does what an assistive technology asks: `increment` and `decrement` show the next and
  /// previous page (as the pages element's adjustments), `activate` taps the visible button
  /// with that action identifier. Returns whether anything was done.
  @discardableResult
  public func perform(_ action: AccessibilityAction) -> Bool {
    switch action {
    case .increment:
      guard activeDataSource != nil else { return false }
      return step(forward: true, by: .accessibility) != .refused
    case .decrement:
      guard activeDataSource != nil else { return false }
      return step(forward: false, by: .accessibility) != .refused
    case .activate(let id):
      var found: ButtonNode?
      root.forEachInSubtree { node in
        if found == nil, let b = node as? ButtonNode, b.actionIdentifier == id, b.isEnabled,
          !(b is PageIndicatorNode), Self.isShown(b)
        {
          found = b
        }
      }
      guard let found else { return false }
      tap(found)
      return true
    }
  }

  /// Whether `node` and its ancestors are not hidden and not nearly transparent.
  static func isShown(_ node: Node) -> Bool {
    var n: Node? = node
    var alpha = 1.0
    while let m = n {
      if m.isHidden || m.isAccessibilityHidden { return false }
      alpha *= m.alpha.clamped(to: 0...1)
      n = m.parent
    }
    return alpha >= 0.05
  }

  private func collect(
    _ node: Node, alpha: Double, viewport: Rect,
    labels: Set<ObjectIdentifier>, skipped: Set<ObjectIdentifier>, isDecorative: Bool,
    into out: inout [AccessibilityElement]
  ) {
    guard !node.isHidden, !node.isAccessibilityHidden, !skipped.contains(ObjectIdentifier(node))
    else { return }
    let a = alpha * node.alpha.clamped(to: 0...1)
    guard a >= 0.05 else { return }
    let id = ObjectIdentifier(node)
    if labels.contains(id) {
      // A page's label: its text read as one element; buttons in it stay their own.
      var inner: [AccessibilityElement] = []
      for child in node.children {
        collect(
          child, alpha: a, viewport: viewport, labels: labels,
          skipped: skipped, isDecorative: false, into: &inner)
      }
      out += Self.mergingText(
        Self.readingOrder(inner, rightToLeft: layoutDirection == .rightToLeft))
      return
    }
    // The rule the scene's ``SceneNode/isDecorative`` follows too.
    let decorativeHere = isDecorative || node.isDecorativeLayer
    let frame = node.transformToRoot.apply(to: node.bounds).intersection(viewport)
    if let label = node.accessibilityLabel {
      guard !frame.isEmpty else { return }
      var traits = node.accessibilityTraits ?? Self.defaultTraits(of: node)
      var actions: [AccessibilityAction] = []
      if let b = node as? ButtonNode, !(b is PageIndicatorNode) {
        if b.isEnabled {
          actions.append(.activate(b.actionIdentifier))
        } else {
          traits.insert(.notEnabled)
        }
      }
      out.append(
        AccessibilityElement(
          label: label, value: node.accessibilityValue, hint: node.accessibilityHint,
          traits: traits, frame: frame, identifier: node.name, actions: actions))
      return
    }
    if node is PageIndicatorNode { return }
    // A control is never decorative: a button in a background is still a button.
    if let b = node as? ButtonNode {
      guard !frame.isEmpty else { return }
      var title = b.displayedTitle.string
      if title.isEmpty, let nav = b as? NavigationButtonNode { title = nav.role.title }
      var traits = b.accessibilityTraits ?? .button
      if !b.isEnabled { traits.insert(.notEnabled) }
      out.append(
        AccessibilityElement(
          label: title, value: b.accessibilityValue, hint: b.accessibilityHint, traits: traits,
          frame: frame, identifier: b.name,
          actions: b.isEnabled ? [.activate(b.actionIdentifier)] : []))
      return
    }
    if !decorativeHere {
      if let t = node as? TextNode {
        let text = t.displayedText.string
        if !frame.isEmpty, !text.allSatisfy(\.isWhitespace) {
          out.append(
            AccessibilityElement(
              label: text, value: t.accessibilityValue, hint: t.accessibilityHint,
              traits: t.accessibilityTraits ?? .staticText, frame: frame, identifier: t.name))
        }
      }
    }
    for child in node.children {
      collect(
        child, alpha: a, viewport: viewport, labels: labels,
        skipped: skipped, isDecorative: decorativeHere, into: &out)
    }
  }

  static func defaultTraits(of node: Node) -> AccessibilityTraits {
    if node is ButtonNode { return .button }
    if node is TextNode { return .staticText }
    if node is ImageNode { return .image }
    return []
  }

  /// Runs of text elements (no buttons between them) as one element each: their labels on
  /// separate lines, their frames joined, their traits combined.
  static func mergingText(_ elements: [AccessibilityElement]) -> [AccessibilityElement] {
    var out: [AccessibilityElement] = []
    for e in elements {
      if e.actions.isEmpty, !e.traits.contains(.button), let last = out.last,
        last.actions.isEmpty, !last.traits.contains(.button)
      {
        out[out.count - 1].label += "\n" + e.label
        out[out.count - 1].frame = last.frame.union(e.frame)
        out[out.count - 1].traits.formUnion(e.traits)
      } else {
        out.append(e)
      }
    }
    return out
  }

  /// `elements` in reading order: in rows from the top (an element joins a row when it starts
  /// above the middle of the row's first element), each row from the leading side.
  static func readingOrder(_ elements: [AccessibilityElement], rightToLeft: Bool)
    -> [AccessibilityElement]
  {
    let byTop = elements.enumerated().sorted {
      ($0.element.frame.minY, $0.offset) < ($1.element.frame.minY, $1.offset)
    }.map(\.element)
    var rows: [[AccessibilityElement]] = []
    for e in byTop {
      if let first = rows.last?.first, e.frame.minY < first.frame.midY {
        rows[rows.count - 1].append(e)
      } else {
        rows.append([e])
      }
    }
    return rows.flatMap { row in
      row.enumerated().sorted {
        let a = rightToLeft ? -$0.element.frame.maxX : $0.element.frame.minX
        let b = rightToLeft ? -$1.element.frame.maxX : $1.element.frame.minX
        return (a, $0.offset) < (b, $1.offset)
      }.map(\.element)
    }
  }
}
