import Foundation
import Strata
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

/// Finds a program on the PATH.
func findProgram(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let p = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: p) { return p }
  }
  return nil
}

/// Runs a program and returns its exit status.
@discardableResult
func runProgram(_ exe: String, _ args: [String], stdin: String? = nil) throws -> Int32 {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: exe)
  p.arguments = args
  p.standardOutput = FileHandle.nullDevice
  p.standardError = FileHandle.nullDevice
  let input = Pipe()
  if stdin != nil { p.standardInput = input }
  try p.run()
  if let stdin {
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
  }
  p.waitUntilExit()
  return p.terminationStatus
}

/// What Python prints for `args` (a script and its arguments), and its exit status.
func runPython(_ args: [String]) throws -> (out: String, status: Int32) {
  guard let python = Peers.python else { return ("", -1) }
  let p = Process()
  p.executableURL = URL(fileURLWithPath: python)
  p.arguments = args
  let pipe = Pipe()
  p.standardOutput = pipe
  p.standardError = FileHandle.nullDevice
  try p.run()
  let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  p.waitUntilExit()
  return (out, p.terminationStatus)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "strata-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The optional test peers, found once.
enum Peers {
  /// `resvg`, installed by `pip install resvg-cli` (`.ci/run` does it).
  static let resvg = findProgram("resvg")
  /// `python3`, present on every machine this project runs on.
  static let python = findProgram("python3")
  /// Whether Python can import fontTools (`pip install fonttools`; `.ci/run` does it).
  static let hasFontTools: Bool = {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", "import fontTools"])) == 0
  }()
  /// Whether Python can import uharfbuzz (`pip install uharfbuzz`; `.ci/run` does it): an
  /// independent shaper.
  static let hasHarfBuzz: Bool = {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", "import uharfbuzz"])) == 0
  }()
  /// Whether Python can import python-bidi (`pip install python-bidi`; `.ci/run` does it).
  static let hasPythonBidi: Bool = {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", "from bidi import get_display"])) == 0
  }()
  /// Whether Python can import uniseg (`pip install uniseg`; `.ci/run` does it): an
  /// independent implementation of the line breaking algorithm.
  static let hasUniseg: Bool = {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", "from uniseg.linebreak import line_break_boundaries"]))
      == 0
  }()
  /// Whether Python can import Pillow (`pip install pillow`; `.ci/run` does it): an independent
  /// JPEG decoder to compare with.
  static let hasPillow: Bool = {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", "import PIL.Image, PIL.ImageOps"])) == 0
  }()
}

/// Keeps two pictures that differ in the temporary folder's `folder`, for a look.
func keepForALook(_ ours: PixelBuffer, _ theirs: PixelBuffer, folder: String, name: String) {
  let keep = FileManager.default.temporaryDirectory.appendingPathComponent(folder)
  try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
  try? PNGEncoder().write(ours, to: keep.appendingPathComponent("\(name)-strata.png").path)
  try? PNGEncoder().write(theirs, to: keep.appendingPathComponent("\(name)-resvg.png").path)
}
