/// A mask on a layer of an animated vector document: a path that keeps (or cuts away) part of
/// the layer, as After Effects' masks do.
///
/// Masks combine in order, each at its ``opacity``: the first `add` keeps its inside, later
/// ones add theirs; `subtract` cuts its inside away (the first, from everything);
/// `intersect` keeps only what is also inside it; an inverted mask counts its outside. Strata
/// draws them as a ``VectorImage/Mask`` of the layer; a mask's ``expansion`` grows its outline
/// (or shrinks it, negative) by that distance with round corners.
public struct AnimatedMask: Sendable {
  /// How the mask combines with those before it.
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    /// Adds its inside.
    case add
    /// Cuts its inside away.
    case subtract
    /// Keeps only what is inside it too.
    case intersect
    /// Has no effect.
    case none
  }

  /// How it combines.
  public var mode: Mode
  /// The outline, in the layer's space.
  public var path: Animated<BezierShape>
  /// Whether its outside counts as its inside.
  public var isInverted: Bool
  /// Its opacity, 0...1 (not drawn: clips are in or out).
  public var opacity: Animated<Double>
  /// How far its edge is pushed out (in, when negative), in points.
  public var expansion: Animated<Double>

  /// Creates a mask.
  public init(
    mode: Mode, path: Animated<BezierShape>, isInverted: Bool = false,
    opacity: Animated<Double> = .constant(1), expansion: Animated<Double> = .constant(0)
  ) {
    self.mode = mode
    self.path = path
    self.isInverted = isInverted
    self.opacity = opacity
    self.expansion = expansion
  }

  /// Half the width of the square that stands for "everywhere" (a layer's whole plane).
  static let reach = 1e6

  /// The largest expansion drawn, either way, in points.
  static let expansionLimit = 1e4

  /// Items whose alpha is 1 inside `path` grown by `distance` (shrunk when negative): the path
  /// with a round-joined stroke of twice the distance added, or taken away.
  static func expanded(_ path: Path, by distance: Double) -> [VectorImage.Item] {
    let fill = VectorImage.Item.shape(VectorImage.Shape(path: path, fill: .solid(.white)))
    guard distance.isFinite, distance != 0 else { return [fill] }
    let d = Swift.min(expansionLimit, abs(distance))
    let edge = VectorImage.Item.shape(
      VectorImage.Shape(
        path: path, stroke: .solid(.white),
        strokeStyle: StrokeStyle(width: 2 * d, join: .round, cap: .round)))
    if distance > 0 { return [fill, edge] }
    return [
      .group(
        VectorImage.Group(
          items: [fill], mask: VectorImage.Mask(mode: .alpha, isInverted: true, items: [edge])))
    ]
  }

  /// The items whose alpha `masks` make at `frame` (in the layer's space), or `nil` when none
  /// has an effect. Each mask's inside, at its opacity (inverted: its outside), is added by
  /// drawing over what the masks before made, and subtracted or intersected by masking that.
  static func mask(_ masks: [AnimatedMask], at frame: Double) -> [VectorImage.Item]? {
    let everywhere = Path.rect(Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach))
    var alpha: [VectorImage.Item]?
    for mask in masks where mask.mode != .none {
      let o = mask.opacity.value(at: frame)
      let opacity = o.isNaN ? 0 : Swift.min(1, Swift.max(0, o))
      let path = mask.path.value(at: frame).path
      let inside = expanded(path, by: mask.expansion.value(at: frame))
      // The mask's own alpha: its inside (or outside) at its opacity.
      let own: VectorImage.Item
      if mask.isInverted {
        own = .group(
          VectorImage.Group(
            items: [.shape(VectorImage.Shape(path: everywhere, fill: .solid(.white)))],
            opacity: opacity,
            mask: VectorImage.Mask(mode: .alpha, isInverted: true, items: inside)))
      } else {
        own = .group(VectorImage.Group(items: inside, opacity: opacity))
      }
      switch mask.mode {
      case .add:
        alpha = (alpha ?? []) + [own]
      case .subtract:
        let before = alpha ?? [.shape(VectorImage.Shape(path: everywhere, fill: .solid(.white)))]
        alpha = [
          .group(
            VectorImage.Group(
              items: before, mask: VectorImage.Mask(mode: .alpha, isInverted: true, items: [own])))
        ]
      case .intersect:
        guard let before = alpha else {
          alpha = [own]
          continue
        }
        alpha = [
          .group(
            VectorImage.Group(items: before, mask: VectorImage.Mask(mode: .alpha, items: [own])))
        ]
      case .none:
        break
      }
    }
    return alpha
  }
}

/// A track matte: another layer whose alpha or luminance a layer is multiplied by (or, inverted,
/// one minus it), as After Effects' track mattes do: the matte as it draws at each frame,
/// gradients, strokes, opacity and images included, becomes a ``VectorImage/Mask`` of the
/// layer's group.
public struct TrackMatte: Sendable {
  /// Which part of the matte lets the layer through.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Where the matte is.
    case alpha
    /// Where the matte is not.
    case alphaInverted
    /// Where the matte is light.
    case luma
    /// Where the matte is dark.
    case lumaInverted

    /// Whether the layer shows outside the matte.
    public var isInverted: Bool { self == .alphaInverted || self == .lumaInverted }
  }

  /// Alpha or luma, straight or inverted.
  public var kind: Kind
  /// The matte layer (one; its parents are looked up among the matted layer's siblings). It is
  /// not drawn itself.
  public var layers: [AnimatedVectorImage.Layer]

  /// Creates a matte from `layer`.
  public init(kind: Kind, layer: AnimatedVectorImage.Layer) {
    self.kind = kind
    self.layers = [layer]
  }
}
