import Strata
import StrataExamples
import StrataTesting
import Testing

@testable import StrataHost

/// The reconciler: identities kept, the least it can send, and a backend tree equal to the
/// node tree after every step of random edits, even when the backend fails.
@Suite struct ReconcilerTests {
  func node(_ name: String, _ x: Double = 0, children: [Node] = []) -> Node {
    let n = Node(frame: Rect(x: x, y: 0, width: 10, height: 10), name: name)
    for c in children { n.addChild(c) }
    return n
  }

  @Test func aFirstFrameCreatesEverythingAndASecondSendsNothing() throws {
    let root = node("root", children: [node("a", children: [node("a1")]), node("b")])
    let r = Reconciler()
    let tree = HostTree()
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.created == 4 && r.lastFrame.inserted == 4 && r.problems.isEmpty)
    #expect(tree.snapshot == HostSnapshot(node: root))
    #expect(r.reconcile(root, into: tree).isEmpty)
    #expect(r.lastFrame.mutations == 0 && r.lastFrame.nodes == 4)
  }

  @Test func changesSendOnlyWhatChanged() throws {
    let a = node("a")
    let text = TextNode(text: TextContent("Hi"), frame: Rect(x: 0, y: 0, width: 50, height: 20))
    let root = node("root", children: [a, text])
    let r = Reconciler()
    let tree = HostTree()
    r.reconcile(root, into: tree)
    let id = try #require(r.layer(for: a))
    a.position.x += 5
    a.alpha = 0.5
    var sent = r.reconcile(root, into: tree)
    #expect(sent.count == 2 && sent.allSatisfy { $0.layer == id })
    #expect(r.lastFrame.propertyChanges == 2 && r.lastFrame.contentChanges == 0)
    // A faded-out node keeps its layer: hidden, not destroyed.
    a.alpha = 0
    a.isHidden = true
    sent = r.reconcile(root, into: tree)
    #expect(r.lastFrame.created == 0 && r.lastFrame.destroyed == 0 && sent.count == 2)
    // New text is new content; the same text again is not.
    text.text = TextContent("Hello")
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.contentChanges == 1)
    text.position.y += 1
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.contentChanges == 0 && r.lastFrame.propertyChanges == 1)
    #expect(tree.snapshot == HostSnapshot(node: root))
  }

  /// Reordering moves as few layers as it can; moving to another parent and renaming keep the
  /// identity.
  @Test func orderAndParentsKeepIdentities() throws {
    let kids = (0..<6).map { node("k\($0)") }
    let left = node("left", children: kids)
    let right = node("right")
    let root = node("root", children: [left, right])
    let r = Reconciler()
    let tree = HostTree()
    r.reconcile(root, into: tree)
    let ids = kids.map { r.layer(for: $0) }
    // The first to the end: one layer moves (out and in), not five.
    kids[0].zPosition = 1
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.removed == 1 && r.lastFrame.inserted == 1)
    #expect(tree.snapshot == HostSnapshot(node: root))
    // To another parent, renamed.
    kids[3].removeFromParent()
    right.addChild(kids[3])
    kids[3].name = "moved"
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.created == 0 && r.lastFrame.destroyed == 0)
    #expect(kids.map { r.layer(for: $0) } == ids)
    #expect(tree.snapshot == HostSnapshot(node: root))
    // Removed: destroyed, with its subtree.
    kids[3].addChild(node("grandchild"))
    r.reconcile(root, into: tree)
    kids[3].removeFromParent()
    r.reconcile(root, into: tree)
    #expect(r.lastFrame.destroyed == 2 && r.layerCount == 8)
    #expect(tree.layers.count == 8 && tree.snapshot == HostSnapshot(node: root))
  }

  @Test func theLongestRunStaysPut() {
    #expect(Reconciler.longestIncreasingRun([]) == [])
    #expect(Reconciler.longestIncreasingRun([1, 2, 3, 4, 5, 0]) == [0, 1, 2, 3, 4])
    #expect(Reconciler.longestIncreasingRun([3, 1, 2]).count == 2)
  }

  /// Random trees edited at random, step after step: after each, the backend holds exactly
  /// the node tree, with no layer left over.
  @Test(arguments: [37, 3701, 9])
  func randomEditsNeverDesync(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let root = node("root")
    var all = [root]
    var counter = 0
    func newNode() -> Node {
      counter += 1
      let n = node("n\(counter)", Double(counter))
      all.append(n)
      return n
    }
    let r = Reconciler()
    let tree = HostTree()
    for _ in 0..<300 {
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let target = all[Int.random(in: 0..<all.count, using: &random)]
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1: target.addChild(newNode())
        case 2 where target !== root:
          target.removeFromParent()
          all.removeAll { $0 === target || $0.isDescendant(of: target) }
        case 3 where target !== root:
          // Moved under another node that is not inside it.
          let candidates = all.filter { $0 !== target && !$0.isDescendant(of: target) }
          if let to = candidates.randomElement(using: &random) {
            target.removeFromParent()
            to.insertChild(target, at: Int.random(in: 0...to.children.count, using: &random))
          }
        case 4: target.zPosition = Double(Int.random(in: -2...2, using: &random))
        case 5: target.alpha = [0, 0.5, 1][Int.random(in: 0..<3, using: &random)]
        case 6: target.isHidden.toggle()
        case 7: target.name = "renamed\(Int.random(in: 0..<5, using: &random))"
        default: target.position.x += 1
        }
      }
      r.reconcile(root, into: tree)
      #expect(r.problems.isEmpty)
      #expect(tree.snapshot == HostSnapshot(node: root))
      #expect(tree.layers.count == HostSnapshot(node: root).count)
    }
  }

  /// A backend that fails now and then: the failed layers are sent whole again, and once a
  /// frame goes through, the tree is the node tree.
  @Test func aFailingBackendIsCaughtUp() {
    final class Flaky: LayerBackend {
      let tree = HostTree()
      var random = SeededRandomNumberGenerator(seed: 5)
      var failing = true
      func apply(_ mutation: HostMutation) throws {
        if failing, case .destroy = mutation {
        } else if failing, Int.random(in: 0..<5, using: &random) == 0 {
          throw HostTreeError.unknownLayer(mutation.layer)
        }
        try tree.apply(mutation)
      }
    }
    let root = node("root", children: (0..<8).map { i in node("a\(i)", children: [node("b\(i)")]) })
    let r = Reconciler()
    let backend = Flaky()
    var problems = 0
    for step in 0..<20 {
      root.children[step % 8].position.x += 1
      root.children[(step + 3) % 8].zPosition = Double(step % 3)
      r.reconcile(root, into: backend)
      problems += r.problems.count
    }
    #expect(problems > 0)
    backend.failing = false
    r.reconcile(root, into: backend)
    r.reconcile(root, into: backend)
    #expect(r.problems.isEmpty)
    #expect(backend.tree.snapshot == HostSnapshot(node: root))
    #expect(backend.tree.layers.count == 17)
  }

  /// Bad input: a very deep tree is cut at the deepest level mirrored, with a problem, and a
  /// wide one of thousands of nodes goes through.
  @Test func deepAndWideTrees() {
    let root = node("root")
    var last = root
    for i in 0..<400 {
      let n = node("d\(i)")
      last.addChild(n)
      last = n
    }
    let r = Reconciler()
    let tree = HostTree()
    r.reconcile(root, into: tree)
    #expect(r.layerCount == Reconciler.maximumDepth + 1)
    #expect(r.problems.count == 1 && tree.snapshot == HostSnapshot(node: root))
    let wide = node("wide", children: (0..<5000).map { node("w\($0)") })
    r.reconcile(wide, into: tree)
    #expect(r.layerCount == 5001 && tree.snapshot == HostSnapshot(node: wide))
  }
}
