import Strata
import StrataExamples
import Testing

@testable import StrataHost

/// The animals swipe on the host: after the first frame, pages slide without a layer created
/// or destroyed, and only what moved is sent.
@Suite struct SwipeTests {
  @Test func aSwipeChangesOnlyWhatMoved() throws {
    let t = AnimalsTutorial()
    let r = Reconciler()
    let tree = HostTree()
    t.layoutIfNeeded()
    r.reconcile(t.root, into: tree)
    let layers = r.layerCount
    #expect(r.lastFrame.created == layers && layers > 50)
    var contents = Set<String>()
    var tinted = Set<String>()
    for step in 1..<120 {
      t.setPagePosition(Double(step) / 60)
      t.layoutIfNeeded()
      let sent = r.reconcile(t.root, into: tree)
      let f = r.lastFrame
      #expect(f.created == 0 && f.destroyed == 0 && f.inserted == 0 && f.removed == 0)
      // Only some layers move: far fewer property changes than layers.
      #expect(f.propertyChanges > 0 && f.propertyChanges < layers / 3, "\(f)")
      for m in sent {
        if case .setContent(let id, _) = m { contents.insert(tree.layers[id]?.state.name ?? "?") }
        if case .setTints(let id, _) = m { tinted.insert(tree.layers[id]?.state.name ?? "?") }
      }
      #expect(tree.snapshot == HostSnapshot(node: t.root))
    }
    // No content is set anew while the pages slide: the page indicator's dots blend their
    // colours as tints (HostTint), a property change.
    #expect(contents.isEmpty && tinted == ["page indicator"])
  }
}
