import Strata

/// The colour and opacity one shape of a layer's content is filled with, kept apart from the
/// shape itself: a host draws the shape's coverage once and tints it, so a shape that only
/// changes colour (a page indicator's dots blending as the pages slide) is a property change,
/// not a drawing — as a device tints a template image.
public struct HostTint: Hashable, Sendable {
  /// The fill colour.
  public var color: Color
  /// The shape's own opacity, applied over the colour's alpha.
  public var opacity: Double

  /// Creates a tint.
  public init(color: Color, opacity: Double = 1) {
    self.color = color
    self.opacity = opacity
  }
}

extension HostContent {
  /// The most shapes a content is split into tints for; a larger drawing stays one bitmap.
  public static let maximumTintedShapes = 64

  /// `content` laid out in `bounds`, split into its shapes' coverage and their tints when every
  /// shape of it is filled with one colour and not stroked (a ``SceneNode/Content/shape(_:)``
  /// or a vector image of such shapes): the content then has every fill white and opaque, and
  /// the tints hold the colours and opacities, in drawing order. Other content is kept whole,
  /// with no tints.
  public static func splitting(_ content: SceneNode.Content, bounds: Rect) -> (
    content: HostContent, tints: [HostTint]
  ) {
    func plain(_ s: VectorImage.Shape) -> (VectorImage.Shape, HostTint)? {
      guard case .solid(let c)? = s.fill, s.stroke == nil else { return nil }
      var white = s
      white.fill = .solid(.white)
      white.opacity = 1
      return (white, HostTint(color: c, opacity: s.opacity))
    }
    switch content {
    case .shape(let s):
      if let (white, tint) = plain(s) {
        return (HostContent(content: .shape(white), bounds: bounds), [tint])
      }
    case .image(.vector(let v), let mode) where v.items.count <= maximumTintedShapes:
      var shapes: [VectorImage.Shape] = []
      var tints: [HostTint] = []
      for item in v.items {
        guard case .shape(let s) = item, let (white, tint) = plain(s) else {
          return (HostContent(content: content, bounds: bounds), [])
        }
        shapes.append(white)
        tints.append(tint)
      }
      guard !shapes.isEmpty else { break }
      let stripped = VectorImage(size: v.size, shapes: shapes)
      return (HostContent(content: .image(.vector(stripped), mode), bounds: bounds), tints)
    default:
      break
    }
    return (HostContent(content: content, bounds: bounds), [])
  }

  /// The content these tints were split from: the ``splitting(_:bounds:)`` of it undone.
  public func tinted(_ tints: [HostTint]) -> SceneNode.Content {
    func paint(_ s: VectorImage.Shape, _ t: HostTint) -> VectorImage.Shape {
      var s = s
      s.fill = .solid(t.color)
      s.opacity = t.opacity
      return s
    }
    switch content {
    case .shape(let s) where tints.count == 1:
      return .shape(paint(s, tints[0]))
    case .image(.vector(let v), let mode) where tints.count == v.items.count && !tints.isEmpty:
      var shapes: [VectorImage.Shape] = []
      for (item, t) in zip(v.items, tints) {
        guard case .shape(let s) = item else { return content }
        shapes.append(paint(s, t))
      }
      return .image(.vector(VectorImage(size: v.size, shapes: shapes)), mode)
    default:
      return content
    }
  }

  /// The content of shape `index` alone (of a split content), whose coverage a host draws and
  /// tints; `nil` when there is no such shape.
  public func shape(_ index: Int) -> HostContent? {
    switch content {
    case .shape where index == 0:
      return self
    case .image(.vector(let v), let mode) where v.items.indices.contains(index):
      guard case .shape(let s) = v.items[index] else { return nil }
      return HostContent(
        content: .image(.vector(VectorImage(size: v.size, shapes: [s])), mode), bounds: bounds,
        clipCornerRadius: clipCornerRadius)
    default:
      return nil
    }
  }
}
