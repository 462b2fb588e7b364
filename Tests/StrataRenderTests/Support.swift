import Foundation
import Strata
import Testing

@testable import StrataRender

/// The folder of this test target.
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// Whether golden images are being re-recorded (`STRATA_RECORD_GOLDENS=1 swift test`).
let recordingGoldens = ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDENS"] == "1"

/// Compares `image` with `Golden/<name>.png` beside the tests, pixel for pixel.
///
/// With STRATA_RECORD_GOLDENS=1 the golden is written instead, and the test passes.
func expectMatchesGolden(
  _ image: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
)
  throws
{
  let url = testDirectory.appendingPathComponent("Golden/\(name).png")
  if recordingGoldens {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGEncoder(mode: .small).write(image, to: url.path)
    return
  }
  guard FileManager.default.fileExists(atPath: url.path) else {
    Issue.record(
      "no golden image \(name).png; record it with STRATA_RECORD_GOLDENS=1",
      sourceLocation: sourceLocation)
    return
  }
  let golden = try PNGDecoder().decodeFile(url.path)
  #expect(
    golden.width == image.width && golden.height == image.height, sourceLocation: sourceLocation)
  let diff = ImageDiff(image, golden)
  #expect(
    diff.maximum == 0, "\(name): \(diff.differingPixels) pixels differ, by up to \(diff.maximum)",
    sourceLocation: sourceLocation)
  if diff.maximum != 0 {
    try? PNGEncoder().write(
      image,
      to: FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path)
  }
}

/// Per-channel differences between two images of the same size.
struct ImageDiff {
  var mean: Double = 0
  var percentile99: Int = 0
  var maximum: Int = 0
  var differingPixels = 0

  init(_ a: PixelBuffer, _ b: PixelBuffer) {
    guard a.width == b.width, a.height == b.height else {
      maximum = 255
      mean = 255
      percentile99 = 255
      return
    }
    var histogram = [Int](repeating: 0, count: 256)
    var total = 0
    for p in 0..<(a.width * a.height) {
      var differs = false
      for c in 0..<4 {
        let d = abs(Int(a.pixels[p * 4 + c]) - Int(b.pixels[p * 4 + c]))
        histogram[d] += 1
        total += d
        if d > 0 { differs = true }
      }
      if differs { differingPixels += 1 }
    }
    let n = a.width * a.height * 4
    mean = Double(total) / Double(n)
    maximum = histogram.lastIndex { $0 > 0 } ?? 0
    var seen = 0
    for (d, count) in histogram.enumerated() {
      seen += count
      if Double(seen) >= 0.99 * Double(n) {
        percentile99 = d
        break
      }
    }
  }
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
}
