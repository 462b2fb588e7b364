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
    // Missing outside CI: recorded, and the check passes.
    if ProcessInfo.processInfo.environment["CI"] == nil {
      try references.check(grey, named: "grey")
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
      let picture = try #require(mismatch.differencePath)
      #expect(try PNGDecoder().decodeFile(picture).pixel(x: 2, y: 2).r > 90)
      #expect(try PNGDecoder().decodeFile(picture).pixel(x: 0, y: 0).r == 0)
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
}
