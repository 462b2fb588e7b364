/// A drawing made of filled and stroked paths, in its own coordinate space of size ``size``.
///
/// Examples ship artwork as vector images instead of bitmaps: they scale to
/// any resolution and live in source code. Imported SVG illustrations become vector images
/// too (see `SVGImporter` in StrataAssets), with their groups, group opacity and clip paths
/// kept as ``Group``s, so they stay crisp at every device scale.
///
/// ```swift
/// let sun = VectorImage(size: Size(width: 40, height: 40), shapes: [
///   .init(path: .circle(center: Point(x: 20, y: 20), radius: 16), fill: .solid(.init(red: 1, green: 0.8, blue: 0.2)))
/// ])
/// ```
public struct VectorImage: Hashable, Sendable {
  /// One path with its fill and stroke.
  public struct Shape: Hashable, Sendable {
    /// The outline, in image coordinates.
    public var path: Path
    /// The fill, if any.
    public var fill: Paint?
    /// The rule that decides what the fill covers.
    public var fillRule: FillRule
    /// The stroke paint, if any.
    public var stroke: Paint?
    /// How the stroke is drawn.
    public var strokeStyle: StrokeStyle
    /// The opacity of this shape, 0...1, applied to its fill and its stroke separately.
    /// (Put the shape in a ``Group`` to fade fill and stroke as one picture.)
    public var opacity: Double

    /// Creates a shape.
    public init(
      path: Path, fill: Paint? = nil, fillRule: FillRule = .nonZero, stroke: Paint? = nil,
      strokeStyle: StrokeStyle = StrokeStyle(), opacity: Double = 1
    ) {
      self.path = path
      self.fill = fill
      self.fillRule = fillRule
      self.stroke = stroke
      self.strokeStyle = strokeStyle
      self.opacity = opacity.clamped(to: 0...1)
    }
  }

  /// One outline of a ``Clip``, in image coordinates, with the rule that decides its inside.
  public struct ClipShape: Hashable, Sendable {
    /// The outline.
    public var path: Path
    /// Which points of the outline are inside.
    public var rule: FillRule

    /// Creates a clip outline.
    public init(path: Path, rule: FillRule = .nonZero) {
      self.path = path
      self.rule = rule
    }
  }

  /// A region drawing is restricted to: the intersection of ``regions``, each the union of its
  /// outlines (an SVG `clipPath` is one region; a `clip-path` on the `clipPath` adds another).
  public struct Clip: Hashable, Sendable {
    /// The regions whose intersection is the clip; each is the union of its outlines. An empty
    /// region lets nothing through.
    public var regions: [[ClipShape]]

    /// Creates a clip that is the union of `shapes`.
    public init(shapes: [ClipShape]) { self.regions = [shapes] }

    /// Creates a clip that is the intersection of `regions`.
    public init(regions: [[ClipShape]]) { self.regions = regions }
  }

  /// Other items whose alpha or luminance a group is multiplied by (a track matte): the group
  /// shows where they are opaque (alpha) or light (luminance), or, inverted, where they are
  /// not. They are drawn in the group's parent's space and not shown themselves.
  public struct Mask: Hashable, Sendable {
    /// What of the mask's items counts.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
      /// Their opacity.
      case alpha
      /// Their luminance (Rec. 709 weights on the drawn colours, transparent as black).
      case luminance
    }

    /// What counts.
    public var mode: Mode
    /// Whether the group shows where the mask is not.
    public var isInverted: Bool
    /// What the mask draws.
    public var items: [Item]

    /// Creates a mask.
    public init(mode: Mode, isInverted: Bool = false, items: [Item]) {
      self.mode = mode
      self.isInverted = isInverted
      self.items = items
    }
  }

  /// Items drawn as one picture in their own coordinate space: mapped by ``transform``,
  /// faded together by ``opacity``, restricted to ``clip`` (given in the group's space) and
  /// multiplied by ``mask``.
  ///
  /// The transform applies to everything inside, stroke widths and gradients too, so a
  /// stretched group draws a stretched stroke, as SVG does.
  public struct Group: Hashable, Sendable {
    /// The items, painted in order.
    public var items: [Item]
    /// Maps the group's space to its parent's.
    public var transform: Transform
    /// The opacity the finished group is composited with, 0...1.
    public var opacity: Double
    /// The region the group is drawn in, if restricted, in the group's space.
    public var clip: Clip?
    /// What the finished group is multiplied by, if anything (in the parent's space).
    public var mask: Mask?

    /// Creates a group.
    public init(
      items: [Item], transform: Transform = .identity, opacity: Double = 1, clip: Clip? = nil,
      mask: Mask? = nil
    ) {
      self.items = items
      self.transform = transform
      self.opacity = opacity.clamped(to: 0...1)
      self.clip = clip
      self.mask = mask
    }
  }

  /// A bitmap drawn into a rectangle of the drawing (a Lottie image layer).
  public struct Bitmap: Hashable, Sendable {
    /// The pixels.
    public var image: RasterImage
    /// Where it is drawn, in image coordinates (stretched to fill it).
    public var rect: Rect
    /// Its opacity, 0...1.
    public var opacity: Double

    /// Creates a bitmap item.
    public init(image: RasterImage, rect: Rect, opacity: Double = 1) {
      self.image = image
      self.rect = rect
      self.opacity = opacity.clamped(to: 0...1)
    }
  }

  /// A shape, a group of items or a bitmap. (Not `indirect`: a group holds its items in an
  /// array already, and shapes stored in place need no box each.)
  public enum Item: Hashable, Sendable {
    /// One shape.
    case shape(Shape)
    /// A group.
    case group(Group)
    /// A bitmap.
    case bitmap(Bitmap)
  }

  /// The size of the drawing's coordinate space (its natural size in points).
  public var size: Size
  /// What is drawn, in painting order (later items on top).
  public var items: [Item]

  /// Creates a vector image from shapes alone.
  public init(size: Size, shapes: [Shape] = []) {
    self.size = size
    self.items = shapes.map(Item.shape)
  }

  /// Creates a vector image from shapes and groups.
  public init(size: Size, items: [Item]) {
    self.size = size
    self.items = items
  }

  /// Every shape, in painting order, groups flattened (their opacity and clips left out).
  /// Setting it replaces the items with the shapes given.
  public var shapes: [Shape] {
    get {
      var out: [Shape] = []
      func walk(_ items: [Item]) {
        for item in items {
          switch item {
          case .shape(let s): out.append(s)
          case .group(let g): walk(g.items)
          case .bitmap: break
          }
        }
      }
      walk(items)
      return out
    }
    set { items = newValue.map(Item.shape) }
  }
}
