/// A mask on a layer of an animated vector document: a path that keeps (or cuts away) part of
/// the layer, as After Effects' masks do.
///
/// Masks combine in order: the first `add` keeps its inside, later ones add theirs;
/// `subtract` cuts its inside away; `intersect` keeps only what is also inside it. Strata
/// draws them as clips, which are either in or out: a mask's ``opacity`` and ``expansion``
/// are kept for reading but not drawn, and an `add` after two masks one of which cuts is
/// drawn as if it came before them (the Lottie importer lists each of these).
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
  /// How far its edge is pushed out (not drawn).
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

  /// Half the width of the box an inverted or subtracted mask is turned inside out within.
  static let reach = 1e6

  /// The clip `masks` make at `frame`, or `nil` when none has an effect.
  static func clip(_ masks: [AnimatedMask], at frame: Double) -> VectorImage.Clip? {
    var regions: [[VectorImage.ClipShape]] = []
    for mask in masks where mask.mode != .none {
      let path = mask.path.value(at: frame).path
      let inside = VectorImage.ClipShape(path: path)
      var outside = Path.rect(Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach))
      outside.append(path)
      let away = VectorImage.ClipShape(path: outside, rule: .evenOdd)
      let keep = mask.isInverted ? away : inside
      let drop = mask.isInverted ? inside : away
      switch mask.mode {
      case .add:
        // Exact while there is one region; past that, as if it came first.
        if regions.isEmpty { regions = [[keep]] } else { regions[0].append(keep) }
      case .subtract:
        regions.append([drop])
      case .intersect:
        regions.append([keep])
      case .none:
        break
      }
    }
    return regions.isEmpty ? nil : VectorImage.Clip(regions: regions)
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
