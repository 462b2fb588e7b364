/// A timing curve: maps linear progress t in 0...1 to eased progress.
///
/// Easings are values with a name; presets are static members, and you make your own the
/// same way: `Easing(name: "gentle") { t in t * t * (3 - 2 * t) }`. Overshooting curves may
/// return values outside 0...1. Two easings are equal when their names are.
public struct Easing: Sendable, Hashable, CustomStringConvertible {
  /// The name, which identifies the curve.
  public let name: String
  private let function: @Sendable (Double) -> Double

  /// Creates an easing from a function of t in 0...1.
  public init(name: String, _ function: @escaping @Sendable (Double) -> Double) {
    self.name = name
    self.function = function
  }

  /// The eased progress at `t`; t is clamped to 0...1 first, and NaN counts as 0.
  public func callAsFunction(_ t: Double) -> Double {
    let v = function(t.clamped(to: 0...1))
    return v.isFinite ? v : 0
  }

  /// Compares names.
  public static func == (a: Easing, b: Easing) -> Bool { a.name == b.name }
  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
  /// The name.
  public var description: String { name }

  /// No easing: t.
  public static let linear = Easing(name: "linear") { $0 }
  /// Slow, fast, slow: ``cubicInOut``.
  public static var easeInOut: Easing { cubicInOut }
  /// Fast, then slow: ``cubicOut``.
  public static var easeOut: Easing { cubicOut }
  /// Slow, then fast: ``cubicIn``.
  public static var easeIn: Easing { cubicIn }
}
