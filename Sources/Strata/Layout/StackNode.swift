/// A node that lays its arranged nodes out in a row or a column, as a stack view does: with
/// spacing, a cross-axis alignment and a distribution of the length along the axis.
///
/// Sizes come from each node's ``Node/fittingSize(for:measurer:)``: a text node's from its
/// text (given a ``TextMeasurer``), an image node's from its image, any other node's from its
/// frame. The stack lays out when it is made, when a node is added, and when
/// ``layoutArrangedNodes()`` is called (after changing its size or its settings).
///
/// ```swift
/// let buttons = StackNode(axis: .vertical, spacing: 10, frame: Rect(x: 20, y: 500, width: 335, height: 130),
///                         arrangedNodes: [signUp, login])
/// ```
open class StackNode: Node {
  /// The direction the nodes follow one another.
  public enum Axis: String, Hashable, Sendable, CaseIterable {
    /// Left to right (right to left in that layout direction).
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// Where a node sits across the axis.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Stretched across the whole stack.
    case fill
    /// At the top (a row) or the leading edge (a column).
    case leading
    /// Centred.
    case center
    /// At the bottom (a row) or the trailing edge (a column).
    case trailing
  }

  /// How the length along the axis is shared.
  public enum Distribution: String, Hashable, Sendable, CaseIterable {
    /// Each node at its fitting length, ``spacing`` apart; the last takes what is left over
    /// (or gives up what is missing, down to nothing).
    case fill
    /// Every node the same length, ``spacing`` apart, filling the stack.
    case fillEqually
    /// Each node at its fitting length, with equal gaps (at least ``spacing``) filling the stack.
    case equalSpacing
    /// Each node at its fitting length, their centres equally far apart, the first at the
    /// start and the last at the end (gaps at least ``spacing``).
    case equalCentering
  }

  /// Row or column.
  public var axis: Axis
  /// The gap between neighbours (the least gap for the equal distributions).
  public var spacing: Double
  /// Where nodes sit across the axis.
  public var alignment: Alignment
  /// How the length is shared.
  public var distribution: Distribution
  /// Which way a row runs: right to left starts at the right.
  public var layoutDirection: LayoutDirection
  /// Measures text nodes' fitting sizes; without one they keep their frames.
  public var measurer: (any TextMeasurer)?
  /// The nodes laid out, in order.
  public private(set) var arrangedNodes: [Node] = []

  /// Creates a stack and lays `arrangedNodes` out in it.
  public init(
    axis: Axis, spacing: Double = 0, alignment: Alignment = .fill,
    distribution: Distribution = .fill, layoutDirection: LayoutDirection = .leftToRight,
    measurer: (any TextMeasurer)? = nil, frame: Rect = .zero, arrangedNodes: [Node] = [],
    name: String? = nil
  ) {
    self.axis = axis
    self.spacing = spacing.isFinite ? Swift.max(0, spacing) : 0
    self.alignment = alignment
    self.distribution = distribution
    self.layoutDirection = layoutDirection
    self.measurer = measurer
    super.init(frame: frame, name: name)
    passesTouchesThrough = true
    for n in arrangedNodes {
      self.arrangedNodes.append(n)
      addChild(n)
    }
    layoutArrangedNodes()
  }

  /// Adds `node` at the end and lays the stack out again.
  public func addArrangedNode(_ node: Node) {
    arrangedNodes.append(node)
    addChild(node)
    layoutArrangedNodes()
  }

  /// The length along the axis and across it of a size.
  private func split(_ s: Size) -> (main: Double, cross: Double) {
    axis == .horizontal ? (s.width, s.height) : (s.height, s.width)
  }

  /// Each arranged node's fitting size, for the stack's cross length.
  private func naturalSizes() -> [(main: Double, cross: Double)] {
    let cross = split(bounds.size).cross
    let proposal =
      axis == .horizontal
      ? Size(width: .infinity, height: cross) : Size(width: cross, height: .infinity)
    return arrangedNodes.map { n in
      // A hidden node takes no room (as a stack view collapses a hidden arranged view).
      if n.isHidden { return (0, 0) }
      let s = n.fittingSize(for: proposal, measurer: measurer)
      let (m, c) = split(s)
      return (m.isFinite ? Swift.max(0, m) : 0, c.isFinite ? Swift.max(0, c) : 0)
    }
  }

  /// The row or column's own fitting size: the nodes end to end, `spacing` apart.
  open override func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size {
    let sizes = naturalSizes()
    let shown = arrangedNodes.filter { !$0.isHidden }.count
    let main =
      sizes.reduce(0) { $0 + $1.main } + spacing * Double(Swift.max(0, shown - 1))
    let cross = sizes.map(\.cross).max() ?? 0
    return axis == .horizontal
      ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }

  /// Places every arranged node (call it after changing the stack's size or settings).
  ///
  /// The stack is flexbox underneath: a row or column (``axis``) whose items are its arranged
  /// nodes, ``spacing`` apart (`gap`), aligned across by ``alignment`` (`alignItems`: stretch,
  /// flex-start, center, flex-end), in ``layoutDirection``. ``Distribution/fill`` lets the last
  /// node grow and shrink; ``Distribution/fillEqually`` gives every node a zero basis and the
  /// same grow and shrink; ``Distribution/equalSpacing`` is `space-between` with the spacing as
  /// the least gap; ``Distribution/equalCentering``, which flexbox has no word for, becomes the
  /// margins that put the centres equally far apart. Text and images are measured by flexbox
  /// as it lays out (text wraps to the width it is offered); other nodes keep their frames'
  /// sizes along the axis (and across it, unless stretched).
  public func layoutArrangedNodes() {
    prepareArrangedStyles()
    layoutStyledChildren(measurer: measurer, direction: layoutDirection)
  }

  /// The stack's settings as a flexbox container, over its own style when it has one (a stack
  /// that is itself laid out by flexbox).
  override func flexContainerStyle() -> FlexStyle {
    var s = flexStyle ?? FlexStyle()
    s.flexDirection = axis == .horizontal ? .row : .column
    s.flexWrap = .noWrap
    switch alignment {
    case .fill: s.alignItems = .stretch
    case .leading: s.alignItems = .flexStart
    case .center: s.alignItems = .center
    case .trailing: s.alignItems = .flexEnd
    }
    s.justifyContent = distribution == .equalSpacing ? .spaceBetween : .flexStart
    s.gap = distribution == .equalCentering ? 0 : spacing
    s.rowGap = nil
    s.columnGap = nil
    s.padding = FlexEdges()
    s.border = FlexEdges()
    s.direction = layoutDirection == .rightToLeft ? .rtl : .ltr
    return s
  }

  /// Gives every arranged node the item style the distribution asks for.
  private func prepareArrangedStyles() {
    // Hidden nodes are out of the layout (display none): the others close up, as a stack
    // view collapses its hidden arranged views.
    for node in arrangedNodes where node.isHidden {
      var s = FlexStyle()
      s.display = .none
      node.flexStyle = s
      node.pinnedEdges = []
    }
    let shown = arrangedNodes.filter { !$0.isHidden }
    let n = shown.count
    guard n > 0 else { return }
    let all = naturalSizes()
    let sizes = arrangedNodes.indices.filter { !arrangedNodes[$0].isHidden }.map { all[$0] }
    let horizontal = axis == .horizontal
    // Equal centering: the step between centres, and the margin before each node that makes it.
    var before = [Double](repeating: 0, count: n)
    if distribution == .equalCentering && n > 1 {
      let length = split(bounds.size).main
      var step = (length - sizes[0].main / 2 - sizes[n - 1].main / 2) / Double(n - 1)
      for i in 0..<(n - 1) {
        step = Swift.max(step, (sizes[i].main + sizes[i + 1].main) / 2 + spacing)
      }
      for i in 1..<n { before[i] = step - (sizes[i - 1].main + sizes[i].main) / 2 }
    }
    for (i, node) in shown.enumerated() {
      var s = FlexStyle()
      // Text and images are measured as they are laid out; other nodes keep their sizes.
      let measured = node is TextNode || node is ImageNode || node is StackNode
      let main: FlexLength = measured ? .auto : .points(sizes[i].main)
      let cross: FlexLength =
        measured || alignment == .fill ? .auto : .points(sizes[i].cross)
      if horizontal {
        s.width = main
        s.height = cross
        s.maxHeight = .percent(100)
      } else {
        s.height = main
        s.width = cross
        s.maxWidth = .percent(100)
      }
      switch distribution {
      case .fill:
        if i == n - 1 {
          s.flexGrow = 1
          s.flexShrink = 1
        }
      case .fillEqually:
        s.flexGrow = 1
        s.flexShrink = 1
        s.flexBasis = .points(0)
        if horizontal { s.width = .auto } else { s.height = .auto }
      case .equalSpacing:
        break
      case .equalCentering:
        s.flexBasis = .points(sizes[i].main)
        if horizontal {
          s.margin.start = .points(before[i])
        } else {
          s.margin.top = .points(before[i])
        }
      }
      node.flexStyle = s
      node.pinnedEdges = []
    }
  }
}
