/// Where a scene snapshot takes the nodes it writes newly shown nodes over, and leaves the
/// nodes it no longer shows.
protocol SceneNodeSpares {
  /// A node to write the snapshot of `node` over.
  mutating func take(for node: Node) -> SceneNode
  /// Keeps `node`, no longer shown, for a later ``take(for:)``.
  mutating func keep(_ node: SceneNode)
  /// Keeps `nodes`, no longer shown, for later ``take(for:)``s.
  mutating func keep(_ nodes: ArraySlice<SceneNode>)
}

/// No spares, for a fresh snapshot: every node is new, and nodes not shown are dropped.
struct NoSpares: SceneNodeSpares {
  func take(for node: Node) -> SceneNode { SceneNode(bounds: .zero) }
  func keep(_ node: SceneNode) {}
  func keep(_ nodes: ArraySlice<SceneNode>) {}
}

/// The nodes a scene updated in place no longer shows, kept for their memory: a node shown
/// again is written over the spare whose children's array fits its children best.
struct SpareSceneNodes: SceneNodeSpares {
  private var nodes: [SceneNode] = []

  mutating func take(for node: Node) -> SceneNode {
    guard let k = nodes.bestFit(for: node.children.count, capacity: { $0.children.capacity })
    else { return SceneNode(bounds: .zero) }
    nodes.swapAt(k, nodes.count - 1)
    return nodes.removeLast()
  }

  mutating func keep(_ node: SceneNode) { nodes.append(node) }

  mutating func keep(_ nodes: ArraySlice<SceneNode>) { self.nodes.append(contentsOf: nodes) }
}
