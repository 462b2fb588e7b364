import Strata
import StrataTesting
import Testing

// @testable: these tests reach internals: Stroker, canvases.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// What a renderer keeps between frames (layers, frame buffers) and what it may skip (clearing)
/// never shows in the next frame.
@Suite struct LayerReuseTests {
  /// A translucent group over a stripe; `coverFirst` starts it with an opaque rectangle over
  /// all of its layer (so the layer's memory is not cleared first).
  static func scene(groupAt x: Double, coverFirst: Bool, width: Double) -> Scene {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 80))
    root.backgroundColor = .white
    root.addChild(
      ShapeNode(path: .rect(Rect(x: 0, y: 30, width: 100, height: 20)), fill: .solid(.green)))
    let group = Node(frame: Rect(x: x, y: 5, width: width, height: 70))
    group.alpha = 0.5
    if coverFirst {
      group.addChild(
        ShapeNode(path: .rect(Rect(x: 0, y: 0, width: width, height: 70)), fill: .solid(.blue)))
    }
    group.addChild(
      ShapeNode(
        path: .circle(center: Point(x: width / 2, y: 35), radius: 20),
        fill: .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.7))))
    // Two shapes that overlap, so the group needs a layer of its own.
    group.addChild(
      ShapeNode(path: .rect(Rect(x: width / 2, y: 30, width: 15, height: 30)), fill: .solid(.black))
    )
    root.addChild(group)
    return Scene(root: root, size: root.size)
  }

  @Test func reusedLayersShowNothingOfTheGroupBefore() throws {
    // Frames in a row through one renderer (whose layers are reused) equal each frame drawn
    // by a renderer of its own.
    let scenes = [
      Self.scene(groupAt: 10, coverFirst: true, width: 80),
      Self.scene(groupAt: 30, coverFirst: false, width: 50),
      Self.scene(groupAt: 0, coverFirst: false, width: 100),
      Self.scene(groupAt: 20, coverFirst: true, width: 60),
      Self.scene(groupAt: 5, coverFirst: false, width: 40),
      // A wide group after narrow ones that painted their layers whole: the bytes of the
      // layer past what they used must have been cleared too.
      Self.scene(groupAt: 0, coverFirst: true, width: 30),
      Self.scene(groupAt: 0, coverFirst: false, width: 100),
    ]
    let shared = FrameRenderer(scale: 2, textShaper: nil)
    for (k, scene) in scenes.enumerated() {
      let reused = try shared.render(scene)
      let fresh = try FrameRenderer(scale: 2, textShaper: nil).render(scene)
      #expect(reused == fresh, "frame \(k)")
    }
  }

  /// The canvas and its working buffers (flattened paths, the stroker's, span colours and
  /// coverage, clip masks, covers) outlive a frame: every gallery scene — strokes, clips, text,
  /// gradients, shadows — drawn through one renderer after all the others equals the scene
  /// drawn by a renderer of its own, and the renderer keeps its canvas once a frame is done.
  @Test func keptWorkingBuffersCarryNothingIntoTheNextFrame() throws {
    let shared = FrameRenderer(scale: 2)
    let scenes = Gallery.all.map(\.1)
    for round in 0..<2 {
      for (k, scene) in scenes.enumerated() {
        let reused = try shared.render(scene)
        let fresh = try FrameRenderer(scale: 2).render(scene)
        #expect(reused == fresh, "round \(round), scene \(Gallery.all[k].0)")
      }
    }
    var frame = RasterImage.placeholder
    let (kept, player) = shared.canvases.take(taking: &frame)
    #expect(kept.flattened.points.capacity > 0 && kept.spanColors.count > 0)
    #expect(player.groupEnds.capacity > 0, "the player keeps its plan's memory too")
  }

  /// A shadow drawn after a wider one reuses its mask, row and sampling tables: what the
  /// wider one left in them never shows (blurs wide enough to be sampled down, and narrow).
  @Test func shadowsAfterWiderShadowsShowNothingOfThem() throws {
    func scene(card: Double, radius: Double) -> Scene {
      let root = Node(frame: Rect(x: 0, y: 0, width: 120, height: 120))
      root.backgroundColor = .white
      let node = Node(frame: Rect(x: 60 - card / 2, y: 50 - card / 2, width: card, height: card))
      node.backgroundColor = Color(red: 0.9, green: 0.5, blue: 0.2)
      node.shadow = Shadow(
        color: .black, opacity: 0.5, offset: Vector(dx: 3, dy: 7), radius: radius)
      root.addChild(node)
      return Scene(root: root, size: root.size)
    }
    let scenes = [
      scene(card: 90, radius: 30), scene(card: 20, radius: 9), scene(card: 60, radius: 2),
      scene(card: 10, radius: 25), scene(card: 70, radius: 14),
    ]
    let shared = FrameRenderer(scale: 2)
    for (k, scene) in scenes.enumerated() {
      let reused = try shared.render(scene)
      let fresh = try FrameRenderer(scale: 2).render(scene)
      #expect(reused == fresh, "shadow \(k)")
    }
  }

  @Test func aGradientThatDrawsNothingHidesNothing() throws {
    // An opaque radial gradient whose own space is singular cannot be resolved and draws
    // nothing: it must not leave a reused frame or layer uncleared, nor hide what is under it.
    let width = 40
    let height = 30
    let all = Path.rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    let blue: DisplayList.Command = .fill(
      all, transform: .identity, paint: .solid(.blue), rule: .nonZero, opacity: 1)
    let nothing: DisplayList.Command = .fill(
      all, transform: .identity,
      paint: .radial(
        RadialGradient(
          Gradient(colors: [.red, .green]), center: Point(x: 20, y: 15), radius: 10,
          transform: Transform(scale: 0))),
      rule: .nonZero, opacity: 1)
    let disc: DisplayList.Command = .fill(
      .circle(center: Point(x: 20, y: 15), radius: 8), transform: .identity,
      paint: .solid(.yellow), rule: .nonZero, opacity: 1)
    let dirty = DisplayList(
      width: width, height: height,
      commands: [
        blue, .beginGroup(opacity: 0.5, bounds: Rect(x: 0, y: 0, width: 40, height: 30)), blue,
        disc, .endGroup,
      ])
    let lists = [
      DisplayList(width: width, height: height, commands: [nothing, disc]),
      DisplayList(
        width: width, height: height,
        commands: [
          disc, .beginGroup(opacity: 0.5, bounds: Rect(x: 0, y: 0, width: 40, height: 30)),
          nothing, disc, .endGroup,
        ]),
      DisplayList(width: width, height: height, commands: [disc, nothing]),
    ]
    for (k, list) in lists.enumerated() {
      let shared = FrameRenderer(scale: 1, textShaper: nil)
      var frame = try shared.render(dirty)
      try shared.render(list, into: &frame)
      let fresh = try FrameRenderer(scale: 1, textShaper: nil).render(list)
      #expect(frame == fresh, "list \(k)")
      // The disc is drawn and nothing is hidden.
      #expect(fresh.pixel(x: 20, y: 15).r > 0, "list \(k)")
    }
  }

  @Test func clipMasksKnowWhereTheyLetEverythingThrough() {
    // A 10×3 mask: row 0 full, row 1 full from 2 to 7, row 2 never full.
    var mask = [UInt8](repeating: 255, count: 30)
    mask[10] = 0
    mask[11] = 128
    mask[18] = 3
    mask[19] = 0
    for i in 20..<30 { mask[i] = 200 }
    let clip = ClipMask(rect: IntRect(x: 5, y: 10, width: 10, height: 3), mask: mask)
    #expect(clip.fullRuns == [0..<10, 2..<8, 0..<0])
    #expect(!clip.masks(row: 10, from: 5, count: 10))
    #expect(!clip.masks(row: 11, from: 7, count: 6))
    #expect(clip.masks(row: 11, from: 6, count: 3))
    #expect(clip.masks(row: 11, from: 12, count: 2))
    #expect(clip.masks(row: 12, from: 8, count: 1))
    #expect(clip.fullyCoveredRect == IntRect(x: 5, y: 10, width: 10, height: 1))
    #expect(!ClipMask(rect: clip.rect, mask: nil).masks(row: 11, from: 0, count: 99))
  }

  @Test func fullRunsAreTheWidestRunsOfEveryRow() {
    // Long rows of random bytes with runs of 255 at every offset, against a plain search
    // (the search passes eight bytes at a time through what is not 255, and through 255s).
    var rng = SeededRandomNumberGenerator(seed: 9)
    for round in 0..<30 {
      let width = 1 + Int(rng.next(in: 0...90))
      let rows = 1 + round % 5
      var mask = [UInt8](repeating: 0, count: width * rows)
      for i in mask.indices {
        let r = rng.next(in: 0...1)
        mask[i] = r < 0.45 ? 255 : r < 0.5 ? 254 : UInt8(rng.next(in: 0...253))
      }
      // Some long runs, and long stretches without 255.
      for _ in 0..<3 {
        let at = Int(rng.next(in: 0...Double(mask.count - 1)))
        let length = Int(rng.next(in: 0...40))
        let value: UInt8 = round % 2 == 0 ? 255 : 7
        for i in at..<min(mask.count, at + length) { mask[i] = value }
      }
      var runs: [Range<Int32>] = []
      ClipMask.fullRuns(mask, width: width, into: &runs)
      for r in 0..<rows {
        var best = 0..<0
        var i = 0
        while i < width {
          guard mask[r * width + i] == 255 else {
            i += 1
            continue
          }
          let start = i
          while i < width && mask[r * width + i] == 255 { i += 1 }
          if i - start > best.count { best = start..<i }
        }
        #expect(
          runs[r] == Int32(best.lowerBound)..<Int32(best.upperBound), "round \(round), row \(r)")
      }
    }
  }
}

/// The stroker's buffers, kept by a canvas from stroke to stroke, never carry one stroke into
/// the next: every outline through reused buffers equals one made with fresh buffers.
@Suite struct StrokerScratchTests {
  @Test func reusedBuffersGiveTheOutlinesOfFreshOnes() {
    var zigzag = Path()
    zigzag.move(to: Point(x: 0, y: 0))
    zigzag.line(to: Point(x: 10, y: 8))
    zigzag.line(to: Point(x: 10, y: 8))  // a repeated point
    zigzag.line(to: Point(x: 20, y: -3))
    zigzag.quad(to: Point(x: 35, y: 4), control: Point(x: 30, y: 20))
    var dot = Path()
    dot.move(to: Point(x: 5, y: 5))
    dot.close()
    let paths: [Path] = [
      zigzag, .circle(center: Point(x: 40, y: 40), radius: 12),
      .roundedRect(Rect(x: 0, y: 0, width: 50, height: 20), cornerRadius: 6), dot, Path(),
    ]
    let styles: [StrokeStyle] = [
      StrokeStyle(width: 3, join: .miter, cap: .butt),
      StrokeStyle(width: 5, join: .round, cap: .round),
      StrokeStyle(width: 2, join: .bevel, cap: .square, dash: [4, 2], dashPhase: 1),
      StrokeStyle(width: 0.5, join: .miter, cap: .square, miterLimit: 1.1),
    ]
    var scratch = Stroker.Scratch()
    var reused = FlattenedPath()
    var fresh = FlattenedPath()
    var pieces = 0
    for style in styles {
      for path in paths {
        let stroker = Stroker(style: style, tolerance: 0.05)
        stroker.outline(of: path, into: &reused, scratch: &scratch)
        var freshScratch = Stroker.Scratch()
        stroker.outline(of: path, into: &fresh, scratch: &freshScratch)
        #expect(reused.points == fresh.points)
        #expect(reused.polylines == fresh.polylines)
        pieces += fresh.subpaths.count
      }
    }
    #expect(pieces > 100)
  }
}
