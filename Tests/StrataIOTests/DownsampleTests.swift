import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

/// `RasterImage.downsampled(by:)`, which makes the animation's frames and the sheet's
/// thumbnails, against the plain computation.
@Suite struct DownsampleTests {
  /// The mean of each box, computed the plain way.
  func reference(_ b: RasterImage, _ f: Int) -> [UInt8] {
    let w = b.width / f
    let h = b.height / f
    var out: [UInt8] = []
    for y in 0..<h {
      for x in 0..<w {
        for c in 0..<4 {
          var sum = 0
          for dy in 0..<f {
            for dx in 0..<f { sum += Int(b.pixels[((y * f + dy) * b.width + x * f + dx) * 4 + c]) }
          }
          out.append(UInt8((sum + f * f / 2) / (f * f)))
        }
      }
    }
    return out
  }

  @Test(arguments: [2, 3, 4, 17])
  func eachPixelIsTheRoundedMeanOfItsBox(factor: Int) throws {
    var g = SystemRandomNumberGenerator()
    let b = try RasterImage(
      width: 5 * factor + 2, height: 3 * factor + 1,
      pixels: (0..<((5 * factor + 2) * (3 * factor + 1) * 4)).map { _ in
        UInt8.random(in: 0...255, using: &g)
      })
    let small = b.downsampled(by: factor)
    #expect(small.width == b.width / factor && small.height == b.height / factor)
    #expect(small.pixels == reference(b, factor))
  }

  @Test func aFactorLargerThanTheImageIsReducedToItsSide() throws {
    let b = try RasterImage(width: 2, height: 5, pixels: [UInt8](repeating: 90, count: 40))
    let small = b.downsampled(by: 3)
    #expect(small.width == 1 && small.height == 2)
    #expect(small.pixels.allSatisfy { $0 == 90 })
  }
}
