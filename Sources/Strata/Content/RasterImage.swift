/// A bitmap: 8-bit premultiplied RGBA pixels in sRGB, rows top to bottom.
///
/// The one bitmap type: an image node's picture, a decoded PNG or JPEG, a canvas's pixels and
/// a rendered frame are all `RasterImage`s (StrataIO adds the checked initialisers that throw,
/// the pixel limit, pixel reads and PNG files), so a frame can be shown as an image as it is.
public struct RasterImage: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// width × height × 4 bytes: red, green, blue, alpha, with colour premultiplied by alpha.
  /// Read-only outside the package, so that its length always matches the size.
  public package(set) var pixels: [UInt8]
  /// How many pixels make one point (2 for an @2x image).
  public let scale: Double

  /// Creates a bitmap; `nil` when the pixel count does not match the size or the size is negative.
  public init?(width: Int, height: Int, pixels: [UInt8], scale: Double = 1) {
    guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).overflow == false,
      pixels.count == width * height * 4, scale > 0, scale.isFinite
    else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.scale = scale
  }

  /// Wraps pixels the caller has checked: `pixels.count == width * height * 4`, `scale > 0`.
  package init(unchecked width: Int, height: Int, pixels: [UInt8], scale: Double = 1) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.scale = scale
  }

  /// This bitmap at another scale (the same pixels), or `nil` when `scale` is not positive and
  /// finite.
  public func withScale(_ scale: Double) -> RasterImage? {
    guard scale > 0, scale.isFinite else { return nil }
    return RasterImage(unchecked: width, height: height, pixels: pixels, scale: scale)
  }

  /// The natural size in points.
  public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

  /// Hashes the size, the scale and at most 64 pixels spread over the bitmap: equal bitmaps
  /// hash alike, and hashing a photograph does not read all of it (display lists holding
  /// bitmaps are hashed every frame by render caches). Equality still compares every pixel.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(scale)
    let count = pixels.count / 4
    guard count > 0 else { return }
    let step = Swift.max(1, count / 64)
    pixels.withUnsafeBytes { raw in
      var i = 0
      while i < count {
        hasher.combine(raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        i += step
      }
    }
  }
}

/// Image content of an ``ImageNode``: a bitmap or a vector drawing.
public enum Image: Hashable, Sendable {
  /// A bitmap.
  case raster(RasterImage)
  /// A drawing of paths.
  case vector(VectorImage)

  /// The natural size in points.
  public var size: Size {
    switch self {
    case .raster(let r): return r.size
    case .vector(let v): return v.size
    }
  }
}
