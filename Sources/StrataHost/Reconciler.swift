import Strata

/// Keeps a retained layer tree in step with a node tree: each call compares the nodes with
/// what the backend was told last and sends only what changed.
///
/// - A layer mirrors one ``Node`` and keeps its ``HostLayerID`` for as long as that node
///   stays in the tree (the reconciler holds the node, so its identity cannot pass to another).
///   A node moved to another parent, renamed or reordered keeps its layer.
/// - Hidden and fully transparent nodes keep their layers (with ``HostLayerState/isHidden``
///   or an alpha of 0), so a label fading out and in creates and destroys nothing.
/// - Sublayers follow the drawing order (``Node/zPosition``, then as added). A change of order
///   moves as few layers as it can: those outside the longest run already in order.
///
/// ```swift
/// let reconciler = Reconciler()
/// let tree = HostTree()
/// tutorial.setPagePosition(0.5)
/// tutorial.layoutIfNeeded()
/// reconciler.reconcile(tutorial.root, into: tree)
/// print(reconciler.lastFrame.mutations)
/// ```
///
/// Bad input never desynchronizes it: nodes deeper than ``maximumDepth`` are not mirrored
/// (a problem says so), and when the backend throws, the layer (and its sublayers) are
/// forgotten and sent whole again, under new identities, on the next call.
public final class Reconciler {
  /// What the reconciler remembers of a layer: the node, its identity, what the backend was
  /// told, and its place.
  final class Entry {
    let node: Node
    let id: HostLayerID
    var state: HostLayerState
    var parent: HostLayerID?
    var children: [HostLayerID] = []
    var seen: UInt64 = 0
    /// The node's content as it was last, before it was split.
    var raw: SceneNode.Content = .none

    init(node: Node, id: HostLayerID, state: HostLayerState) {
      self.node = node
      self.id = id
      self.state = state
    }
  }

  /// The deepest node mirrored (the root is at depth 0).
  public static let maximumDepth = 256

  private var byNode: [ObjectIdentifier: Entry] = [:]
  private var byID: [HostLayerID: Entry] = [:]
  private var rootID: HostLayerID?
  private var pass: UInt64 = 0
  private var nextID: UInt64 = 0
  /// Layers forgotten after a backend error, to destroy on the next call.
  private var forgotten: [HostLayerID] = []

  /// What the last ``reconcile(_:into:)`` did.
  public private(set) var lastFrame = HostFrameStatistics()
  /// What went wrong in the last call: backend errors and nodes too deep, with the layer.
  public private(set) var problems: [String] = []

  /// Creates a reconciler that has told no backend anything yet.
  public init() {}

  /// The number of layers the backend holds.
  public var layerCount: Int { byID.count }

  /// The identity of the layer mirroring `node`, if it has one.
  public func layer(for node: Node) -> HostLayerID? { byNode[ObjectIdentifier(node)]?.id }

  /// Brings `backend`'s tree in step with the tree under `root` and returns the mutations
  /// sent, in order.
  @discardableResult
  public func reconcile(_ root: Node, into backend: LayerBackend) -> [HostMutation] {
    pass += 1
    problems = []
    var out: [HostMutation] = forgotten.map { .destroy($0) }
    let ignoredDestroys = out.count
    forgotten = []
    var stats = HostFrameStatistics()
    let top = sync(root, depth: 0, into: &out, stats: &stats)
    if rootID != top.id || top.parent != nil {
      out.append(.insert(top.id, parent: nil, index: 0))
      stats.inserted += 1
      if let p = top.parent, let parent = byID[p] { parent.children.removeAll { $0 == top.id } }
      top.parent = nil
      rootID = top.id
    }
    // Layers whose nodes left the tree.
    for entry in byID.values where entry.seen != pass {
      out.append(.destroy(entry.id))
      stats.destroyed += 1
      byID[entry.id] = nil
      byNode[ObjectIdentifier(entry.node)] = nil
    }
    lastFrame = stats
    // Destroys of layers forgotten after an error may fail: the backend may never have had them.
    for (i, m) in out.enumerated() {
      do {
        try backend.apply(m)
      } catch {
        if i < ignoredDestroys { continue }
        problems.append("\(m.layer): \(error)")
        if let entry = byID[m.layer] { forget(entry) }
      }
    }
    return out
  }

  /// Updates (or creates) the entry of `node` and of its subtree, and puts its sublayers in
  /// order.
  private func sync(
    _ node: Node, depth: Int, into out: inout [HostMutation], stats: inout HostFrameStatistics
  ) -> Entry {
    let key = ObjectIdentifier(node)
    let raw = node.content
    let kept = byNode[key]
    // The content is split into coverage and tints only when it changed.
    let bounds = node.bounds
    let split = kept.flatMap { k in
      k.raw == raw && (k.state.content?.bounds ?? bounds) == bounds
        ? (k.state.content, k.state.tints) : nil
    }
    let state = HostLayerState(node: node, content: raw, split: split)
    let entry: Entry
    if let kept {
      entry = kept
      diff(entry, to: state, into: &out, stats: &stats)
    } else {
      nextID += 1
      entry = Entry(node: node, id: HostLayerID(nextID), state: state)
      entry.raw = raw
      byNode[key] = entry
      byID[entry.id] = entry
      out.append(.create(entry.id, state))
      stats.created += 1
      if state.content != nil { stats.contentChanges += 1 }
    }
    entry.seen = pass
    entry.raw = raw
    stats.nodes += 1
    var desired: [HostLayerID] = []
    let kids = node.childrenInDrawingOrder
    if depth >= Self.maximumDepth {
      if !kids.isEmpty {
        problems.append("\(entry.id): nodes below depth \(Self.maximumDepth) are not shown")
      }
    } else {
      desired.reserveCapacity(kids.count)
      for child in kids {
        desired.append(sync(child, depth: depth + 1, into: &out, stats: &stats).id)
      }
    }
    if desired != entry.children { order(entry, desired, into: &out, stats: &stats) }
    return entry
  }

  /// The mutations that take the backend from `entry`'s state to `state`.
  private func diff(
    _ entry: Entry, to state: HostLayerState, into out: inout [HostMutation],
    stats: inout HostFrameStatistics
  ) {
    let old = entry.state
    guard old != state else { return }
    let id = entry.id
    if old.geometry != state.geometry {
      out.append(.setGeometry(id, state.geometry))
      stats.propertyChanges += 1
    }
    if old.alpha != state.alpha {
      out.append(.setAlpha(id, state.alpha))
      stats.propertyChanges += 1
    }
    if old.isHidden != state.isHidden {
      out.append(.setHidden(id, state.isHidden))
      stats.propertyChanges += 1
    }
    if old.clipsToBounds != state.clipsToBounds || old.mask != state.mask {
      out.append(.setClip(id, clipsToBounds: state.clipsToBounds, mask: state.mask))
      stats.propertyChanges += 1
    }
    if old.appearance != state.appearance {
      out.append(.setAppearance(id, state.appearance))
      stats.propertyChanges += 1
    }
    if old.name != state.name {
      out.append(.setName(id, state.name))
      stats.propertyChanges += 1
    }
    if old.content != state.content {
      out.append(.setContent(id, state.content))
      stats.contentChanges += 1
    }
    if old.tints != state.tints {
      out.append(.setTints(id, state.tints))
      stats.propertyChanges += 1
    }
    entry.state = state
  }

  /// Puts `parent`'s sublayers in the `desired` order: those no longer its own leave; of those
  /// that stay, the longest run already in order stays put and the others are taken out; then
  /// every layer not in place is inserted at its index, in order.
  private func order(
    _ parent: Entry, _ desired: [HostLayerID], into out: inout [HostMutation],
    stats: inout HostFrameStatistics
  ) {
    var position: [HostLayerID: Int] = [:]
    for (i, id) in parent.children.enumerated() { position[id] = i }
    // Indices (in the current order) of the desired layers that are children now.
    var present: [(id: HostLayerID, at: Int)] = []
    for id in desired { if let at = position[id] { present.append((id, at)) } }
    let keepers = Set(Self.longestIncreasingRun(present.map(\.at)).map { present[$0].id })
    for id in parent.children where !keepers.contains(id) {
      out.append(.remove(id))
      stats.removed += 1
      byID[id]?.parent = nil
    }
    parent.children.removeAll { !keepers.contains($0) }
    for (i, id) in desired.enumerated() where !keepers.contains(id) {
      guard let child = byID[id] else { continue }
      // Taken from another parent: the backend takes it out as it inserts it.
      if let p = child.parent, p != parent.id, let other = byID[p] {
        other.children.removeAll { $0 == id }
      }
      if rootID == id { rootID = nil }
      out.append(.insert(id, parent: parent.id, index: i))
      stats.inserted += 1
      parent.children.insert(id, at: Swift.min(i, parent.children.count))
      child.parent = parent.id
    }
  }

  /// The indices into `values` of a longest strictly increasing subsequence (patience sorting,
  /// N log N).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { previous[i] = tails[lo - 1] }
      if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
      out.append(k)
      k = previous[k]
    }
    return out.reversed()
  }

  /// Forgets `entry` and its subtree after a backend error: they are destroyed on the next
  /// call and their nodes mirrored anew, under new identities.
  private func forget(_ entry: Entry) {
    var pending = [entry]
    if let p = entry.parent, let parent = byID[p] { parent.children.removeAll { $0 == entry.id } }
    if rootID == entry.id { rootID = nil }
    while let e = pending.popLast() {
      guard byID[e.id] != nil else { continue }
      byID[e.id] = nil
      byNode[ObjectIdentifier(e.node)] = nil
      forgotten.append(e.id)
      pending += e.children.compactMap { byID[$0] }
    }
  }
}
