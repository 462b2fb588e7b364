import Strata

/// The name bitmaps had in the renderer before there was one bitmap type.
@available(*, deprecated, renamed: "RasterImage")
public typealias PixelBuffer = RasterImage

/// A bitmap as the renderer and the codecs make it: checked sizes (at least 1 × 1, at most
/// ``pixelLimit`` pixels) with typed errors, pixel reads, and fills.
extension RasterImage {
  /// The largest number of pixels a bitmap made here may hold (100 million: 10,000 × 10,000).
  public static let pixelLimit = 100_000_000

  /// Creates a transparent buffer.
  ///
  /// - Throws: ``RenderError/invalidSize(width:height:limit:)`` when a side is below 1 or
  ///   the area exceeds ``pixelLimit``; nothing is allocated then.
  public init(width: Int, height: Int) throws(RenderError) {
    try Self.validate(width: width, height: height)
    self.init(
      unchecked: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
  }

  /// Wraps existing premultiplied pixels.
  ///
  /// - Throws: ``RenderError/invalidSize(width:height:limit:)`` when the size is not allowed
  ///   or does not match the pixel count.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(RenderError) {
    try Self.validate(width: width, height: height)
    guard pixels.count == width * height * 4 else {
      throw .invalidSize(width: width, height: height, limit: Self.pixelLimit)
    }
    self.init(unchecked: width, height: height, pixels: pixels)
  }

  /// A 1 × 1 transparent buffer, to be replaced (for example by ``FrameRenderer/render(_:into:)``).
  public static var placeholder: RasterImage {
    RasterImage(validatedWidth: 1, height: 1, pixels: [0, 0, 0, 0])
  }

  /// Wraps pixels whose size was validated before (a canvas's own buffer).
  package init(validatedWidth width: Int, height: Int, pixels: [UInt8]) {
    self.init(unchecked: width, height: height, pixels: pixels)
  }

  /// Checks that a buffer of this size may be made: each side at least 1, the area within ``pixelLimit``.
  public static func validate(width: Int, height: Int) throws(RenderError) {
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard width >= 1, height >= 1, !overflow, area <= pixelLimit else {
      throw .invalidSize(width: width, height: height, limit: pixelLimit)
    }
  }

  /// Whether a PNG can be made of it: at least 1 × 1 and within ``pixelLimit`` (an image
  /// node's picture may be empty).
  public var isEncodable: Bool { (try? Self.validate(width: width, height: height)) != nil }

  /// The premultiplied pixel at (x, y); transparent outside the buffer.
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// The pixel at (x, y) as a straight-alpha colour.
  public func color(x: Int, y: Int) -> Color {
    let p = pixel(x: x, y: y)
    guard p.a > 0 else { return .clear }
    let a = Double(p.a)
    return Color(
      red: Double(p.r) / a, green: Double(p.g) / a, blue: Double(p.b) / a, alpha: a / 255)
  }

  /// Fills every pixel with `color`.
  public mutating func fill(_ color: Color) {
    let c = PremultipliedColor(color)
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        p[i] = c.r
        p[i + 1] = c.g
        p[i + 2] = c.b
        p[i + 3] = c.a
        i += 4
      }
    }
  }

  /// The bitmap at the given scale.
  @available(*, deprecated, renamed: "withScale(_:)")
  public func rasterImage(scale: Double = 1) -> RasterImage? { withScale(scale) }

  /// Whether every pixel is fully opaque.
  public var isOpaque: Bool {
    pixels.withUnsafeBufferPointer { p in
      var i = 3
      while i < p.count {
        if p[i] != 255 { return false }
        i += 4
      }
      return true
    }
  }
}

/// A colour as four premultiplied 8-bit components.
package struct PremultipliedColor: Hashable {
  package var r: UInt8
  package var g: UInt8
  package var b: UInt8
  package var a: UInt8

  @inlinable package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Premultiplies `color`, with its alpha multiplied by `opacity`.
  @inlinable package init(_ color: Color, opacity: Double = 1) {
    let a = color.alpha * opacity.clamped(to: 0...1)
    self.a = UInt8((a * 255).rounded())
    self.r = UInt8((color.red * a * 255).rounded())
    self.g = UInt8((color.green * a * 255).rounded())
    self.b = UInt8((color.blue * a * 255).rounded())
  }
}

/// x / 255, rounded to nearest, for x in 0...65025 + 255.
@inlinable @inline(__always) package func div255(_ x: Int) -> Int {
  let t = x + 128
  return (t + (t >> 8)) >> 8
}

extension RasterImage {
  /// The image shrunk by a whole `factor`, each pixel the mean of a factor × factor box
  /// (premultiplied, so edges stay clean); columns and rows past the last whole box are
  /// left out. A factor of 1 or less returns the image itself; a factor larger than a side
  /// is reduced to that side.
  public func downsampled(by factor: Int) -> RasterImage {
    let factor = Swift.min(factor, width, height)
    guard factor > 1 else { return self }
    let w = Swift.max(1, width / factor)
    let h = Swift.max(1, height / factor)
    let n = factor * factor
    // (sum + n/2) / n for every possible sum of n bytes, when the table is small.
    let table: [UInt8]? =
      n <= 256 ? (0...(255 * n)).map { UInt8(($0 + n / 2) / n) } : nil
    var sums = [SIMD4<UInt32>](repeating: .zero, count: w)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    pixels.withUnsafeBytes { src in
      out.withUnsafeMutableBufferPointer { dst in
        sums.withUnsafeMutableBufferPointer { acc in
          guard let s0 = src.baseAddress, let a0 = acc.baseAddress else { return }
          for y in 0..<h {
            a0.update(repeating: .zero, count: w)
            // Add the block's rows, box by box: four channels at a time.
            for dy in 0..<factor {
              var p = s0 + (y * factor + dy) * width * 4
              for x in 0..<w {
                var sum = a0[x]
                for _ in 0..<factor {
                  sum &+= SIMD4<UInt32>(truncatingIfNeeded: p.loadUnaligned(as: SIMD4<UInt8>.self))
                  p += 4
                }
                a0[x] = sum
              }
            }
            var o = y * w * 4
            for x in 0..<w {
              let v = a0[x]
              for c in 0..<4 {
                let total = Int(v[c])
                dst[o + c] = table.map { $0[total] } ?? UInt8((total + n / 2) / n)
              }
              o += 4
            }
          }
        }
      }
    }
    return RasterImage(validatedWidth: w, height: h, pixels: out)
  }
}
