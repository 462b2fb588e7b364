/// Flexbox on nodes: a node with a ``Node/flexStyle`` is laid out inside its parent.
///
/// The node it starts from keeps its frame (a layer's root fills the page as before) and lays
/// its styled children out by its own style (the default style when it has none): a column,
/// stretched across. Children without a style keep the frames they were given. Text and
/// image leaves are measured by their content (text wraps to the width offered, given a
/// ``TextMeasurer``); other leaves by their style.
///
/// ```swift
/// let page = Node(frame: Rect(x: 0, y: 0, width: 375, height: 667))
/// page.flexStyle = FlexStyle()
/// page.flexStyle?.justifyContent = .flexEnd
/// page.flexStyle?.padding = FlexEdges(all: .points(20))
/// let button = ButtonNode(title: TextContent("Start"), actionIdentifier: "start")
/// button.flexStyle = FlexStyle()
/// button.flexStyle?.height = .points(50)
/// page.addChild(button)
/// page.layoutStyledChildren(measurer: nil)
/// // button.frame == Rect(x: 20, y: 597, width: 335, height: 50)
/// ```
extension Node {
  /// Lays out the styled nodes below this one by flexbox, inside its bounds, in `direction`.
  /// Layout is kept between calls: a call after nothing changed walks the tree and sets no
  /// frame anew.
  public func layoutStyledChildren(
    measurer: (any TextMeasurer)?, direction: LayoutDirection = .leftToRight
  ) {
    guard children.contains(where: { $0.flexStyle != nil }) || flexStyle != nil else {
      // Nodes below may still lay their own styled children out.
      for child in children { child.layoutStyledChildren(measurer: measurer, direction: direction) }
      return
    }
    let box = syncedFlexBox(measurer: measurer, isRoot: true)
    box.calculateLayout(width: bounds.width, height: bounds.height, direction: direction)
    applyFlexFrames(measurer: measurer, direction: direction)
  }

  /// The node's box, its style and styled children brought up to date.
  func syncedFlexBox(measurer: (any TextMeasurer)?, isRoot: Bool) -> FlexBox {
    let box = flexBox ?? FlexBox()
    flexBox = box
    var s = flexContainerStyle()
    if isRoot {
      // The node it starts from keeps its frame.
      s.width = .auto
      s.height = .auto
      s.minWidth = .auto
      s.maxWidth = .auto
      s.minHeight = .auto
      s.maxHeight = .auto
      s.margin = FlexEdges()
      s.position = .relative
      s.insets = FlexEdges()
      s.aspectRatio = nil
    }
    box.style = s
    let styled = children.filter { $0.flexStyle != nil }
    let childBoxes = styled.map { $0.syncedFlexBox(measurer: measurer, isRoot: false) }
    if !childBoxes.elementsEqual(box.children, by: ===) {
      for old in box.children { box.removeChild(old) }
      for c in childBoxes { box.addChild(c) }
    }
    if styled.isEmpty, self is TextNode || self is ImageNode {
      if box.measure == nil {
        box.measure = { [weak self] w, h in
          self?.fittingSize(
            for: Size(width: w.limit ?? .infinity, height: h.limit ?? .infinity),
            measurer: measurer) ?? .zero
        }
      }
      if let text = self as? TextNode, box.baseline == nil {
        box.baseline = { [weak text] w, h in
          text?.firstBaseline(in: Size(width: w, height: h), measurer: measurer) ?? h
        }
      }
      let current = content
      if flexContent != current {
        flexContent = current
        box.markDirty()
      }
    } else if box.measure != nil {
      box.measure = nil
    }
    return box
  }

  /// Sets the styled descendants' frames from their boxes; a node without a style keeps its
  /// frame and lays its own styled children out inside it.
  func applyFlexFrames(measurer: (any TextMeasurer)?, direction: LayoutDirection) {
    for child in children {
      if child.flexStyle != nil, let box = child.flexBox {
        if child.frame != box.frame { child.frame = box.frame }
        child.applyFlexFrames(measurer: measurer, direction: direction)
      } else if child.flexStyle == nil {
        child.layoutStyledChildren(measurer: measurer, direction: direction)
      }
    }
  }
}
