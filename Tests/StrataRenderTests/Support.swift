import Foundation
import Strata
@_exported import StrataTestSupport
import StrataTesting
import Testing

@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// The folder of this test target.
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// The golden images beside these tests (`Golden/`), checked through StrataTesting: the one
/// golden harness of the project.
let goldens = ReferenceImages(besideTestFile: #filePath)

/// Compares `image` with `Golden/<name>.png` beside the tests, byte for byte (recording it when
/// asked: `STRATA_RECORD_REFERENCES=1 swift test`).
func expectMatchesGolden(_ image: PixelBuffer, _ name: String) throws {
  try goldens.check(image, named: name)
}

/// The sum of alpha over the image, in pixels (255 = one fully covered pixel).
func coveredArea(_ b: PixelBuffer) -> Double {
  var s = 0
  for i in stride(from: 3, to: b.pixels.count, by: 4) { s += Int(b.pixels[i]) }
  return Double(s) / 255
}

/// A canvas filled with one shape, for coverage checks.
func render(width: Int = 64, height: Int = 64, _ draw: (Canvas) -> Void) throws -> PixelBuffer {
  let c = try Canvas(width: width, height: height)
  draw(c)
  return c.buffer
}

/// Keeps two pictures that differ in the temporary folder's `folder`, for a look.
func keepForALook(_ ours: PixelBuffer, _ theirs: PixelBuffer, folder: String, name: String) {
  let keep = FileManager.default.temporaryDirectory.appendingPathComponent(folder)
  try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
  try? PNGEncoder().write(ours, to: keep.appendingPathComponent("\(name)-strata.png").path)
  try? PNGEncoder().write(theirs, to: keep.appendingPathComponent("\(name)-resvg.png").path)
}
