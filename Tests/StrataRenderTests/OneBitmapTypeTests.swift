import Strata
import StrataRender
import Testing

/// One bitmap type: what the renderer makes is what an image node shows, and the renderer's old
/// name for it still compiles.
@Suite struct OneBitmapTypeTests {
  /// A rendered frame is an image node's picture as it is: drawn 1:1 it gives the same pixels.
  @Test func aFrameIsAnImage() throws {
    let root = Node(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    let dot = Node(frame: Rect(x: 2, y: 3, width: 9, height: 4))
    dot.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.75)
    root.addChild(dot)
    let renderer = FrameRenderer(scale: 1)
    let frame = try renderer.render(Scene(root: root, size: Size(width: 20, height: 10)))
    let shown = Node(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    shown.addChild(ImageNode(image: .raster(frame), frame: Rect(x: 0, y: 0, width: 20, height: 10)))
    let again = try renderer.render(Scene(root: shown, size: Size(width: 20, height: 10)))
    #expect(again == frame)
    #expect(frame.scale == 1)
    #expect(frame.color(x: 5, y: 5).alpha > 0.7 && frame.color(x: 15, y: 1) == .clear)
  }

  /// The same pixels at another scale: a 2× bitmap is half as large in points.
  @Test func scaleIsChangedWithoutCopyingTheChecks() throws {
    let image = try RasterImage(width: 4, height: 2)
    let double = try #require(image.withScale(2))
    #expect(double.size == Size(width: 2, height: 1) && double.pixels == image.pixels)
    #expect(image.withScale(0) == nil && image.withScale(.nan) == nil)
    #expect(image.isEncodable)
    #expect(RasterImage(width: 0, height: 0, pixels: [])?.isEncodable == false)
  }

  /// `PixelBuffer` is a deprecated name of `RasterImage` (the test is deprecated so that using
  /// it is not a warning).
  @available(*, deprecated)
  @Test func theOldNameIsTheSameType() throws {
    let buffer: PixelBuffer = try PixelBuffer(width: 3, height: 3)
    let image: RasterImage = buffer
    #expect(image.width == 3 && PixelBuffer.pixelLimit == RasterImage.pixelLimit)
    #expect(buffer.rasterImage(scale: 3)?.scale == 3)
  }
}
