import Foundation
import Strata
import StrataAssets
import StrataRender
import Testing

@Suite struct AssetCatalogTests {
  /// A folder with `welcome` at @1x (plain), @2x and @3x, `logo` at @3x only, a broken
  /// `broken.png`, a `photo.jpg` that is not a JPEG, an `art.svg` and a text file.
  func folder() throws -> URL {
    let dir = try temporaryFolder()
    func png(_ name: String, _ side: Int) throws {
      var b = try PixelBuffer(width: side, height: side)
      b.fill(Color(white: Double(side) / 100))
      try PNGEncoder().write(b, to: dir.appendingPathComponent(name).path)
    }
    try png("welcome.png", 10)
    try png("welcome@2x.png", 20)
    try png("welcome@3x.png", 30)
    try png("logo@3x.png", 12)
    try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: dir.appendingPathComponent("broken.png"))
    try Data([0x00, 0xD8, 0xFF]).write(to: dir.appendingPathComponent("photo.jpg"))
    try Data("<svg/>".utf8).write(to: dir.appendingPathComponent("art.svg"))
    try Data("notes".utf8).write(to: dir.appendingPathComponent("README.txt"))
    return dir
  }

  @Test func theVariantForTheScaleIsChosenAndKeepsItsPointSize() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = AssetCatalog(directory: dir)
    #expect(try assets.names() == ["art", "broken", "logo", "photo", "welcome"])
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
      #expect(error.description.contains("photo.jpg") && error.description.contains("not a JPEG"))
    }
    do {
      _ = try assets.image(named: "art", scale: 1)
      Issue.record("an SVG is reported, not skipped")
    } catch {
      #expect(error == .unsupported(path: dir.appendingPathComponent("art.svg").path))
    }
    #expect(throws: AssetError.self) {
      try AssetCatalog(directory: dir.appendingPathComponent("nope")).names()
    }
  }
}
