/// An immutable snapshot of a node tree: what renderers and hosts read.
///
/// A scene is a value: it can be kept, compared, sent to another thread, and
/// drawn any number of times. Hidden nodes and nodes with zero alpha are left
/// out, since they draw nothing and take no taps.
public struct Scene: Hashable, Sendable, CustomReflectable {
  /// The size of the viewport in points.
  public private(set) var size: Size
  /// The root of the tree.
  public private(set) var root: SceneNode
  /// Nodes an ``update(root:size:)`` no longer needed, kept for their memory: a later update
  /// that shows more nodes again writes them over instead of making new ones. Not part of the
  /// scene's value (``==`` and ``hash(into:)`` leave it out).
  private var spares = SpareSceneNodes()

  /// What a scene shows when printed or dumped: its size and root (not the spares).
  public var customMirror: Mirror {
    Mirror(self, children: ["size": size, "root": root], displayStyle: .struct)
  }

  /// Whether two scenes have the same size and nodes.
  public static func == (a: Scene, b: Scene) -> Bool { a.size == b.size && a.root == b.root }
  /// Hashes the size and the nodes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(root)
  }

  /// Creates a scene from a root scene node.
  public init(size: Size, root: SceneNode) {
    self.size = size
    self.root = root
  }

  /// Snapshots the tree under `root` for a viewport of `size`.
  ///
  /// - Complexity: O(nodes in the tree that are visible).
  public init(root: Node, size: Size) {
    self.size = size
    self.root =
      Scene.snapshot(root, parentTransform: .identity)
      ?? SceneNode(bounds: Rect(origin: .zero, size: size), alpha: 0)
  }

  /// Snapshots the tree under `root` for a viewport of `size` into this scene, in place: the
  /// result equals ``init(root:size:)``'s, but the memory of this scene's nodes is reused (the
  /// first shown child of a node takes the place of the first child before, and so on), so a
  /// sequence that keeps one scene and updates it frame after frame does not build its
  /// nodes' arrays anew (as ``TutorialController/updateScene(_:)`` does).
  public mutating func update(root node: Node, size: Size) {
    self.size = size
    // Taken out, so that this scene holds the only reference to its nodes' arrays.
    var target = root
    root = SceneNode(bounds: .zero)
    if !Scene.snapshot(node, into: &target, parentTransform: .identity, spares: &spares) {
      target = SceneNode(bounds: Rect(origin: .zero, size: size), alpha: 0)
    }
    root = target
  }

  /// Writes the snapshot of `node` into `target`, reusing the memory of its children (and
  /// theirs); returns false, leaving `target` as it was, when the node is not shown. Children
  /// no longer shown go to `spares`, and new ones are written over spares first.
  static func snapshot<Spares: SceneNodeSpares>(
    _ node: Node, into target: inout SceneNode, parentTransform: Transform,
    decorative: Bool = false, spares: inout Spares
  ) -> Bool {
    let alpha = node.alpha.clamped(to: 0...1)
    guard !node.isHidden, alpha > 0 else { return false }
    let transform = node.localTransform.concatenating(parentTransform)
    let decorative =
      (decorative || node.isDecorativeLayer) && node.accessibilityLabel == nil
    var children: [SceneNode] = []
    swap(&children, &target.children)
    let kids = drawingOrder(of: node)
    children.reserveCapacity(kids.count)
    var shown = 0
    for child in kids {
      if shown < children.count {
        if snapshot(
          child, into: &children[shown], parentTransform: transform, decorative: decorative,
          spares: &spares)
        {
          shown += 1
        }
      } else if let made = snapshot(
        child, parentTransform: transform, decorative: decorative, spares: &spares)
      {
        children.append(made)
        shown += 1
      }
    }
    if children.count > shown {
      spares.keep(children[shown...])
      children.removeLast(children.count - shown)
    }
    target = SceneNode(
      name: node.name, content: node.content, bounds: node.bounds, transform: transform,
      alpha: alpha, backgroundColor: node.displayedBackgroundColor,
      cornerRadius: node.cornerRadius, border: node.border, shadow: node.shadow,
      clipsToBounds: node.clipsToBounds, mask: node.mask, children: children,
      isDecorative: decorative)
    return true
  }

  /// The children of `node` a scene shows, in the order of the scene node's children: those
  /// not hidden and not fully transparent, by ``Node/zPosition``, then as added. A tool that
  /// walks a ``Node`` tree beside its scene (a view debugger) pairs them with this.
  public static func shownChildren(of node: Node) -> [Node] {
    drawingOrder(of: node).filter { !$0.isHidden && $0.alpha.clamped(to: 0...1) > 0 }
  }

  /// `node`'s children in drawing order, hidden ones too: see ``Node/childrenInDrawingOrder``.
  public static func childrenInDrawingOrder(of node: Node) -> [Node] { drawingOrder(of: node) }

  /// `node`'s children in drawing order: by ``Node/zPosition``, then as added (the same array
  /// when they are in that order already; kept with the node until they change).
  static func drawingOrder(of node: Node) -> [Node] {
    let kids = node.children
    guard kids.count > 1,
      zip(kids, kids.dropFirst()).contains(where: { $0.zPosition > $1.zPosition })
    else { return kids }
    if let kept = node.drawingOrder { return kept }
    let sorted = kids.enumerated().sorted {
      ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
    }
    .map(\.element)
    node.drawingOrder = sorted
    return sorted
  }

  /// The snapshot of `node` and its shown descendants, or nil when it is not shown.
  static func snapshot(_ node: Node, parentTransform: Transform) -> SceneNode? {
    var spares = NoSpares()
    return snapshot(node, parentTransform: parentTransform, decorative: false, spares: &spares)
  }

  /// The snapshot of `node` and its shown descendants written over a node from `spares` (given
  /// back if `node` is not shown), or nil when it is not shown.
  static func snapshot<Spares: SceneNodeSpares>(
    _ node: Node, parentTransform: Transform, decorative: Bool, spares: inout Spares
  ) -> SceneNode? {
    var made = spares.take(for: node)
    if snapshot(
      node, into: &made, parentTransform: parentTransform, decorative: decorative,
      spares: &spares)
    {
      return made
    }
    spares.keep(made)
    return nil
  }

  /// The first node named `name`, in drawing order.
  public func node(named name: String) -> SceneNode? { root.node(named: name) }

  /// Every node, parents first, in drawing order.
  public var nodes: [SceneNode] {
    var out: [SceneNode] = []
    root.visit { out.append($0) }
    return out
  }
}
