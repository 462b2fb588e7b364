import Strata
import StrataExamples
import StrataTesting
import Testing

// @testable: these tests reach internals: DisplayListBuilder.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// A display list updated in place equals one built afresh, and the caches behind building
/// one (node outlines, shaped runs) give what working them out again gives.
@Suite struct DisplayListUpdateTests {
  @Test func aListUpdatedInPlaceEqualsAFreshOne() throws {
    let renderer = FrameRenderer(scale: 2)
    var list = DisplayList(width: 1, height: 1, commands: [])
    // Every gallery scene (text, vector images with clipped groups, shadows, borders,
    // masks), then swipes of two examples, through one list: each update equals a fresh list.
    for round in 0..<2 {
      for (name, scene) in Gallery.all {
        try renderer.updateDisplayList(&list, for: scene)
        #expect(list == (try renderer.displayList(for: scene)), "round \(round), \(name)")
      }
    }
    let examples: [TutorialController] = [
      AnimalsTutorial(pageSize: Size(width: 320, height: 568)),
      CardsExample(pageSize: Size(width: 375, height: 667)),
    ]
    for tutorial in examples {
      for position in stride(from: 0.0, through: 2.0, by: 0.25) {
        tutorial.setPagePosition(position)
        let scene = tutorial.scene()
        try renderer.updateDisplayList(&list, for: scene)
        #expect(list == (try renderer.displayList(for: scene)), "\(position)")
      }
    }
  }

  @Test func aFailedUpdateLeavesTheListAsItWas() throws {
    let scene = Gallery.all[0].1
    var list = try DisplayList(scene: scene, scale: 1)
    let before = list
    #expect(throws: RenderError.invalidScale(0)) {
      try list.update(scene: scene, scale: 0)
    }
    let huge = Scene(size: Size(width: 1e9, height: 1e9), root: scene.root)
    #expect(throws: RenderError.self) { try list.update(scene: huge, scale: 1) }
    #expect(list == before)
  }

  @Test func shapedRunsAreKeptPerBoxAndAlignment() throws {
    let engine = TextEngine()
    let text = TextContent("Kept runs", font: .system(size: 17), color: .black)
    let box = Rect(x: 10, y: 20, width: 200, height: 80)
    let top = engine.shape(text, in: box, verticalAlignment: .top)
    #expect(!top.isEmpty)
    #expect(engine.shape(text, in: box, verticalAlignment: .top) == top)
    // Another alignment or box lays the same text elsewhere: not the kept runs.
    let bottom = engine.shape(text, in: box, verticalAlignment: .bottom)
    #expect(bottom != top)
    #expect(bottom == TextEngine().shape(text, in: box, verticalAlignment: .bottom))
    let moved = engine.shape(text, in: box.offsetBy(Vector(dx: 5, dy: 0)), verticalAlignment: .top)
    let x = try #require(top.first?.positions.first?.x)
    #expect(moved.first?.positions.first?.x == x + 5)
    // A box with NaN in it is shaped every time, never kept.
    let nan = Rect(x: .nan, y: 0, width: 100, height: 40)
    _ = engine.shape(text, in: nan, verticalAlignment: .center)
    _ = engine.shape(text, in: nan, verticalAlignment: .center)
  }

  @Test func aRectangleMapsToTheBoundsOfItsCorners() {
    var rng = SeededRandomNumberGenerator(seed: 5)
    for _ in 0..<200 {
      let t = Transform(
        a: rng.next(in: -3...3), b: rng.next(in: -3...3), c: rng.next(in: -3...3),
        d: rng.next(in: -3...3), tx: rng.next(in: -50...50), ty: rng.next(in: -50...50))
      let r = Rect(
        x: rng.next(in: -20...20), y: rng.next(in: -20...20), width: rng.next(in: 0...40),
        height: rng.next(in: 0...40))
      let mapped = r.corners.map { t.apply(to: $0) }
      let l = mapped.map(\.x).min() ?? 0
      let top = mapped.map(\.y).min() ?? 0
      let expected = Rect(
        x: l, y: top, width: (mapped.map(\.x).max() ?? 0) - l,
        height: (mapped.map(\.y).max() ?? 0) - top)
      #expect(t.apply(to: r) == expected)
    }
  }

  @Test func nodeOutlinesAreKeptBySizeAndRadius() {
    let r = Rect(x: 0, y: 0, width: 80, height: 30)
    let a = DisplayListBuilder.roundedRect(r, cornerRadius: 6)
    #expect(a == Path.roundedRect(r, cornerRadius: 6))
    #expect(
      DisplayListBuilder.roundedRect(r, cornerRadius: 7) == Path.roundedRect(r, cornerRadius: 7))
    #expect(DisplayListBuilder.roundedRect(r, cornerRadius: 6) == a)
    let nan = Rect(x: .nan, y: 0, width: 1, height: 1)
    #expect(
      DisplayListBuilder.roundedRect(nan, cornerRadius: 0).elements.count
        == Path.rect(nan).elements.count)
  }
}

/// A scene updated in place equals a fresh snapshot, whatever changed in the tree.
@Suite struct SceneUpdateTests {
  @Test func aSceneUpdatedInPlaceEqualsAFreshOne() {
    let examples: [TutorialController] = [
      AnimalsTutorial(pageSize: Size(width: 390, height: 844)),
      SwiperExample(pageSize: Size(width: 320, height: 568)),
      CardsExample(pageSize: Size(width: 667, height: 375)),
    ]
    for tutorial in examples {
      var scene = tutorial.scene()
      for position in [0.0, 0.4, 1.0, 1.7, 2.0, 0.9, 0.0] {
        tutorial.setPagePosition(position)
        tutorial.updateScene(&scene)
        #expect(scene == tutorial.scene(), "\(position)")
      }
    }
  }

  @Test func childrenShownHiddenAddedRemovedAndReordered() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let a = Node(frame: Rect(x: 1, y: 1, width: 10, height: 10), name: "a")
    let b = Node(frame: Rect(x: 2, y: 2, width: 10, height: 10), name: "b")
    let c = Node(frame: Rect(x: 3, y: 3, width: 10, height: 10), name: "c")
    let inner = Node(frame: Rect(x: 0, y: 0, width: 5, height: 5), name: "inner")
    b.addChild(inner)
    for n in [a, b, c] { root.addChild(n) }
    var scene = Scene(root: root, size: Size(width: 100, height: 100))
    let size = Size(width: 100, height: 100)
    let changes: [() -> Void] = [
      { b.isHidden = true },  // a later child takes b's place (and its children's memory)
      { b.isHidden = false },
      { c.zPosition = -1 },  // drawn first now
      { a.alpha = 0 },
      { inner.removeFromParent() },
      {
        a.alpha = 1
        c.addChild(inner)
      },
      { root.isHidden = true },  // nothing shown: an empty root
      {
        root.isHidden = false
        b.removeFromParent()
      },
    ]
    for (k, change) in changes.enumerated() {
      change()
      scene.update(root: root, size: size)
      #expect(scene == Scene(root: root, size: size), "change \(k)")
    }
  }

  /// Nodes a scene no longer shows are kept for their memory and written over when more show
  /// again, with other names, children and looks; the scene still equals (and hashes as) a
  /// fresh one.
  @Test func sparesAreWrittenOverAndLeftOutOfTheValue() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let size = Size(width: 100, height: 100)
    func tree(_ name: String, kids: Int) -> Node {
      let n = Node(frame: Rect(x: 1, y: 2, width: 30, height: 30), name: name)
      n.backgroundColor = .black
      for k in 0..<kids {
        n.addChild(Node(frame: Rect(x: Double(k), y: 0, width: 4, height: 4), name: "\(name)\(k)"))
      }
      return n
    }
    var scene = Scene(root: root, size: size)
    let shapes: [[Int]] = [[3, 0, 2], [1], [0, 4, 1, 2], [], [2, 2], [5, 0, 0, 1, 3]]
    for (k, kids) in shapes.enumerated() {
      for child in root.children { child.removeFromParent() }
      for (j, n) in kids.enumerated() { root.addChild(tree("t\(k)-\(j)", kids: n)) }
      scene.update(root: root, size: size)
      let fresh = Scene(root: root, size: size)
      #expect(scene == fresh, "tree \(k)")
      #expect(scene.hashValue == fresh.hashValue, "tree \(k)")
    }
  }

  /// The kept drawing order follows every change to the children and their zPositions.
  @Test func theDrawingOrderFollowsZPositionsAndChildren() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let nodes = ["a", "b", "c", "d"].map {
      Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: $0)
    }
    for n in nodes { root.addChild(n) }
    let size = Size(width: 50, height: 50)
    var scene = Scene(root: root, size: size)
    func order() -> [String] {
      scene.update(root: root, size: size)
      return scene.root.children.map { $0.name ?? "" }
    }
    nodes[0].zPosition = 2
    #expect(order() == ["b", "c", "d", "a"])
    #expect(order() == ["b", "c", "d", "a"])  // kept
    nodes[2].zPosition = -1
    #expect(order() == ["c", "b", "d", "a"])
    nodes[2].zPosition = -1  // the same value: nothing to redo
    #expect(order() == ["c", "b", "d", "a"])
    nodes[1].removeFromParent()
    #expect(order() == ["c", "d", "a"])
    let e = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "e")
    e.zPosition = 1
    root.addChild(e)
    #expect(order() == ["c", "d", "e", "a"])
    nodes[0].zPosition = 0
    #expect(order() == ["c", "a", "d", "e"])  // a was added before d
    root.removeAllChildren()
    #expect(order().isEmpty)
  }
}
