import Foundation
import Strata
import StrataRender
@_exported import StrataTestSupport
import StrataTesting
import Testing

/// The folder of this test target.
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// The golden images beside these tests (`Golden/`), checked through StrataTesting: the one
/// golden harness of the project.
let goldens = ReferenceImages(besideTestFile: #filePath)

/// Compares `image` with `Golden/<name>.png` beside the tests, byte for byte (recording it when
/// asked: `STRATA_RECORD_REFERENCES=1 swift test`).
func expectMatchesGolden(_ image: RasterImage, _ name: String) throws {
  try goldens.check(image, named: name)
}
