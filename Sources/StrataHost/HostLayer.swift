import Strata

/// A retained layer's identity: the same for as long as the node it mirrors stays in the
/// tree, never given to another layer by the same reconciler.
public struct HostLayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The number, from 1 up in the order layers were created.
  public let rawValue: UInt64

  /// Creates an identity.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }

  /// Earlier layers first.
  public static func < (a: HostLayerID, b: HostLayerID) -> Bool { a.rawValue < b.rawValue }

  /// `#12`.
  public var description: String { "#\(rawValue)" }
}

/// Where a layer sits in its superlayer, as Core Animation has it: its `bounds` (whose origin
/// moves its sublayers, as a scroll view's offset does), the `position` in the superlayer of
/// its `anchorPoint` (a fraction of the bounds), and a `transform` about that anchor.
public struct HostGeometry: Hashable, Sendable {
  /// The layer's own coordinate space.
  public var bounds: Rect
  /// Where the anchor point sits in the superlayer's coordinates.
  public var position: Point
  /// The point of the bounds, as a fraction (0.5, 0.5 is the centre), that `position` places
  /// and `transform` turns about.
  public var anchorPoint: Point
  /// The affine transform about the anchor point.
  public var transform: Transform

  /// Creates a geometry.
  public init(bounds: Rect, position: Point, anchorPoint: Point, transform: Transform) {
    self.bounds = bounds
    self.position = position
    self.anchorPoint = anchorPoint
    self.transform = transform
  }

  /// The map from the layer's space to its superlayer's (``Node/localTransform``'s).
  public var toSuperlayer: Transform {
    Transform.placing(bounds: bounds, anchorPoint: anchorPoint, transform: transform, at: position)
  }
}

/// How a layer's background is drawn: colour, rounded corners, border and shadow.
public struct HostAppearance: Hashable, Sendable {
  /// The background colour, as it shows now (a pressed button's darker one).
  public var backgroundColor: Color?
  /// The corner radius (the background, border and clip are rounded by it).
  public var cornerRadius: Double
  /// The border.
  public var border: Border?
  /// The shadow.
  public var shadow: Shadow?

  /// Creates an appearance.
  public init(
    backgroundColor: Color? = nil, cornerRadius: Double = 0, border: Border? = nil,
    shadow: Shadow? = nil
  ) {
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.border = border
    self.shadow = shadow
  }
}

/// What a layer draws between its background and its sublayers: a node's content laid out in
/// its bounds, which a host draws once into a bitmap and keeps while it is the same.
public struct HostContent: Hashable, Sendable {
  /// The text, image or shape.
  public var content: SceneNode.Content
  /// The bounds it is laid out in, in the layer's own coordinates (points).
  public var bounds: Rect
  /// When its layer clips to its bounds: the corner radius of that clip, which cuts the
  /// content as it cuts the sublayers (as the renderer and Core Animation's masksToBounds do).
  public var clipCornerRadius: Double?

  /// Creates a content laid out in `bounds`, cut to them (with rounded corners) when
  /// `clipCornerRadius` is given.
  public init(content: SceneNode.Content, bounds: Rect, clipCornerRadius: Double? = nil) {
    self.content = content
    self.bounds = bounds
    self.clipCornerRadius = clipCornerRadius
  }

  /// Creates a content laid out in bounds of `size` at the origin.
  public init(content: SceneNode.Content, size: Size) {
    self.init(content: content, bounds: Rect(origin: .zero, size: size))
  }

  /// The size of the bounds.
  public var size: Size { bounds.size }
}

/// Everything a host knows about one layer: the state a ``LayerBackend`` is told, and what
/// ``HostTree`` keeps.
public struct HostLayerState: Hashable, Sendable {
  /// The node's name, for debugging and tests.
  public var name: String?
  /// Where it sits.
  public var geometry: HostGeometry
  /// Its own group opacity, 0...1.
  public var alpha: Double
  /// Whether it is hidden (it keeps its place and its sublayers).
  public var isHidden: Bool
  /// Whether sublayers are cut to its bounds (rounded by the corner radius).
  public var clipsToBounds: Bool
  /// The mask, in its own coordinates.
  public var mask: Path?
  /// Its background.
  public var appearance: HostAppearance
  /// What it draws, if anything: for content made of plain filled shapes, their coverage (every
  /// fill white), coloured by ``tints``.
  public var content: HostContent?
  /// The colours of the content's shapes, when it was split (``HostContent/splitting(_:bounds:)``);
  /// empty when the content is drawn whole.
  public var tints: [HostTint]

  /// The state of `node` now: its geometry, its opacity clamped to 0...1 (0 when not
  /// finite), its displayed background and content.
  public init(node: Node) {
    self.init(node: node, content: node.content, split: nil)
  }

  /// The state of `node` whose content is `c`, split as `split` when given (it was split
  /// before and has not changed), else split now.
  init(node: Node, content c: SceneNode.Content, split: (HostContent?, [HostTint])?) {
    name = node.name
    geometry = HostGeometry(
      bounds: node.bounds, position: node.position, anchorPoint: node.anchorPoint,
      transform: node.transform)
    alpha = node.alpha.isFinite ? Swift.min(1, Swift.max(0, node.alpha)) : 0
    isHidden = node.isHidden
    clipsToBounds = node.clipsToBounds
    mask = node.mask
    appearance = HostAppearance(
      backgroundColor: node.displayedBackgroundColor, cornerRadius: node.cornerRadius,
      border: node.border, shadow: node.shadow)
    if let (content, tints) = split {
      self.content = content
      self.tints = tints
    } else if case .none = c {
      content = nil
      tints = []
    } else {
      (content, tints) = HostContent.splitting(c, bounds: node.bounds)
    }
    if node.clipsToBounds {
      content?.clipCornerRadius =
        node.cornerRadius.isFinite ? Swift.max(0, node.cornerRadius) : 0
    }
  }

  /// Creates a state from its parts.
  public init(
    name: String? = nil, geometry: HostGeometry, alpha: Double = 1, isHidden: Bool = false,
    clipsToBounds: Bool = false, mask: Path? = nil, appearance: HostAppearance = HostAppearance(),
    content: HostContent? = nil, tints: [HostTint] = []
  ) {
    self.name = name
    self.geometry = geometry
    self.alpha = alpha
    self.isHidden = isHidden
    self.clipsToBounds = clipsToBounds
    self.mask = mask
    self.appearance = appearance
    self.content = content
    self.tints = tints
  }

  /// The content as the node has it: ``content`` with ``tints`` put back.
  public var wholeContent: SceneNode.Content {
    guard let content else { return .none }
    return tints.isEmpty ? content.content : content.tinted(tints)
  }
}
