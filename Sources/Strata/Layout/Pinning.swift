/// An edge of a node's frame. `leading` and `trailing` follow the layout direction (leading is
/// the left edge left to right, the right edge right to left); `left` and `right` never flip.
public enum LayoutEdge: String, Hashable, Sendable, CaseIterable {
  /// The top edge.
  case top
  /// The bottom edge.
  case bottom
  /// The edge text starts from: left, or right right to left.
  case leading
  /// The edge text ends at: right, or left right to left.
  case trailing
  /// The left edge, in every direction.
  case left
  /// The right edge, in every direction.
  case right

  /// The edge on the screen (`left`, `right`, `top`, `bottom`) for `direction`.
  public func resolved(_ direction: LayoutDirection) -> LayoutEdge {
    switch self {
    case .leading: return direction == .rightToLeft ? .right : .left
    case .trailing: return direction == .rightToLeft ? .left : .right
    default: return self
    }
  }

  /// Whether the edge is horizontal (top, bottom).
  var isVertical: Bool { self == .top || self == .bottom }

  /// The edge across from this one.
  var opposite: LayoutEdge {
    switch self {
    case .top: return .bottom
    case .bottom: return .top
    case .left: return .right
    case .right: return .left
    case .leading: return .trailing
    case .trailing: return .leading
    }
  }
}

extension Rect {
  /// The coordinate of a screen edge (`left`, `right`, `top` or `bottom`).
  func coordinate(of edge: LayoutEdge) -> Double {
    switch edge {
    case .top: return minY
    case .bottom: return maxY
    case .left, .leading: return minX
    case .right, .trailing: return maxX
    }
  }
}

/// Frame helpers in the spirit of PureLayout's pins, as sugar over flexbox: each sets the
/// node's frame at once, in its parent's coordinates, and gives the node the flexbox style
/// that says the same — positioned absolutely, each pinned edge an inset — so that when the
/// parent is laid out again (the controller lays out every layer when the page size changes,
/// a rotation) the node follows its parent's edges.
///
/// Pinning an edge moves the node, keeping its size, unless the edge across has been pinned
/// before: then the node stretches between the two (pin `leading` and `trailing` to get a
/// full-width button). Inset is measured inwards from the parent's edges; offset is a plain
/// distance along the axis (negative is up or left). Pins to a sibling's edge have no flexbox
/// word and are deprecated: lay siblings out in a flexbox column or row (a ``Node/flexStyle``
/// on each, or a ``StackNode``) instead; see Docs/Layout.md.
///
/// ```swift
/// login.setSize(Size(width: 0, height: 60))
/// login.pin(.leading, toSuperviewEdgeWithInset: 20)
/// login.pin(.trailing, toSuperviewEdgeWithInset: 20)
/// login.pin(.bottom, toSuperviewEdgeWithInset: 20, safeArea: controller.safeAreaInsets)
/// signUp.pin(.bottom, to: .top, of: login, offset: -10)
/// ```
extension Node {
  /// Pins `edge` to the same edge of the parent, `inset` inside it (and inside `safeArea`,
  /// for a layout that keeps clear of the status bar and the home indicator). Without a parent
  /// yet, the pin is kept and takes effect when the parent lays its children out (as the
  /// controller does with every layer's nodes), so nodes may be pinned before they are added.
  public func pin(
    _ edge: LayoutEdge, toSuperviewEdgeWithInset inset: Double = 0, safeArea: Insets = .zero,
    direction: LayoutDirection = .leftToRight
  ) {
    let screen = edge.resolved(direction)
    if let area = parent?.bounds {
      let value: Double
      switch screen {
      case .top: value = area.minY + safeArea.top + inset
      case .bottom: value = area.maxY - safeArea.bottom - inset
      case .left, .leading: value = area.minX + safeArea.left + inset
      case .right, .trailing: value = area.maxX - safeArea.right - inset
      }
      place(screen, at: value)
    } else {
      pinnedEdges.insert(screen)
    }
    var record = pinRecord ?? PinRecord()
    switch screen {
    case .top: record.insets[.top] = safeArea.top + inset
    case .bottom: record.insets[.bottom] = safeArea.bottom + inset
    case .left, .leading: record.insets[.left] = safeArea.left + inset
    case .right, .trailing: record.insets[.right] = safeArea.right + inset
    }
    record.forget(centreOn: screen.isVertical)
    keepPins(record)
  }

  /// Pins `edge` of this node to `otherEdge` of `sibling` (a node with the same parent), `offset`
  /// away along the axis. On a node also pinned to its parent, the position this sets is kept
  /// as a fixed inset when the parent is laid out again.
  @available(
    *, deprecated,
    message: "flexbox has no pins between siblings: lay them out in a column or row (flexStyle)"
  )
  public func pin(
    _ edge: LayoutEdge, to otherEdge: LayoutEdge, of sibling: Node, offset: Double = 0,
    direction: LayoutDirection = .leftToRight
  ) {
    let value = sibling.frame.coordinate(of: otherEdge.resolved(direction)) + offset
    let screen = edge.resolved(direction)
    place(screen, at: value)
    guard var record = pinRecord, let parent else { return }
    // Kept where it is now, from the parent's top or left edge.
    if screen.isVertical {
      record.insets[.top] = frame.minY - parent.bounds.minY
      record.insets[.bottom] = nil
    } else {
      record.insets[.left] = frame.minX - parent.bounds.minX
      record.insets[.right] = nil
    }
    record.forget(centreOn: screen.isVertical)
    keepPins(record)
  }

  /// Pins every edge but `excluded` to the parent's, `insets` inside.
  public func pinEdgesToSuperview(
    insets: Insets = .zero, excluding excluded: LayoutEdge? = nil,
    direction: LayoutDirection = .leftToRight
  ) {
    let skip = excluded?.resolved(direction)
    for (edge, inset) in [
      (LayoutEdge.top, insets.top), (.left, insets.left), (.bottom, insets.bottom),
      (.right, insets.right),
    ] where edge != skip {
      pin(edge, toSuperviewEdgeWithInset: inset)
    }
  }

  /// Sets the size, keeping the top-left corner, and forgets earlier pins (so later pins move
  /// the node again instead of stretching it).
  public func setSize(_ size: Size) {
    frame = Rect(origin: frame.origin, size: size)
    pinnedEdges = []
    if pinRecord != nil {
      pinRecord = nil
      flexStyle = nil
    }
  }

  /// Centres the node in its parent along the horizontal axis (`vertical: false`) or the
  /// vertical one, `offset` off centre. Without a parent yet, it is centred when the parent
  /// lays its children out.
  public func centerInSuperview(vertically: Bool = false, offset: Double = 0) {
    var f = frame
    var record = pinRecord ?? PinRecord()
    let area = parent?.bounds ?? Rect(origin: .zero, size: f.size)
    if vertically {
      f.origin.y = area.midY - f.size.height / 2 + offset
      record.insets[.top] = nil
      record.insets[.bottom] = nil
      record.centreY = offset
    } else {
      f.origin.x = area.midX - f.size.width / 2 + offset
      record.insets[.left] = nil
      record.insets[.right] = nil
      record.centreX = offset
    }
    frame = f
    keepPins(record)
  }

  /// Keeps `record` and gives the node the style it makes, for the node's frame now.
  private func keepPins(_ record: PinRecord) {
    pinRecord = record
    flexStyle = record.style(size: frame.size, origin: frame.origin)
  }

  /// Moves (or, when the edge across is pinned, stretches) the node so that its screen edge
  /// `edge` lies at `value`.
  func place(_ edge: LayoutEdge, at value: Double) {
    guard value.isFinite else { return }
    var f = frame
    let stretch = pinnedEdges.contains(edge.opposite)
    switch edge {
    case .top:
      if stretch {
        f = Rect(x: f.minX, y: value, width: f.width, height: Swift.max(0, f.maxY - value))
      } else {
        f.origin.y = value
      }
    case .bottom:
      if stretch {
        f.size.height = Swift.max(0, value - f.minY)
      } else {
        f.origin.y = value - f.height
      }
    case .left, .leading:
      if stretch {
        f = Rect(x: value, y: f.minY, width: Swift.max(0, f.maxX - value), height: f.height)
      } else {
        f.origin.x = value
      }
    case .right, .trailing:
      if stretch {
        f.size.width = Swift.max(0, value - f.minX)
      } else {
        f.origin.x = value - f.width
      }
    }
    frame = f
    pinnedEdges.insert(edge)
  }
}

/// A node's pins to its parent: the inset of each pinned screen edge, and the offset from the
/// centre on an axis it was centred on. As a flexbox style it is an absolutely positioned box
/// with those insets (a centred axis: 50 % and a margin of minus half the size); an axis with
/// both edges pinned has no size of its own, one with neither keeps the node's position.
struct PinRecord: Hashable {
  /// Inset from the parent's edge, by screen edge (`top`, `bottom`, `left`, `right`).
  var insets: [LayoutEdge: Double] = [:]
  /// The offset from the parent's centre, on the horizontal axis when the node is centred on
  /// it.
  var centreX: Double?
  /// The same on the vertical axis.
  var centreY: Double?

  /// Forgets the centring of the axis of an edge just pinned.
  mutating func forget(centreOn vertical: Bool) {
    if vertical { centreY = nil } else { centreX = nil }
  }

  /// The style for a node now `size` large at `origin` in its parent.
  func style(size: Size, origin: Point) -> FlexStyle {
    var s = FlexStyle()
    s.position = .absolute
    func axis(
      _ start: LayoutEdge, _ end: LayoutEdge, centre: Double?, length: Double, at: Double
    ) -> (start: FlexLength?, end: FlexLength?, margin: FlexLength?, size: FlexLength) {
      let a = insets[start]
      let b = insets[end]
      if let a, let b { return (.points(a), .points(b), nil, .auto) }
      if let a { return (.points(a), nil, nil, .points(length)) }
      if let b { return (nil, .points(b), nil, .points(length)) }
      if let centre { return (.percent(50), nil, .points(centre - length / 2), .points(length)) }
      return (.points(at), nil, nil, .points(length))
    }
    let h = axis(.left, .right, centre: centreX, length: size.width, at: origin.x)
    s.insets.left = h.start
    s.insets.right = h.end
    s.margin.left = h.margin
    s.width = h.size
    let v = axis(.top, .bottom, centre: centreY, length: size.height, at: origin.y)
    s.insets.top = v.start
    s.insets.bottom = v.end
    s.margin.top = v.margin
    s.height = v.size
    return s
  }
}
