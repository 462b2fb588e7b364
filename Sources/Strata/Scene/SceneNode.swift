/// One node of a ``Scene``: an immutable copy of a ``Node`` with its resolved geometry and
/// looks.
///
/// Geometry is given both locally (``bounds``, in the node's own space) and
/// resolved (``transform`` maps the node's space to the scene's; ``frame`` is the
/// scene-space box of the transformed bounds). ``alpha`` is the node's own group opacity.
///
/// A scene says only what to draw: looks that depend on state — a pressed or disabled
/// button — are resolved by the model (``Node/displayedBackgroundColor``,
/// ``Node/content``), so every host draws them alike.
public struct SceneNode: Hashable, Sendable {
  /// What a node draws between its background and its children.
  public enum Content: Hashable, Sendable {
    /// Nothing.
    case none
    /// An image placed in the bounds.
    case image(Image, ContentMode)
    /// Text laid out in the bounds.
    case text(TextContent, TextNode.VerticalAlignment)
    /// A filled and/or stroked path in the node's coordinates.
    case shape(VectorImage.Shape)
  }

  /// The node's name.
  public let name: String?
  /// The node's content.
  public let content: Content
  /// The node's own coordinate space.
  public let bounds: Rect
  /// The map from the node's space to the scene's.
  public let transform: Transform
  /// The scene-space bounding box of the transformed bounds.
  public let frame: Rect
  /// The node's own group opacity, 0...1.
  public let alpha: Double
  /// The background colour.
  public let backgroundColor: Color?
  /// The corner radius.
  public let cornerRadius: Double
  /// The border.
  public let border: Border?
  /// The shadow.
  public let shadow: Shadow?
  /// Whether children are cut to the bounds.
  public let clipsToBounds: Bool
  /// The mask, in the node's own coordinates.
  public let mask: Path?
  /// The children, in drawing order (bottom first).
  public internal(set) var children: [SceneNode]
  /// Whether the node is part of a decorative layer (a background, a wireframe, an icon) and
  /// not given an ``Node/accessibilityLabel``: screen readers skip it, and accessibility audits
  /// do not check its text.
  public let isDecorative: Bool

  /// Creates a scene node. Renderers and tests build scenes this way; apps get them from ``Node``s.
  public init(
    name: String? = nil, content: Content = .none, bounds: Rect, transform: Transform = .identity,
    alpha: Double = 1, backgroundColor: Color? = nil,
    cornerRadius: Double = 0, border: Border? = nil, shadow: Shadow? = nil,
    clipsToBounds: Bool = false, mask: Path? = nil, children: [SceneNode] = [],
    isDecorative: Bool = false
  ) {
    self.isDecorative = isDecorative
    self.name = name
    self.content = content
    self.bounds = bounds
    self.transform = transform
    self.frame = transform.apply(to: bounds)
    self.alpha = alpha.clamped(to: 0...1)
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.border = border
    self.shadow = shadow
    self.clipsToBounds = clipsToBounds
    self.mask = mask
    self.children = children
  }

  /// Calls `body` on this node and its descendants, parents first, in drawing order.
  public func visit(_ body: (SceneNode) -> Void) {
    body(self)
    for c in children { c.visit(body) }
  }

  /// The first node named `name` in this subtree, in drawing order.
  public func node(named name: String) -> SceneNode? {
    if self.name == name { return self }
    for c in children {
      if let n = c.node(named: name) { return n }
    }
    return nil
  }

  /// The number of nodes in this subtree.
  public var nodeCount: Int { children.reduce(1) { $0 + $1.nodeCount } }
}
