import Strata

/// A rectangle of whole pixels: [x, x + width) × [y, y + height).
package struct IntRect: Hashable, Sendable {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  @inlinable package var maxX: Int { x + width }
  @inlinable package var maxY: Int { y + height }
  @inlinable package var isEmpty: Bool { width <= 0 || height <= 0 }

  package static let empty = IntRect(x: 0, y: 0, width: 0, height: 0)

  @inlinable package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The pixels touched by `r`, limited to ±2²⁴ so that every coordinate is a safe Int.
  @inlinable package init(covering r: Rect) {
    guard !r.isEmpty, !r.origin.x.isNaN, !r.origin.y.isNaN else {
      self = .empty
      return
    }
    let lim = 16_777_216.0
    let l = r.minX.clamped(to: -lim...lim).rounded(.down)
    let t = r.minY.clamped(to: -lim...lim).rounded(.down)
    let rr = r.maxX.clamped(to: -lim...lim).rounded(.up)
    let b = r.maxY.clamped(to: -lim...lim).rounded(.up)
    self.init(x: Int(l), y: Int(t), width: Int(rr - l), height: Int(b - t))
  }

  /// The whole pixels inside `r` (which need not lie on whole pixels); `nil` when none is.
  @inlinable package init?(inside r: Rect) {
    let lim = 16_777_216.0
    let x0 = Int(r.minX.clamped(to: -lim...lim).rounded(.up))
    let y0 = Int(r.minY.clamped(to: -lim...lim).rounded(.up))
    let x1 = Int(r.maxX.clamped(to: -lim...lim).rounded(.down))
    let y1 = Int(r.maxY.clamped(to: -lim...lim).rounded(.down))
    guard x1 > x0, y1 > y0 else { return nil }
    self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// `r`, if its edges lie on whole pixels; `nil` otherwise.
  @inlinable package init?(exactly r: Rect) {
    guard [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0 == $0.rounded() }) else { return nil }
    self.init(covering: r)
  }

  @inlinable package func intersection(_ o: IntRect) -> IntRect {
    let l = Swift.max(x, o.x)
    let t = Swift.max(y, o.y)
    let r = Swift.min(maxX, o.maxX)
    let b = Swift.min(maxY, o.maxY)
    guard r > l, b > t else { return .empty }
    return IntRect(x: l, y: t, width: r - l, height: b - t)
  }

  @inlinable package func union(_ o: IntRect) -> IntRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    let l = Swift.min(x, o.x)
    let t = Swift.min(y, o.y)
    return IntRect(
      x: l, y: t, width: Swift.max(maxX, o.maxX) - l, height: Swift.max(maxY, o.maxY) - t)
  }

  @inlinable package func outset(by n: Int) -> IntRect {
    IntRect(x: x - n, y: y - n, width: width + 2 * n, height: height + 2 * n)
  }

  @inlinable package var rect: Rect {
    Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }
}
