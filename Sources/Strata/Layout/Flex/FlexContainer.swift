/// One box laying out its children: the steps of CSS Flexible Box Layout §9.
struct FlexContainer {
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

  var items: [Item] = []
  var lines: [Range<Int>] = []
  var lineCross: [Double] = []
  var innerMain = 0.0
  var innerCross = 0.0

  init(
    box: FlexBox, width: FlexConstraint, height: FlexConstraint, owner: FlexOwner,
    direction: LayoutDirection, depth: Int, pass: FlexPass
  ) {
    self.box = box
    style = box.style
    self.width = width
    self.height = height
    self.owner = owner
    self.direction = direction
    self.depth = depth
    self.pass = pass
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
    childOwner = FlexOwner(width: innerWidth.exact, height: innerHeight.exact, direction: direction)
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

  /// Measures `item` with the given constraints along its parent's axes.
  func measure(_ item: Item, main: FlexConstraint, cross: FlexConstraint) -> Size {
    let (w, h) = constraints(main: main, cross: cross)
    return FlexLayout.layout(
      item.box, w, h, owner: childOwner, perform: false, depth: depth + 1, pass: pass)
  }

  // MARK: The steps

  /// Runs the algorithm: the box's size, and with `perform` its children's frames.
  mutating func run(perform: Bool) -> Size {
    collectItems()
    for i in items.indices { findBasis(i) }
    breakLines()
    let ownMin = (
      w: FlexLayout.size(style.minWidth, owner.width),
      h: FlexLayout.size(style.minHeight, owner.height)
    )
    let ownMax = (
      w: FlexLayout.size(style.maxWidth, owner.width),
      h: FlexLayout.size(style.maxHeight, owner.height)
    )
    let (minMain, maxMain) = isRow ? (ownMin.w, ownMax.w) : (ownMin.h, ownMax.h)
    let (minCross, maxCross) = isRow ? (ownMin.h, ownMax.h) : (ownMin.w, ownMax.w)
    // §9.3: the main size, from the longest line when it is not exact.
    if let e = mainLimit.exact {
      innerMain = e
    } else {
      var longest = 0.0
      for line in lines {
        var sum = gapMain * Double(Swift.max(0, line.count - 1))
        for i in line { sum += items[i].hypothetical + marginMain(items[i]) }
        longest = Swift.max(longest, sum)
      }
      innerMain =
        FlexLayout.fit(
          isRow ? width : height, content: longest + pbMain, minimum: minMain, maximum: maxMain,
          floor: pbMain) - pbMain
    }
    for line in lines { resolveFlexibleLengths(line) }
    for i in items.indices { findCross(i) }
    // §9.4.15: line cross sizes.
    let singleLine = style.flexWrap == .noWrap
    for line in lines {
      var largest = 0.0
      for i in line { largest = Swift.max(largest, items[i].cross + marginCross(items[i])) }
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
  mutating func collectItems() {
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
    item.align == .stretch && styledCross(item) == nil && !item.autoCrossStart
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
  mutating func findBasis(_ i: Int) {
    let item = items[i]
    let s = item.box.style
    let ownerMain = isRow ? childOwner.width : childOwner.height
    let itemPB = FlexLayout.paddingAndBorder(item.box, owner: childOwner, direction: item.direction)
    let pbItemMain = isRow ? itemPB.horizontal : itemPB.vertical
    var basis: Double
    if let b = FlexLayout.size(s.resolvedBasis, ownerMain) {
      basis = b
    } else if let m = FlexLayout.size(isRow ? s.width : s.height, ownerMain) {
      basis = m
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
      basis = self.main(measure(item, main: main, cross: crossConstraint))
    }
    basis = Swift.max(basis, pbItemMain)
    items[i].basis = basis
    items[i].minMain = Swift.max(item.minMain ?? 0, pbItemMain)
    items[i].hypothetical = FlexLayout.clamp(basis, items[i].minMain, item.maxMain)
  }

  /// §9.3: items into lines (one line unless the box wraps and its main size is limited).
  mutating func breakLines() {
    guard style.flexWrap != .noWrap, let limit = mainLimit.limit else {
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
