extension FlexContainer {
  /// Where packed things start and how far apart they are, for `count` things sharing `free`
  /// space (§9.5 justify-content, §9.6 align-content). When the space is negative the
  /// `space-*` values fall back as CSS Box Alignment §4.3 says: `space-between` to
  /// `flex-start`, `space-around` and `space-evenly` to `safe center`, which is the writing
  /// mode's start when things overflow — the far end of a reversed axis (`reversed`).
  static func distribute(_ free: Double, count: Int, _ mode: FlexJustify, reversed: Bool) -> (
    lead: Double, between: Double
  ) {
    let n = Double(Swift.max(1, count))
    switch mode {
    case .flexStart: return (0, 0)
    case .center: return (free / 2, 0)
    case .flexEnd: return (free, 0)
    case .spaceBetween:
      return free > 0 && count > 1 ? (0, free / (n - 1)) : (0, 0)
    case .spaceAround: return free > 0 ? (free / n / 2, free / n) : (reversed ? free : 0, 0)
    case .spaceEvenly:
      return free > 0 ? (free / (n + 1), free / (n + 1)) : (reversed ? free : 0, 0)
    }
  }

  /// A coordinate along one axis, measured from `start` inwards, as a position from the left or
  /// top of a box `length` long.
  static func physical(
    _ offset: Double, size: Double, from start: FlexPhysicalEdge, in length: Double
  )
    -> Double
  {
    start == .left || start == .top ? offset : length - offset - size
  }

  /// §9.5–9.6 and §4.1: gives every child its frame inside a box of `outer` size.
  func place(in outer: Size) {
    let outerMain = main(outer)
    let outerCross = cross(outer)
    // align-content: lines across the box.
    let totalCross = lineCross.reduce(0, +) + gapCross * Double(Swift.max(0, lines.count - 1))
    var free = innerCross - totalCross
    var contentMode: FlexJustify = .flexStart
    if style.flexWrap != .noWrap {
      switch style.alignContent {
      case .center: contentMode = .center
      case .flexEnd: contentMode = .flexEnd
      case .spaceBetween: contentMode = .spaceBetween
      case .spaceAround: contentMode = .spaceAround
      case .spaceEvenly: contentMode = .spaceEvenly
      case .stretch:
        if free > 0 {
          for k in lineCross.indices { lineCross[k] += free / Double(lineCross.count) }
          free = 0
        }
      default: break
      }
    }
    let (lead, between) = Self.distribute(
      free, count: lines.count, contentMode,
      reversed: crossStart != writingStart(horizontal: !isRow))
    var crossOffset = pb[crossStart] + lead
    box.firstLineCount = lines.first?.count ?? 0
    for (k, line) in lines.enumerated() {
      placeLine(
        line, lineCross: lineCross[k], ascent: lineAscent[k], crossOffset: crossOffset,
        outerMain: outerMain, outerCross: outerCross)
      crossOffset += lineCross[k] + gapCross + between
    }
    for child in box.children where child.style.display == .none {
      child.frame = .zero
      child.laidOut = nil
      FlexLayout.hide(child.children)
    }
    for child in box.children
    where child.style.display != .none && child.style.position == .absolute {
      placeAbsolute(child, in: outer)
    }
  }

  /// One line: along the main axis by auto margins or `justifyContent`, across by each item's
  /// alignment; then each item is laid out at its final size.
  func placeLine(
    _ line: Range<Int>, lineCross: Double, ascent: Double, crossOffset: Double,
    outerMain: Double, outerCross: Double
  ) {
    var used = gapMain * Double(Swift.max(0, line.count - 1))
    var autoMargins = 0
    for i in line {
      used += items[i].target + marginMain(items[i])
      autoMargins += (items[i].autoMainStart ? 1 : 0) + (items[i].autoMainEnd ? 1 : 0)
    }
    let free = innerMain - used
    let autoMargin = autoMargins > 0 && free > 0 ? free / Double(autoMargins) : 0
    let (lead, between) =
      autoMargins > 0 && free > 0
      ? (0, 0)
      : Self.distribute(
        free, count: line.count, style.justifyContent,
        reversed: mainStart != writingStart(horizontal: isRow))
    var mainOffset = pb[mainStart] + lead
    for i in line {
      var item = items[i]
      mainOffset += item.margin[mainStart] + (item.autoMainStart ? autoMargin : 0)
      // Across the line.
      if item.stretches {
        item.cross = Swift.max(
          item.crossFloor,
          FlexLayout.clamp(
            Swift.max(0, lineCross - marginCross(item)), item.minCross, item.maxCross))
      }
      let crossFree = lineCross - item.cross - marginCross(item)
      var crossLead: Double
      if item.autoCrossStart || item.autoCrossEnd {
        crossLead =
          item.autoCrossStart && item.autoCrossEnd
          ? Swift.max(0, crossFree) / 2 : item.autoCrossStart ? Swift.max(0, crossFree) : 0
      } else if let a = item.ascent {
        // The baselines meet `ascent` below the line's top.
        crossLead = ascent - a
      } else if item.align == .baseline && !isRow {
        // No baseline across a column: the item's own start (CSS Box Alignment §9.3): its
        // left, or its right when it runs right to left.
        let selfStart: FlexPhysicalEdge = item.direction == .rightToLeft ? .right : .left
        crossLead = crossStart == selfStart ? 0 : crossFree
      } else {
        switch item.align {
        case .center: crossLead = crossFree / 2
        case .flexEnd: crossLead = crossFree
        default: crossLead = 0
        }
      }
      crossLead += item.margin[crossStart]
      let (w, h) = constraints(main: .exactly(item.target), cross: .exactly(item.cross))
      // §9.8: a stretched cross size is definite, a content-sized one is not.
      let laid = FlexLayout.layout(
        item.box, w, h, owner: childOwner,
        definite: definite(
          main: mainIsDefinite(item), cross: item.stretches || styledCross(item) != nil),
        perform: true, depth: depth + 1, pass: pass)
      let x = Self.physical(
        isRow ? mainOffset : crossOffset + crossLead, size: laid.width,
        from: isRow ? mainStart : crossStart, in: isRow ? outerMain : outerCross)
      let y = Self.physical(
        isRow ? crossOffset + crossLead : mainOffset, size: laid.height,
        from: isRow ? crossStart : mainStart, in: isRow ? outerCross : outerMain)
      let shift = relativeOffset(item.box, item.direction)
      item.box.relativeShiftY = shift.dy
      item.box.frame = Rect(
        x: x + shift.dx, y: y + shift.dy, width: laid.width, height: laid.height)
      mainOffset +=
        item.target + item.margin[mainEnd] + (item.autoMainEnd ? autoMargin : 0) + gapMain + between
      items[i] = item
    }
  }

  /// The edge the writing mode starts from along an axis: left (right, right to left) or top.
  func writingStart(horizontal: Bool) -> FlexPhysicalEdge {
    horizontal ? (direction == .rightToLeft ? .right : .left) : .top
  }

  /// `position: relative`'s move: `left` (or minus `right`), `top` (or minus `bottom`).
  func relativeOffset(_ child: FlexBox, _ dir: LayoutDirection) -> Vector {
    let e = child.style.insets
    let dx =
      e.value(.left, dir)?.resolve(childOwner.width)
      ?? e.value(.right, dir)?.resolve(childOwner.width).map { -$0 } ?? 0
    let dy =
      e.value(.top, dir)?.resolve(childOwner.height)
      ?? e.value(.bottom, dir)?.resolve(childOwner.height).map { -$0 } ?? 0
    return Vector(dx: dx, dy: dy)
  }

  /// An absolutely positioned child (§4.1): sized by its style or by two opposite insets,
  /// else by its content; placed by its insets in the padding box, else as `justifyContent`
  /// and its alignment would place it.
  func placeAbsolute(_ child: FlexBox, in outer: Size) {
    let dir = FlexLayout.direction(of: child, in: direction)
    let b = FlexLayout.border(box, direction: direction)
    let cbW = Swift.max(0, outer.width - b.horizontal)
    let cbH = Swift.max(0, outer.height - b.vertical)
    let cb = FlexOwner(width: cbW, height: cbH, direction: direction)
    let s = child.style
    let m = FlexLayout.resolve(s.margin, cbW, dir, nonNegative: false)
    func inset(_ e: FlexPhysicalEdge) -> Double? {
      s.insets.value(e, dir)?.resolve(e == .left || e == .right ? cbW : cbH)
    }
    let (l, r, t, bt) = (inset(.left), inset(.right), inset(.top), inset(.bottom))
    var w = FlexLayout.size(s.width, cbW)
    var h = FlexLayout.size(s.height, cbH)
    if w == nil, let l, let r { w = Swift.max(0, cbW - l - r - m.horizontal) }
    if h == nil, let t, let bt { h = Swift.max(0, cbH - t - bt - m.vertical) }
    if let ratio = s.usableAspectRatio {
      if let wv = w, h == nil { h = wv / ratio } else if let hv = h, w == nil { w = hv * ratio }
    }
    w = w.map {
      FlexLayout.clamp($0, FlexLayout.size(s.minWidth, cbW), FlexLayout.size(s.maxWidth, cbW))
    }
    h = h.map {
      FlexLayout.clamp($0, FlexLayout.size(s.minHeight, cbH), FlexLayout.size(s.maxHeight, cbH))
    }
    let wc: FlexConstraint = w.map { .exactly($0) } ?? .atMost(Swift.max(0, cbW - m.horizontal))
    let hc: FlexConstraint = h.map { .exactly($0) } ?? .atMost(Swift.max(0, cbH - m.vertical))
    let measured = FlexLayout.layout(
      child, wc, hc, owner: cb, perform: false, depth: depth + 1, pass: pass)
    // A height from the style or two insets is definite; one from the content is not.
    let size = FlexLayout.layout(
      child, .exactly(measured.width), .exactly(measured.height), owner: cb,
      definite: FlexDefinite(width: true, height: h != nil), perform: true, depth: depth + 1,
      pass: pass)
    // Without insets on an axis, the box's own alignment places it.
    func aligned(horizontal: Bool, length: Double, extent: Double) -> Double {
      let axisIsMain = horizontal == isRow
      let start = axisIsMain ? mainStart : crossStart
      let mode: FlexJustify
      if axisIsMain {
        // As the sole item of its parent (CSS Flexbox §4.1): space-around and space-evenly
        // centre one item.
        switch style.justifyContent {
        case .center, .spaceAround, .spaceEvenly: mode = .center
        case .flexEnd: mode = .flexEnd
        default: mode = .flexStart
        }
      } else {
        let a = s.alignSelf == .auto ? style.alignItems : s.alignSelf
        mode = a == .center ? .center : a == .flexEnd ? .flexEnd : .flexStart
      }
      let startPB = pb[start]
      let endPB = horizontal ? pb.horizontal - startPB : pb.vertical - startPB
      let marginStart = m[start]
      let marginEnd = horizontal ? m.horizontal - marginStart : m.vertical - marginStart
      let free = length - startPB - endPB - extent - marginStart - marginEnd
      let offset: Double
      switch mode {
      case .center: offset = startPB + marginStart + free / 2
      case .flexEnd: offset = startPB + marginStart + free
      default: offset = startPB + marginStart
      }
      return Self.physical(offset, size: extent, from: start, in: length)
    }
    let x =
      l.map { b.left + $0 + m.left }
      ?? r.map { outer.width - b.right - $0 - m.right - size.width }
      ?? aligned(horizontal: true, length: outer.width, extent: size.width)
    let y =
      t.map { b.top + $0 + m.top }
      ?? bt.map { outer.height - b.bottom - $0 - m.bottom - size.height }
      ?? aligned(horizontal: false, length: outer.height, extent: size.height)
    child.frame = Rect(x: x, y: y, width: size.width, height: size.height)
  }
}
