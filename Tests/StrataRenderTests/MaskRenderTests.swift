import Foundation
import Strata
import StrataIO
import StrataRender
import StrataTestSupport
import StrataTesting
import Testing

/// A group's mask (VectorImage.Mask: a track matte) multiplies the group by the mask's alpha
/// or luminance, or one minus it: checked against the values it must give, and the SVG export
/// (a `<mask>`) against resvg.
@Suite struct MaskRenderTests {
  /// Four 40 × 40 blue squares, each under a mask that fades across it from left to right:
  /// alpha (white to clear), luminance (white to black), and both inverted.
  static func picture() -> VectorImage {
    func square(_ x: Double, _ y: Double, _ mode: VectorImage.Mask.Mode, inverted: Bool)
      -> VectorImage.Item
    {
      let box = Rect(x: x, y: y, width: 40, height: 40)
      let end = mode == .alpha ? Color.white.withAlpha(0) : Color.black
      let fade = VectorImage.Shape(
        path: .rect(box),
        fill: .linearGradient(
          Gradient(colors: [.white, end]), start: Point(x: x, y: y), end: Point(x: x + 40, y: y)))
      return .group(
        VectorImage.Group(
          items: [.shape(VectorImage.Shape(path: .rect(box), fill: .solid(.blue)))],
          mask: VectorImage.Mask(mode: mode, isInverted: inverted, items: [.shape(fade)])))
    }
    return VectorImage(
      size: Size(width: 100, height: 100),
      items: [
        square(5, 5, .alpha, inverted: false), square(55, 5, .alpha, inverted: true),
        square(5, 55, .luminance, inverted: false), square(55, 55, .luminance, inverted: true),
      ])
  }

  static func scene() -> Scene {
    let image = picture()
    return Scene(
      root: ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: image.size)),
      size: image.size)
  }

  @Test func masksMultiplyTheirGroup() throws {
    let image = try FrameRenderer(scale: 1).render(Self.scene())
    // Left edge, middle, right edge of each square (row through its middle).
    for (y, inverted) in [(25, false), (75, false)] {
      let left = Int(image.pixel(x: 6, y: y).a)
      let middle = Int(image.pixel(x: 25, y: y).a)
      let right = Int(image.pixel(x: 44, y: y).a)
      #expect(left > 240 && abs(middle - 128) < 12 && right < 15, "\(y) \(inverted)")
    }
    for y in [25, 75] {
      let left = Int(image.pixel(x: 56, y: y).a)
      let middle = Int(image.pixel(x: 75, y: y).a)
      let right = Int(image.pixel(x: 94, y: y).a)
      #expect(left < 15 && abs(middle - 128) < 12 && right > 240, "inverted \(y)")
    }
    // Outside every square, nothing; the colour stays blue.
    #expect(image.pixel(x: 50, y: 50).a == 0 && image.pixel(x: 75, y: 25).r == 0)
  }

  @Test(.enabled(if: Peers.resvg != nil, "resvg is not on the PATH (pip install resvg-cli)"))
  func theSVGExportMasksTheSame() throws {
    let resvg = try #require(Peers.resvg)
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let list = try DisplayList(scene: Self.scene(), scale: 2)
    let (ours, theirs, diff) = try drawnBesideResvg(list, resvg: resvg, in: dir, name: "masks")
    if diff.mean > 1.5 || diff.percentile99 > 24 {
      keepForALook(ours, theirs, folder: "strata-mask-compare", name: "masks")
    }
    #expect(
      diff.mean <= 1.5 && diff.percentile99 <= 24, "mean \(diff.mean), 99th \(diff.percentile99)")
  }
}
