import Strata
import Testing

// @testable: these tests reach internals: DisplayListPlayer.
@testable import StrataRaster
@testable import StrataRender

@Suite struct OcclusionTests {
  @Test func skippingCoveredDrawingChangesNoPixel() throws {
    var scenes = Gallery.all.map(\.1)
    // An opaque card over part of the picture, as the static content is.
    let root = Node(frame: Rect(x: 0, y: 0, width: 96, height: 96))
    root.addChild(
      ShapeNode(path: .circle(center: Point(x: 48, y: 40), radius: 40), fill: .solid(.red)))
    let card = Node(frame: Rect(x: 0, y: 50, width: 96, height: 46))
    card.backgroundColor = .white
    card.mask = RoundnessArc(width: 96, height: 8).maskPath(bottom: 46)
    root.addChild(card)
    let side = Node(frame: Rect(x: 70, y: 0, width: 26, height: 96))
    side.backgroundColor = .blue
    root.addChild(side)
    scenes.append(Scene(root: root, size: root.size))
    // A translucent group whose own opaque square covers the circle drawn before it in the
    // group — but not the stripe under the group, which must show through.
    let under = Node(frame: Rect(x: 0, y: 0, width: 96, height: 96))
    under.addChild(
      ShapeNode(path: .rect(Rect(x: 0, y: 30, width: 96, height: 20)), fill: .solid(.green)))
    let group = Node(frame: Rect(x: 0, y: 0, width: 96, height: 96))
    group.alpha = 0.5
    group.addChild(
      ShapeNode(path: .circle(center: Point(x: 40, y: 40), radius: 30), fill: .solid(.red)))
    let square = Node(frame: Rect(x: 10, y: 10, width: 70, height: 70))
    square.backgroundColor = .blue
    group.addChild(square)
    group.addChild(
      ShapeNode(path: .circle(center: Point(x: 60, y: 60), radius: 20), fill: .solid(.yellow)))
    under.addChild(group)
    scenes.append(Scene(root: under, size: under.size))
    for scene in scenes {
      for scale in [1.0, 2.5] {
        let list = try DisplayList(scene: scene, scale: scale)
        let optimised = try Canvas(width: list.width, height: list.height)
        optimised.draw(list)
        let plain = try Canvas(width: list.width, height: list.height)
        drawPlainly(list, into: plain)
        #expect(optimised.buffer == plain.buffer)
      }
    }
    let withCard = try DisplayList(scene: scenes[scenes.count - 1], scale: 1)
    let canvas = try Canvas(width: 96, height: 96)
    let player = DisplayListPlayer()
    // The card below its arc, and the blue side.
    player.occlusion(withCard, on: canvas)
    #expect(player.occluders.filter(\.isRectangle).count == 2)
    // The square hides the red circle within its group only.
    let grouped = try DisplayList(scene: scenes[scenes.count - 1], scale: 1)
    player.occlusion(grouped, on: canvas)
    let inGroup = player.occluders.filter { $0.scope >= 0 && $0.isRectangle }
    #expect(inGroup.count == 1)
  }

  @Test func occludersShrinkWhatIsLeftToARectangle() {
    let v = IntRect(x: 0, y: 0, width: 100, height: 100)
    #expect(
      DisplayListPlayer.shrink(v, by: IntRect(x: -5, y: 60, width: 110, height: 50))
        == IntRect(x: 0, y: 0, width: 100, height: 60))
    // Columns are never taken away (see `shrink`): the frame drawn in bands of rows has the
    // bytes of the frame drawn at once.
    #expect(DisplayListPlayer.shrink(v, by: IntRect(x: 70, y: 0, width: 30, height: 100)) == v)
    // A hole would not leave a rectangle.
    #expect(DisplayListPlayer.shrink(v, by: IntRect(x: 10, y: 10, width: 20, height: 20)) == v)
  }
}
