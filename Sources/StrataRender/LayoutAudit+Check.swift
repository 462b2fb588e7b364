import Strata
import StrataText

extension LayoutAudit {
  /// A piece of text or a control, where it is drawn.
  struct Element {
    var node: Node
    var isControl: Bool
    /// For text, the box its lines take; for a control, its bounds; in screen points.
    var drawn: Rect
    /// The nearest clipping ancestors' box and the name of the innermost.
    var clip: (rect: Rect, name: String)?
    var label: String
    var isTruncated: Bool
  }

  /// Everything found on every page at rest, for every device, direction and text size:
  /// `make` builds a fresh controller for a screen of the given size.
  ///
  /// Each page is shown with ``TutorialController/setPagePosition(_:)`` and its timed
  /// animations are let run out (up to ten seconds of the controller's clock), so what is
  /// checked is what the page looks like once it has settled. At most the first 1,000 pages
  /// are checked.
  public func findings(_ make: (Size) throws -> TutorialController) rethrows -> [Finding] {
    var out: [Finding] = []
    for device in devices {
      for direction in directions {
        for contentSize in contentSizes {
          let controller = try make(device.size)
          ReaderSettings(layoutDirection: direction, contentSize: contentSize)
            .apply(to: controller)
          for page in 0..<Swift.min(controller.pageCount, 1000) {
            controller.setPagePosition(Double(page))
            var waited = 0
            while controller.isAnimating && waited < 40 {
              controller.advance(by: 0.25)
              waited += 1
            }
            out += findings(
              in: controller,
              state: State(
                device: device, page: page, direction: direction, contentSize: contentSize))
          }
        }
      }
    }
    return out
  }

  /// Everything wrong with what `controller` shows now, as it stands (no page is changed).
  /// `state` names where this is in the findings; by default the controller's own page size,
  /// page, direction and text size.
  public func findings(in controller: TutorialController, state: State? = nil) -> [Finding] {
    let state =
      state
      ?? State(
        device: Device("screen", controller.pageSize.width, controller.pageSize.height),
        page: controller.currentPage, direction: controller.layoutDirection,
        contentSize: controller.contentSize)
    controller.layoutIfNeeded()
    let viewport = Rect(origin: .zero, size: controller.pageSize)
    let elements = self.elements(under: controller.root, viewport: viewport)
    var out: [Finding] = []
    func add(_ problem: Finding.Problem, _ e: Element) {
      out.append(Finding(problem: problem, element: e.label, frame: e.drawn, state: state))
    }
    for e in elements {
      if e.isTruncated { add(.truncated, e) }
      if !contains(viewport, e.drawn) {
        add(.offScreen, e)
      } else if let clip = e.clip, !contains(clip.rect, e.drawn) {
        add(.cutOff(by: clip.name), e)
      }
      if e.isControl, let b = e.node as? ButtonNode, b.isEnabled, !(b is PageIndicatorNode),
        b.bounds.width < minimumTarget - tolerance || b.bounds.height < minimumTarget - tolerance
      {
        add(.smallTarget(b.bounds.size), e)
      }
    }
    for i in elements.indices {
      for j in elements.indices where j > i {
        let a = elements[i]
        let b = elements[j]
        guard !a.node.isDescendant(of: b.node), !b.node.isDescendant(of: a.node) else { continue }
        let overlap = a.drawn.intersection(b.drawn)
        if overlap.width > tolerance && overlap.height > tolerance {
          add(.overlaps(b.label), a)
        }
      }
    }
    return out
  }

  /// Whether `inner` lies inside `outer`, give or take ``tolerance``.
  func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance
      && inner.maxX <= outer.maxX + tolerance && inner.maxY <= outer.maxY + tolerance
  }

  /// The text and controls under `root` that are shown and on the screen, in drawing order.
  func elements(under root: Node, viewport: Rect) -> [Element] {
    var out: [Element] = []
    func walk(_ node: Node, alpha: Double, clip: (rect: Rect, name: String)?) {
      guard !node.isHidden else { return }
      let a = alpha * (node.alpha.isFinite ? Swift.min(1, Swift.max(0, node.alpha)) : 0)
      guard a >= 0.05 else { return }
      let toRoot = node.transformToRoot
      let box = toRoot.apply(to: node.bounds)
      let isControl = node is ButtonNode && node.isUserInteractionEnabled
      var text: TextContent?
      var drawn = box
      var truncated = false
      if case .text(let t, let alignment) = node.content,
        !t.string.allSatisfy(\.isWhitespace)
      {
        text = t
        let layout = engine.layout(t, width: node.bounds.width, height: node.bounds.height)
        truncated = layout.isTruncated || layout.size.width > node.bounds.width + tolerance
        if !isControl {
          drawn = toRoot.apply(to: Self.linesBox(layout, in: node.bounds, alignment: alignment))
        }
      }
      if text != nil || isControl, !drawn.intersection(viewport).isEmpty,
        clip.map({ !drawn.intersection($0.rect).isEmpty }) ?? true
      {
        out.append(
          Element(
            node: node, isControl: isControl, drawn: drawn, clip: clip,
            label: Self.describe(node, text: text), isTruncated: truncated))
      }
      var inner = clip
      if node.clipsToBounds {
        let rect = clip.map { $0.rect.intersection(box) } ?? box
        inner = (rect, node.name.map { "'\($0)'" } ?? "a clipping node")
      }
      for child in node.children { walk(child, alpha: a, clip: inner) }
    }
    walk(root, alpha: 1, clip: nil)
    return out
  }

  /// The box the lines of `layout` take in `bounds`, placed as the renderer places them.
  static func linesBox(
    _ layout: TextEngine.Layout, in bounds: Rect, alignment: TextNode.VerticalAlignment
  ) -> Rect {
    var y = bounds.minY
    switch alignment {
    case .top: break
    case .center: y += (bounds.height - layout.size.height) / 2
    case .bottom: y += bounds.height - layout.size.height
    }
    let left = layout.lines.map(\.offset).min() ?? 0
    let right = layout.lines.map { $0.offset + $0.width }.max() ?? 0
    return Rect(
      x: bounds.minX + left, y: y, width: Swift.max(0, right - left), height: layout.size.height)
  }

  /// `text 'title' ("Welcome to…")`, `button 'next' ("Next")`, `page indicator 'dots'`.
  static func describe(_ node: Node, text: TextContent?) -> String {
    let kind =
      node is PageIndicatorNode ? "page indicator" : node is ButtonNode ? "button" : "text"
    var s = kind
    if let name = node.name { s += " '\(name)'" }
    if let text, !(node is PageIndicatorNode) {
      let words = text.string.split(whereSeparator: \.isNewline).joined(separator: " ")
      s += " (\"\(words.count > 30 ? String(words.prefix(29)) + "…" : words)\")"
    }
    return s
  }
}
