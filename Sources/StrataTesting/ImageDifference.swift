import Strata
import StrataRender

/// How far apart two images are, channel by channel (premultiplied RGBA, 0...255).
public struct ImageDifference: Hashable, Sendable, CustomStringConvertible {
  /// The largest difference of any channel of any pixel.
  public let maximum: Int
  /// The mean difference over every channel of every pixel.
  public let mean: Double
  /// The difference that 99 % of the channels are at or below.
  public let percentile99: Int
  /// How many pixels differ in any channel.
  public let differingPixels: Int
  /// Whether the images have different sizes (then every other figure is at its worst).
  public let sizesDiffer: Bool

  /// Compares `a` with `b`.
  public init(_ a: RasterImage, _ b: RasterImage) {
    guard a.width == b.width, a.height == b.height else {
      maximum = 255
      mean = 255
      percentile99 = 255
      differingPixels = Swift.max(a.width * a.height, b.width * b.height)
      sizesDiffer = true
      return
    }
    sizesDiffer = false
    var histogram = [Int](repeating: 0, count: 256)
    var total = 0
    var differing = 0
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        for p in 0..<(a.width * a.height) {
          var differs = false
          for c in 0..<4 {
            let d = Swift.abs(Int(pa[p * 4 + c]) - Int(pb[p * 4 + c]))
            histogram[d] += 1
            total += d
            if d > 0 { differs = true }
          }
          if differs { differing += 1 }
        }
      }
    }
    differingPixels = differing
    let n = Swift.max(1, a.width * a.height * 4)
    mean = Double(total) / Double(n)
    maximum = histogram.lastIndex { $0 > 0 } ?? 0
    var seen = 0
    var p99 = 0
    for (d, count) in histogram.enumerated() {
      seen += count
      if Double(seen) >= 0.99 * Double(n) {
        p99 = d
        break
      }
    }
    percentile99 = p99
  }

  /// One line: how many pixels differ and by how much.
  public var description: String {
    if sizesDiffer { return "the sizes differ" }
    let m = (mean * 1000).rounded() / 1000
    return "\(differingPixels) pixels differ, by up to \(maximum) (mean \(m) per channel)"
  }

  /// An image of where `a` and `b` differ, opaque: where they agree, `b` faded to light grey
  /// (to see where things are); where they differ, red from half strength (a difference of
  /// one level) to full (the largest difference), so that the smallest change shows.
  public static func picture(_ a: RasterImage, _ b: RasterImage) -> RasterImage? {
    guard a.width == b.width, a.height == b.height else { return nil }
    let n = a.width * a.height
    var out = [UInt8](repeating: 255, count: a.pixels.count)
    var largest = 0
    var differences = [Int](repeating: 0, count: n)
    for p in 0..<n {
      var d = 0
      for c in 0..<4 {
        d = Swift.max(d, Swift.abs(Int(a.pixels[p * 4 + c]) - Int(b.pixels[p * 4 + c])))
      }
      differences[p] = d
      largest = Swift.max(largest, d)
    }
    for p in 0..<n {
      if differences[p] == 0 {
        // Where they agree: the reference faded to light grey, for where things are.
        let k = p * 4
        let luma = (Int(b.pixels[k]) * 3 + Int(b.pixels[k + 1]) * 6 + Int(b.pixels[k + 2])) / 10
        let faded = UInt8(
          215 + (luma * Int(b.pixels[k + 3]) / 255 + 255 - Int(b.pixels[k + 3])) * 40 / 255)
        out[k] = faded
        out[k + 1] = faded
        out[k + 2] = faded
      } else {
        // Where they differ: red, from half strength at a difference of one level to full at
        // the largest difference, so that even the smallest change shows.
        let strength = 128 + 127 * differences[p] / Swift.max(1, largest)
        out[p * 4] = UInt8(strength)
        out[p * 4 + 1] = 0
        out[p * 4 + 2] = 0
      }
    }
    return RasterImage(width: a.width, height: a.height, pixels: out)
  }
}
