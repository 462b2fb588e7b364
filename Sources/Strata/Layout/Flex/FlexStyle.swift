/// A length in a flex style: points, a percentage of the containing block, or `auto`.
///
/// Percentages of a size that is not known (a width percentage inside a container sized by its
/// content) count as `auto`, as CSS says. Non-finite values count as `auto` too.
public enum FlexLength: Hashable, Sendable {
  /// Decided by the layout (content, stretch, or the flex factors).
  case auto
  /// Points.
  case points(Double)
  /// A percentage (50 is half) of the containing block's size along the same axis (for
  /// margins, padding and borders, of its width, as in CSS).
  case percent(Double)

  /// The length in points against `base`, or `nil` when it is `auto` or `base` is unknown.
  func resolve(_ base: Double?) -> Double? {
    switch self {
    case .auto: return nil
    case .points(let v): return v.isFinite ? v : nil
    case .percent(let p):
      guard let base, p.isFinite, base.isFinite else { return nil }
      return base * p / 100
    }
  }

  /// Whether it is `auto`.
  var isAuto: Bool { self == .auto }
}

/// Values for each edge of a box, with CSS's and React Native's shorthands.
///
/// For each physical edge the most specific value given wins: `start`/`end` (which follow the
/// layout direction) over `left`/`right`, those over `horizontal`/`vertical`, those over `all`.
public struct FlexEdges: Hashable, Sendable {
  /// Every edge.
  public var all: FlexLength?
  /// Left and right.
  public var horizontal: FlexLength?
  /// Top and bottom.
  public var vertical: FlexLength?
  /// The left edge.
  public var left: FlexLength?
  /// The right edge.
  public var right: FlexLength?
  /// The top edge.
  public var top: FlexLength?
  /// The bottom edge.
  public var bottom: FlexLength?
  /// The edge lines start from: left, or right right to left.
  public var start: FlexLength?
  /// The edge lines end at: right, or left right to left.
  public var end: FlexLength?

  /// No value on any edge.
  public init() {}

  /// The same value on every edge.
  public init(all: FlexLength) { self.all = all }

  /// `horizontal` on the left and right, `vertical` on the top and bottom.
  public init(horizontal: FlexLength? = nil, vertical: FlexLength? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The value on a physical edge for `direction`, or `nil` when none applies.
  func value(_ edge: FlexPhysicalEdge, _ direction: LayoutDirection) -> FlexLength? {
    let rtl = direction == .rightToLeft
    switch edge {
    case .left: return (rtl ? end : start) ?? left ?? horizontal ?? all
    case .right: return (rtl ? start : end) ?? right ?? horizontal ?? all
    case .top: return top ?? vertical ?? all
    case .bottom: return bottom ?? vertical ?? all
    }
  }
}

/// An edge on the screen.
enum FlexPhysicalEdge: CaseIterable {
  case left, right, top, bottom
}

/// The main axis and which way it runs.
public enum FlexDirection: String, Hashable, Sendable, CaseIterable {
  /// Top to bottom (the default, as in React Native).
  case column
  /// Bottom to top.
  case columnReverse = "column-reverse"
  /// The way text runs: left to right, or right to left.
  case row
  /// Against the way text runs.
  case rowReverse = "row-reverse"

  var isRow: Bool { self == .row || self == .rowReverse }
  var isReversed: Bool { self == .rowReverse || self == .columnReverse }
}

/// Whether items wrap onto more lines.
public enum FlexWrap: String, Hashable, Sendable, CaseIterable {
  /// One line (the default); items shrink or overflow.
  case noWrap = "nowrap"
  /// New lines after the first, towards the cross end.
  case wrap
  /// New lines towards the cross start.
  case wrapReverse = "wrap-reverse"
}

/// How items share the free space along the main axis (`justify-content`).
public enum FlexJustify: String, Hashable, Sendable, CaseIterable {
  /// Packed at the start (the default).
  case flexStart = "flex-start"
  /// Packed in the middle.
  case center
  /// Packed at the end.
  case flexEnd = "flex-end"
  /// The first at the start, the last at the end, equal gaps between.
  case spaceBetween = "space-between"
  /// Equal space around each item (half at the ends).
  case spaceAround = "space-around"
  /// Equal gaps, the ends included.
  case spaceEvenly = "space-evenly"
}

/// Where items or lines sit across the main axis (`align-items`, `align-self`,
/// `align-content`).
public enum FlexAlign: String, Hashable, Sendable, CaseIterable {
  /// For `alignSelf`: the parent's `alignItems`.
  case auto
  /// At the cross start.
  case flexStart = "flex-start"
  /// In the middle.
  case center
  /// At the cross end.
  case flexEnd = "flex-end"
  /// Filling the line (items whose cross size is `auto`) or the container (lines).
  case stretch
  /// First baselines lined up, in a row whose lines run down: text's first line, a box's
  /// first child's, an empty box's bottom edge (``FlexBox/baseline``). In a column, or in
  /// lines wrapping upwards, items sit at their start.
  case baseline
  /// For `alignContent`: the first line at the start, the last at the end.
  case spaceBetween = "space-between"
  /// For `alignContent`: equal space around each line.
  case spaceAround = "space-around"
  /// For `alignContent`: equal gaps, the ends included.
  case spaceEvenly = "space-evenly"
}

/// How a box takes part in its parent's layout.
public enum FlexPosition: String, Hashable, Sendable, CaseIterable {
  /// In the flow, then moved by its insets (the default).
  case relative
  /// Out of the flow, placed by its insets in the parent's padding box.
  case absolute
}

/// Whether a box is laid out at all.
public enum FlexDisplay: String, Hashable, Sendable, CaseIterable {
  /// Laid out (the default).
  case flex
  /// Not laid out: it and its children get empty frames and take no space.
  case none
}

/// A box's own writing direction.
public enum FlexLayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// The parent's (the default).
  case inherit
  /// Left to right.
  case ltr
  /// Right to left.
  case rtl
}

/// What happens to content larger than the box.
public enum FlexOverflow: String, Hashable, Sendable, CaseIterable {
  /// It shows outside (the default).
  case visible
  /// It is clipped.
  case hidden
  /// It scrolls: children are measured without a limit along the main axis.
  case scroll
}
