/// The nodes of one page, across the paged layers.
///
/// The controller builds a page when it comes near the viewport and hands it
/// to ``TutorialController/configurePage(_:)``, where a subclass can add or
/// rearrange nodes.
public final class TutorialPage {
  /// The page's index.
  public let index: Int
  /// The page's full-screen slot in the backgrounds scroll node; it holds the dynamic
  /// background and the wireframe. It does not clip, so large artwork may spill into
  /// neighbouring pages.
  public let container: Node
  /// The page's slot in the labels scroll node.
  public let labelSlot: Node
  /// The page's slot in the icons scroll node: a zero-height line on the arc's peak.
  public let iconSlot: Node
  /// The page's node in each layer, by ``TutorialLayer/rawValue`` (`nil` for the static
  /// layers and empty ones).
  private let nodes: [Node?]

  var base: [(Node, Node.AnimatedProperties)] = []
  /// The laid-out state of the page's layer nodes (for reduced motion).
  var layerBase: [(Node, Node.AnimatedProperties)] = []
  /// The animated images on the page, which the controller drives.
  var animatedImages: [AnimatedImageNode] = []

  init(
    index: Int, container: Node, labelSlot: Node, iconSlot: Node, nodes: [TutorialLayer: Node]
  ) {
    self.index = index
    self.container = container
    self.labelSlot = labelSlot
    self.iconSlot = iconSlot
    self.nodes = TutorialLayer.allCases.map { $0.isPaged ? nodes[$0] : nil }
  }

  /// The page's node in `layer`, or `nil` for a static layer or an empty one.
  public func node(in layer: TutorialLayer) -> Node? { nodes[layer.rawValue] }

  /// The dynamic background, filling ``container``.
  public var dynamicBackground: Node? { node(in: .dynamicBackground) }
  /// The wireframe, centred in ``container``.
  public var wireframe: Node? { node(in: .wireframe) }
  /// The inner wireframe, centred in ``wireframe``.
  public var innerWireframe: Node? { node(in: .innerWireframe) }
  /// The label, in ``labelSlot``.
  public var label: Node? { node(in: .labels) }
  /// The icon, centred on ``iconSlot``.
  public var icon: Node? { node(in: .icons) }

  func captureBase() {
    layerBase = nodes.compactMap { $0 }.map { ($0, $0.animatedProperties) }
    base.removeAll(keepingCapacity: true)
    animatedImages.removeAll(keepingCapacity: true)
    for root in [container, labelSlot, iconSlot] {
      root.forEachInSubtree {
        base.append(($0, $0.animatedProperties))
        if let a = $0 as? AnimatedImageNode { animatedImages.append(a) }
      }
    }
  }

  func restoreBase() {
    for (node, props) in base { node.animatedProperties = props }
  }
}
