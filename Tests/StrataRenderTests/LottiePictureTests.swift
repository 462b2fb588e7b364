import Foundation
import Strata
import StrataAssets
import StrataRender
import StrataText
import Testing

/// Docs/Assets.md's picture of Lottie frames: the motion example's three animations at five
/// frames each, drawn by Strata, labelled; checked like a golden image.
@Suite struct LottiePictureTests {
  static let animations = ["sunrise", "sprout", "launch"]
  static let frames: [Double] = [0, 15, 30, 45, 59]

  static func picture() throws -> RasterImage {
    let folder = DocsPicturesTests.docs.deletingLastPathComponent()
      .appendingPathComponent("Examples/Motion/Animations")
    let cell = Size(width: 120, height: 138)
    let root = Node(
      frame: Rect(
        x: 0, y: 0, width: cell.width * Double(frames.count),
        height: cell.height * Double(animations.count)))
    root.backgroundColor = .white
    for (row, name) in animations.enumerated() {
      let animation = try LottieImporter(strict: true)
        .importFile(folder.appendingPathComponent("\(name).json").path).animation
      for (column, frame) in frames.enumerated() {
        let x = Double(column) * cell.width
        let y = Double(row) * cell.height
        let node = AnimatedImageNode(
          animation: animation, frame: Rect(x: x + 10, y: y + 6, width: 100, height: 100))
        node.currentFrame = frame
        root.addChild(node)
        root.addChild(
          TextNode(
            text: DocsPicturesTests.text("\(name) · frame \(Int(frame))", size: 10),
            frame: Rect(x: x, y: y + 112, width: cell.width, height: 16)))
      }
    }
    return try FrameRenderer(scale: 2, textShaper: engine).render(
      Scene(root: root, size: root.size))
  }

  @Test func theMotionAnimationsFrameByFrame() throws {
    try DocsPicturesTests.check(try Self.picture(), "lottie.png")
  }
}
