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
