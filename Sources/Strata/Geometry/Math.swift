#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

// The few libm functions the model needs, in one place so that the rest of the
// module does not depend on the platform's C library by name.

@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func _tan(_ x: Double) -> Double { tan(x) }
@inline(__always) func _asin(_ x: Double) -> Double { asin(x) }
@inline(__always) func _acos(_ x: Double) -> Double { acos(x) }
@inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func _hypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inline(__always) func _log(_ x: Double) -> Double { log(x) }

/// Elementary functions on `Double`, for code that builds on Strata without
/// importing the platform's C library.
public enum StrataMath {
  /// The sine of `x` (radians).
  public static func sin(_ x: Double) -> Double { _sin(x) }
  /// The cosine of `x` (radians).
  public static func cos(_ x: Double) -> Double { _cos(x) }
  /// The tangent of `x` (radians).
  public static func tan(_ x: Double) -> Double { _tan(x) }
  /// The arc sine of `x`, in radians; NaN outside -1...1.
  public static func asin(_ x: Double) -> Double { _asin(x) }
  /// The arc cosine of `x`, in radians; NaN outside -1...1.
  public static func acos(_ x: Double) -> Double { _acos(x) }
  /// The angle of the vector (x, y), in radians, in -π...π.
  public static func atan2(_ y: Double, _ x: Double) -> Double { _atan2(y, x) }
  /// √(x² + y²) without undue overflow.
  public static func hypot(_ x: Double, _ y: Double) -> Double { _hypot(x, y) }
  /// `x` raised to `y`.
  public static func pow(_ x: Double, _ y: Double) -> Double { _pow(x, y) }
  /// e raised to `x`.
  public static func exp(_ x: Double) -> Double { _exp(x) }
  /// The natural logarithm of `x`.
  public static func log(_ x: Double) -> Double { _log(x) }
}

// Helpers for Strata's own modules (`package`): importers do not see them, so they cannot clash
// with an app's own `clamped(to:)` or with swift-numerics' `isApproximatelyEqual(to:)`.
extension Double {
  /// `self` limited to `range`; NaN becomes the range's lower bound.
  @inlinable
  package func clamped(to range: ClosedRange<Double>) -> Double {
    if self.isNaN { return range.lowerBound }
    return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }

  /// `self` taken round a circle of `period` (positive, finite) into 0..<period: the remainder
  /// that is never negative.
  @inlinable
  package func wrapped(period n: Double) -> Double {
    let r = self - n * (self / n).rounded(.down)
    return r >= n ? 0 : r
  }

  /// Whether `self` and `other` differ by at most `tolerance`.
  @inlinable
  package func isApproximatelyEqual(to other: Double, tolerance: Double = 1e-9) -> Bool {
    (self - other).magnitude <= tolerance
  }
}
