import Strata
import StrataRender

/// A retained layer as a screen's layers build it: one box layer and its parts inside it,
/// bottom first — the shadow's bitmap, the background, the content's bitmap (or its shapes'
/// tinted coverages), the clip that holds the sublayers, and the border over them. Every host (the browser's DOM layers,
/// `CALayer`s) builds this same stack, so the decisions — what is drawn where, what clips
/// what — are made here, once, and tested.
///
/// Every frame is in the box's own coordinates, which are the layer's: its ``bounds``, origin
/// included (a scroll view's offset), as `CALayer.bounds` has it.
public struct HostLayerParts: Hashable, Sendable {
  /// A bitmap and the rectangle it fills, in the box's coordinates (points).
  public struct Bitmap: Hashable, Sendable {
    /// The drawing (its pixels at its scale).
    public var drawing: DrawnContent
    /// Where it goes.
    public var frame: Rect { drawing.frame }
  }

  /// A shape's coverage (white, drawn once) and the tint it is shown in.
  public struct Tinted: Hashable, Sendable {
    /// The coverage: every channel the shape's coverage of the pixel.
    public var coverage: DrawnContent
    /// The colour and opacity.
    public var tint: HostTint
    /// Where it goes.
    public var frame: Rect { coverage.frame }
  }

  /// A filled rounded rectangle: the background.
  public struct Fill: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// The corner radius.
    public var cornerRadius: Double
  }

  /// A stroked rounded rectangle inside the bounds: the border.
  public struct Outline: Hashable, Sendable {
    /// The line's width (inside the bounds) and colour.
    public var border: Border
    /// The outer corner radius.
    public var cornerRadius: Double
  }

  /// The box's geometry: bounds (their origin moves the sublayers), position, anchor point and
  /// transform, as ``HostGeometry``.
  public var geometry: HostGeometry
  /// The box's group opacity.
  public var opacity: Double
  /// Whether the box and all in it are hidden.
  public var isHidden: Bool
  /// What the box is cut to, in its coordinates: the shadow, background, content, sublayers
  /// and border all.
  public var mask: Path?
  /// The shadow's bitmap, under everything.
  public var shadow: Bitmap?
  /// The background.
  public var background: Fill?
  /// The content's bitmap, over the background, under the sublayers. When the layer clips,
  /// the bitmap itself is drawn cut to the rounded bounds (``HostContent/clipCornerRadius``),
  /// as Strata's renderer cuts it. `nil` when the content is split.
  public var content: Bitmap?
  /// A split content's shapes, in drawing order (in the content's place): each a coverage
  /// drawn once, shown in its tint.
  public var tinted: [Tinted]
  /// Whether the sublayers are cut to the bounds, rounded by ``clipCornerRadius``. The clip
  /// part's frame and bounds are the box's bounds, so its sublayers sit in the layer's
  /// coordinates.
  public var clipsSublayers: Bool
  /// The radius of the clip's corners.
  public var clipCornerRadius: Double
  /// The border, over the sublayers.
  public var border: Outline?

  /// The parts of a layer in `state`, its bitmaps drawn (or taken) from `cache`. Nothing
  /// invisible becomes a part: a clear background, a border of no width, an empty drawing.
  public init(state: HostLayerState, cache: ContentCache) {
    geometry = state.geometry
    opacity = state.alpha
    isHidden = state.isHidden
    mask = state.mask
    let look = state.appearance
    let radius = look.cornerRadius.isFinite ? Swift.max(0, look.cornerRadius) : 0
    func bitmap(_ d: DrawnContent) -> Bitmap? {
      d.image == ContentCache.empty ? nil : Bitmap(drawing: d)
    }
    shadow =
      look.shadow == nil
      ? nil : bitmap(cache.shadowDrawing(bounds: state.geometry.bounds, appearance: look))
    background = look.backgroundColor.flatMap {
      $0.alpha > 0 ? Fill(color: $0, cornerRadius: radius) : nil
    }
    if let c = state.content, !state.tints.isEmpty {
      content = nil
      tinted = state.tints.indices.compactMap { i in
        guard let shape = c.shape(i) else { return nil }
        let coverage = cache.drawing(for: shape)
        return coverage.image == ContentCache.empty
          ? nil : Tinted(coverage: coverage, tint: state.tints[i])
      }
    } else {
      content = state.content.flatMap { bitmap(cache.drawing(for: $0)) }
      tinted = []
    }
    clipsSublayers = state.clipsToBounds
    clipCornerRadius = state.clipsToBounds ? radius : 0
    border = look.border.flatMap {
      $0.width > 0 && $0.color.alpha > 0 ? Outline(border: $0, cornerRadius: radius) : nil
    }
  }
}

/// A screen's clock turned into the controller's: a host's timestamps (a display link's, a
/// touch's, in seconds on any clock) become times from the first one seen, never going back
/// and never not finite.
public struct HostClock: Hashable, Sendable {
  /// The first timestamp seen: the controller's time zero.
  public private(set) var origin: Double?
  /// The last time given.
  public private(set) var now = 0.0

  /// A clock that has seen nothing.
  public init() {}

  /// The controller's time for `timestamp`: seconds since the first timestamp, or the last
  /// time given when `timestamp` is earlier or not finite.
  public mutating func time(for timestamp: Double) -> Double {
    guard timestamp.isFinite else { return now }
    guard let origin else {
      self.origin = timestamp
      return now
    }
    now = Swift.max(now, timestamp - origin)
    return now
  }
}

/// How an onboarding shown by a host ended.
public enum HostOutcome: Hashable, Sendable {
  /// A done button finished it.
  case finished
  /// A skip button ended it early.
  case skipped
  /// The host took it away first (the user left the app, the view went), on `page`.
  case left(page: Int)
}
