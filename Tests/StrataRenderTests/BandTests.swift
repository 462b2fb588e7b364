import Strata
import StrataExamples
import Testing

@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender

/// A frame drawn in bands of rows on several threads has the bytes of the frame drawn on one:
/// every test renders the same frames with one thread and with several and compares them.
@Suite struct BandTests {
  /// Renders `scene` with 1 thread and with each of `threads`, and expects the same bytes.
  func expectSameBytes(
    _ scene: Scene, scale: Double, threads: [Int] = [2, 3, 7], _ what: String
  ) throws {
    let one = try FrameRenderer(scale: scale).render(scene)
    for n in threads {
      var renderer = FrameRenderer(scale: scale)
      renderer.threads = n
      let banded = try renderer.render(scene)
      let differing = zip(one.pixels, banded.pixels).filter { $0 != $1 }.count
      #expect(
        banded.width == one.width && banded.height == one.height && differing == 0,
        "\(what), \(n) threads: \(differing) bytes differ")
    }
  }

  @Test func bandsAreAFewPerThreadAndNeverThin() {
    #expect(FrameRenderer.bandCount(height: 2532, threads: 1) == 1)
    #expect(FrameRenderer.bandCount(height: 2532, threads: 2) == 4)
    #expect(FrameRenderer.bandCount(height: 100, threads: 4) == 1)
    #expect(FrameRenderer.bandCount(height: 200, threads: 8) == 3)
    #expect(FrameRenderer.bandCount(height: 0, threads: 4) == 1)
    // Any thread count: as many bands as the rows allow, no more.
    #expect(FrameRenderer.bandCount(height: 2532, threads: .max) == 39)
  }

  /// Bands split the estimated work, not the rows: a frame whose drawing is all in its top
  /// quarter has its bands' cuts there; every band is at least `smallestBand` rows tall.
  @Test func bandsShareTheWorkNotTheRows() {
    var commands: [DisplayList.Command] = []
    for k in 0..<40 {
      commands.append(
        .fill(
          .circle(center: Point(x: 50 + Double(k), y: 60), radius: 50), transform: .identity,
          paint: .solid(.red), rule: .nonZero, opacity: 1))
    }
    let list = DisplayList(width: 200, height: 800, commands: commands)
    let tops = FrameRenderer.bandTops(list, bands: 4)
    #expect(tops.count == 4 && tops[0] == 0)
    #expect(tops[1] < 200 && tops[2] < 200, "\(tops)")
    for k in 1..<tops.count {
      #expect(tops[k] - tops[k - 1] >= FrameRenderer.smallestBand)
    }
    #expect(800 - tops[tops.count - 1] >= FrameRenderer.smallestBand)
    // Nothing drawn: equal rows. Too short for two bands: one.
    #expect(
      FrameRenderer.bandTops(DisplayList(width: 10, height: 800, commands: []), bands: 4) == [
        0, 200, 400, 600,
      ])
    #expect(
      FrameRenderer.bandTops(DisplayList(width: 10, height: 100, commands: []), bands: 4) == [0])
  }

  @Test func everyGallerySceneHasTheSameBytesInBands() throws {
    // Text, vector images with clipped groups and masks, shadows, borders, gradients, images.
    for (name, scene) in Gallery.all {
      try expectSameBytes(scene, scale: 2, name)
    }
  }

  @Test func examplesMidSwipeHaveTheSameBytesInBands() throws {
    let size = Size(width: 390, height: 844)
    let examples: [(String, TutorialController)] = [
      ("animals", AnimalsTutorial(pageSize: size)),
      ("cards", CardsExample(pageSize: size)),
      ("layers", LayersExample(pageSize: size)),
      ("motion", MotionExample(pageSize: size)),
    ]
    for (name, tutorial) in examples {
      for position in [0.4, 1.7] {
        tutorial.setPagePosition(position)
        try expectSameBytes(tutorial.scene(), scale: 2, threads: [3], "\(name) at \(position)")
      }
    }
  }

  /// A shadow wide enough to be blurred at a lower resolution, across the boundary of two
  /// bands, under a rounded clip and in a translucent group, over a gradient.
  @Test func wideShadowsAndClipsAcrossBandBoundaries() throws {
    let card = Path.roundedRect(Rect(x: 30, y: 90, width: 140, height: 60), cornerRadius: 18)
    let commands: [DisplayList.Command] = [
      .fill(
        .rect(Rect(x: 0, y: 0, width: 200, height: 256)), transform: .identity,
        paint: .linearGradient(
          Gradient(colors: [.white, .blue]), start: .zero, end: Point(x: 60, y: 256)),
        rule: .nonZero, opacity: 1),
      .beginClip(
        .roundedRect(Rect(x: 10, y: 20, width: 180, height: 220), cornerRadius: 40),
        transform: .identity, rule: .nonZero),
      .beginGroup(opacity: 0.7, bounds: Rect(x: 0, y: 0, width: 200, height: 256)),
      .shadow(
        card, transform: .identity, color: .black, offset: Vector(dx: 3, dy: 11), sigma: 23,
        opacity: 0.8),
      .shadow(
        card, transform: .identity, color: .red, offset: Vector(dx: 0, dy: -3), sigma: 2.5,
        opacity: 1),
      .fill(card, transform: .identity, paint: .solid(.white), rule: .nonZero, opacity: 1),
      .endGroup,
      .endClip,
    ]
    let list = DisplayList(width: 200, height: 256, commands: commands)
    let one = try FrameRenderer(scale: 1, textShaper: nil).render(list)
    for n in [2, 3, 4, .max] {
      var renderer = FrameRenderer(scale: 1, textShaper: nil)
      renderer.threads = n
      let banded = try renderer.render(list)
      let differing = zip(one.pixels, banded.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "\(n) threads: \(differing) bytes differ")
    }
    // The wide shadow did draw (the test would prove nothing over a blank frame).
    #expect(Set(stride(from: 0, to: one.pixels.count, by: 4).map { one.pixels[$0] }).count > 50)
  }

  /// Shadows' masks are made once for the frame, within a budget of mask cells: shadows past it
  /// are drawn by each band itself, a shadow wholly off the frame not at all; either way the
  /// frame has the bytes of one thread's.
  @Test func shadowsPastTheBudgetAreDrawnByEachBand() throws {
    let card = Path.roundedRect(Rect(x: 20, y: 40, width: 120, height: 150), cornerRadius: 14)
    var commands: [DisplayList.Command] = [
      .fill(
        .rect(Rect(x: 0, y: 0, width: 160, height: 320)), transform: .identity,
        paint: .solid(.white), rule: .nonZero, opacity: 1)
    ]
    for k in 0..<4 {
      commands.append(
        .shadow(
          card, transform: Transform(translationX: 0, y: Double(k) * 45), color: .black,
          offset: Vector(dx: 2, dy: 6), sigma: [3, 12, 1.5, 20][k], opacity: 0.6))
    }
    commands.append(
      .shadow(
        card, transform: Transform(translationX: 0, y: 900), color: .black,
        offset: Vector(dx: 0, dy: 0), sigma: 4, opacity: 1))
    let list = DisplayList(width: 160, height: 320, commands: commands)
    // A budget that holds the first two shadows' rough boxes, not the third's.
    let prepared = PreparedOutlines()
    func cells(_ i: Int) throws -> Int {
      let box = IntRect(covering: try #require(FrameRenderer.roughBounds(commands[i])))
        .intersection(IntRect(x: 0, y: 0, width: 160, height: 320))
      return box.width * box.height
    }
    prepared.shadowBudget = try cells(1) + cells(2)
    prepared.prepare(list, threads: 2, glyphCache: GlyphCache())
    #expect(prepared.shadowState(1) == .prepared && prepared.shadow(1) != nil)
    #expect(prepared.shadowState(2) == .prepared)
    #expect(prepared.shadowState(3) == .notPrepared && prepared.shadow(3) == nil)
    #expect(prepared.shadowState(4) == .notPrepared)
    #expect(prepared.shadowState(0) == .notPrepared && prepared.outline(0) != nil)
    // Off the frame and within a budget: nothing to draw.
    let roomy = PreparedOutlines()
    roomy.prepare(list, threads: 1, glyphCache: GlyphCache())
    #expect(roomy.shadowState(5) == .nothing && roomy.shadowState(4) == .prepared)
    // The frame, drawn in bands with the small budget, has one thread's bytes.
    let one = try FrameRenderer(scale: 1, textShaper: nil).render(list)
    var renderer = FrameRenderer(scale: 1, textShaper: nil)
    renderer.threads = 3
    renderer.outlines.give(prepared)
    let banded = try renderer.render(list)
    #expect(renderer.outlines.take() === prepared, "the frame used the small budget")
    let differing = zip(one.pixels, banded.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) bytes differ")
    #expect(Set(stride(from: 0, to: one.pixels.count, by: 4).map { one.pixels[$0] }).count > 20)
  }

  /// An outline's edges are binned only when its rows reach enough bands to pay for it.
  @Test func outlinesAreBinnedWhenTheyReachManyBands() throws {
    let circle = DisplayList.Command.fill(
      .circle(center: Point(x: 100, y: 130), radius: 110), transform: .identity,
      paint: .solid(.red), rule: .nonZero, opacity: 1)
    let small = DisplayList.Command.fill(
      .circle(center: Point(x: 100, y: 30), radius: 25), transform: .identity,
      paint: .solid(.blue), rule: .nonZero, opacity: 1)
    let list = DisplayList(width: 200, height: 256, commands: [circle, small])
    let prepared = PreparedOutlines()
    prepared.prepare(list, threads: 2, glyphCache: GlyphCache(), bandTops: [0, 64, 128, 192])
    let big = try #require(prepared.outline(0))
    #expect(big.path.points.count >= EdgeBins.smallestBinned && big.bins.isBinned)
    let little = try #require(prepared.outline(1))
    #expect(little.path.points.count >= EdgeBins.smallestBinned && !little.bins.isBinned)
    prepared.prepare(list, threads: 1, glyphCache: GlyphCache())
    #expect(prepared.outline(0)?.bins.isBinned == false)
  }

  /// A band passes by the commands that draw nothing in its rows (``PreparedOutlines/misses(_:rows:)``),
  /// and only those: shapes, hairlines, bitmaps and shadows of every blur, at a sweep of rows
  /// so that some end just above or start just below every band's boundary, draw the bytes of
  /// the frame drawn at once.
  @Test func bandsPassByOnlyWhatDrawsNothingInTheirRows() throws {
    let pixels = [UInt8](repeating: 200, count: 3 * 2 * 4)
    let bitmap = try RasterImage(width: 3, height: 2, pixels: pixels)
    var commands: [DisplayList.Command] = [
      .fill(
        .rect(Rect(x: 0, y: 0, width: 240, height: 600)), transform: .identity,
        paint: .solid(.white), rule: .nonZero, opacity: 1)
    ]
    for k in 0..<54 {
      let y = 4 + Double(k) * 10.9
      let sigma = [0.7, 3, 9, 17, 33][k % 5]
      commands.append(
        .shadow(
          .rect(Rect(x: 10, y: y, width: 30, height: 4)), transform: .identity, color: .black,
          offset: Vector(dx: 0, dy: 1), sigma: sigma, opacity: 1))
      commands.append(
        .fill(
          .rect(Rect(x: 60, y: y + 0.35, width: 20, height: 0.3)), transform: .identity,
          paint: .solid(.red), rule: .nonZero, opacity: 1))
      commands.append(
        .stroke(
          Path(elements: [.move(Point(x: 90, y: y)), .line(Point(x: 130, y: y + 0.5))]),
          transform: .identity,
          paint: .solid(.blue), style: StrokeStyle(width: 0.4), opacity: 1))
      commands.append(
        .image(
          bitmap,
          transform: Transform(translationX: 150, y: y).concatenating(
            Transform(scaleX: 5, y: 0.7)), opacity: 1))
    }
    let list = DisplayList(width: 240, height: 600, commands: commands)
    let one = try FrameRenderer(scale: 1, textShaper: nil).render(list)
    for n in [2, 3, 5, 8] {
      var renderer = FrameRenderer(scale: 1, textShaper: nil)
      renderer.threads = n
      let banded = try renderer.render(list)
      let differing = zip(one.pixels, banded.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "\(n) threads: \(differing) bytes differ")
    }
    // What a band may pass by: the first shadow and fill reach nowhere near row 300; the
    // background and every command that is not a drawing one are always played.
    let prepared = PreparedOutlines()
    prepared.prepare(list, threads: 1, glyphCache: GlyphCache(), bandTops: [0, 300])
    let lower = IntRect(x: 0, y: 300, width: 240, height: 300)
    #expect(prepared.misses(1, rows: lower) && prepared.misses(2, rows: lower))
    #expect(!prepared.misses(0, rows: lower))
    #expect(!prepared.misses(1, rows: IntRect(x: 0, y: 0, width: 240, height: 300)))
  }
}
