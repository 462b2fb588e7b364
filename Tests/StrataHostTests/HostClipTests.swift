import Strata
import StrataHost
import StrataRender
import Testing

/// A clipping layer's content bitmap is cut to its rounded bounds on every screen, as the
/// renderer cuts it: an image's corners are round in the browser and in Core Animation too.
@Suite struct HostClipTests {
  @Test func aClippingLayersContentIsCutToItsRoundedBounds() throws {
    var red = try RasterImage(width: 40, height: 40)
    red.fill(.red)
    let photo = ImageNode(image: .raster(red), frame: Rect(x: 0, y: 0, width: 40, height: 40))
    photo.cornerRadius = 12
    photo.clipsToBounds = true
    let state = HostLayerState(node: photo)
    #expect(state.content?.clipCornerRadius == 12)
    let cache = ContentCache(scale: 1)
    let parts = HostLayerParts(state: state, cache: cache)
    let bitmap = try #require(parts.content).drawing.image
    func alpha(_ x: Int, _ y: Int) -> UInt8 { bitmap.pixels[4 * (y * bitmap.width + x) + 3] }
    #expect(alpha(0, 0) == 0, "the corner is cut")
    #expect(alpha(20, 20) == 255 && alpha(20, 0) == 255)
    // Without clipping, the same content keeps its square corners.
    photo.clipsToBounds = false
    let square = try #require(
      HostLayerParts(state: HostLayerState(node: photo), cache: cache).content)
    #expect(square.drawing.image.pixels[3] == 255)
  }
}
