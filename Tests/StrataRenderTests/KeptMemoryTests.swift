import Strata
import Testing

// @testable: these tests reach internals: DisplayListPlayer.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// Memory a renderer keeps between frames goes to the same place of the next frame, and
/// nothing of what it held shows.
@Suite struct KeptMemoryTests {
  @Test func sparesAreHandedOutByPlace() {
    var spares = SpareArrays<Int32>(limit: 4)
    // Kept arrays are held by nothing else (else writing to them would copy them).
    func big() -> [Int32] {
      var array: [Int32] = []
      array.reserveCapacity(500)
      array.append(contentsOf: [9, 9, 9])
      return array
    }
    spares.keep(big(), place: 2)
    // Another place has nothing kept: new memory.
    #expect(spares.take(5, of: 1, place: 0).capacity < 500)
    // Place 2 gets the big array back, emptied and filled as asked.
    let again = spares.take(5, of: 7, place: 2)
    #expect(again == [7, 7, 7, 7, 7])
    #expect(again.capacity >= 500)
    // Taken, so no longer kept; nil and places past the limit keep nothing.
    #expect(spares.take(place: 2).capacity < 500)
    spares.keep(big(), place: 4)
    #expect(spares.take(place: 4).capacity < 500)
    #expect(spares.take(3, of: 0, place: nil) == [0, 0, 0])
    // A kept array longer than asked for is cut, and every element is set.
    spares.keep([5, 5, 5, 5, 5, 5], place: 1)
    #expect(spares.take(4, of: 2, place: 1) == [2, 2, 2, 2])
  }

  @Test func theBestFittingLayerIsTaken() {
    let capacities = [10, 400, 120, 90]
    #expect(capacities.bestFit(for: 100) { $0 } == 2)
    #expect(capacities.bestFit(for: 90) { $0 } == 3)
    // None holds 1000: the largest, to grow.
    #expect(capacities.bestFit(for: 1000) { $0 } == 1)
    #expect([Int]().bestFit(for: 1) { $0 } == nil)
  }

  /// A clip inside a group that is not drawn (opacity 0) is passed over: the clip after it
  /// still gets the mask the occlusion pass made for it, and the pixels are those of a
  /// fresh renderer, frame after frame.
  @Test func clipsAfterSkippedGroupsGetTheirMasks() throws {
    let disc = Path.circle(center: Point(x: 30, y: 30), radius: 22)
    let square = Path.rect(Rect(x: 0, y: 0, width: 60, height: 60))
    func list(shift: Double) -> DisplayList {
      DisplayList(
        width: 60, height: 60,
        commands: [
          .fill(square, transform: .identity, paint: .solid(.white), rule: .nonZero, opacity: 1),
          .beginGroup(opacity: 0, bounds: Rect(x: 0, y: 0, width: 60, height: 60)),
          .beginClip(disc, transform: Transform(translationX: shift, y: 0), rule: .nonZero),
          .fill(square, transform: .identity, paint: .solid(.red), rule: .nonZero, opacity: 1),
          .endClip,
          .endGroup,
          .beginClip(disc, transform: Transform(translationX: -shift, y: 1), rule: .nonZero),
          .fill(square, transform: .identity, paint: .solid(.blue), rule: .nonZero, opacity: 0.8),
          .endClip,
        ])
    }
    let first = list(shift: 3)
    let canvas = try Canvas(width: 60, height: 60)
    let player = DisplayListPlayer()
    player.occlusion(first, on: canvas)
    #expect(player.madeClips.map(\.index) == [2, 6])
    #expect(player.takeMadeClip(at: 6) != nil)
    #expect(player.takeMadeClip(at: 2) == nil)
    let shared = FrameRenderer(scale: 1, textShaper: nil)
    for shift in [3.0, 7.5, 0.25, 12] {
      let frame = list(shift: shift)
      let fresh = try FrameRenderer(scale: 1, textShaper: nil).render(frame)
      #expect(try shared.render(frame) == fresh, "shift \(shift)")
    }
  }

  /// Drawing a list keeps the clips pushed before it and closes the ones it left open.
  @Test func drawingAListKeepsTheCallersClips() throws {
    let canvas = try Canvas(width: 20, height: 20)
    canvas.pushClip(.rect(Rect(x: 0, y: 0, width: 10, height: 20)))
    let unclosed = DisplayList(
      width: 20, height: 20,
      commands: [
        .beginClip(
          .circle(center: Point(x: 5, y: 5), radius: 3), transform: .identity, rule: .nonZero)
      ])
    canvas.draw(unclosed)
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), paint: .solid(.red))
    let pixels = canvas.buffer
    // Inside the caller's clip, outside the list's circle: painted; right half: not.
    #expect(pixels.pixel(x: 8, y: 15).a == 255)
    #expect(pixels.pixel(x: 15, y: 15).a == 0)
  }
}
