extension Node {
  /// The deepest visible node under `point` (in this node's parent's coordinates), searching
  /// children from the top down.
  ///
  /// Hidden nodes, nodes with alpha below 0.01 and transforms that cannot be inverted take no
  /// touches; a node that clips to its bounds hides its children outside them. A scroll node
  /// that ``ScrollNode/passesTapsThrough`` is skipped when a control lies under it, so a tap
  /// reaches the button below (LUN's `LUNTapPassingScrollView`).
  public func hitTest(_ point: Point) -> Node? {
    guard !isHidden, alpha >= 0.01, let local = localTransform.inverted()?.apply(to: point) else {
      return nil
    }
    let inside = bounds.contains(local)
    if clipsToBounds && !inside { return nil }
    if let mask, !mask.contains(local) { return nil }
    let ordered = children.enumerated().sorted {
      ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset)
    }
    for (index, child) in ordered {
      guard let hit = child.hitTest(local) else { continue }
      if let scroll = child as? ScrollNode, scroll.passesTapsThrough,
        hit === scroll || hit.isDescendant(of: scroll)
      {
        // Look for a control among the siblings below.
        let below = ordered.filter {
          $0.offset != index && ($0.element.zPosition, $0.offset) < (child.zPosition, index)
        }
        for (_, sibling) in below {
          if let control = sibling.hitTest(local)?.enclosingControl { return control }
        }
      }
      return hit
    }
    return inside ? self : nil
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
