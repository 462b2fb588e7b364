/// Gaussian blur of an 8-bit alpha mask, approximated by three box blurs per axis.
///
/// The box size follows the SVG filter-effects specification for feGaussianBlur:
/// d = ⌊σ · 3√(2π) / 4 + 0.5⌋; three boxes of size d, centred when d is odd,
/// and for even d two boxes offset by half a pixel either way and a third of
/// size d + 1. SVG renderers use the same approximation, so our shadows match
/// the SVG export's.
enum Blur {
  static func boxSize(sigma: Double) -> Int {
    Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
  }

  /// How far, in pixels, one side of the three boxes reaches together: values further than
  /// this from a pixel do not change its blurred value.
  static func reach(sigma: Double) -> Int {
    let d = boxSize(sigma: sigma)
    return d <= 0 ? 0 : 3 * (d / 2)
  }

  static func gaussian(_ data: inout [UInt8], width: Int, height: Int, sigma: Double) {
    let d = boxSize(sigma: sigma)
    guard d > 0, width > 0, height > 0, data.count >= width * height else { return }
    let longest = Swift.max(width, height)
    // (left reach, right reach) of the three passes.
    let reach =
      d % 2 == 1
      ? ((d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2))
      : ((d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2))
    // Through pointers: the passes touch every value six times, and checked subscripts were
    // most of their cost.
    let line = UnsafeMutablePointer<Int>.allocate(capacity: longest)
    let tmp = UnsafeMutablePointer<Int>.allocate(capacity: longest)
    defer {
      line.deallocate()
      tmp.deallocate()
    }
    func blur(_ count: Int) {
      box(line, tmp, count: count, left: reach.0.0, right: reach.0.1)
      box(line, tmp, count: count, left: reach.1.0, right: reach.1.1)
      box(line, tmp, count: count, left: reach.2.0, right: reach.2.1)
    }
    data.withUnsafeMutableBufferPointer { buffer in
      guard let v = buffer.baseAddress else { return }
      for y in 0..<height {
        let row = v + y * width
        for x in 0..<width { line[x] = Int(row[x]) }
        blur(width)
        for x in 0..<width { row[x] = UInt8(line[x].clamped(0, 255)) }
      }
      for x in 0..<width {
        for y in 0..<height { line[y] = Int(v[y * width + x]) }
        blur(height)
        for y in 0..<height { v[y * width + x] = UInt8(line[y].clamped(0, 255)) }
      }
    }
  }

  /// One box pass: each value becomes the mean of the window [i − left, i + right], zero outside.
  private static func box(
    _ v: UnsafeMutablePointer<Int>, _ tmp: UnsafeMutablePointer<Int>, count: Int, left: Int,
    right: Int
  ) {
    let size = left + right + 1
    // Dividing by `size` as a multiplication: with m = ⌈2³²/size⌉, (n·m) >> 32 = ⌊n/size⌋ for
    // every n here: n < 256·size, so the error n·(m − 2³²/size)/2³² < 256·size/2³² stays below
    // the gap 1/size between n/size and the next whole number while size < 4096 (σ up to about
    // 3,000; shadows cap σ at 500). Larger boxes divide.
    let m = ((1 << 32) + size - 1) / size
    let multiplies = size < 4096
    var sum = 0
    // Prime the window for index 0: values 0 ... right.
    for i in 0...Swift.min(right, count - 1) { sum += v[i] }
    for i in 0..<count {
      tmp[i] = multiplies ? ((sum + size / 2) &* m) >> 32 : (sum + size / 2) / size
      let enter = i + right + 1
      if enter < count { sum += v[enter] }
      let leave = i - left
      if leave >= 0 { sum -= v[leave] }
    }
    v.update(from: tmp, count: count)
  }
}

extension Int {
  @inline(__always) func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
