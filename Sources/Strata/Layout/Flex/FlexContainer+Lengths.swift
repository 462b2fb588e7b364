extension FlexContainer {
  /// §9.7: grows or shrinks the items of `line` to fill ``innerMain``, freezing those that reach
  /// their minimum or maximum.
  func resolveFlexibleLengths(_ line: Range<Int>) {
    let gaps = gapMain * Double(Swift.max(0, line.count - 1))
    var hypotheticalSum = gaps
    for i in line { hypotheticalSum += items[i].hypothetical + marginMain(items[i]) }
    let growing = innerMain > hypotheticalSum
    // Step 3: items that cannot flex keep their hypothetical size.
    for i in line {
      let s = items[i].box.style
      let factor = growing ? s.resolvedGrow : s.resolvedShrink
      items[i].frozen =
        factor == 0 || (growing && items[i].basis > items[i].hypothetical)
        || (!growing && items[i].basis < items[i].hypothetical)
      items[i].target = items[i].hypothetical
    }
    func outerSum() -> Double {
      var sum = gaps
      for i in line {
        sum += (items[i].frozen ? items[i].target : items[i].basis) + marginMain(items[i])
      }
      return sum
    }
    let initialFree = innerMain - outerSum()
    // Step 5: at most one round per item, as each round freezes at least one.
    for _ in 0...line.count {
      guard line.contains(where: { !items[$0].frozen }) else { break }
      var free = innerMain - outerSum()
      var factors = 0.0
      var scaledShrink = 0.0
      for i in line where !items[i].frozen {
        let s = items[i].box.style
        factors += growing ? s.resolvedGrow : s.resolvedShrink
        // §9.7 step 4c: the shrink factor scaled by the inner flex base size.
        scaledShrink += s.resolvedShrink * (items[i].basis - items[i].mainFloor)
      }
      if factors < 1 {
        let scaled = initialFree * factors
        if Swift.abs(scaled) < Swift.abs(free) { free = scaled }
      }
      var totalViolation = 0.0
      var violation = [Double](repeating: 0, count: line.count)
      for i in line where !items[i].frozen {
        let s = items[i].box.style
        var target = items[i].basis
        if growing, factors > 0 {
          target += free * s.resolvedGrow / factors
        } else if !growing, scaledShrink > 0 {
          target -=
            Swift.abs(free) * s.resolvedShrink * (items[i].basis - items[i].mainFloor)
            / scaledShrink
        }
        let clamped = FlexLayout.clamp(target, items[i].minMain, items[i].maxMain)
        items[i].target = clamped
        violation[i - line.lowerBound] = clamped - target
        totalViolation += clamped - target
      }
      for i in line where !items[i].frozen {
        let v = violation[i - line.lowerBound]
        if totalViolation == 0 || (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) {
          items[i].frozen = true
        }
      }
    }
  }

  /// §9.4: the item's cross size (its style's, from its aspect ratio, or its content's at its
  /// main size); stretching comes when lines are known.
  func findCross(_ i: Int) {
    let item = items[i]
    if let c = styledCross(item) {
      items[i].cross = c
    } else if let r = item.box.style.usableAspectRatio {
      items[i].cross =
        definiteCross(item)
        ?? FlexLayout.clamp(isRow ? item.target / r : item.target * r, item.minCross, item.maxCross)
    } else {
      let crossConstraint: FlexConstraint =
        crossLimit.limit.map { .atMost(Swift.max(0, $0 - marginCross(item))) } ?? .unbounded
      let measured = measure(
        item, main: .exactly(item.target), cross: crossConstraint,
        mainDefinite: mainIsDefinite(item))
      items[i].cross = FlexLayout.clamp(cross(measured), item.minCross, item.maxCross)
    }
    items[i].cross = Swift.max(items[i].cross, item.crossFloor)
    items[i].stretches = stretchesToContainer(item)
  }
}

extension FlexContainer {
  /// §8.3 and §9.4.8: the ascent of every item aligned by its baseline in a row whose lines
  /// run from the top. (In a column an item's baseline does not run across the axis: it falls
  /// back to its own start. In lines wrapping upwards, `wrap-reverse`, Chromium lines up last
  /// baselines from the bottom; Strata does not measure last baselines, and aligns such items
  /// as `flex-start`, which is where boxes without text go.) An item is laid out at its size
  /// for this: its baseline may come from its children.
  func findAscents() {
    guard isRow, crossStart == .top else { return }
    for i in items.indices
    where items[i].align == .baseline && !items[i].autoCrossStart && !items[i].autoCrossEnd {
      let item = items[i]
      let (w, h) = constraints(main: .exactly(item.target), cross: .exactly(item.cross))
      let laid = FlexLayout.layout(
        item.box, w, h, owner: childOwner,
        definite: definite(main: mainIsDefinite(item), cross: styledCross(item) != nil),
        perform: true, depth: depth + 1, pass: pass)
      items[i].ascent = item.margin.top + FlexLayout.baseline(of: item.box, size: laid)
    }
  }
}

extension FlexLayout {
  /// A laid-out box's first baseline, from its top (CSS Flexbox §8.5): its own
  /// ``FlexBox/baseline`` function's; else that of the first child on its first line that
  /// is aligned by its baseline (in a row), or of its first child, moved by where that child
  /// sits; else, with no child, its bottom edge.
  static func baseline(of box: FlexBox, size: Size) -> Double {
    if let f = box.baseline {
      let b = f(size.width, size.height)
      return b.isFinite ? b : size.height
    }
    let flow = box.children.filter { $0.style.display != .none && $0.style.position != .absolute }
    guard let first = flow.first else { return size.height }
    let isRow = box.style.flexDirection == .row || box.style.flexDirection == .rowReverse
    var chosen = first
    if isRow {
      let firstLine = flow.prefix(Swift.max(1, box.firstLineCount))
      if let aligned = firstLine.first(where: {
        ($0.style.alignSelf == .auto ? box.style.alignItems : $0.style.alignSelf) == .baseline
      }) {
        chosen = aligned
      }
    }
    return chosen.frame.minY - chosen.relativeShiftY + baseline(of: chosen, size: chosen.frame.size)
  }
}
