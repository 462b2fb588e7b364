/// An immutable snapshot of a node tree: what renderers and hosts read.
///
/// A scene is a value: it can be kept, compared, sent to another thread, and
/// drawn any number of times. Hidden nodes and nodes with zero alpha are left
/// out, since they draw nothing and take no taps.
public struct Scene: Hashable, Sendable {
  /// The size of the viewport in points.
  public let size: Size
  /// The root of the tree.
  public let root: SceneNode

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

  static func snapshot(_ node: Node, parentTransform: Transform, decorative: Bool = false)
    -> SceneNode?
  {
    let alpha = node.alpha.clamped(to: 0...1)
    guard !node.isHidden, alpha > 0 else { return nil }
    let transform = node.localTransform.concatenating(parentTransform)
    let decorative =
      (decorative || node.isDecorativeLayer) && node.accessibilityLabel == nil
    var kids = node.children
    if kids.count > 1, kids.contains(where: { $0.zPosition != 0 }) {
      kids = kids.enumerated().sorted {
        ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
      }
      .map(\.element)
    }
    var children: [SceneNode] = []
    children.reserveCapacity(kids.count)
    for child in kids {
      if let s = snapshot(child, parentTransform: transform, decorative: decorative) {
        children.append(s)
      }
    }
    return SceneNode(
      name: node.name, content: node.content, bounds: node.bounds, transform: transform,
      alpha: alpha, backgroundColor: node.displayedBackgroundColor,
      cornerRadius: node.cornerRadius, border: node.border, shadow: node.shadow,
      clipsToBounds: node.clipsToBounds, mask: node.mask, children: children,
      isDecorative: decorative)
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
