import Foundation
import Strata
import StrataRender
import StrataTestSupport
import StrataTesting
import Testing

@Suite struct ReferenceImagesTests {
  func image(_ color: Color, dot: Color? = nil) throws -> RasterImage {
    var b = try RasterImage(width: 8, height: 8)
    b.fill(color)
    guard let dot else { return b }
    let canvas = Canvas(buffer: b)
    canvas.fill(.rect(Rect(x: 2, y: 2, width: 2, height: 1)), paint: .solid(dot))
    return canvas.buffer
  }

  @Test func aMismatchSaysHowFarAndWhereThePicturesAre() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let references = ReferenceImages(directory: dir)
    let grey = try image(Color(white: 0.5))
    // Missing outside CI: recorded, and the check fails once, saying where.
    if ProcessInfo.processInfo.environment["CI"] == nil {
      do {
        try references.check(grey, named: "grey")
        Issue.record("a missing reference was recorded without a word")
      } catch let recorded as RecordedReference {
        #expect(recorded.path == references.path(of: "grey"))
        #expect(recorded.description.contains("run the test again"))
      }
    } else {
      #expect(throws: MissingReference.self) { try references.check(grey, named: "grey") }
      try PNGEncoder().write(grey, to: references.path(of: "grey"))
    }
    #expect(references.names() == ["grey"])
    try references.check(grey, named: "grey")
    let dotted = try image(Color(white: 0.5), dot: Color(white: 0.6))
    do {
      try references.check(dotted, named: "grey")
      Issue.record("a changed image passed")
    } catch let mismatch as ReferenceMismatch {
      #expect(mismatch.difference.differingPixels == 2)
      #expect(mismatch.difference.maximum == 25 || mismatch.difference.maximum == 26)
      #expect(FileManager.default.fileExists(atPath: mismatch.actualPath))
      let picture = try PNGDecoder().decodeFile(try #require(mismatch.differencePath))
      // The changed pixels red at full strength (the largest change), the rest light grey.
      let changed = picture.pixel(x: 2, y: 2)
      #expect(changed.r == 255 && changed.g == 0 && changed.b == 0)
      let same = picture.pixel(x: 0, y: 0)
      #expect(same.r == same.g && same.r >= 215)
      #expect(mismatch.description.contains("2 pixels differ"))
    }
    // Within a tolerance it passes.
    try references.check(
      dotted, named: "grey", tolerance: ImageTolerance(maximum: 30, differingPixels: 2))
    #expect(throws: ReferenceMismatch.self) {
      try references.check(
        dotted, named: "grey", tolerance: ImageTolerance(maximum: 30, differingPixels: 1))
    }
    #expect(throws: ReferenceMismatch.self) {
      try references.check(try image(.red), named: "grey", tolerance: ImageTolerance(maximum: 30))
    }
  }

  /// A change of one level shows plainly: at least half-strength red, not near black.
  @Test func theSmallestDifferenceIsVisibleInThePicture() throws {
    let a = try image(Color(white: 0.5))
    var b = a
    b.pixels[4 * 9] &+= 1  // one channel of one pixel, one level
    let picture = try #require(ImageDifference.picture(b, a))
    #expect(picture.pixel(x: 1, y: 1).r >= 128 && picture.pixel(x: 1, y: 1).g == 0)
    #expect(picture.pixel(x: 5, y: 5).g >= 215)
  }
}
