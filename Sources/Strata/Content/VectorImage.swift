/// A drawing made of filled and stroked paths, in its own coordinate space of size ``size``.
///
/// Examples ship artwork as vector images instead of bitmaps: they scale to
/// any resolution and live in source code.
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
    /// The opacity of this shape, 0...1.
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

  /// The size of the drawing's coordinate space (its natural size in points).
  public var size: Size
  /// The shapes, painted in order (later ones on top).
  public var shapes: [Shape]

  /// Creates a vector image.
  public init(size: Size, shapes: [Shape] = []) {
    self.size = size
    self.shapes = shapes
  }
}
