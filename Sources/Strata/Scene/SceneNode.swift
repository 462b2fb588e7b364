/// One node of a ``Scene``: an immutable copy of a ``Node`` with its resolved geometry.
///
/// Geometry is given both locally (``bounds``, in the node's own space) and
/// resolved (``transform`` maps the node's space to the scene's; ``frame`` is the
/// scene-space box of the transformed bounds). ``alpha`` is the node's own group
/// opacity; ``opacity`` is the product along the path from the root.
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
    /// A button's title and state.
    case button(ButtonContent)
  }

  /// What a ``ButtonNode`` shows.
  public struct ButtonContent: Hashable, Sendable {
    /// The title, centred in the bounds.
    public var title: TextContent
    /// The action the button reports.
    public var actionIdentifier: String
    /// Whether it is being pressed.
    public var isHighlighted: Bool
    /// Whether it takes taps.
    public var isEnabled: Bool
    /// The background while highlighted, if set.
    public var highlightedBackgroundColor: Color?

    /// Creates button content.
    public init(
      title: TextContent, actionIdentifier: String, isHighlighted: Bool = false,
      isEnabled: Bool = true, highlightedBackgroundColor: Color? = nil
    ) {
      self.title = title
      self.actionIdentifier = actionIdentifier
      self.isHighlighted = isHighlighted
      self.isEnabled = isEnabled
      self.highlightedBackgroundColor = highlightedBackgroundColor
    }
  }

  /// The node's name.
  public var name: String?
  /// The node's content.
  public var content: Content
  /// The node's own coordinate space.
  public var bounds: Rect
  /// The map from the node's space to the scene's.
  public var transform: Transform
  /// The scene-space bounding box of the transformed bounds.
  public var frame: Rect
  /// The node's own group opacity, 0...1.
  public var alpha: Double
  /// The effective opacity: the product of ``alpha`` along the path from the root.
  public var opacity: Double
  /// The scene-space box that ancestors clip this node to, if any clip applies.
  ///
  /// It is the intersection of the ancestors' clip boxes; the exact clip shapes are
  /// the ancestors' bounds (with corner radius) and masks.
  public var clip: Rect?
  /// The background colour.
  public var backgroundColor: Color?
  /// The corner radius.
  public var cornerRadius: Double
  /// The border.
  public var border: Border?
  /// The shadow.
  public var shadow: Shadow?
  /// Whether children are cut to the bounds.
  public var clipsToBounds: Bool
  /// The mask, in the node's own coordinates.
  public var mask: Path?
  /// The children, in drawing order (bottom first).
  public var children: [SceneNode]

  /// Creates a scene node. Renderers and tests build scenes this way; apps get them from ``Node``s.
  public init(
    name: String? = nil, content: Content = .none, bounds: Rect, transform: Transform = .identity,
    alpha: Double = 1, opacity: Double? = nil, clip: Rect? = nil, backgroundColor: Color? = nil,
    cornerRadius: Double = 0, border: Border? = nil, shadow: Shadow? = nil,
    clipsToBounds: Bool = false, mask: Path? = nil, children: [SceneNode] = []
  ) {
    self.name = name
    self.content = content
    self.bounds = bounds
    self.transform = transform
    self.frame = transform.apply(to: bounds)
    self.alpha = alpha.clamped(to: 0...1)
    self.opacity = (opacity ?? alpha).clamped(to: 0...1)
    self.clip = clip
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
