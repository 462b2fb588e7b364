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

/// `list` drawn by Strata and, from its SVG export, by resvg (`resvg`, the program), with the
/// files written into `dir` as `<name>.svg` and `<name>.png`; the two, and how they differ.
/// Expects resvg to succeed.
func drawnBesideResvg(
  _ list: DisplayList, resvg: String, in dir: URL, name: String
) throws -> (ours: RasterImage, theirs: RasterImage, difference: ImageDifference) {
  let ours = try FrameRenderer().render(list)
  let svg = dir.appendingPathComponent("\(name).svg")
  let png = dir.appendingPathComponent("\(name).png")
  try SVGWriter().svg(for: list).write(to: svg, atomically: true, encoding: .utf8)
  #expect(try runProgram(resvg, [svg.path, png.path]) == 0)
  let theirs = try PNGDecoder().decodeFile(png.path)
  return (ours, theirs, ImageDifference(ours, theirs))
}
