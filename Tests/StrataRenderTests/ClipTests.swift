import Foundation
import Strata
import StrataRender
import Testing

/// clipsToBounds clips a node's own content too, to its rounded bounds, as Core Animation's
/// masksToBounds does: an image's corners come out round (they were square).
@Suite struct ClipTests {
  /// A 40 × 40 opaque red image in a node with a corner radius of 12.
  func frame(clips: Bool, contentMode: ContentMode = .scaleToFill) throws -> RasterImage {
    var red = try RasterImage(width: 40, height: 40)
    red.fill(.red)
    let root = Node(frame: Rect(x: 0, y: 0, width: 60, height: 60))
    let photo = ImageNode(
      image: .raster(red), frame: Rect(x: 10, y: 10, width: 40, height: 40),
      contentMode: contentMode)
    photo.cornerRadius = 12
    photo.clipsToBounds = clips
    root.addChild(photo)
    return try FrameRenderer(scale: 1).render(Scene(root: root, size: root.size))
  }

  func alpha(_ i: RasterImage, _ x: Int, _ y: Int) -> UInt8 { i.pixels[4 * (y * i.width + x) + 3] }

  @Test func anImagesCornersAreRoundWhenItClips() throws {
    let clipped = try frame(clips: true)
    #expect(alpha(clipped, 10, 10) == 0, "the corner pixel is outside the rounded rectangle")
    #expect(alpha(clipped, 30, 30) == 255)
    #expect(alpha(clipped, 30, 10) == 255, "the middle of the top edge stays")
    let square = try frame(clips: false)
    #expect(alpha(square, 10, 10) == 255, "without clipping the image keeps its corners")
  }

  /// Aspect fill overflows the frame; clipping keeps it inside.
  @Test func aspectFillIsClippedToTheFrame() throws {
    var wide = try RasterImage(width: 80, height: 40)
    wide.fill(.blue)
    let root = Node(frame: Rect(x: 0, y: 0, width: 60, height: 60))
    let photo = ImageNode(
      image: .raster(wide), frame: Rect(x: 10, y: 10, width: 40, height: 40),
      contentMode: .aspectFill)
    photo.clipsToBounds = true
    root.addChild(photo)
    let image = try FrameRenderer(scale: 1).render(Scene(root: root, size: root.size))
    #expect(alpha(image, 5, 30) == 0 && alpha(image, 30, 30) == 255)
  }
}
