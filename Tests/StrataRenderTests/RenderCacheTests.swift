import Strata
import Testing

// @testable: these tests reach internals: DisplayListPlayer.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// A render cache changes how much is drawn, never what: each test renders frames with a
/// cache and without one and compares the bytes.
@Suite struct RenderCacheTests {
  typealias Command = DisplayList.Command

  static let square = Path.rect(Rect(x: 0, y: 0, width: 40, height: 40))

  /// A translucent group of two overlapping shapes at `x`, composited with `opacity`.
  static func group(x: Double, opacity: Double, color: Color = .red) -> [Command] {
    [
      .beginGroup(opacity: opacity, bounds: Rect(x: x, y: 10, width: 60, height: 60)),
      .fill(
        square, transform: Transform(translationX: x, y: 10), paint: .solid(color),
        rule: .nonZero, opacity: 1),
      .fill(
        .circle(center: Point(x: 20, y: 20), radius: 20),
        transform: Transform(translationX: x + 20, y: 30),
        paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.6)), rule: .nonZero, opacity: 1),
      .endGroup,
    ]
  }

  static let backdrop: Command = .fill(
    .rect(Rect(x: 0, y: 0, width: 100, height: 100)), transform: .identity,
    paint: .linearGradient(
      Gradient(colors: [.white, .black]), start: .zero, end: Point(x: 100, y: 100)),
    rule: .nonZero, opacity: 1)

  /// A small mark that makes frame `k` differ from the others outside its groups, so that
  /// frames are not copied whole.
  static func mark(_ k: Int) -> Command {
    .fill(
      .rect(Rect(x: Double(k), y: 95, width: 4, height: 4)), transform: .identity,
      paint: .solid(.blue), rule: .nonZero, opacity: 1)
  }

  /// Renders `lists` in order with one cached renderer, and each alone without a cache, and
  /// expects the same bytes; returns the cache's statistics.
  @discardableResult
  func expectSameBytes(_ lists: [DisplayList]) throws -> RenderCache.Statistics {
    let cache = RenderCache()
    var cached = FrameRenderer(scale: 1, textShaper: nil)
    cached.cache = cache
    let plain = FrameRenderer(scale: 1, textShaper: nil)
    var reused = RasterImage.placeholder
    for (i, list) in lists.enumerated() {
      try cached.render(list, into: &reused)
      let expected = try plain.render(list)
      let differing = zip(reused.pixels, expected.pixels).filter { $0 != $1 }.count
      #expect(reused.pixels.count == expected.pixels.count && differing == 0, "frame \(i)")
    }
    return cache.statistics
  }

  @Test func aRepeatedFrameIsCopiedNotDrawn() throws {
    let list = DisplayList(
      width: 100, height: 100, commands: [Self.backdrop] + Self.group(x: 10, opacity: 0.5))
    let other = DisplayList(
      width: 100, height: 100, commands: [Self.backdrop] + Self.group(x: 30, opacity: 0.5))
    let stats = try expectSameBytes([list, list, other, list, list])
    #expect(stats.frameHits == 3)
    #expect(stats.frameMisses == 2)
  }

  @Test func aGroupThatDoesNotChangeIsCompositedFromItsLayerWithTheNewOpacity() throws {
    // A cross-fade: the two groups keep their commands, only their opacities change.
    let lists = stride(from: 0.0, through: 1, by: 0.125).map { t in
      DisplayList(
        width: 100, height: 100,
        commands: [Self.backdrop] + Self.group(x: 5, opacity: 1 - t)
          + Self.group(x: 35, opacity: t, color: .green))
    }
    let stats = try expectSameBytes(lists)
    // Each group is drawn in the first frames (seen, then kept), then composited; the first
    // and last frames have a group of opacity zero, which is not drawn at all.
    #expect(stats.groupHits >= 10)
    #expect(stats.groupMisses <= 6)
  }

  @Test func aGroupThatMovesIsDrawnAgain() throws {
    let lists = (0..<6).map { k in
      DisplayList(
        width: 100, height: 100,
        commands: [Self.backdrop] + Self.group(x: Double(k) * 3, opacity: 0.7))
    }
    let stats = try expectSameBytes(lists)
    #expect(stats.groupHits == 0)
  }

  @Test func theClipAroundAGroupIsPartOfWhatItsLayerDependsOn() throws {
    // The same group under two different clips, alternately: the layer of one clip must not
    // be composited under the other.
    let lists = (0..<6).map { k in
      DisplayList(
        width: 100, height: 100,
        commands: [
          Self.backdrop,
          // The same bounds, different shapes: the layer's rectangle alone cannot tell.
          .beginClip(
            k % 2 == 0
              ? .circle(center: Point(x: 40, y: 40), radius: 30)
              : .rect(Rect(x: 10, y: 10, width: 60, height: 60)),
            transform: .identity, rule: .nonZero),
        ] + Self.group(x: 10, opacity: 0.8) + [.endClip, Self.mark(k)])
    }
    let stats = try expectSameBytes(lists)
    #expect(stats.groupHits >= 2)
  }

  @Test func anOpaqueFillOverAGroupInOneFrameDoesNotSpoilItsLayerForTheNext() throws {
    // Frame 1 covers the group's top half with an opaque fill drawn after it, which keeps
    // the group from drawing there; frame 2 has no cover and reuses the group's layer.
    let cover: Command = .fill(
      .rect(Rect(x: 0, y: 0, width: 100, height: 40)), transform: .identity,
      paint: .solid(.black), rule: .nonZero, opacity: 1)
    let lists = (0..<6).map { k in
      DisplayList(
        width: 100, height: 100,
        commands: [Self.backdrop] + Self.group(x: 10, opacity: 0.6)
          + (k % 2 == 0 ? [cover] : []) + [Self.mark(k)])
    }
    let stats = try expectSameBytes(lists)
    #expect(stats.groupHits >= 2)
  }

  @Test func aGroupOfOpacityZeroIsNotDrawnAndLeavesTheClipsAsTheyWere() throws {
    // A whole group is skipped; one whose clips do not balance is drawn as before.
    let unbalanced = DisplayList(
      width: 100, height: 100,
      commands: [
        Self.backdrop,
        .beginClip(
          .rect(Rect(x: 0, y: 0, width: 50, height: 100)), transform: .identity, rule: .nonZero),
        .beginGroup(opacity: 0, bounds: Rect(x: 0, y: 0, width: 100, height: 100)),
        .endClip,
        .endGroup,
      ] + Self.group(x: 30, opacity: 1))
    let whole = DisplayList(
      width: 100, height: 100,
      commands: [Self.backdrop] + Self.group(x: 30, opacity: 0) + Self.group(x: 10, opacity: 1))
    try expectSameBytes([unbalanced, whole, unbalanced])
    let player = DisplayListPlayer()
    player.findGroupEnds(unbalanced.commands)
    #expect(player.groupEnds == [-1, -1, -1, -1, -1, 8, -1, -1, -1])
    player.findGroupEnds(whole.commands)
    #expect(player.groupEnds == [-1, 4, -1, -1, -1, 8, -1, -1, -1])
  }

  @Test func theCacheKeepsNoMoreThanItsLimits() throws {
    let cache = RenderCache(frameLimit: 2, groupByteLimit: 40 * 40 * 4)
    var renderer = FrameRenderer(scale: 1, textShaper: nil)
    renderer.cache = cache
    for k in 0..<5 {
      let list = DisplayList(
        width: 100, height: 100, commands: [Self.backdrop] + Self.group(x: Double(k), opacity: 0.5))
      _ = try renderer.render(list)
      _ = try renderer.render(list)
      cache.attach(["tag": [UInt8(k)]], to: list)
      #expect(cache.attachments(of: list)["tag"] == [UInt8(k)])
      // A later attachment adds to the frame's, it does not replace them.
      cache.attach(["more": [1]], to: list)
      #expect(cache.attachments(of: list).keys.sorted() == ["more", "tag"])
    }
    // Only the last two frames are kept; the first is gone with what was attached to it.
    let first = DisplayList(
      width: 100, height: 100, commands: [Self.backdrop] + Self.group(x: 0, opacity: 0.5))
    #expect(cache.attachments(of: first)["tag"] == nil)
    // Every group layer here is larger than the limit, so none is kept.
    #expect(cache.statistics.groupHits == 0)
  }
}
