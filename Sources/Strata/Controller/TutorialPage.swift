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
  /// The dynamic background, filling ``container``.
  public let dynamicBackground: Node?
  /// The wireframe, centred in ``container``.
  public let wireframe: Node?
  /// The inner wireframe, centred in ``wireframe``.
  public let innerWireframe: Node?
  /// The page's slot in the labels scroll node.
  public let labelSlot: Node
  /// The label, in ``labelSlot``.
  public let label: Node?
  /// The page's slot in the icons scroll node: a zero-height line on the arc's peak.
  public let iconSlot: Node
  /// The icon, centred on ``iconSlot``.
  public let icon: Node?

  var base: [(Node, Node.AnimatedProperties)] = []
  /// The laid-out state of the page's layer nodes (for reduced motion).
  var layerBase: [(Node, Node.AnimatedProperties)] = []

  init(
    index: Int, container: Node, dynamicBackground: Node?, wireframe: Node?, innerWireframe: Node?,
    labelSlot: Node, label: Node?, iconSlot: Node, icon: Node?
  ) {
    self.index = index
    self.container = container
    self.dynamicBackground = dynamicBackground
    self.wireframe = wireframe
    self.innerWireframe = innerWireframe
    self.labelSlot = labelSlot
    self.label = label
    self.iconSlot = iconSlot
    self.icon = icon
  }

  /// The page's node in `layer`, or `nil` for a static layer or an empty one.
  public func node(in layer: TutorialLayer) -> Node? {
    switch layer {
    case .staticBackground, .staticContent: return nil
    case .dynamicBackground: return dynamicBackground
    case .wireframe: return wireframe
    case .innerWireframe: return innerWireframe
    case .labels: return label
    case .icons: return icon
    }
  }

  func captureBase() {
    layerBase = [dynamicBackground, wireframe, innerWireframe, label, icon].compactMap { $0 }.map {
      ($0, $0.animatedProperties)
    }
    base.removeAll(keepingCapacity: true)
    for root in [container, labelSlot, iconSlot] {
      root.forEachInSubtree { base.append(($0, $0.animatedProperties)) }
    }
  }

  func restoreBase() {
    for (node, props) in base { node.animatedProperties = props }
  }
}
