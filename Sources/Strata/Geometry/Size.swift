/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of 0 × 0.
  public static let zero = Size(width: 0, height: 0)

  /// Whether either dimension is zero or negative (or NaN).
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// Whether both dimensions are finite.
  public var isFinite: Bool { width.isFinite && height.isFinite }

  /// The area, width × height.
  public var area: Double { width * height }

  /// Both dimensions multiplied by `s`.
  @inlinable
  public func scaled(by s: Double) -> Size { Size(width: width * s, height: height * s) }

  /// A textual form, `W×H`.
  public var description: String { "\(width)×\(height)" }
}
