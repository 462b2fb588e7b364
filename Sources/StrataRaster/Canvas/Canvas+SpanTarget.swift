import Strata
import StrataIO

extension Canvas {
  /// Blends spans into one surface under one clip; see ``withSpanTarget(columns:_:)``.
  struct SpanTarget {
    let clip: ClipMask
    /// The surface's rectangle in device pixels.
    let surface: IntRect
    let pixels: UnsafeMutablePointer<UInt32>
    /// Scratch for a span's colours and coverage, `capacity` pixels each.
    let colors: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var cache: ShadeCache
    /// Pixels a later opaque fill paints over: spans leave them out.
    let cover: RowCover?
    /// How many pixels were left out.
    var coveredPixels = 0
    /// The rows and columns blended into.
    var minX = Int.max
    var minY = Int.max
    var maxX = Int.min
    var maxY = Int.min

    /// Blends `count` pixels of `shader` at row y from x, scaled by coverage, clip and opacity,
    /// leaving out what ``cover`` covers.
    mutating func blend(
      y: Int, x: Int, count: Int, coverage spanCoverage: UnsafeBufferPointer<UInt8>?,
      constant: UInt8, shader: Shader, opacity255: Int
    ) {
      guard let covered = cover?.run(y: y), covered.lowerBound < x + count,
        covered.upperBound > x
      else {
        blendAll(
          y: y, x: x, count: count, coverage: spanCoverage, constant: constant, shader: shader,
          opacity255: opacity255)
        return
      }
      coveredPixels += Swift.min(covered.upperBound, x + count) - Swift.max(covered.lowerBound, x)
      if covered.lowerBound > x {
        let n = covered.lowerBound - x
        blendAll(
          y: y, x: x, count: n,
          coverage: spanCoverage.map { UnsafeBufferPointer(rebasing: $0[0..<n]) },
          constant: constant, shader: shader, opacity255: opacity255)
      }
      if covered.upperBound < x + count {
        let skip = covered.upperBound - x
        blendAll(
          y: y, x: covered.upperBound, count: count - skip,
          coverage: spanCoverage.map { UnsafeBufferPointer(rebasing: $0[skip..<count]) },
          constant: constant, shader: shader, opacity255: opacity255)
      }
    }

    /// ``blend(y:x:count:coverage:constant:shader:opacity255:)`` over the whole span.
    private mutating func blendAll(
      y: Int, x: Int, count: Int, coverage spanCoverage: UnsafeBufferPointer<UInt8>?,
      constant: UInt8, shader: Shader, opacity255: Int
    ) {
      guard count > 0, count <= capacity else { return }
      // The coverage of each pixel: the shape's, times the clip's, times the opacity.
      var uniform: UInt32? = UInt32(constant)
      let masked = clip.masks(row: y, from: x, count: count)
      if spanCoverage != nil || masked {
        uniform = nil
        let cov = coverage
        if let values = spanCoverage?.baseAddress {
          cov.update(from: values, count: count)
        } else {
          cov.update(repeating: constant, count: count)
        }
        if masked, let mask = clip.mask {
          let maskStart = (y - clip.rect.y) * clip.rect.width + (x - clip.rect.x)
          mask.withUnsafeBufferPointer { m in
            guard let base = m.baseAddress else { return }
            Pixels.multiply(cov, by: base + maskStart, count: count)
          }
        }
        if opacity255 < 255 { Pixels.multiply(cov, by: UInt8(opacity255), count: count) }
      } else if opacity255 < 255 {
        uniform = UInt32(div255(Int(constant) * opacity255))
      }
      if uniform == 0 { return }
      if x < minX { minX = x }
      if x + count > maxX { maxX = x + count }
      if y < minY { minY = y }
      if y + 1 > maxY { maxY = y + 1 }
      let solid = shader.rowColor(y: y)
      if solid == nil { shader.shade(x: x, y: y, count: count, into: colors, cache: &cache) }
      let target = pixels + ((y - surface.y) * surface.width + (x - surface.x))
      if let u = uniform, let s = solid {
        let src = u == 255 ? s : Pixels.scale(s, u)
        if src >> 24 == 255 {
          target.update(repeating: src, count: count)
        } else {
          Pixels.blend(
            into: target, colors: nil, solid: src, coverage: nil, uniform: 255, count: count)
        }
      } else if let u = uniform {
        Pixels.blend(
          into: target, colors: UnsafePointer(colors), solid: 0, coverage: nil, uniform: u,
          count: count)
      } else {
        Pixels.blend(
          into: target, colors: solid == nil ? UnsafePointer(colors) : nil, solid: solid ?? 0,
          coverage: UnsafePointer(coverage), uniform: 255, count: count)
      }
    }
  }
}
