import Foundation
import StrataExamples
import StrataRender
import StrataTesting
import XCTest

/// StrataTesting from XCTest: a thrown mismatch fails an XCTest test as it fails a Swift Testing
/// one.
final class FrameAssertionXCTests: XCTestCase {
  func testAFrameMatchesItsReferenceAndAChangedOneDoesNot() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-xctest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let references = ReferenceImages(directory: dir)
    let frame = try FrameRenderer(scale: 0.5).render(AnimalsTutorial(), pagePosition: 1)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try PNGEncoder().write(frame, to: references.path(of: "animals-1"))
    XCTAssertNoThrow(
      try references.check(AnimalsTutorial(), atPage: 1, scale: 0.5, named: "animals-1"))
    XCTAssertThrowsError(
      try references.check(AnimalsTutorial(), atPage: 1.2, scale: 0.5, named: "animals-1")
    ) { error in
      XCTAssertTrue(error is ReferenceMismatch, "\(error)")
    }
  }
}
