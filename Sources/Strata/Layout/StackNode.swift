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
  public enum Axis: String, Hashable, Sendable {
    /// Left to right (right to left in that layout direction).
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// Where a node sits across the axis.
  public enum Alignment: String, Hashable, Sendable {
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
  public enum Distribution: String, Hashable, Sendable {
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
      let s = n.fittingSize(for: proposal, measurer: measurer)
      let (m, c) = split(s)
      return (m.isFinite ? Swift.max(0, m) : 0, c.isFinite ? Swift.max(0, c) : 0)
    }
  }

  /// The row or column's own fitting size: the nodes end to end, `spacing` apart.
  open override func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size {
    let sizes = naturalSizes()
    let main =
      sizes.reduce(0) { $0 + $1.main } + spacing * Double(Swift.max(0, sizes.count - 1))
    let cross = sizes.map(\.cross).max() ?? 0
    return axis == .horizontal
      ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }

  /// Places every arranged node (call it after changing the stack's size or settings).
  public func layoutArrangedNodes() {
    let n = arrangedNodes.count
    guard n > 0 else { return }
    let (length, crossLength) = split(bounds.size)
    let sizes = naturalSizes()
    var lengths = sizes.map(\.main)
    var starts = [Double](repeating: 0, count: n)
    let gaps = spacing * Double(n - 1)
    switch distribution {
    case .fill:
      let extra = length - lengths.reduce(0, +) - gaps
      lengths[n - 1] = Swift.max(0, lengths[n - 1] + extra)
      var x = 0.0
      for i in 0..<n {
        starts[i] = x
        x += lengths[i] + spacing
      }
    case .fillEqually:
      let each = Swift.max(0, (length - gaps) / Double(n))
      for i in 0..<n {
        lengths[i] = each
        starts[i] = Double(i) * (each + spacing)
      }
    case .equalSpacing:
      let gap = n > 1 ? Swift.max(spacing, (length - lengths.reduce(0, +)) / Double(n - 1)) : 0
      var x = 0.0
      for i in 0..<n {
        starts[i] = x
        x += lengths[i] + gap
      }
    case .equalCentering:
      var step = 0.0
      if n > 1 {
        step = (length - lengths[0] / 2 - lengths[n - 1] / 2) / Double(n - 1)
        for i in 0..<(n - 1) { step = Swift.max(step, (lengths[i] + lengths[i + 1]) / 2 + spacing) }
      }
      for i in 0..<n { starts[i] = lengths[0] / 2 + Double(i) * step - lengths[i] / 2 }
    }
    for (i, node) in arrangedNodes.enumerated() {
      let crossSize = alignment == .fill ? crossLength : Swift.min(sizes[i].cross, crossLength)
      let crossStart: Double
      switch alignment {
      case .fill, .leading: crossStart = 0
      case .center: crossStart = (crossLength - crossSize) / 2
      case .trailing: crossStart = crossLength - crossSize
      }
      var mainStart = starts[i]
      if axis == .horizontal && layoutDirection == .rightToLeft {
        mainStart = length - starts[i] - lengths[i]
      }
      var crossOrigin = crossStart
      if axis == .vertical && layoutDirection == .rightToLeft && alignment != .fill
        && alignment != .center
      {
        // A column's leading edge is on the right right to left.
        crossOrigin = crossLength - crossStart - crossSize
      }
      node.frame =
        axis == .horizontal
        ? Rect(
          x: bounds.minX + mainStart, y: bounds.minY + crossOrigin, width: lengths[i],
          height: crossSize)
        : Rect(
          x: bounds.minX + crossOrigin, y: bounds.minY + mainStart, width: crossSize,
          height: lengths[i])
      node.pinnedEdges = []
      (node as? StackNode)?.layoutArrangedNodes()
    }
  }
}
