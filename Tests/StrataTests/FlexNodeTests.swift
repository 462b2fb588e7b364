import Strata
import Testing

/// Flexbox on nodes and in the controller: styled nodes are laid out in their parent, text
/// wraps to the width offered, and pages are laid out again at every size.
@Suite struct FlexNodeTests {
  /// A page with a title that wraps and a full-width button pinned to the bottom by flexbox.
  final class Styled: TutorialController, WireframeDataSource {
    var numberOfPages: Int { 2 }
    var kept: [TutorialPage] = []
    override func configurePage(_ page: TutorialPage) { kept.append(page) }
    func navigationPolicy(at page: Int) -> NavigationPolicy { .free }
    func wireframe(at page: Int) -> Node? {
      let root = Node(frame: Rect(origin: .zero, size: pageSize), name: "root")
      var column = FlexStyle()
      column.padding = FlexEdges(all: .points(20))
      root.flexStyle = column
      let title = TextNode(
        text: TextContent("Welcome to the app, this is page \(page)"), name: "title")
      title.flexStyle = FlexStyle()
      let spacer = Node(name: "spacer")
      spacer.flexStyle = FlexStyle()
      spacer.flexStyle?.flexGrow = 1
      let button = ButtonNode(title: TextContent("Start"), actionIdentifier: "start", name: "start")
      var b = FlexStyle()
      b.height = .points(50)
      button.flexStyle = b
      let unstyled = Node(frame: Rect(x: 1, y: 2, width: 3, height: 4), name: "kept")
      for n in [title, spacer, button, unstyled] { root.addChild(n) }
      return root
    }
  }

  /// The frame of the node named `name` in page 0's wireframe, as last built.
  func frame(_ c: Styled, _ name: String) throws -> Rect {
    _ = c.scene()
    let page = try #require(c.kept.last { $0.index == 0 })
    let node = try #require(page.wireframe?.children.first { $0.name == name })
    return node.frame
  }

  @Test func pagesAreLaidOutAtEverySize() throws {
    let c = Styled(pageSize: Size(width: 320, height: 568))
    c.textMeasurer = FixedMeasurer()
    c.reloadData()
    // 34 characters at 10 points in 280: 28 a line, two lines.
    #expect(try frame(c, "title") == Rect(x: 20, y: 20, width: 280, height: 40))
    #expect(try frame(c, "start") == Rect(x: 20, y: 498, width: 280, height: 50))
    #expect(try frame(c, "kept") == Rect(x: 1, y: 2, width: 3, height: 4))
    c.pageSize = Size(width: 667, height: 375)
    #expect(try frame(c, "title") == Rect(x: 20, y: 20, width: 627, height: 20))
    #expect(try frame(c, "start") == Rect(x: 20, y: 305, width: 627, height: 50))
    // Right to left the column's cross start is the right edge; the button is stretched.
    c.layoutDirection = .rightToLeft
    #expect(try frame(c, "start") == Rect(x: 20, y: 305, width: 627, height: 50))
  }

  /// The node a layout starts from keeps its frame; a second pass with nothing changed sets
  /// the same frames; a text change is measured again.
  @Test func layoutKeepsTheRootAndFollowsContent() {
    let root = Node(frame: Rect(x: 5, y: 5, width: 200, height: 100))
    root.flexStyle = FlexStyle()
    root.flexStyle?.width = .points(10)
    root.flexStyle?.flexDirection = .row
    let text = TextNode(text: TextContent("abc"))
    text.flexStyle = FlexStyle()
    root.addChild(text)
    root.layoutStyledChildren(measurer: FixedMeasurer())
    #expect(root.frame == Rect(x: 5, y: 5, width: 200, height: 100))
    #expect(text.frame == Rect(x: 0, y: 0, width: 30, height: 100))
    root.layoutStyledChildren(measurer: FixedMeasurer())
    #expect(text.frame == Rect(x: 0, y: 0, width: 30, height: 100))
    text.text = TextContent("abcdef")
    root.layoutStyledChildren(measurer: FixedMeasurer())
    #expect(text.frame.width == 60)
  }
}
