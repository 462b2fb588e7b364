import Foundation
import Strata
import StrataExamples
import StrataIO
import StrataRaster
import StrataRender
import StrataTesting
import StrataText
import Testing

/// The pictures in Docs/Animators.md, made by the renderer and checked like golden images:
/// `STRATA_RECORD_REFERENCES=1 swift test` re-records them.
@Suite struct DocsPicturesTests {
  static let docs = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs")
  static let ink = Color(white: 0.15)

  static func text(
    _ s: String, size: Double, bold: Bool = false, color: Color = ink,
    align: TextContent.Alignment = .center
  )
    -> TextContent
  {
    TextContent(
      s, font: Font(family: "DejaVu Sans", size: size, weight: bold ? .bold : .regular),
      color: color, alignment: align)
  }

  static func check(_ image: RasterImage, _ name: String) throws {
    // The pictures live in Docs/, and are checked like any golden image.
    try ReferenceImages(directory: docs).check(image, named: String(name.dropLast(4)))
  }

  /// Every easing's curve, labelled.
  static func easingsPicture() throws -> RasterImage {
    let columns = 7
    let cell = Size(width: 130, height: 118)
    let presets = Easing.presets
    let rows = (presets.count + columns - 1) / columns
    let root = Node(
      frame: Rect(
        x: 0, y: 0, width: cell.width * Double(columns), height: cell.height * Double(rows)))
    root.backgroundColor = .white
    for (i, e) in presets.enumerated() {
      let x = Double(i % columns) * cell.width
      let y = Double(i / columns) * cell.height
      let box = Rect(x: x + 20, y: y + 22, width: cell.width - 40, height: 60)
      var axes = Path()
      axes.move(to: Point(x: box.minX, y: box.minY))
      axes.line(to: Point(x: box.minX, y: box.maxY))
      axes.line(to: Point(x: box.maxX, y: box.maxY))
      root.addChild(
        ShapeNode(
          path: axes, stroke: .solid(Color(white: 0.8)), strokeStyle: StrokeStyle(width: 1),
          frame: root.bounds))
      var curve = Path()
      for k in 0...120 {
        let t = Double(k) / 120
        let p = Point(x: box.minX + t * box.width, y: box.maxY - e(t) * box.height)
        if k == 0 { curve.move(to: p) } else { curve.line(to: p) }
      }
      let shape = ShapeNode(
        path: curve, stroke: .solid(Color(red: 0.24, green: 0.45, blue: 0.85)),
        strokeStyle: StrokeStyle(width: 2, join: .round, cap: .round), frame: root.bounds)
      root.addChild(shape)
      root.addChild(
        TextNode(
          text: text(e.name, size: 10), frame: Rect(x: x, y: y + 92, width: cell.width, height: 16))
      )
    }
    return try FrameRenderer(textShaper: engine).render(Scene(root: root, size: root.size))
  }

  /// One style at positions 0, 0.5 and 1, one row each.
  static func indicatorPicture(_ style: PageIndicatorStyle, vertical: Bool = false) throws
    -> RasterImage
  {
    let root = Node(frame: Rect(x: 0, y: 0, width: 180, height: 84))
    root.backgroundColor = .white
    for (row, position) in [0.0, 0.5, 1].enumerated() {
      let indicator = PageIndicatorNode(
        pageCount: 4, style: style,
        frame: Rect(x: 40, y: 6 + Double(row) * 26, width: 140, height: 20))
      indicator.pagePosition = position
      root.addChild(indicator)
      root.addChild(
        TextNode(
          text: text("\(position)", size: 9, color: .gray, align: .left),
          frame: Rect(x: 6, y: 6 + Double(row) * 26, width: 30, height: 20),
          verticalAlignment: .center))
    }
    return try FrameRenderer(scale: 2, textShaper: engine).render(
      Scene(root: root, size: root.size))
  }

  /// A two-page tutorial whose wireframes are cards, animated by one animation.
  final class Demo: TutorialController, StaticBackgroundDataSource, WireframeDataSource {
    var numberOfPages: Int { 2 }
    init(_ animation: any PageAnimation) {
      super.init(pageSize: Size(width: 90, height: 120))
      preferredRoundnessHeight = 16
      preferredStaticContentHeight = 20
      animator = AnimatorSet(wireframe: [animation], icons: [])
    }
    func staticBackground() -> Node? {
      let n = Node()
      n.backgroundColor = Color(white: 0.93)
      return n
    }
    func wireframe(at page: Int) -> Node? {
      let n = Node(frame: Rect(x: 0, y: 0, width: 50, height: 70))
      n.backgroundColor =
        page == 0
        ? Color(red: 0.9, green: 0.35, blue: 0.3) : Color(red: 0.25, green: 0.5, blue: 0.9)
      n.cornerRadius = 8
      n.addChild(
        TextNode(
          text: DocsPicturesTests.text("\(page)", size: 20, bold: true, color: .white),
          frame: n.bounds, verticalAlignment: .center))
      return n
    }
  }

  static let animations: [(String, any PageAnimation)] = {
    var list: [(String, any PageAnimation)] = [
      ("none (the scroll alone)", Fade(minimumAlpha: 1)),
      ("Fade()", Fade()),
      ("CrossFade(curve: .quadIn)", CrossFade(curve: .quadIn)),
      ("Parallax(speed: 0.6)", Parallax(speed: 0.6)),
      ("Slide(by: (0, 40))", Slide(by: Vector(dx: 0, dy: 40))),
      ("Scale(to: 0.4)", Scale(to: 0.4)),
      ("Rotate(by: 0.8)", Rotate(by: 0.8)),
      ("TiltAlongArc()", TiltAlongArc()),
      ("FollowArc()", FollowArc()),
      (
        "ColorBlend([…])",
        ColorBlend([
          Color(red: 0.95, green: 0.8, blue: 0.3), Color(red: 0.3, green: 0.8, blue: 0.6),
        ])
      ),
      ("CircularReveal()", CircularReveal(from: Point(x: 0.5, y: 0.5))),
    ]
    for style in SlideTransition.Style.allCases {
      list.append(
        (
          "SlideTransition(.\(style.rawValue), from: .bottom)",
          SlideTransition(style, from: .bottom)
        ))
    }
    if let k = try? KeyframeAnimation(
      rotation: Keyframes([
        Keyframe(-1, -1.0, easing: .backOut), Keyframe(0, 0, easing: .backIn), Keyframe(1, 1),
      ]),
      scale: Keyframes([
        Keyframe(-1, Vector(dx: 0.5, dy: 0.5)), Keyframe(0, Vector(dx: 1, dy: 1)),
        Keyframe(1, Vector(dx: 0.5, dy: 0.5)),
      ]))
    {
      list.append(("KeyframeAnimation(rotation, scale)", k))
    }
    return list
  }()

  /// Each animation at page positions 0, 0.25, 0.5, 0.75 and 1.
  static func animatorsPicture() throws -> RasterImage {
    let positions = [0.0, 0.25, 0.5, 0.75, 1]
    let cellW = 90.0
    let labelW = 250.0
    let rowH = 128.0
    let width = Int(labelW + Double(positions.count) * (cellW + 8) + 8)
    let height = Int(Double(animations.count) * rowH + 28)
    var sheet = try RasterImage(width: width * 2, height: height * 2)
    sheet.fill(.white)
    let canvas = Canvas(buffer: sheet)
    let cache = GlyphCache()
    func label(_ s: String, _ rect: Rect, size: Double = 12, align: TextContent.Alignment = .left) {
      for run in engine.shape(
        text(s, size: size, align: align), in: rect, verticalAlignment: .center)
      {
        canvas.drawGlyphs(run, transform: Transform(scale: 2), cache: cache)
      }
    }
    for (j, p) in positions.enumerated() {
      label(
        "page \(p)", Rect(x: labelW + Double(j) * (cellW + 8), y: 4, width: cellW, height: 20),
        size: 11, align: .center)
    }
    for (i, (name, animation)) in animations.enumerated() {
      let y = 28 + Double(i) * rowH
      label(name, Rect(x: 8, y: y, width: labelW - 16, height: 120))
      for (j, p) in positions.enumerated() {
        let demo = Demo(animation)
        let frame = try FrameRenderer(scale: 2, textShaper: engine).render(demo, pagePosition: p)
        canvas.drawImage(
          frame,
          transform: Transform(translationX: 2 * (labelW + Double(j) * (cellW + 8)), y: 2 * y))
      }
    }
    return canvas.buffer
  }

  /// The node kinds of Docs/Nodes.md, each as its snippet builds it, captioned.
  static func nodesPicture() throws -> RasterImage {
    let cellW = 260.0
    let cellH = 120.0
    let root = Node(frame: Rect(x: 0, y: 0, width: cellW * 2, height: cellH * 4))
    root.backgroundColor = Color(white: 0.96)
    func cell(_ i: Int, _ caption: String, dark: Bool = false, _ node: Node) {
      let x = Double(i % 2) * cellW
      let y = Double(i / 2) * cellH
      let box = Node(frame: Rect(x: x + 8, y: y + 8, width: cellW - 16, height: cellH - 16))
      box.backgroundColor = dark ? Color(red8: 28, green8: 28, blue8: 30) : .white
      box.cornerRadius = 10
      root.addChild(box)
      node.position = Point(x: box.bounds.midX, y: box.bounds.midY - 8)
      box.addChild(node)
      box.addChild(
        TextNode(
          text: text(caption, size: 10, color: dark ? Color(white: 0.7) : .gray),
          frame: Rect(x: 0, y: box.bounds.height - 18, width: box.bounds.width, height: 14)))
    }
    var t = TextContent("Welcome", font: Font(family: "DejaVu Sans", size: 22, weight: .bold))
    t.append(
      "\nEverything you need, in one place.", font: Font(family: "DejaVu Sans", size: 13),
      color: .gray)
    t.alignment = .center
    cell(0, "TextNode", TextNode(text: t, frame: Rect(x: 0, y: 0, width: 240, height: 50)))
    let sun = VectorImage(
      size: Size(width: 40, height: 40),
      shapes: [
        VectorImage.Shape(
          path: .circle(center: Point(x: 20, y: 20), radius: 18),
          fill: .solid(Color(red8: 242, green8: 164, blue8: 58)))
      ])
    let image = ImageNode(
      image: .vector(sun), frame: Rect(x: 0, y: 0, width: 120, height: 80),
      contentMode: .aspectFit)
    image.border = Border(width: 1, color: Color(white: 0.85))
    cell(1, "ImageNode (.aspectFit)", image)
    var wave = Path()
    wave.move(to: Point(x: 0, y: 20))
    wave.cubic(
      to: Point(x: 120, y: 20), control1: Point(x: 40, y: -10), control2: Point(x: 80, y: 50))
    cell(
      2, "ShapeNode",
      ShapeNode(
        path: wave, stroke: .solid(.blue),
        strokeStyle: StrokeStyle(width: 4, join: .round, cap: .round)))
    let start = ButtonNode(
      title: TextContent(
        "Get started", font: Font(family: "DejaVu Sans", size: 17, weight: .bold), color: .white),
      actionIdentifier: "start", frame: Rect(x: 0, y: 0, width: 200, height: 50))
    start.backgroundColor = Color(red8: 61, green8: 139, blue8: 217)
    start.cornerRadius = 12
    cell(3, "ButtonNode", start)
    for (i, style) in InterfaceStyle.allCases.enumerated() {
      let row = Node(frame: Rect(x: 0, y: 0, width: 230, height: 44))
      row.addChild(
        NavigationButtonNode(
          role: .skip, frame: Rect(x: 0, y: 0, width: 80, height: 44), style: style))
      row.addChild(
        NavigationButtonNode(
          role: .done, frame: Rect(x: 100, y: 0, width: 120, height: 44), style: style))
      cell(
        4 + i, "NavigationButtonNode, .\(style.rawValue)", dark: style == .dark, row)
    }
    for (i, style) in InterfaceStyle.allCases.enumerated() {
      let dots = PageIndicatorNode(
        pageCount: 4, style: .dots, appearance: .of(style),
        frame: Rect(x: 0, y: 0, width: 120, height: 20))
      dots.pagePosition = 1.5
      cell(6 + i, "PageIndicatorNode, .\(style.rawValue)", dark: style == .dark, dots)
    }
    return try FrameRenderer(scale: 2, textShaper: engine).render(
      Scene(root: root, size: root.size))
  }

  @Test func nodeKinds() throws { try Self.check(try Self.nodesPicture(), "nodes.png") }

  @Test func easingCurves() throws { try Self.check(try Self.easingsPicture(), "easings.png") }

  @Test func animatorStrips() throws {
    try Self.check(try Self.animatorsPicture(), "animators.png")
  }

  @Test(arguments: PageIndicatorStyle.presets.map(\.name))
  func pageIndicatorStylesMatchTheirGoldens(name: String) throws {
    let style = try #require(PageIndicatorStyle.presets.first { $0.name == name })
    try expectMatchesGolden(try Self.indicatorPicture(style), "indicator-\(name)")
  }

  /// Docs/Interaction.md's sheets of the pager switches: the animals going round from the
  /// last page to the first, and stacked vertically.
  @Test(arguments: ["circular", "vertical"])
  func pagerSheets(kind: String) throws {
    let animals = AnimalsTutorial()
    let sheet: ContactSheet
    if kind == "circular" {
      animals.isCircular = true
      sheet = ContactSheet(
        positions: [2, 2.25, 2.5, 2.75, 3], columns: 5, thumbnailScale: 0.4,
        title: "isCircular: from the last page on to the first", textEngine: engine)
    } else {
      animals.pagingAxis = .vertical
      sheet = ContactSheet(
        positions: [0, 0.25, 0.5, 0.75, 1], columns: 5, thumbnailScale: 0.4,
        title: "pagingAxis = .vertical: page 0 on top", textEngine: engine)
    }
    try Self.check(try sheet.render(animals), "pager-\(kind).png")
  }

  @Test func verticalIndicatorsRunDown() throws {
    let indicator = PageIndicatorNode(
      pageCount: 3, orientation: .vertical, frame: Rect(x: 0, y: 0, width: 20, height: 80))
    #expect(indicator.layout.center(of: 2).y > indicator.layout.center(of: 0).y)
    #expect(indicator.layout.center(of: 0).x == 10)
    indicator.isRightToLeft = true
    let h = PageIndicatorNode(pageCount: 3, frame: Rect(x: 0, y: 0, width: 80, height: 20))
    h.isRightToLeft = true
    #expect(h.layout.center(of: 0).x > h.layout.center(of: 2).x)
  }
}
