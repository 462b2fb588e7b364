/// A rectangle in the virtual view tree: the Strata counterpart of a `UIView` or `CALayer`.
///
/// A node has its own coordinate space, ``bounds``; its ``position`` is where
/// its ``anchorPoint`` sits in the parent's space, and ``transform`` turns and
/// scales it about that anchor, as in Core Animation. ``frame`` is the
/// untransformed rectangle in the parent's space.
///
/// A node's ``alpha`` applies to it and its children as one flattened group.
/// Children draw in ``zPosition`` order, then in the order they were added.
///
/// Subclass a node to carry other content by overriding ``content``; the
/// renderer draws the background, then the content, then the children.
///
/// - Note: Nodes are classes because they have identity (the controller hands the
///   same node to an animator on every update). They are not thread-safe; build
///   one controller per thread and share only ``Scene`` values.
open class Node {
  /// The properties an animator may change, which the controller resets to
  /// their laid-out values before every update.
  public struct AnimatedProperties: Hashable, Sendable {
    /// See ``Node/position``.
    public var position: Point
    /// See ``Node/transform``.
    public var transform: Transform
    /// See ``Node/alpha``.
    public var alpha: Double
    /// See ``Node/isHidden``.
    public var isHidden: Bool
    /// See ``Node/backgroundColor``.
    public var backgroundColor: Color?
    /// See ``Node/mask``.
    public var mask: Path?
    /// See ``Node/zPosition``.
    public var zPosition: Double
  }

  /// A name to find the node by (in tests, scripts and ``Scene/node(named:)``).
  public var name: String?
  /// The node's own coordinate space: its origin is the point shown at the top-left corner
  /// (a scroll node's content offset), its size the node's size.
  public var bounds: Rect
  /// Where the ``anchorPoint`` lies in the parent's coordinate space.
  public var position: Point
  /// The point about which ``transform`` applies, in unit coordinates of the bounds
  /// ((0, 0) top-left, (0.5, 0.5) centre, the default).
  public var anchorPoint: Point
  /// A transform applied about the anchor point.
  public var transform: Transform
  /// Opacity of the node and its children as one group, 0...1 (clamped when drawn).
  public var alpha: Double
  /// Whether the node and its children are left out of the scene.
  public var isHidden: Bool
  /// The colour that fills the bounds (with ``cornerRadius``), if any.
  public var backgroundColor: Color?
  /// The radius of the corners of the background, border and clip.
  public var cornerRadius: Double
  /// A line drawn inside the edge of the bounds, if any.
  public var border: Border?
  /// A shadow cast by the node's shape (or by ``Shadow/path``), if any.
  public var shadow: Shadow?
  /// Whether the content and the children are cut to the bounds (with ``cornerRadius``), as
  /// Core Animation's `masksToBounds` cuts a layer's contents and sublayers.
  public var clipsToBounds: Bool
  /// A path in the node's own coordinates; only what lies inside it is drawn (the node and its children).
  public var mask: Path?
  /// The order among siblings: larger values draw later (on top). Equal values keep insertion order.
  public var zPosition: Double {
    didSet { if zPosition != oldValue { parent?.drawingOrder = nil } }
  }
  /// Whether the node and its children take touches (UIKit's `isUserInteractionEnabled`).
  public var isUserInteractionEnabled: Bool = true
  /// Whether a touch on the node itself, not on one of its children, goes to what lies below
  /// it: true for nodes that only arrange others (the controller's page slots), and by
  /// default for text and images, which take no touches in UIKit either.
  public var passesTouchesThrough: Bool = false
  /// What a screen reader reads for this node. Setting it makes the node one element (its
  /// children are not read separately), and shows it even in a decorative layer (a background
  /// or an icon that means something). `nil`: text nodes read their text, buttons their title.
  public var accessibilityLabel: String?
  /// A value read after the label.
  public var accessibilityValue: String?
  /// What activating the node does, read after a pause.
  public var accessibilityHint: String?
  /// What the node is; `nil` for its kind's default (`.staticText`, `.button`, `.image`).
  public var accessibilityTraits: AccessibilityTraits?
  /// Whether the node and its children are left out of the accessibility tree.
  public var isAccessibilityHidden = false
  /// Whether the node is the root of a decorative layer (the static background, a page's
  /// slot of backgrounds and wireframes, its icon slot): the controller marks them, and screen
  /// readers and audits take what is under one, unlabelled, for a picture.
  public internal(set) var isDecorativeLayer = false
  /// Where layout last put the node's frame origin, so that what a data source set is read
  /// as an offset from it when the node is placed again.
  var layoutOrigin: Point?
  /// The child nodes, in insertion order.
  public private(set) var children: [Node] = [] {
    didSet { drawingOrder = nil }
  }
  /// The children sorted by ``zPosition`` (see ``Scene``), kept until the children or one of
  /// their positions change, so that a scene snapshotted frame after frame does not sort them
  /// anew.
  var drawingOrder: [Node]?
  /// The node this one is a child of.
  public private(set) weak var parent: Node?
  /// How flexbox lays it out in its parent (see ``layoutStyledChildren(measurer:direction:)``);
  /// `nil`: its frame is set by hand, as before. (A spec node's `style`.)
  public var flexStyle: FlexStyle?
  /// The box that mirrors it in flexbox layout, kept between passes so that layout is
  /// incremental.
  var flexBox: FlexBox?
  /// The content it was last measured with.
  var flexContent: SceneNode.Content?
  /// The screen edges pinned since the size was last set (see ``pin(_:toSuperviewEdgeWithInset:safeArea:direction:)``).
  var pinnedEdges: Set<LayoutEdge> = []
  /// The pins to the parent, kept as the flexbox style they make (see ``PinRecord``).
  var pinRecord: PinRecord?

  /// Creates a node with the given frame.
  public init(frame: Rect = .zero, name: String? = nil) {
    let f = frame.standardized
    self.name = name
    self.bounds = Rect(origin: .zero, size: f.size)
    self.anchorPoint = Point(x: 0.5, y: 0.5)
    self.position = Point(x: f.midX, y: f.midY)
    self.transform = .identity
    self.alpha = 1
    self.isHidden = false
    self.backgroundColor = nil
    self.cornerRadius = 0
    self.border = nil
    self.shadow = nil
    self.clipsToBounds = false
    self.mask = nil
    self.zPosition = 0
  }

  /// What the node draws between its background and its children; nothing for a plain node.
  open var content: SceneNode.Content { .none }

  /// The children in the order they are drawn, bottom first: by ``zPosition``, then as added;
  /// hidden and transparent ones too (a retained layer tree keeps their layers).
  public var childrenInDrawingOrder: [Node] { Scene.childrenInDrawingOrder(of: self) }

  /// The style flexbox lays this node and its children out by: its ``flexStyle`` (or the
  /// default), with whatever a layout node built on flexbox decides for its children (a
  /// ``StackNode``'s axis, spacing and alignment).
  func flexContainerStyle() -> FlexStyle { flexStyle ?? FlexStyle() }

  /// The size this node would like within `proposal` (either side may be infinite), for
  /// layouts such as ``StackNode``: its frame's size unless a subclass knows better (a text node
  /// measures its text, an image node gives its image's size, a stack adds up its nodes).
  open func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size { bounds.size }

  /// The background as it shows now: ``backgroundColor`` for a plain node; a subclass whose
  /// looks depend on its state (a pressed button) resolves them here, so scenes carry only
  /// what to draw.
  open var displayedBackgroundColor: Color? { backgroundColor }

  /// The untransformed rectangle the node occupies in its parent's coordinate space.
  ///
  /// Setting it changes ``position`` and the size of ``bounds`` (not the bounds' origin).
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width,
        y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      let f = newValue.standardized
      bounds.size = f.size
      position = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
    }
  }

  /// The size of the bounds.
  public var size: Size {
    get { bounds.size }
    set { bounds.size = newValue }
  }

  /// The values of the properties animators change.
  public var animatedProperties: AnimatedProperties {
    get {
      AnimatedProperties(
        position: position, transform: transform, alpha: alpha, isHidden: isHidden,
        backgroundColor: backgroundColor, mask: mask, zPosition: zPosition)
    }
    set {
      position = newValue.position
      transform = newValue.transform
      alpha = newValue.alpha
      isHidden = newValue.isHidden
      backgroundColor = newValue.backgroundColor
      mask = newValue.mask
      zPosition = newValue.zPosition
    }
  }

  /// The transform from this node's coordinate space (its bounds) to its parent's.
  public var localTransform: Transform {
    Transform.placing(bounds: bounds, anchorPoint: anchorPoint, transform: transform, at: position)
  }

  /// The transform from this node's coordinate space to the root's.
  public var transformToRoot: Transform {
    var t = localTransform
    var p = parent
    while let node = p {
      t = t.concatenating(node.localTransform)
      p = node.parent
    }
    return t
  }

  // MARK: The tree

  /// Adds `child` on top of the other children, removing it from its old parent first.
  ///
  /// Adding a node to itself or to one of its own descendants is ignored (it would make a cycle).
  public func addChild(_ child: Node) {
    insertChild(child, at: children.count)
  }

  /// Inserts `child` at `index` (clamped to the valid range) among the children.
  public func insertChild(_ child: Node, at index: Int) {
    guard !isDescendant(of: child) else { return }
    child.removeFromParent()
    children.insert(child, at: Swift.min(Swift.max(0, index), children.count))
    child.parent = self
  }

  /// Inserts `child` just above `sibling`; at the top when `sibling` is not a child.
  public func insertChild(_ child: Node, above sibling: Node) {
    if child === sibling { return }
    child.removeFromParent()
    if let i = children.firstIndex(where: { $0 === sibling }) {
      insertChild(child, at: i + 1)
    } else {
      addChild(child)
    }
  }

  /// Inserts `child` just below `sibling`; at the bottom when `sibling` is not a child.
  public func insertChild(_ child: Node, below sibling: Node) {
    if child === sibling { return }
    child.removeFromParent()
    if let i = children.firstIndex(where: { $0 === sibling }) {
      insertChild(child, at: i)
    } else {
      insertChild(child, at: 0)
    }
  }

  /// Removes the node from its parent.
  public func removeFromParent() {
    guard let p = parent else { return }
    if let i = p.children.firstIndex(where: { $0 === self }) { p.children.remove(at: i) }
    parent = nil
  }

  /// Removes every child.
  public func removeAllChildren() {
    for c in children { c.parent = nil }
    children.removeAll()
  }

  /// Moves the node above its siblings.
  public func bringToFront() {
    guard let p = parent else { return }
    p.addChild(self)
  }

  /// Moves the node below its siblings.
  public func sendToBack() {
    guard let p = parent else { return }
    p.insertChild(self, at: 0)
  }

  /// Whether `node` is this node or one of its ancestors.
  public func isDescendant(of node: Node) -> Bool {
    var p: Node? = self
    while let n = p {
      if n === node { return true }
      p = n.parent
    }
    return false
  }

  /// The first node named `name` in this subtree, depth first, this node included.
  public func descendant(named name: String) -> Node? {
    if self.name == name { return self }
    for c in children {
      if let found = c.descendant(named: name) { return found }
    }
    return nil
  }

  /// Calls `body` on this node and every descendant, parents before children.
  public func forEachInSubtree(_ body: (Node) -> Void) {
    body(self)
    for c in children { c.forEachInSubtree(body) }
  }

  /// `point` in this node's coordinates, expressed in `other`'s (or the root's, for `nil`).
  ///
  /// Returns `nil` when a transform on the way cannot be inverted.
  public func convert(_ point: Point, to other: Node?) -> Point? {
    let toRoot = transformToRoot.apply(to: point)
    guard let other else { return toRoot }
    return other.transformToRoot.inverted()?.apply(to: toRoot)
  }
}

/// A line drawn along the inside of a node's edge.
public struct Border: Hashable, Sendable {
  /// The line width in points.
  public var width: Double
  /// The line colour.
  public var color: Color

  /// Creates a border.
  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}

/// A blurred shadow cast by a node, as Core Animation's layer shadow.
public struct Shadow: Hashable, Sendable {
  /// The shadow's colour (its alpha multiplies ``opacity``).
  public var color: Color
  /// The shadow's opacity, 0...1.
  public var opacity: Double
  /// How far the shadow is moved from the node.
  public var offset: Vector
  /// The blur radius in points (Core Animation's `shadowRadius`).
  public var radius: Double
  /// The shape that casts the shadow, in the node's coordinates; `nil` means the node's
  /// background shape (its bounds with ``Node/cornerRadius``).
  public var path: Path?

  /// Creates a shadow.
  public init(
    color: Color = .black, opacity: Double = 1, offset: Vector = .zero, radius: Double = 3,
    path: Path? = nil
  ) {
    self.color = color
    self.opacity = opacity.clamped(to: 0...1)
    self.offset = offset
    self.radius = radius
    self.path = path
  }
}

extension Node {
  /// Puts the node's frame origin at `origin` plus the offset its data source gave: the
  /// origin of the frame it came with, less where layout put it last time (so that placing
  /// the same node again does not add the offset twice).
  func place(at origin: Point) {
    let given = frame
    let base = layoutOrigin ?? .zero
    layoutOrigin = origin
    frame = Rect(
      x: origin.x + given.minX - base.x, y: origin.y + given.minY - base.y, width: given.width,
      height: given.height)
  }

  /// Centres the node in `rect` (in its parent's coordinates), plus the offset its data
  /// source gave; see ``place(at:)``.
  func place(centredIn rect: Rect) {
    place(at: Point(x: rect.midX - bounds.width / 2, y: rect.midY - bounds.height / 2))
  }
}
