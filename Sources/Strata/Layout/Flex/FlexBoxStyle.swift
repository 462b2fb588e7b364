/// How a box lays out its children and sits in its parent: CSS flexbox as Yoga and React
/// Native implement it, with their defaults.
///
/// Defaults: `column` direction, `alignItems: .stretch`, `alignContent: .flexStart`,
/// `flexShrink` 0, `position: .relative`, sizes that include padding and border (border-box).
/// Property names are React Native's; see ``FlexBox`` for the layout itself.
///
/// ```swift
/// var row = FlexStyle()
/// row.flexDirection = .row
/// row.justifyContent = .spaceBetween
/// row.padding = FlexEdges(all: .points(16))
/// ```
public struct FlexStyle: Hashable, Sendable {
  /// The main axis (`flexDirection`).
  public var flexDirection: FlexDirection = .column
  /// Whether items wrap (`flexWrap`).
  public var flexWrap: FlexWrap = .noWrap
  /// Free space along the main axis (`justifyContent`).
  public var justifyContent: FlexJustify = .flexStart
  /// Children across the main axis (`alignItems`; `auto` counts as `stretch`).
  public var alignItems: FlexAlign = .stretch
  /// This box across its parent's main axis (`alignSelf`; `auto`: the parent's `alignItems`).
  public var alignSelf: FlexAlign = .auto
  /// Lines across the main axis when wrapping (`alignContent`).
  public var alignContent: FlexAlign = .flexStart
  /// React Native's `flex`: a positive number grows by it from a basis of 0, a negative one
  /// shrinks by its size; `nil` leaves `flexGrow`, `flexShrink` and `flexBasis` to themselves.
  public var flex: Double?
  /// How much of the free space this box takes (`flexGrow`, from `flex` when `nil`).
  public var flexGrow: Double?
  /// How much it gives up when space is short (`flexShrink`, from `flex` when `nil`).
  public var flexShrink: Double?
  /// Its size along the main axis before growing or shrinking (`flexBasis`).
  public var flexBasis: FlexLength = .auto
  /// Its width (`width`).
  public var width: FlexLength = .auto
  /// Its height (`height`).
  public var height: FlexLength = .auto
  /// The least width (`minWidth`).
  public var minWidth: FlexLength = .auto
  /// The greatest width (`maxWidth`).
  public var maxWidth: FlexLength = .auto
  /// The least height (`minHeight`).
  public var minHeight: FlexLength = .auto
  /// The greatest height (`maxHeight`).
  public var maxHeight: FlexLength = .auto
  /// Space outside the border (`margin…`; `auto` margins take free space).
  public var margin = FlexEdges()
  /// Space inside the border (`padding…`).
  public var padding = FlexEdges()
  /// Border widths (`borderWidth…`), inside the size.
  public var border = FlexEdges()
  /// Space between lines (`rowGap`, or `gap` when `nil`).
  public var rowGap: Double?
  /// Space between items on a line (`columnGap`, or `gap` when `nil`).
  public var columnGap: Double?
  /// Both gaps (`gap`).
  public var gap: Double = 0
  /// In the flow or placed by insets (`position`).
  public var position: FlexPosition = .relative
  /// Insets: for absolute boxes, from the parent's padding box; for relative ones, an offset
  /// from where the flow put them (`left`, `right`, `top`, `bottom`, `start`, `end`).
  public var insets = FlexEdges()
  /// Width divided by height, used when one of them is not given (`aspectRatio`; zero,
  /// negative or non-finite ratios are ignored).
  public var aspectRatio: Double?
  /// Whether it is laid out (`display`).
  public var display: FlexDisplay = .flex
  /// Its writing direction (`direction`).
  public var direction: FlexLayoutDirection = .inherit
  /// What happens to content larger than the box (`overflow`).
  public var overflow: FlexOverflow = .visible

  /// The default style.
  public init() {}

  /// The default style with the changes `configure` makes:
  /// `FlexStyle { $0.flexGrow = 1; $0.margin.top = .points(8) }`.
  public init(_ configure: (inout FlexStyle) -> Void) {
    configure(&self)
  }

  // MARK: Resolved values

  /// The grow factor, `flex` taken into account (a negative or non-finite factor is 0).
  var resolvedGrow: Double {
    let g = flexGrow ?? ((flex ?? 0) > 0 ? flex ?? 0 : 0)
    return g.isFinite ? Swift.max(0, g) : 0
  }

  /// The shrink factor, `flex` taken into account (a negative or non-finite factor is 0).
  var resolvedShrink: Double {
    let s = flexShrink ?? ((flex ?? 0) < 0 ? -(flex ?? 0) : 0)
    return s.isFinite ? Swift.max(0, s) : 0
  }

  /// The basis: `flexBasis`, or 0 points for a positive `flex` without one.
  var resolvedBasis: FlexLength {
    if flexBasis == .auto, let f = flex, f > 0 { return .points(0) }
    return flexBasis
  }

  /// Whether any length is a percentage (resolved against the containing block).
  var usesPercentages: Bool {
    func p(_ l: FlexLength?) -> Bool {
      if case .percent? = l { return true }
      return false
    }
    func p(_ e: FlexEdges) -> Bool {
      [e.all, e.horizontal, e.vertical, e.left, e.right, e.top, e.bottom, e.start, e.end].contains(
        where: p)
    }
    return [flexBasis, width, height, minWidth, maxWidth, minHeight, maxHeight].contains(where: p)
      || p(margin) || p(padding) || p(insets)
  }

  /// The aspect ratio when it can be used.
  var usableAspectRatio: Double? {
    guard let r = aspectRatio, r.isFinite, r > 0 else { return nil }
    return r
  }

  /// The gap between lines (row axis for a column container: between columns).
  func gap(betweenItems: Bool, isRow: Bool) -> Double {
    // Items in a row are separated by the column gap; lines of a row by the row gap.
    let g: Double?
    if betweenItems == isRow { g = columnGap } else { g = rowGap }
    let v = g ?? gap
    return v.isFinite ? Swift.max(0, v) : 0
  }
}
