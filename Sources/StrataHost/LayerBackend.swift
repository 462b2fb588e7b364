import Strata

/// One change to a retained layer tree: what a ``Reconciler`` finds between two frames and a
/// ``LayerBackend`` carries out, in order.
public enum HostMutation: Hashable, Sendable {
  /// A new layer, not yet in the tree, with its first state.
  case create(HostLayerID, HostLayerState)
  /// Put the layer at `index` among the sublayers of `parent` (`nil`: the root of the tree),
  /// taking it out of its superlayer first if it has one (`CALayer.insertSublayer(_:at:)`).
  case insert(HostLayerID, parent: HostLayerID?, index: Int)
  /// Take the layer out of its superlayer; it keeps its sublayers.
  case remove(HostLayerID)
  /// The layer is gone for good: the backend may let it and its content go.
  case destroy(HostLayerID)
  /// New bounds, position, anchor point or transform.
  case setGeometry(HostLayerID, HostGeometry)
  /// A new opacity.
  case setAlpha(HostLayerID, Double)
  /// Hidden or shown.
  case setHidden(HostLayerID, Bool)
  /// Whether sublayers are clipped, and the mask.
  case setClip(HostLayerID, clipsToBounds: Bool, mask: Path?)
  /// A new background colour, corner radius, border or shadow.
  case setAppearance(HostLayerID, HostAppearance)
  /// New content to draw (`nil`: none); the backend draws it, or takes it from its cache.
  case setContent(HostLayerID, HostContent?)
  /// New colours for the shapes of a split content (``HostLayerState/tints``): a property
  /// change, nothing to draw.
  case setTints(HostLayerID, [HostTint])
  /// A new name.
  case setName(HostLayerID, String?)

  /// The layer the mutation is about.
  public var layer: HostLayerID {
    switch self {
    case .create(let id, _), .insert(let id, _, _), .remove(let id), .destroy(let id),
      .setGeometry(let id, _), .setAlpha(let id, _), .setHidden(let id, _),
      .setClip(let id, _, _), .setAppearance(let id, _), .setContent(let id, _),
      .setTints(let id, _), .setName(let id, _):
      return id
    }
  }
}

/// What a screen implements to show a retained layer tree: a thin adapter from
/// ``HostMutation``s to its own layers (a `CALayer` per layer, a DOM element, a software
/// compositor's records). Every decision — what changed, in what order — is the
/// ``Reconciler``'s; a backend only does as it is told.
///
/// A backend that throws keeps going: the reconciler reports the error, marks the layer to be
/// sent whole again on the next frame, and never assumes the change was made.
public protocol LayerBackend: AnyObject {
  /// Carries out one mutation.
  func apply(_ mutation: HostMutation) throws
}

/// Counts of what one reconcile did.
public struct HostFrameStatistics: Hashable, Sendable {
  /// Layers created.
  public var created = 0
  /// Layers destroyed.
  public var destroyed = 0
  /// Layers put in place: inserted, or moved within or between superlayers.
  public var inserted = 0
  /// Layers taken out of their superlayers.
  public var removed = 0
  /// Changes of geometry, opacity, visibility, clip, appearance, tints or name.
  public var propertyChanges = 0
  /// Contents set anew: each a drawing a backend must make, unless it has it cached.
  public var contentChanges = 0
  /// Nodes walked.
  public var nodes = 0

  /// Creates empty statistics.
  public init() {}

  /// Every mutation.
  public var mutations: Int {
    created + destroyed + inserted + removed + propertyChanges + contentChanges
  }
}
