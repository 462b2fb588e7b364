import Strata

/// A ``LayerBackend`` that keeps the layer tree in memory: what any host's layers would hold,
/// for tests, for the software compositor and for a host that wants to look before it draws.
/// It checks every mutation and throws ``HostTreeError`` for one that makes no sense (an
/// unknown layer, a layer created twice, a layer put inside itself).
public final class HostTree: LayerBackend {
  /// One layer: its state and its place.
  public struct Layer: Hashable, Sendable {
    /// What it looks like and where it sits.
    public var state: HostLayerState
    /// Its sublayers, bottom first.
    public var sublayers: [HostLayerID] = []
    /// The layer it is in; `nil` at the root or when it is in no tree.
    public var superlayer: HostLayerID?
  }

  /// Every layer, attached or not.
  public private(set) var layers: [HostLayerID: Layer] = [:]
  /// The layers at the top of the tree, bottom first (one: the controller's root).
  public private(set) var roots: [HostLayerID] = []
  /// How many mutations it has carried out.
  public private(set) var applied = 0

  /// Creates an empty tree.
  public init() {}

  /// Carries out `mutation`, or throws without changing anything.
  public func apply(_ mutation: HostMutation) throws {
    switch mutation {
    case .create(let id, let state):
      guard layers[id] == nil else { throw HostTreeError.duplicateLayer(id) }
      layers[id] = Layer(state: state)
    case .insert(let id, let parent, let index):
      guard layers[id] != nil else { throw HostTreeError.unknownLayer(id) }
      if let parent {
        guard layers[parent] != nil else { throw HostTreeError.unknownLayer(parent) }
        guard !isAncestor(id, of: parent) else { throw HostTreeError.cycle(id, parent) }
      }
      detach(id)
      if let parent {
        let i = Swift.min(Swift.max(0, index), layers[parent]?.sublayers.count ?? 0)
        layers[parent]?.sublayers.insert(id, at: i)
      } else {
        roots.insert(id, at: Swift.min(Swift.max(0, index), roots.count))
      }
      layers[id]?.superlayer = parent
    case .remove(let id):
      guard layers[id] != nil else { throw HostTreeError.unknownLayer(id) }
      detach(id)
    case .destroy(let id):
      guard layers[id] != nil else { throw HostTreeError.unknownLayer(id) }
      detach(id)
      // Its sublayers stay, in no tree, until they are destroyed or put elsewhere.
      for child in layers[id]?.sublayers ?? [] { layers[child]?.superlayer = nil }
      layers[id] = nil
    case .setGeometry(let id, let g): try update(id) { $0.geometry = g }
    case .setAlpha(let id, let a): try update(id) { $0.alpha = a }
    case .setHidden(let id, let h): try update(id) { $0.isHidden = h }
    case .setClip(let id, let clips, let mask):
      try update(id) {
        $0.clipsToBounds = clips
        $0.mask = mask
      }
    case .setAppearance(let id, let a): try update(id) { $0.appearance = a }
    case .setContent(let id, let c): try update(id) { $0.content = c }
    case .setTints(let id, let t): try update(id) { $0.tints = t }
    case .setName(let id, let n): try update(id) { $0.name = n }
    }
    applied += 1
  }

  private func update(_ id: HostLayerID, _ change: (inout HostLayerState) -> Void) throws {
    guard var layer = layers[id] else { throw HostTreeError.unknownLayer(id) }
    change(&layer.state)
    layers[id] = layer
  }

  private func detach(_ id: HostLayerID) {
    if let p = layers[id]?.superlayer {
      layers[p]?.sublayers.removeAll { $0 == id }
    } else {
      roots.removeAll { $0 == id }
    }
    layers[id]?.superlayer = nil
  }

  private func isAncestor(_ a: HostLayerID, of b: HostLayerID) -> Bool {
    var current: HostLayerID? = b
    var steps = 0
    while let c = current, steps <= layers.count {
      if c == a { return true }
      current = layers[c]?.superlayer
      steps += 1
    }
    return false
  }

  /// The tree under `id` as nested values, sublayers in order.
  public func snapshot(of id: HostLayerID) -> HostSnapshot? {
    guard let layer = layers[id] else { return nil }
    return HostSnapshot(
      state: layer.state, sublayers: layer.sublayers.compactMap { snapshot(of: $0) })
  }

  /// The whole tree from its first root, or `nil` when it has none.
  public var snapshot: HostSnapshot? { roots.first.flatMap { snapshot(of: $0) } }
}

/// A layer tree as a value: a layer's state and its sublayers'. Two trees are equal when every
/// layer's state and order are.
public struct HostSnapshot: Hashable, Sendable {
  /// The layer's state.
  public var state: HostLayerState
  /// Its sublayers, bottom first.
  public var sublayers: [HostSnapshot]

  /// Creates a snapshot.
  public init(state: HostLayerState, sublayers: [HostSnapshot]) {
    self.state = state
    self.sublayers = sublayers
  }

  /// The tree a backend should hold for the nodes under `node`: every node, hidden ones too,
  /// children in drawing order, down to ``Reconciler/maximumDepth``.
  public init(node: Node, depth: Int = 0) {
    state = HostLayerState(node: node)
    sublayers =
      depth >= Reconciler.maximumDepth
      ? [] : node.childrenInDrawingOrder.map { HostSnapshot(node: $0, depth: depth + 1) }
  }

  /// The number of layers in it.
  public var count: Int { sublayers.reduce(1) { $0 + $1.count } }
}

/// A mutation a ``HostTree`` refused.
public enum HostTreeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The layer does not exist.
  case unknownLayer(HostLayerID)
  /// The layer was created before.
  case duplicateLayer(HostLayerID)
  /// The first layer would end up inside the second, its own descendant.
  case cycle(HostLayerID, HostLayerID)

  /// What was wrong.
  public var description: String {
    switch self {
    case .unknownLayer(let id): return "no layer \(id)"
    case .duplicateLayer(let id): return "layer \(id) exists already"
    case .cycle(let a, let b): return "layer \(a) cannot go inside its own sublayer \(b)"
    }
  }
}

extension HostTree {
  /// What the tree shows, as a ``Scene`` of a viewport of `size`: the layers from the first
  /// root, each placed by its geometry, those hidden or fully transparent left out (with
  /// their sublayers), as ``Scene/init(root:size:)`` leaves them out of a node tree. Rendered
  /// with Strata's renderer, it is the frame the controller's own scene gives — the test that
  /// the retained tree lost nothing.
  public func scene(size: Size) -> Scene {
    func make(_ id: HostLayerID, _ parent: Transform, depth: Int) -> SceneNode? {
      guard let layer = layers[id], !layer.state.isHidden, layer.state.alpha > 0 else {
        return nil
      }
      let s = layer.state
      let transform = s.geometry.toSuperlayer.concatenating(parent)
      let children =
        depth >= Reconciler.maximumDepth
        ? [] : layer.sublayers.compactMap { make($0, transform, depth: depth + 1) }
      return SceneNode(
        name: s.name, content: s.wholeContent, bounds: s.geometry.bounds,
        transform: transform, alpha: s.alpha, backgroundColor: s.appearance.backgroundColor,
        cornerRadius: s.appearance.cornerRadius, border: s.appearance.border,
        shadow: s.appearance.shadow, clipsToBounds: s.clipsToBounds, mask: s.mask,
        children: children)
    }
    let root =
      roots.first.flatMap { make($0, .identity, depth: 0) }
      ?? SceneNode(bounds: Rect(origin: .zero, size: size), alpha: 0)
    return Scene(size: size, root: root)
  }
}
