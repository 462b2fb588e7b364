import Foundation
import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataTestSupport
import StrataText
import Testing

/// The animation stores, after its first frame, only what each frame changes; a viewer that
/// composites the frames (Pillow here) sees every frame whole.
@Suite struct APNGTests {
  /// Frames of 40×30: a gradient, then a square that moves over it, then rests (equal
  /// frames), then a change in one corner only.
  static func frames() throws -> [RasterImage] {
    func frame(square x: Int?, corner: Bool) throws -> RasterImage {
      var px = [UInt8](repeating: 0, count: 40 * 30 * 4)
      for y in 0..<30 {
        for c in 0..<40 {
          let i = (y * 40 + c) * 4
          let inSquare = x.map { c >= $0 && c < $0 + 8 && y >= 10 && y < 18 } ?? false
          let inCorner = corner && c >= 36 && y >= 27
          px[i] = inSquare ? 250 : UInt8(c * 6)
          px[i + 1] = inCorner ? 0 : UInt8(y * 8)
          px[i + 2] = inSquare ? 10 : 128
          px[i + 3] = 255
        }
      }
      return try RasterImage(width: 40, height: 30, pixels: px)
    }
    return [
      try frame(square: nil, corner: false), try frame(square: 3, corner: false),
      try frame(square: 9, corner: false), try frame(square: 9, corner: false),
      try frame(square: 9, corner: false), try frame(square: 9, corner: true),
    ]
  }

  /// Each frame control's region: width, height, x and y.
  static func regions(_ png: [UInt8]) -> [[Int]] {
    var out: [[Int]] = []
    var p = 8
    func u32(_ i: Int) -> Int {
      Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
    }
    while p + 8 <= png.count {
      let length = u32(p)
      if String(decoding: png[(p + 4)..<(p + 8)], as: UTF8.self) == "fcTL" {
        out.append([u32(p + 12), u32(p + 16), u32(p + 20), u32(p + 24)])
      }
      p += 12 + length
    }
    return out
  }

  func write(_ frames: [RasterImage], to path: String) throws {
    let writer = try APNGWriter(
      path: path, width: 40, height: 30, frameCount: frames.count, frameDuration: 0.1)
    for f in frames { try writer.append(f) }
    try writer.finish()
  }

  @Test func eachFrameStoresOnlyWhatChanged() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.png").path
    try write(try Self.frames(), to: path)
    let regions = Self.regions(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(
      regions == [
        [40, 30, 0, 0],  // the first frame whole
        [8, 8, 3, 10],  // the square appears
        [14, 8, 3, 10],  // it moves: where it was and where it is
        [1, 1, 0, 0], [1, 1, 0, 0],  // rests
        [4, 3, 36, 27],  // the corner
      ])
  }

  @Test(.enabled(if: Peers.hasPillow, "Pillow is not installed (pip install pillow)"))
  func pillowSeesEveryFrameWhole() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.png").path
    let frames = try Self.frames()
    try write(frames, to: path)
    let (out, status) = try runPython([
      "-c",
      "import sys; from PIL import Image; a = Image.open(sys.argv[1])\n"
        + "for i in range(a.n_frames):\n a.seek(i); print(a.convert('RGBA').tobytes().hex())",
      path,
    ])
    #expect(status == 0)
    let decoded = out.split(separator: "\n").map(String.init)
    #expect(decoded.count == frames.count)
    for (i, (hex, frame)) in zip(decoded, frames).enumerated() {
      let expected = frame.pixels.map { String(format: "%02x", $0) }.joined()
      #expect(hex == expected, "frame \(i)")
    }
  }
}
