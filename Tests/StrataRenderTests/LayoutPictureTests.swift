import Foundation
import Strata
import StrataRender
import StrataTesting
import StrataText
import Testing

/// The picture in Docs/Layout.md: one page laid out by flexbox at five sizes, a row in
/// landscape by its size class. Checked like a golden image (`STRATA_RECORD_REFERENCES=1`
/// re-records it).
@Suite struct LayoutPictureTests {
  /// The page at `size`: a picture, a title and a text, and two buttons.
  static func page(_ size: Size) -> Node {
    let classes = SizeClasses(size)
    let root = Node(frame: Rect(origin: .zero, size: size))
    root.backgroundColor = Color(red8: 246, green8: 244, blue8: 239)
    var s = FlexStyle()
    s.padding = FlexEdges(all: .points(24))
    s.gap = 16
    if classes.vertical == .compact { s.flexDirection = .row }
    root.flexStyle = s
    let picture = Node(name: "picture")
    picture.backgroundColor = Color(red8: 62, green8: 129, blue8: 112)
    picture.cornerRadius = 16
    picture.flexStyle = FlexStyle()
    picture.flexStyle?.flex = 1
    let words = Node(name: "words")
    var w = FlexStyle()
    w.flex = 1
    w.justifyContent = classes.vertical == .compact ? .center : .flexEnd
    w.gap = 12
    words.flexStyle = w
    let title = TextNode(
      text: TextContent(
        "Plan your week", font: Font(family: "DejaVu Sans", size: 26, weight: .bold),
        color: Color(white: 0.12)))
    title.flexStyle = FlexStyle()
    let body = TextNode(
      text: TextContent(
        "Every task in one list, sorted by what matters today.",
        font: Font(family: "DejaVu Sans", size: 15), color: Color(white: 0.35)))
    body.flexStyle = FlexStyle()
    let buttons = Node(name: "buttons")
    var b = FlexStyle()
    b.flexDirection = .row
    b.gap = 12
    b.margin.top = .points(12)
    buttons.flexStyle = b
    for (label, filled) in [("Skip", false), ("Start", true)] {
      let button = ButtonNode(
        title: TextContent(
          label, font: Font(family: "DejaVu Sans", size: 16, weight: .bold),
          color: filled ? .white : Color(white: 0.2), alignment: .center),
        actionIdentifier: label)
      button.backgroundColor = filled ? Color(red8: 62, green8: 129, blue8: 112) : .white
      button.cornerRadius = 12
      button.flexStyle = FlexStyle()
      button.flexStyle?.flex = 1
      button.flexStyle?.height = .points(48)
      buttons.addChild(button)
    }
    for n in [title, body, buttons] { words.addChild(n) }
    root.addChild(picture)
    root.addChild(words)
    root.layoutStyledChildren(measurer: engine)
    return root
  }

  static let sizes = [
    Size(width: 320, height: 568), Size(width: 393, height: 852), Size(width: 744, height: 1133),
    Size(width: 667, height: 375), Size(width: 932, height: 430),
  ]

  static func picture() throws -> RasterImage {
    let scale = 0.5
    let gap = 24.0
    let width = sizes.reduce(gap) { $0 + $1.width * scale + gap }
    let height = (sizes.map(\.height).max() ?? 0) * scale + 2 * gap
    var sheet = try RasterImage(width: Int(width), height: Int(height))
    sheet.fill(.white)
    let canvas = Canvas(buffer: sheet)
    var x = gap
    for size in sizes {
      let frame = try FrameRenderer(scale: scale, textShaper: engine).render(
        Scene(root: page(size), size: size))
      canvas.drawImage(frame, transform: Transform(translationX: x.rounded(), y: gap))
      x += size.width * scale + gap
    }
    return canvas.buffer
  }

  @Test func onePageAtFiveSizes() throws {
    let docs = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs")
    try ReferenceImages(directory: docs).check(try Self.picture(), named: "layout-sizes")
  }

  /// Nothing overlaps or leaves the page at any of the sizes.
  @Test func nothingOverlapsAtAnySize() {
    for size in Self.sizes {
      let root = Self.page(size)
      let picture = root.children[0].frame
      let words = root.children[1].frame
      #expect(!picture.intersects(words), "\(size)")
      for f in [picture, words] {
        #expect(root.bounds.contains(f), "\(size): \(f)")
      }
    }
  }
}
