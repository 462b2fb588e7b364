/// The controller's layout, computed once per reload from the page size, the
/// static content and roundness heights, and the label margins — all clamped
/// so that every frame is finite and inside the page.
struct LayoutMetrics {
  var width = 1.0
  var height = 1.0
  /// The static content height below the arc's ends, in 0...height.
  var staticHeight = 0.0
  /// The arc's sagitta, in 0...min(width / 2, height − staticHeight).
  var roundness = 0.0
  var labelsStrip = Rect.zero
  var labelsAlignToBottom = false
  /// Which way the pages run.
  var axis = PagingAxis.horizontal

  init() {}

  /// The length of one page along the axis: the width, or the height of vertical pages.
  var extent: Double { axis == .vertical ? height : width }

  /// The origin of slot `i`'s page in its scroll node.
  func origin(ofSlot i: Int) -> Point {
    axis == .vertical ? Point(x: 0, y: Double(i) * height) : Point(x: Double(i) * width, y: 0)
  }

  /// A scroll offset along the axis, as a point.
  func contentOffset(_ offset: Double) -> Point {
    axis == .vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
  }

  init(
    pageSize: Size, staticContentHeight: Double, roundnessHeight: Double, labelsTopMargin: Double?,
    labelsBottomMargin: Double?
  ) {
    width = pageSize.width
    height = pageSize.height
    staticHeight = staticContentHeight.isFinite ? staticContentHeight.clamped(to: 0...height) : 0
    let maxRoundness = Swift.min(width / 2, height - staticHeight)
    let r = roundnessHeight.isFinite ? roundnessHeight.clamped(to: 0...maxRoundness) : 0
    // A negligible height is flat, as RoundnessArc has it (its radius would overflow).
    roundness = r < RoundnessArc.flatnessThreshold ? 0 : r
    let defaultTop = height - staticHeight + 4
    let top = (labelsTopMargin.flatMap { $0.isFinite ? $0 : nil } ?? defaultTop).clamped(
      to: 0...height)
    let bottomMargin = (labelsBottomMargin.flatMap { $0.isFinite ? $0 : nil } ?? 0).clamped(
      to: 0...height)
    let bottom = Swift.max(top, height - bottomMargin)
    labelsStrip = Rect(x: 0, y: top, width: width, height: bottom - top)
    labelsAlignToBottom = labelsTopMargin == nil && labelsBottomMargin != nil
  }

  /// The y of the arc's peak, the line the icons ride.
  var arcTop: Double { height - staticHeight - roundness }

  var arc: RoundnessArc { RoundnessArc(width: width, height: roundness, top: arcTop) }

  var staticContentFrame: Rect {
    Rect(x: 0, y: arcTop, width: width, height: staticHeight + roundness)
  }

  /// The mask of the static content in its own coordinates; `nil` for a flat edge.
  var staticContentMask: Path? {
    guard roundness > 0 else { return nil }
    return RoundnessArc(width: width, height: roundness, top: 0).maskPath(
      bottom: staticHeight + roundness)
  }
}
