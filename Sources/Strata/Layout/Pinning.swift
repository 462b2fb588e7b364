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

/// Frame helpers in the spirit of PureLayout's pins: each sets the node's frame at once, in its
/// parent's coordinates, so a data source can lay a page out in the order it reads.
///
/// Pinning an edge moves the node, keeping its size, unless the edge across has been pinned
/// before: then the node stretches between the two (pin `leading` and `trailing` to get a
/// full-width button). Inset is measured inwards from the parent's edges; offset is a plain
/// distance along the axis (negative is up or left).
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
  /// nothing changes.
  public func pin(
    _ edge: LayoutEdge, toSuperviewEdgeWithInset inset: Double = 0, safeArea: Insets = .zero,
    direction: LayoutDirection = .leftToRight
  ) {
    guard let parent else { return }
    let screen = edge.resolved(direction)
    let area = parent.bounds
    let value: Double
    switch screen {
    case .top: value = area.minY + safeArea.top + inset
    case .bottom: value = area.maxY - safeArea.bottom - inset
    case .left, .leading: value = area.minX + safeArea.left + inset
    case .right, .trailing: value = area.maxX - safeArea.right - inset
    }
    place(screen, at: value)
  }

  /// Pins `edge` of this node to `otherEdge` of `sibling` (a node with the same parent), `offset`
  /// away along the axis.
  public func pin(
    _ edge: LayoutEdge, to otherEdge: LayoutEdge, of sibling: Node, offset: Double = 0,
    direction: LayoutDirection = .leftToRight
  ) {
    let value = sibling.frame.coordinate(of: otherEdge.resolved(direction)) + offset
    place(edge.resolved(direction), at: value)
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
  }

  /// Centres the node in its parent along the horizontal axis (`vertical: false`) or the
  /// vertical one, `offset` off centre.
  public func centerInSuperview(vertically: Bool = false, offset: Double = 0) {
    guard let parent else { return }
    var f = frame
    if vertically {
      f.origin.y = parent.bounds.midY - f.size.height / 2 + offset
    } else {
      f.origin.x = parent.bounds.midX - f.size.width / 2 + offset
    }
    frame = f
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
