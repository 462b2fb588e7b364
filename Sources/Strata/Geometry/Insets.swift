/// Distances inward from each edge of a rectangle.
public struct Insets: Hashable, Sendable {
  /// The distance from the top edge.
  public var top: Double
  /// The distance from the left edge.
  public var left: Double
  /// The distance from the bottom edge.
  public var bottom: Double
  /// The distance from the right edge.
  public var right: Double

  /// Creates insets from the four distances.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on every side.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// No inset.
  public static let zero = Insets()

  /// left + right.
  public var horizontal: Double { left + right }
  /// top + bottom.
  public var vertical: Double { top + bottom }
}
