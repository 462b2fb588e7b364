// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, AlwaysUseLowerCamelCase

// (Apple documents these declarations; a stand-in repeats their signatures only.)
// Stand-in for the parts of CoreGraphics StrataUIKit uses (Linux type-check only).
@_exported import Foundation

public struct CGAffineTransform: Equatable, Sendable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

public final class CGColor: @unchecked Sendable {
  public let components: [CGFloat]?
  public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = [red, green, blue, alpha]
  }
}

public class CGPath: @unchecked Sendable {
  /// What was added, for tests: one letter per element.
  public internal(set) var recorded: [String] = []
  init() {}
}

public final class CGMutablePath: CGPath, @unchecked Sendable {
  public override init() {}
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    recorded.append("M")
  }
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    recorded.append("L")
  }
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) { recorded.append("Q") }
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint,
    transform: CGAffineTransform = .identity
  ) { recorded.append("C") }
  public func closeSubpath() { recorded.append("Z") }
}

public final class CGColorSpace: @unchecked Sendable {
  init() {}
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

public enum CGImageAlphaInfo: UInt32, Sendable {
  case none = 0
  case premultipliedLast = 1
  case premultipliedFirst = 2
  case last = 3
  case first = 4
  case noneSkipLast = 5
  case noneSkipFirst = 6
  case alphaOnly = 7
}

public final class CGImage: @unchecked Sendable {
  public let width: Int
  public let height: Int
  public let bytes: [UInt8]
  init(width: Int, height: Int, bytes: [UInt8]) {
    (self.width, self.height, self.bytes) = (width, height, bytes)
  }
}

public final class CGContext: @unchecked Sendable {
  public let width: Int
  public let height: Int
  public let bytesPerRow: Int
  private var storage: [UInt8]
  public var data: UnsafeMutableRawPointer? {
    storage.withUnsafeMutableBytes { $0.baseAddress }
  }
  public init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    guard width > 0, height > 0, bitsPerComponent == 8, bytesPerRow >= width * 4 else {
      return nil
    }
    (self.width, self.height, self.bytesPerRow) = (width, height, bytesPerRow)
    storage = [UInt8](repeating: 0, count: bytesPerRow * height)
  }
  public func makeImage() -> CGImage? { CGImage(width: width, height: height, bytes: storage) }
}
