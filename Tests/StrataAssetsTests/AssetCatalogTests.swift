import Foundation
import Strata
import StrataAssets
import StrataRender
import StrataTestSupport
import Testing

@Suite struct AssetCatalogTests {
  /// A folder with `welcome` at @1x (plain), @2x and @3x, `logo` at @3x only, a broken
  /// `broken.png`, a `photo.jpg` that is not a JPEG, an `art.svg` (a circle and a `<text>`),
  /// an `icon.svg` beside an `icon@2x.png`, and a text file.
  func folder() throws -> URL {
    let dir = try temporaryFolder()
    func png(_ name: String, _ side: Int) throws {
      var b = try RasterImage(width: side, height: side)
      b.fill(Color(white: Double(side) / 100))
      try PNGEncoder().write(b, to: dir.appendingPathComponent(name).path)
    }
    try png("welcome.png", 10)
    try png("welcome@2x.png", 20)
    try png("welcome@3x.png", 30)
    try png("logo@3x.png", 12)
    try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: dir.appendingPathComponent("broken.png"))
    try Data([0x00, 0xD8, 0xFF]).write(to: dir.appendingPathComponent("photo.jpg"))
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
        <circle cx="10" cy="10" r="8" fill="red"/>
        <text x="20" y="15">Hi</text>
      </svg>
      """.utf8
    ).write(to: dir.appendingPathComponent("art.svg"))
    try Data("<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/>".utf8).write(
      to: dir.appendingPathComponent("icon.svg"))
    try png("icon@2x.png", 16)
    try Data("notes".utf8).write(to: dir.appendingPathComponent("README.txt"))
    return dir
  }

  @Test func theVariantForTheScaleIsChosenAndKeepsItsPointSize() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = AssetCatalog(directory: dir)
    #expect(try assets.names() == ["art", "broken", "icon", "logo", "photo", "welcome"])
    for (scale, file, pixels) in [
      (1.0, "welcome.png", 10), (2.0, "welcome@2x.png", 20), (3.0, "welcome@3x.png", 30),
      (1.5, "welcome@2x.png", 20), (4.0, "welcome@3x.png", 30),
    ] {
      #expect(try assets.file(named: "welcome", scale: scale).path.hasSuffix("/" + file))
      guard case .raster(let r) = try assets.image(named: "welcome", scale: scale) else {
        Issue.record("a PNG is a raster image")
        continue
      }
      #expect(r.width == pixels)
      #expect(r.size == Size(width: 10, height: 10), "the same points at every scale")
    }
    // Only a sharper one: it is drawn smaller.
    #expect(try assets.file(named: "logo", scale: 1).scale == 3)
    // An SVG answers every scale, before a bitmap of the same name.
    for scale in [1.0, 2.0, 3.0] {
      #expect(try assets.file(named: "icon", scale: scale).path.hasSuffix("/icon.svg"))
    }
  }

  @Test func anSVGIsAVectorImageWithWhatItLeavesOut() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (image, notes) = try AssetCatalog(directory: dir).loadImage(named: "art", scale: 3)
    guard case .vector(let v) = image else {
      Issue.record("an SVG is a vector image")
      return
    }
    #expect(v.size == Size(width: 40, height: 20))
    #expect(v.shapes.count == 1)
    #expect(notes == [SVGDiagnostic(element: "text", line: 3, message: "<text> is not drawn")])
  }

  @Test func mistakesSayWhatAndWhere() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = AssetCatalog(directory: dir)
    do {
      _ = try assets.image(named: "welcom", scale: 2)
      Issue.record("a missing name is an error")
    } catch {
      #expect(error.description.contains("'welcom'") && error.description.contains(dir.path))
      #expect(error.description.contains("welcome") && error.description.contains("logo"))
    }
    #expect(throws: AssetError.self) { try assets.image(named: "broken", scale: 1) }
    do {
      _ = try assets.image(named: "photo", scale: 1)
      Issue.record("a file that is not a JPEG is an error")
    } catch {
      #expect(
        error.description.contains("photo.jpg")
          && error.description.contains("not a PNG, JPEG or SVG file"))
    }
    #expect(throws: AssetError.self) {
      try AssetCatalog(directory: dir.appendingPathComponent("nope")).names()
    }
  }
}
