/// One box laying out its children: the steps of CSS Flexible Box Layout §9.
final class FlexContainer {
  /// A child in the flow, as the algorithm sees it.
  struct Item {
    let box: FlexBox
    let direction: LayoutDirection
    let margin: FlexLayout.Edges
    /// Which margins are `auto`, on the main and cross start and end.
    var autoMainStart = false
    var autoMainEnd = false
    var autoCrossStart = false
    var autoCrossEnd = false
    var align: FlexAlign = .stretch
    var basis = 0.0
    var hypothetical = 0.0
    var target = 0.0
    var minMain: Double?
    var maxMain: Double?
    var minCross: Double?
    var maxCross: Double?
    var cross = 0.0
    var stretches = false
    var frozen = false
    /// Its own padding and border across the axis: the least its cross size can be.
    var crossFloor = 0.0
    /// Its own padding and border along the axis (shrinking weighs the size inside them).
    var mainFloor = 0.0
    /// Whether its flex base size came from a definite length (its basis or size property).
    var basisIsDefinite = false
    /// For an item aligned by its baseline in a row: from its outer top edge (margin
    /// included) to its first baseline.
    var ascent: Double?

    init(box: FlexBox, direction: LayoutDirection, margin: FlexLayout.Edges) {
      self.box = box
      self.direction = direction
      self.margin = margin
    }
  }

  let box: FlexBox
  let style: FlexStyle
  let width: FlexConstraint
  let height: FlexConstraint
  let owner: FlexOwner
  let direction: LayoutDirection
  let depth: Int
  let pass: FlexPass

  let isRow: Bool
  let pb: FlexLayout.Edges
  /// The physical edges where the main and cross axes start.
  let mainStart: FlexPhysicalEdge
  let mainEnd: FlexPhysicalEdge
  let crossStart: FlexPhysicalEdge
  let crossEnd: FlexPhysicalEdge
  /// The children's containing block (the inner size when it is exact).
  let childOwner: FlexOwner
  let mainLimit: FlexConstraint
  let crossLimit: FlexConstraint
  let gapMain: Double
  let gapCross: Double
  let definiteness: FlexDefinite

  var items: [Item] = []
  var lines: [Range<Int>] = []
  var lineCross: [Double] = []
  /// Each line's largest ``Item/ascent``: where its baseline-aligned items' baselines meet.
  var lineAscent: [Double] = []
  var innerMain = 0.0
  var innerCross = 0.0

  init(
    box: FlexBox, width: FlexConstraint, height: FlexConstraint, owner: FlexOwner,
    definite: FlexDefinite, direction: LayoutDirection, depth: Int, pass: FlexPass
  ) {
    self.box = box
    style = box.style
    self.width = width
    self.height = height
    self.owner = owner
    self.direction = direction
    self.depth = depth
    self.pass = pass
    definiteness = definite
    isRow = style.flexDirection.isRow
    pb = FlexLayout.paddingAndBorder(box, owner: owner, direction: direction)
    let rtl = direction == .rightToLeft
    switch style.flexDirection {
    case .row: (mainStart, mainEnd) = rtl ? (.right, .left) : (.left, .right)
    case .rowReverse: (mainStart, mainEnd) = rtl ? (.left, .right) : (.right, .left)
    case .column: (mainStart, mainEnd) = (.top, .bottom)
    case .columnReverse: (mainStart, mainEnd) = (.bottom, .top)
    }
    var cross: (FlexPhysicalEdge, FlexPhysicalEdge) =
      isRow ? (.top, .bottom) : (rtl ? (.right, .left) : (.left, .right))
    if style.flexWrap == .wrapReverse { cross = (cross.1, cross.0) }
    (crossStart, crossEnd) = cross
    let innerWidth = width.reduced(by: pb.horizontal)
    let innerHeight = height.reduced(by: pb.vertical)
    childOwner = FlexOwner(
      width: definite.width ? innerWidth.exact : nil,
      height: definite.height ? innerHeight.exact : nil,
      direction: direction)
    mainLimit = isRow ? innerWidth : innerHeight
    crossLimit = isRow ? innerHeight : innerWidth
    gapMain = style.gap(betweenItems: true, isRow: isRow)
    gapCross = style.gap(betweenItems: false, isRow: isRow)
  }

  // MARK: Helpers along the axes

  func main(_ size: Size) -> Double { isRow ? size.width : size.height }
  func cross(_ size: Size) -> Double { isRow ? size.height : size.width }
  func size(main: Double, cross: Double) -> Size {
    isRow ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }
  func constraints(main: FlexConstraint, cross: FlexConstraint) -> (FlexConstraint, FlexConstraint)
  {
    isRow ? (main, cross) : (cross, main)
  }
  var pbMain: Double { isRow ? pb.horizontal : pb.vertical }
  var pbCross: Double { isRow ? pb.vertical : pb.horizontal }
  func marginMain(_ i: Item) -> Double { isRow ? i.margin.horizontal : i.margin.vertical }
  func marginCross(_ i: Item) -> Double { isRow ? i.margin.vertical : i.margin.horizontal }

  /// Measures `item` with the given constraints along its parent's axes (`mainDefinite`:
  /// whether an exact main size is definite; an exact cross size given here always is).
  func measure(
    _ item: Item, main: FlexConstraint, cross: FlexConstraint, mainDefinite: Bool = true,
    contentOnly: Bool = false
  ) -> Size {
    let (w, h) = constraints(main: main, cross: cross)
    var d = definite(main: mainDefinite, cross: true)
    d.contentOnly = contentOnly
    return FlexLayout.layout(
      item.box, w, h, owner: childOwner, definite: d, perform: false, depth: depth + 1, pass: pass)
  }

  /// Definiteness along the parent's axes as width and height. A width is always definite
  /// once a box is laid out at it (an inline size is known before the box's children are laid
  /// out); a height only as §9.8 says.
  func definite(main: Bool, cross: Bool) -> FlexDefinite {
    FlexDefinite(width: true, height: isRow ? cross : main)
  }

  /// §9.8: an item's main size after flexing is definite when the container's is; inside a
  /// content-sized container, only when its flex base size was a definite length and flexing
  /// left it there (as browsers read it: a size found from the content or by flexing there is
  /// not one children can take percentages of).
  func mainIsDefinite(_ item: Item) -> Bool {
    if (isRow ? childOwner.width : childOwner.height) != nil { return true }
    return item.basisIsDefinite && Swift.abs(item.hypothetical - item.target) < 1e-9
  }

  // MARK: The steps

  /// Runs the algorithm: the box's size, and with `perform` its children's frames.
  func run(perform: Bool) -> Size {
    collectItems()
    for i in items.indices { findBasis(i) }
    breakLines()
    // A flex base size is the content's, without the box's own bounds.
    func bound(_ length: FlexLength, _ base: Double?) -> Double? {
      definiteness.contentOnly ? nil : FlexLayout.size(length, base)
    }
    let ownMin = (w: bound(style.minWidth, owner.width), h: bound(style.minHeight, owner.height))
    let ownMax = (w: bound(style.maxWidth, owner.width), h: bound(style.maxHeight, owner.height))
    let (minMain, maxMain) = isRow ? (ownMin.w, ownMax.w) : (ownMin.h, ownMax.h)
    let (minCross, maxCross) = isRow ? (ownMin.h, ownMax.h) : (ownMin.w, ownMax.w)
    // §9.3: the main size, from the longest line when it is not exact.
    if let e = mainLimit.exact {
      innerMain = e
    } else {
      var longest = 0.0
      for line in lines {
        var sum = gapMain * Double(Swift.max(0, line.count - 1))
        for i in line { sum += contribution(i) + marginMain(items[i]) }
        longest = Swift.max(longest, sum)
      }
      innerMain =
        FlexLayout.fit(
          isRow ? width : height, content: longest + pbMain, minimum: minMain, maximum: maxMain,
          floor: pbMain) - pbMain
    }
    for line in lines { resolveFlexibleLengths(line) }
    for i in items.indices { findCross(i) }
    findAscents()
    // §9.4.15: line cross sizes.
    let singleLine = style.flexWrap == .noWrap
    for line in lines {
      var largest = 0.0
      // §9.4.8: baseline-aligned items take the most room above and below the line's baseline.
      var above = 0.0
      var below = 0.0
      for i in line {
        let outer = items[i].cross + marginCross(items[i])
        if let a = items[i].ascent {
          above = Swift.max(above, a)
          below = Swift.max(below, outer - a)
        } else {
          largest = Swift.max(largest, outer)
        }
      }
      largest = Swift.max(largest, above + below)
      lineAscent.append(above)
      if singleLine, let e = crossLimit.exact { largest = e }
      if singleLine {
        largest = FlexLayout.clamp(
          largest, minCross.map { $0 - pbCross }, maxCross.map { $0 - pbCross })
      }
      lineCross.append(Swift.max(0, largest))
    }
    let content = lineCross.reduce(0, +) + gapCross * Double(Swift.max(0, lines.count - 1))
    innerCross =
      FlexLayout.fit(
        isRow ? height : width, content: content + pbCross, minimum: minCross, maximum: maxCross,
        floor: pbCross) - pbCross
    let result = size(main: innerMain + pbMain, cross: innerCross + pbCross)
    if perform { place(in: result) }
    return result
  }

  /// The children in the flow, with their margins and alignment (the others get their frames
  /// when placed).
  func collectItems() {
    for child in box.children {
      let s = child.style
      guard s.display != .none, s.position != .absolute else { continue }
      let dir = FlexLayout.direction(of: child, in: direction)
      var item = Item(
        box: child, direction: dir,
        margin: FlexLayout.resolve(s.margin, childOwner.width, dir, nonNegative: false))
      item.autoMainStart = s.margin.value(mainStart, dir) == .auto
      item.autoMainEnd = s.margin.value(mainEnd, dir) == .auto
      item.autoCrossStart = s.margin.value(crossStart, dir) == .auto
      item.autoCrossEnd = s.margin.value(crossEnd, dir) == .auto
      let align = s.alignSelf == .auto ? style.alignItems : s.alignSelf
      item.align = align == .auto ? .stretch : align
      let w = (
        FlexLayout.size(s.minWidth, childOwner.width), FlexLayout.size(s.maxWidth, childOwner.width)
      )
      let h = (
        FlexLayout.size(s.minHeight, childOwner.height),
        FlexLayout.size(s.maxHeight, childOwner.height)
      )
      (item.minMain, item.maxMain) = isRow ? w : h
      (item.minCross, item.maxCross) = isRow ? h : w
      items.append(item)
    }
  }

  /// The child's own cross size from its style, when it gives one.
  func styledCross(_ item: Item) -> Double? {
    let s = item.box.style
    let v =
      isRow
      ? FlexLayout.size(s.height, childOwner.height) : FlexLayout.size(s.width, childOwner.width)
    return v.map { FlexLayout.clamp($0, item.minCross, item.maxCross) }
  }

  /// Whether the child is stretched across its line (its cross size is auto).
  func stretchesToContainer(_ item: Item) -> Bool {
    // Only a cross size that is `auto` stretches (a percentage that cannot resolve does not).
    let s = item.box.style
    return item.align == .stretch && (isRow ? s.height : s.width) == .auto && !item.autoCrossStart
      && !item.autoCrossEnd
  }

  /// The child's cross size before its line is known: its style's, or the container's inner
  /// cross size when it stretches across a single line of exact size.
  func definiteCross(_ item: Item) -> Double? {
    if let c = styledCross(item) { return c }
    guard stretchesToContainer(item), style.flexWrap == .noWrap, let e = crossLimit.exact else {
      return nil
    }
    return FlexLayout.clamp(Swift.max(0, e - marginCross(item)), item.minCross, item.maxCross)
  }

  /// §9.2.3: the flex base size and the hypothetical main size.
  func findBasis(_ i: Int) {
    let item = items[i]
    let s = item.box.style
    let ownerMain = isRow ? childOwner.width : childOwner.height
    let itemPB = FlexLayout.paddingAndBorder(item.box, owner: childOwner, direction: item.direction)
    let pbItemMain = isRow ? itemPB.horizontal : itemPB.vertical
    var basis: Double
    // A basis that cannot resolve (a percentage of an indefinite size) is `content` along a
    // column: the height property is not used then (§7.2.3). Along a row it can only be the
    // intrinsic width being found, where an item contributes its width property, as browsers
    // do.
    let basisStyle = s.resolvedBasis
    if let b = FlexLayout.size(basisStyle, ownerMain) {
      basis = b
      items[i].basisIsDefinite = true
    } else if basisStyle == .auto || isRow,
      let m = FlexLayout.size(isRow ? s.width : s.height, ownerMain)
    {
      basis = m
      items[i].basisIsDefinite = true
    } else if let r = s.usableAspectRatio, let c = definiteCross(item) {
      basis = isRow ? c * r : c / r
    } else {
      // The content's size: within the container unless it scrolls along the main axis.
      let main: FlexConstraint =
        style.overflow == .scroll
        ? .unbounded
        : mainLimit.limit.map { .atMost(Swift.max(0, $0 - marginMain(item))) } ?? .unbounded
      let crossConstraint: FlexConstraint
      if let c = definiteCross(item) {
        crossConstraint = .exactly(c)
      } else {
        crossConstraint =
          crossLimit.limit.map { .atMost(Swift.max(0, $0 - marginCross(item))) } ?? .unbounded
      }
      basis = self.main(measure(item, main: main, cross: crossConstraint, contentOnly: true))
    }
    basis = Swift.max(basis, pbItemMain)
    items[i].crossFloor = isRow ? itemPB.vertical : itemPB.horizontal
    items[i].mainFloor = pbItemMain
    items[i].basis = basis
    items[i].minMain = Swift.max(item.minMain ?? 0, pbItemMain)
    items[i].hypothetical = FlexLayout.clamp(basis, items[i].minMain, item.maxMain)
  }

  /// What an item adds to its container's size when that size comes from the content: along a
  /// column, its hypothetical main size (the flex algorithm runs with an indefinite height);
  /// along a row, its max-content contribution (§9.9.1): its width property, else its
  /// content's width, within its minimum and maximum — not its flex basis.
  func contribution(_ i: Int) -> Double {
    let item = items[i]
    let s = item.box.style
    // With an automatic basis the hypothetical size is the contribution already.
    guard isRow, s.resolvedBasis != .auto else { return item.hypothetical }
    let limit: (FlexConstraint) -> FlexConstraint = { c in c.limit.map { .atMost($0) } ?? .unbounded
    }
    let preferred =
      FlexLayout.size(s.width, childOwner.width)
      ?? main(measure(item, main: limit(mainLimit), cross: limit(crossLimit)))
    return FlexLayout.clamp(preferred, item.minMain, item.maxMain)
  }

  /// §9.3: items into lines (one line unless the box wraps and its main size is limited).
  func breakLines() {
    // A row breaks at the width available; a column only at a height it is given (its own, or
    // its maximum): the room left below it is not a limit on a block's height.
    let ownMax = FlexLayout.size(style.maxHeight, owner.height).map { $0 - pbMain }
    let lineLimit = isRow ? mainLimit.limit : mainLimit.exact ?? ownMax
    guard style.flexWrap != .noWrap, let limit = lineLimit else {
      lines = [0..<items.count]
      return
    }
    var start = 0
    var used = 0.0
    for i in items.indices {
      let outer = items[i].hypothetical + marginMain(items[i])
      if i > start, used + gapMain + outer > limit {
        lines.append(start..<i)
        start = i
        used = outer
      } else {
        used += (i > start ? gapMain : 0) + outer
      }
    }
    lines.append(start..<items.count)
  }
}
