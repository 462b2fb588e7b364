extension Node {
  /// The topmost visible node under `point` (in this node's parent's coordinates) that takes
  /// touches, searching children from the top down, as UIKit's `hitTest(_:with:)` does.
  ///
  /// Hidden nodes, nodes with alpha below 0.01, nodes with ``isUserInteractionEnabled`` off
  /// and transforms that cannot be inverted take no touches (nor do their children); a node
  /// that clips to its bounds hides its children outside them; a node that
  /// ``passesTouchesThrough`` lets a touch on itself (not on a child) go to what lies below.
  ///
  /// A scroll node that ``ScrollNode/passesTapsThrough`` (the controller's main scroll node)
  /// lets the topmost node below it decide: if that node is in an enabled control, the control
  /// takes the touch; otherwise the scroll node does. A control hidden under an opaque node
  /// does not (LUN's `LUNTapPassingScrollView`, which did let it).
  public func hitTest(_ point: Point) -> Node? {
    guard !isHidden, alpha >= 0.01, isUserInteractionEnabled,
      let local = localTransform.inverted()?.apply(to: point)
    else {
      return nil
    }
    let inside = bounds.contains(local)
    if clipsToBounds && !inside { return nil }
    if let mask, !mask.contains(local) { return nil }
    let ordered = children.enumerated().sorted {
      ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset)
    }.map(\.element)
    for (i, child) in ordered.enumerated() {
      guard let hit = child.hitTest(local) else { continue }
      if let scroll = child as? ScrollNode, scroll.passesTapsThrough {
        for sibling in ordered[(i + 1)...] {
          guard let below = sibling.hitTest(local) else { continue }
          if let control = below.enclosingControl { return control }
          break
        }
      }
      return hit
    }
    return inside && !passesTouchesThrough ? self : nil
  }

  /// This node, or its nearest ancestor, if it is an enabled button.
  public var enclosingControl: ButtonNode? {
    var n: Node? = self
    while let node = n {
      if let b = node as? ButtonNode, b.isEnabled { return b }
      n = node.parent
    }
    return nil
  }
}
