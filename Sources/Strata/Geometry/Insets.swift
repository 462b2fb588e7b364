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

  /// The safe area a current phone of `size` points typically has, for headless renders that
  /// want to look like a device: a portrait screen taller than 2 : 1 (a notch or an island)
  /// keeps 47 points at the top and 34 at the bottom; a landscape one wider than 2 : 1 keeps
  /// 47 at each side and 21 at the bottom; any other screen keeps 20 at the top (the status bar).
  public static func typicalSafeArea(for size: Size) -> Insets {
    guard size.width > 0, size.height > 0 else { return .zero }
    if size.height / size.width > 2 { return Insets(top: 47, bottom: 34) }
    if size.width / size.height > 2 { return Insets(left: 47, bottom: 21, right: 47) }
    return Insets(top: 20)
  }
}
