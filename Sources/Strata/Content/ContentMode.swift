/// How an image is placed in a node's bounds, as UIKit's `UIView.ContentMode`.
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
  /// Stretched to fill the bounds exactly.
  case scaleToFill
  /// Scaled, keeping its aspect ratio, to fit wholly inside the bounds.
  case aspectFit
  /// Scaled, keeping its aspect ratio, to cover the bounds (parts may fall outside).
  case aspectFill
  /// Unscaled, centred.
  case center
  /// Unscaled, centred horizontally, at the top.
  case top
  /// Unscaled, centred horizontally, at the bottom.
  case bottom
  /// Unscaled, centred vertically, at the left.
  case left
  /// Unscaled, centred vertically, at the right.
  case right
  /// Unscaled, in the top-left corner.
  case topLeft
  /// Unscaled, in the top-right corner.
  case topRight
  /// Unscaled, in the bottom-left corner.
  case bottomLeft
  /// Unscaled, in the bottom-right corner.
  case bottomRight

  /// Where an image of `size` lands inside `bounds`.
  ///
  /// An empty image size gives an empty rectangle at the bounds' centre.
  public func rect(for size: Size, in bounds: Rect) -> Rect {
    let b = bounds.standardized
    guard !size.isEmpty, size.isFinite else { return Rect(center: b.center, size: .zero) }
    switch self {
    case .scaleToFill:
      return b
    case .aspectFit, .aspectFill:
      let sx = b.width / size.width
      let sy = b.height / size.height
      let s = self == .aspectFit ? Swift.min(sx, sy) : Swift.max(sx, sy)
      return Rect(center: b.center, size: size.scaled(by: s))
    default:
      let x: Double
      let y: Double
      switch self {
      case .left, .topLeft, .bottomLeft: x = b.minX
      case .right, .topRight, .bottomRight: x = b.maxX - size.width
      default: x = b.midX - size.width / 2
      }
      switch self {
      case .top, .topLeft, .topRight: y = b.minY
      case .bottom, .bottomLeft, .bottomRight: y = b.maxY - size.height
      default: y = b.midY - size.height / 2
      }
      return Rect(x: x, y: y, width: size.width, height: size.height)
    }
  }
}
