import Strata
import StrataHost
import StrataRender
import StrataTestSupport
import Testing

@Suite struct HostOutcomeTests {
  /// Taps the button named `name` through the session, with the screen's timestamps.
  static func tap(_ session: HostSession, _ name: String, timestamp: Double) {
    let frame = session.controller.scene().node(named: name)?.frame ?? .zero
    let point = Point(x: frame.midX, y: frame.midY)
    session.touch(.down, at: point, timestamp: timestamp)
    session.displayLinkFired(timestamp: timestamp + 0.016)
    session.touch(.up, at: point, timestamp: timestamp + 0.05)
    session.displayLinkFired(timestamp: timestamp + 0.066)
  }

  @Test func aDoneButtonFinishesOnceAndLeavingAfterwardChangesNothing() {
    let onboarding = ButtonsOnboarding()
    let session = HostSession(controller: onboarding, backend: HostTree())
    var heard: [HostOutcome] = []
    session.onOutcome = { heard.append($0) }
    // The screen's clock starts anywhere: its first timestamp is the controller's zero.
    session.displayLinkFired(timestamp: 5_000)
    #expect(session.clock.origin == 5_000 && session.clock.now == 0)
    // Done shows on the last page.
    onboarding.setPagePosition(1)
    Self.tap(session, "done", timestamp: 5_001)
    #expect(heard == [.finished] && session.outcome == .finished)
    session.leave()
    Self.tap(session, "skip", timestamp: 5_002)
    #expect(heard == [.finished])
  }

  @Test func skipAndLeavingAreOutcomesToo() {
    let skipped = HostSession(controller: ButtonsOnboarding(), backend: HostTree())
    skipped.displayLinkFired(timestamp: 0)
    Self.tap(skipped, "skip", timestamp: 1)
    #expect(skipped.outcome == .skipped)
    let left = HostSession(controller: ButtonsOnboarding(), backend: HostTree())
    left.displayLinkFired(timestamp: 0)
    left.controller.setPagePosition(1)
    left.leave()
    #expect(left.outcome == .left(page: 1))
  }

  @Test func theClockNeverGoesBackNorTakesNonFiniteTimes() {
    var clock = HostClock()
    #expect(clock.time(for: .nan) == 0 && clock.origin == nil)
    #expect(clock.time(for: 100) == 0)
    #expect(clock.time(for: 100.5) == 0.5)
    #expect(clock.time(for: 99) == 0.5)
    #expect(clock.time(for: .infinity) == 0.5)
    #expect(clock.time(for: 101) == 1)
  }
}

/// The parts every host builds a layer of.
@Suite struct HostLayerPartsTests {
  @Test func everyPartIsPlacedInTheLayersOwnCoordinates() throws {
    let node = TextNode(
      text: TextContent("Hi"), frame: Rect(x: 10, y: 20, width: 100, height: 40))
    node.bounds = Rect(x: 5, y: 0, width: 100, height: 40)
    node.backgroundColor = Color(red: 1, green: 0, blue: 0)
    node.cornerRadius = 8
    node.border = Border(width: 2, color: .black)
    node.shadow = Shadow(color: .black, opacity: 0.5, offset: Vector(dx: 0, dy: 2), radius: 4)
    node.clipsToBounds = true
    let cache = ContentCache(scale: 2)
    let parts = HostLayerParts(state: HostLayerState(node: node), cache: cache)
    #expect(parts.geometry.bounds == Rect(x: 5, y: 0, width: 100, height: 40))
    #expect(parts.background?.color == Color(red: 1, green: 0, blue: 0))
    #expect(parts.background?.cornerRadius == 8)
    #expect(parts.border?.border.width == 2 && parts.clipsSublayers && parts.clipCornerRadius == 8)
    // The shadow spreads past the bounds by three of its radii, moved down by its offset.
    let shadow = try #require(parts.shadow).frame
    #expect(shadow.minX < 5 - 8 && shadow.maxX > 105 + 8 && shadow.maxY > 40 + 2 + 8)
    // The text sits in the bounds: 5 points further than with the bounds at the origin.
    let content = try #require(parts.content)
    node.bounds.origin = .zero
    let atOrigin = try #require(
      HostLayerParts(state: HostLayerState(node: node), cache: cache).content)
    #expect(content.frame.minX == atOrigin.frame.minX + 5 && content.drawing.scale == 2)
    // Nothing invisible becomes a part.
    node.backgroundColor = .clear
    node.border = Border(width: 0, color: .black)
    node.shadow = nil
    node.text = TextContent("")
    let bare = HostLayerParts(state: HostLayerState(node: node), cache: cache)
    #expect(
      bare.background == nil && bare.border == nil && bare.shadow == nil && bare.content == nil)
  }
}
