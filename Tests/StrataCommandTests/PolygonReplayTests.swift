import Strata
import StrataExamples
import StrataIO
import StrataRender
import Testing

@testable import StrataCommand

/// The benchmark's copy of Blend2D's replay (Benchmarks/peers.py): the same polygons, so that
/// the two rasterizers are timed on the same geometry.
@Suite struct PolygonReplayTests {
  /// Every element of the reduced list is a solid non-zero fill of straight lines in device
  /// pixels.
  private func expectPolygons(_ list: DisplayList) {
    for command in list.commands {
      guard case .fill(let path, let t, let paint, let rule, let opacity) = command else {
        Issue.record("not a fill: \(command)")
        continue
      }
      #expect(t == .identity && rule == .nonZero && opacity == 1)
      if case .solid = paint {} else { Issue.record("not solid: \(paint)") }
      for element in path.elements {
        switch element {
        case .move, .line, .close: continue
        case .quad, .cubic: Issue.record("a curve is left: \(element)")
        }
      }
    }
  }

  @Test func keepsTheGeometryAndLeavesOutTheCompositing() throws {
    let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    let gradient = Gradient(stops: [
      Gradient.Stop(Color(red: 1, green: 0, blue: 0), at: 0),
      Gradient.Stop(Color(red: 0, green: 0, blue: 1, alpha: 0.5), at: 1),
    ])
    let image = try #require(
      RasterImage(width: 4, height: 2, pixels: [UInt8](repeating: 200, count: 32), scale: 1))
    let list = DisplayList(
      width: 100, height: 100,
      commands: [
        .beginGroup(opacity: 0.5, bounds: Rect(x: 0, y: 0, width: 100, height: 100)),
        .beginClip(square, transform: .identity, rule: .nonZero),
        .fill(
          square, transform: Transform(translationX: 5, y: 6),
          paint: .linearGradient(gradient, start: .zero, end: Point(x: 0, y: 10)),
          rule: .evenOdd, opacity: 0.5),
        .stroke(
          square, transform: .identity, paint: .solid(.black), style: StrokeStyle(width: 2),
          opacity: 1),
        .shadow(
          square, transform: Transform(scaleX: 2, y: 2), color: .black,
          offset: Vector(dx: 3, dy: 4), sigma: 6, opacity: 0.25),
        .endClip,
        .image(image, transform: Transform(translationX: 50, y: 50), opacity: 0.3),
        .endGroup,
      ])
    let reduced = PolygonReplay.polygons(of: list)
    #expect(reduced.width == 100 && reduced.height == 100)
    #expect(reduced.commands.count == 3)
    expectPolygons(reduced)
    guard reduced.commands.count == 3,
      case .fill(let gradientPath, _, .solid(let mean), _, _) = reduced.commands[0],
      case .fill(let shadowPath, _, .solid(let shadow), _, _) = reduced.commands[1],
      case .fill(let imagePath, _, .solid(let grey), _, _) = reduced.commands[2]
    else {
      Issue.record("unexpected commands: \(reduced.commands.count)")
      return
    }
    // The gradient: the mean of its stops, alpha times the fill's opacity, in 8-bit steps.
    #expect(mean.red == 128.0 / 255 && mean.green == 0 && mean.blue == 128.0 / 255)
    #expect(mean.alpha == 96.0 / 255)  // (1 + 0.5) / 2 · 0.5 · 255 = 95.6
    #expect(gradientPath.bounds == Rect(x: 5, y: 6, width: 10, height: 10))
    // The shadow: its outline through its transform and moved by its offset, unblurred.
    #expect(shadowPath.bounds == Rect(x: 3, y: 4, width: 20, height: 20))
    #expect(shadow.alpha == 64.0 / 255 && shadow.red == 0)
    // The bitmap: its rectangle, opaque grey whatever its opacity.
    #expect(imagePath.bounds == Rect(x: 50, y: 50, width: 4, height: 2))
    #expect(grey.red == 128.0 / 255 && grey.alpha == 1)
  }

  /// Curves become 16 segments at even steps of their parameter, ending on their end point.
  @Test func curvesBecomeSixteenSegments() {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.cubic(to: Point(x: 30, y: 0), control1: Point(x: 0, y: 30), control2: Point(x: 30, y: 30))
    path.quad(to: Point(x: 30, y: 60), control: Point(x: 60, y: 30))
    path.close()
    let flat = PolygonReplay.polygons(path)
    let lines = flat.elements.compactMap { e -> Point? in
      if case .line(let p) = e { return p }
      return nil
    }
    #expect(lines.count == 32)
    #expect(flat.elements.last == .close)
    guard lines.count == 32 else { return }
    // The cubic at u = 1/2 is (15, 22.5); its end and the quad's end are exact.
    #expect(lines[7] == Point(x: 15, y: 22.5))
    #expect(lines[15] == Point(x: 30, y: 0))
    // The quad at u = 1/2: 0.25·(30, 0) + 0.5·(60, 30) + 0.25·(30, 60) = (45, 30).
    #expect(lines[23] == Point(x: 45, y: 30))
    #expect(lines[31] == Point(x: 30, y: 60))
  }

  /// The animals frame keeps one polygon fill per fill, text run, shadow and bitmap, and the
  /// reduction draws where the frame draws: straight-sided shapes give the same pixels.
  @Test func theAnimalsFrameKeepsEveryShape() throws {
    let animals = AnimalsTutorial(pageSize: Size(width: 390, height: 844))
    animals.setPagePosition(0.4)
    let renderer = FrameRenderer(scale: 1)
    let list = try renderer.displayList(for: animals.scene())
    let shapes = list.commands.filter {
      switch $0 {
      case .fill, .glyphs, .shadow, .image: return true
      default: return false
      }
    }
    let reduced = PolygonReplay.polygons(of: list)
    #expect(reduced.commands.count == shapes.count)
    #expect(shapes.count > 50)
    expectPolygons(reduced)
    // A solid rectangle's fill drawn both ways.
    let rect = DisplayList(
      width: 40, height: 30,
      commands: [
        .fill(
          .rect(Rect(x: 3.25, y: 4.5, width: 20.5, height: 11)),
          transform: Transform(translationX: 2, y: 3), paint: .solid(.white), rule: .nonZero,
          opacity: 1)
      ])
    let a = try renderer.render(rect)
    let b = try renderer.render(PolygonReplay.polygons(of: rect))
    #expect(a.pixels == b.pixels)
  }
}
