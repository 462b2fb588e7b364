/// The flexbox algorithm (CSS Flexible Box Layout §9, with Yoga's defaults and its
/// measure-constraint conventions), over ``FlexBox`` trees.
enum FlexLayout {
  /// Lengths on the four physical edges.
  struct Edges {
    var left = 0.0
    var right = 0.0
    var top = 0.0
    var bottom = 0.0

    subscript(edge: FlexPhysicalEdge) -> Double {
      switch edge {
      case .left: return left
      case .right: return right
      case .top: return top
      case .bottom: return bottom
      }
    }

    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }
  }

  /// `edges` resolved against `base` (percentages of the containing block's width), `auto` and
  /// unknown as 0; padding and borders are never negative.
  static func resolve(
    _ edges: FlexEdges, _ base: Double?, _ direction: LayoutDirection, nonNegative: Bool
  ) -> Edges {
    func v(_ e: FlexPhysicalEdge) -> Double {
      let r = edges.value(e, direction)?.resolve(base) ?? 0
      return nonNegative ? Swift.max(0, r) : r
    }
    return Edges(left: v(.left), right: v(.right), top: v(.top), bottom: v(.bottom))
  }

  static func margins(_ box: FlexBox, owner: FlexOwner, direction: LayoutDirection) -> Edges {
    resolve(box.style.margin, owner.width, direction, nonNegative: false)
  }

  /// Padding and border together.
  static func paddingAndBorder(_ box: FlexBox, owner: FlexOwner, direction: LayoutDirection)
    -> Edges
  {
    let p = resolve(box.style.padding, owner.width, direction, nonNegative: true)
    let b = border(box, direction: direction)
    return Edges(
      left: p.left + b.left, right: p.right + b.right, top: p.top + b.top,
      bottom: p.bottom + b.bottom)
  }

  /// Border widths (points only: a percentage border counts as 0, as in CSS).
  static func border(_ box: FlexBox, direction: LayoutDirection) -> Edges {
    resolve(box.style.border, nil, direction, nonNegative: true)
  }

  /// `value` within `minimum` and `maximum` (the minimum wins when they cross, as in CSS).
  static func clamp(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
    var r = value
    if let m = maximum, r > m { r = m }
    if let m = minimum, r < m { r = m }
    return r
  }

  /// The box's own direction: its style's, or its owner's.
  static func direction(of box: FlexBox, in owner: LayoutDirection) -> LayoutDirection {
    switch box.style.direction {
    case .inherit: return owner
    case .ltr: return .leftToRight
    case .rtl: return .rightToLeft
    }
  }

  /// A length of a size property: non-negative, or `nil`.
  static func size(_ length: FlexLength, _ base: Double?) -> Double? {
    length.resolve(base).map { Swift.max(0, $0) }
  }

  /// Lays out (or, without `perform`, only measures) `box` within `width` × `height`, giving
  /// its border-box size; with `perform`, its children's frames are set.
  static func layout(
    _ box: FlexBox, _ width: FlexConstraint, _ height: FlexConstraint, owner: FlexOwner,
    definite: FlexDefinite = .both, perform: Bool, depth: Int, pass: FlexPass
  ) -> Size {
    var width = width
    var height = height
    // An aspect ratio gives the size that is not exact from the one that is.
    if let r = box.style.usableAspectRatio {
      if let w = width.exact, height.exact == nil {
        height = .exactly(w / r)
      } else if let h = height.exact, width.exact == nil {
        width = .exactly(h * r)
      }
    }
    // The containing block's size matters only to a box that resolves percentages.
    let key = FlexCacheKey(
      width: width, height: height,
      owner: box.usesPercentages
        ? owner : FlexOwner(width: nil, height: nil, direction: owner.direction),
      definite: box.children.isEmpty ? FlexDefinite(contentOnly: definite.contentOnly) : definite)
    if box.laidOut == key {
      pass.reused += 1
      return box.frame.size
    }
    if !perform, let hit = box.measured.first(where: { $0.key == key }) {
      pass.reused += 1
      return hit.size
    }
    pass.computed += 1
    let direction = Self.direction(of: box, in: owner.direction)
    box.resolvedDirection = direction
    let result: Size
    if depth >= FlexBox.maximumDepth || box.style.display == .none {
      result = .zero
      if perform { hide(box.children) }
    } else if box.children.isEmpty {
      result = leaf(
        box, width, height, owner: owner, direction: direction, bounded: !definite.contentOnly)
    } else {
      let container = FlexContainer(
        box: box, width: width, height: height, owner: owner, definite: definite,
        direction: direction, depth: depth, pass: pass)
      result = container.run(perform: perform)
    }
    if perform {
      box.frame.size = result
      box.laidOut = key
    } else {
      if box.measured.count >= 16 { box.measured.removeFirst() }
      box.measured.append((key, result))
    }
    return result
  }

  /// Gives `boxes` and their descendants empty frames (without recursion: a tree may be
  /// deeper than the stack).
  static func hide(_ boxes: [FlexBox]) {
    var pending = boxes
    while let b = pending.popLast() {
      b.frame = .zero
      b.laidOut = nil
      pending.append(contentsOf: b.children)
    }
  }

  /// The border-box size along one axis: exact, or the content within the bounds.
  ///
  /// A limit (`atMost`) is what the content was laid out in, not a cap: content that could
  /// not fit (fixed sizes, a long word) overflows, as CSS's fit-content size (at least the
  /// min-content size) does.
  static func fit(
    _ constraint: FlexConstraint, content: Double, minimum: Double?, maximum: Double?,
    floor: Double
  ) -> Double {
    let value: Double
    switch constraint {
    case .exactly(let v): value = v
    case .atMost, .unbounded: value = clamp(content, minimum, maximum)
    }
    return Swift.max(value, floor)
  }

  /// A box without children: its measured content, padding and border.
  static func leaf(
    _ box: FlexBox, _ width: FlexConstraint, _ height: FlexConstraint, owner: FlexOwner,
    direction: LayoutDirection, bounded: Bool
  ) -> Size {
    let pb = paddingAndBorder(box, owner: owner, direction: direction)
    var content = Size.zero
    if let measure = box.measure {
      let m = measure(width.reduced(by: pb.horizontal), height.reduced(by: pb.vertical))
      content = Size(
        width: m.width.isFinite ? Swift.max(0, m.width) : 0,
        height: m.height.isFinite ? Swift.max(0, m.height) : 0)
    }
    let s = box.style
    func bound(_ length: FlexLength, _ base: Double?) -> Double? {
      bounded ? size(length, base) : nil
    }
    return Size(
      width: fit(
        width, content: content.width + pb.horizontal, minimum: bound(s.minWidth, owner.width),
        maximum: bound(s.maxWidth, owner.width), floor: pb.horizontal),
      height: fit(
        height, content: content.height + pb.vertical, minimum: bound(s.minHeight, owner.height),
        maximum: bound(s.maxHeight, owner.height), floor: pb.vertical))
  }
}
