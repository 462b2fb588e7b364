import Strata
import StrataExamples
import StrataHost
import Testing

/// A screen's view in miniature: touches in, ticks at 60 Hz, layers out.
@Suite struct HostSessionTests {
  @Test func aDragTicksThroughAndRestsQuietly() throws {
    let tree = HostTree()
    let session = HostSession(controller: AnimalsTutorial(), backend: tree)
    let first = session.tick(at: 0)
    #expect(first.created > 50)
    // A drag to the left across half the screen, released: the pages settle on page 1.
    var t = 0.0
    var moved = 0
    session.handle(TouchEvent(.down, at: Point(x: 300, y: 300), time: t))
    for x in stride(from: 290.0, through: 100, by: -10) {
      t += 1.0 / 60
      session.handle(TouchEvent(.move, at: Point(x: x, y: 300), time: t))
      moved += session.tick(at: t).propertyChanges
    }
    session.handle(TouchEvent(.up, at: Point(x: 100, y: 300), time: t))
    var quiet = 0
    for _ in 0..<180 {
      t += 1.0 / 60
      let f = session.tick(at: t)
      // The three pages stay loaded: no layer comes or goes while they slide.
      #expect(f.created == 0 && f.destroyed == 0)
      if f.mutations == 0 { quiet += 1 }
    }
    #expect(moved > 0)
    #expect(session.controller.currentPage == 1)
    // At rest, a tick sends nothing.
    #expect(quiet > 60 && session.tick(at: t + 1).mutations == 0)
    #expect(tree.snapshot == HostSnapshot(node: session.controller.root))
  }

  @Test func aRotationIsSentAsADifference() throws {
    let tree = HostTree()
    let session = HostSession(controller: AnimalsTutorial(), backend: tree)
    session.tick(at: 0)
    session.resize(to: Size(width: 667, height: 375))
    let f = session.tick(at: 0.016)
    #expect(f.mutations > 0)
    #expect(tree.snapshot == HostSnapshot(node: session.controller.root))
    #expect(tree.snapshot?.state.geometry.bounds.size == Size(width: 667, height: 375))
  }
}
