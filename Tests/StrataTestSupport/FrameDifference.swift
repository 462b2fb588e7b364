import Foundation
import Strata

/// How far two frames of one size are apart: what the hosts' tests hold a composited or
/// browser-shown frame to against the renderer's.
public struct FrameDifference: CustomStringConvertible {
  /// The largest difference of a channel, in levels of 255.
  public var largest = 0
  /// Pixels where some channel differs by more than 16 levels.
  public var far = 0
  /// Pixels compared.
  public var compared = 0
  /// The peak signal-to-noise ratio in decibels (infinite when equal).
  public var psnr = Double.infinity

  /// Compares the pixels of `a` and `b` for which `include(x, y)` is true, at `a`'s (x, y)
  /// and `b`'s (x + dx, y + dy); channels red, green, blue and, when `alpha`, alpha.
  public init(
    _ a: RasterImage, _ b: RasterImage, offsetInB dx: Int = 0, _ dy: Int = 0, alpha: Bool = true,
    where include: (Int, Int) -> Bool = { _, _ in true }
  ) {
    var squares = 0
    var channels = 0
    for y in 0..<a.height where y + dy >= 0 && y + dy < b.height {
      for x in 0..<a.width where x + dx >= 0 && x + dx < b.width && include(x, y) {
        let i = (y * a.width + x) * 4
        let j = ((y + dy) * b.width + x + dx) * 4
        var pixel = 0
        for c in 0..<(alpha ? 4 : 3) {
          let e = abs(Int(a.pixels[i + c]) - Int(b.pixels[j + c]))
          pixel = max(pixel, e)
          squares += e * e
          channels += 1
        }
        if pixel > 16 { far += 1 }
        largest = max(largest, pixel)
        compared += 1
      }
    }
    if squares > 0 {
      psnr = 10 * log10(255 * 255 / (Double(squares) / Double(channels)))
    }
  }

  /// The tolerance of a frame whose layers are resampled (placed off whole pixels, scaled or
  /// turned): a PSNR of at least 30 dB, and at most 3 % of pixels more than 16 levels off.
  public var isWithinResamplingTolerance: Bool { psnr >= 30 && far * 100 <= compared * 3 }

  /// `largest 12, 340 of 250000 pixels > 16 off, PSNR 41.2 dB`.
  public var description: String {
    "largest \(largest), \(far) of \(compared) pixels > 16 off, PSNR \(String(format: "%.1f", psnr)) dB"
  }
}
