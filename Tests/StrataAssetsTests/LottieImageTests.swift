import Foundation
import Strata
import StrataAssets
import StrataRender
import StrataTestSupport
import Testing

/// Lottie image layers: embedded base64 PNGs and files beside the animation, drawn at their
/// asset's size; what cannot be read is listed, never followed out of the folder.
@Suite struct LottieImageTests {
  /// A 20 × 20 PNG: red on the left half, blue on the right.
  static func png() throws -> [UInt8] {
    var pixels: [UInt8] = []
    for _ in 0..<20 {
      for x in 0..<20 { pixels += x < 10 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    return PNGEncoder().encode(try RasterImage(width: 20, height: 20, pixels: pixels))
  }

  static func document(_ asset: String) -> String {
    """
    {"w": 60, "h": 40, "fr": 30, "ip": 0, "op": 2,
     "assets": [{"id": "img", "w": 40, "h": 20, \(asset)}],
     "layers": [{"ty": 2, "refId": "img", "ip": 0, "op": 2,
                 "ks": {"p": {"a": 0, "k": [10, 10]}, "o": {"a": 0, "k": 100}}}]}
    """
  }

  static func render(_ a: AnimatedVectorImage) throws -> RasterImage {
    let image = a.image(atFrame: 0)
    let node = ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: image.size))
    return try FrameRenderer(scale: 1).render(Scene(root: node, size: image.size))
  }

  @Test func anEmbeddedImageIsDrawnAtItsAssetsSize() throws {
    let data = "data:image/png;base64," + Data(try Self.png()).base64EncodedString()
    let read = try LottieImporter(strict: true).importLottie(
      Array(Self.document(#""e": 1, "u": "", "p": "\#(data)""#).utf8))
    let image = try Self.render(read.animation)
    // 40 × 20 at (10, 10): red on its left half, blue on its right, nothing outside.
    #expect(image.pixel(x: 15, y: 20).r == 255 && image.pixel(x: 15, y: 20).b == 0)
    #expect(image.pixel(x: 45, y: 20).b == 255 && image.pixel(x: 45, y: 20).r == 0)
    #expect(image.pixel(x: 5, y: 20).a == 0 && image.pixel(x: 30, y: 35).a == 0)
  }

  @Test func aFileBesideTheAnimationIsRead() throws {
    let folder = try temporaryFolder("strata-lottie-images")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data(try Self.png()).write(to: folder.appendingPathComponent("images/img_0.png"))
    let json = folder.appendingPathComponent("a.json")
    try Data(Self.document(#""u": "images/", "p": "img_0.png""#).utf8).write(to: json)
    let read = try LottieImporter(strict: true).importFile(json.path)
    #expect(try Self.render(read.animation).pixel(x: 45, y: 20).b == 255)
  }

  @Test func whatCannotBeReadIsListedNotFollowed() throws {
    func notes(_ asset: String, base: String? = "/tmp") throws -> [String] {
      try LottieImporter(baseDirectory: base).importLottie(Array(Self.document(asset).utf8))
        .unsupported.map(\.message)
    }
    #expect(
      try notes(#""u": "../", "p": "secret.png""#)
        == [
          "the image \"../secret.png\" is not read: only files beside the animation (or below) are"
        ])
    #expect(try notes(#""u": "", "p": "/etc/passwd""#).first?.contains("is not read") == true)
    #expect(
      try notes(#""u": "", "p": "img.png""#, base: nil).first?.contains("is not read") == true)
    #expect(
      try notes(#""u": "", "p": "strata-no-such-file.png""#).first?.hasPrefix("cannot read") == true
    )
    #expect(
      try notes(#""e": 1, "p": "data:image/png,notbase64""#)
        == ["an embedded image that is not base64 data is not drawn"])
    let svg =
      "data:image/svg+xml;base64," + Data("<svg width='4' height='4'/>".utf8).base64EncodedString()
    #expect(
      try notes(#""e": 1, "p": "\#(svg)""#) == [
        "an SVG image asset is not drawn (PNG and JPEG are)"
      ])
    let junk =
      "data:image/png;base64," + Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).base64EncodedString()
    #expect(try notes(#""e": 1, "p": "\#(junk)""#).count == 1)
    // A missing asset id is an error with its path.
    #expect(throws: LottieError.self) {
      try LottieImporter().importLottie(
        Array(
          Self.document(#""p": "x""#).replacingOccurrences(
            of: "\"refId\": \"img\"", with: "\"refId\": \"nope\""
          ).utf8))
    }
  }

  /// For the comparison with rlottie: the image at its own size, and turned and scaled.
  static func reference() throws -> String {
    let data = "data:image/png;base64," + Data(try png()).base64EncodedString()
    return """
      {"v": "5.7.0", "fr": 30, "w": 100, "h": 60, "ip": 0, "op": 2,
       "assets": [{"id": "img", "w": 20, "h": 20, "e": 1, "u": "", "p": "\(data)"}],
       "layers": [
         {"ty": 2, "refId": "img", "ind": 1, "ip": 0, "op": 2,
          "ks": {"p": {"a": 0, "k": [10, 20]}, "o": {"a": 0, "k": 100}}},
         {"ty": 2, "refId": "img", "ind": 2, "ip": 0, "op": 2,
          "ks": {"p": {"a": 0, "k": [65, 30]}, "a": {"a": 0, "k": [10, 10]},
                 "s": {"a": 0, "k": [150, 150]}, "o": {"a": 0, "k": 60}}}]}
      """
  }
}
