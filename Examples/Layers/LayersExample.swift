import Strata

/// The layer model as a picture: every layer present, each in its own colour and labelled,
/// so that what moves with what can be seen at a glance.
public final class LayersExample: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, WireframeDataSource, InnerWireframeDataSource,
  StaticContentDataSource, LabelDataSource, IconDataSource, DynamicBackgroundAnimator,
  WireframeAnimator, LabelAnimator
{
  /// The colour of each layer, bottom to top.
  public static func color(of layer: TutorialLayer) -> Color {
    switch layer {
    case .staticBackground: return Color(red8: 0x2B, green8: 0x2D, blue8: 0x42)
    case .dynamicBackground: return Color(red8: 0x46, green8: 0x7A, blue8: 0xC8)
    case .wireframe: return Color(red8: 0xF2, green8: 0xA5, blue8: 0x41)
    case .innerWireframe: return Color(red8: 0xF6, green8: 0xE2, blue8: 0xB3)
    case .staticContent: return Color(red8: 0xFA, green8: 0xFA, blue8: 0xF7)
    case .labels: return Color(red8: 0x2E, green8: 0x8B, blue8: 0x57)
    case .icons: return Color(red8: 0xE6, green8: 0x4A, blue8: 0x5A)
    }
  }

  /// Three pages.
  public var numberOfPages: Int { 3 }

  /// The labels are 36-point pills: their text grows up to the first larger size.
  public override var textScale: Double { Swift.min(super.textScale, ContentSize.xLarge.scale) }

  /// A rounded arc, 16 points tall.
  public override var roundnessHeight: Double { 16 }

  /// 36 % of the height.
  public override var staticContentHeight: Double { pageSize.height * 0.36 }

  static func title(_ s: String, size: Double, color: Color = .white) -> TextContent {
    var t = TextContent(
      s, font: .system(size: size, weight: .bold), color: color, alignment: .center)
    // On a short screen the wireframe is smaller: its captions shrink rather than being cut.
    t.minimumScaleFactor = 0.6
    return t
  }

  /// A dark gradient with its name.
  public func staticBackground() -> Node? {
    let node = Node()
    node.backgroundColor = Self.color(of: .staticBackground)
    let caption = TextNode(
      text: Self.title("0 static background", size: 11, color: Color(white: 1, alpha: 0.7)),
      frame: Rect(x: 0, y: 12, width: pageSize.width, height: 16), name: "caption.staticBackground")
    node.addChild(caption)
    return node
  }

  /// A tinted band per page, narrower than the page so the parallax shows.
  public func dynamicBackground(at page: Int) -> Node? {
    let node = Node(name: "dynamicBackground \(page)")
    let caption = TextNode(
      text: Self.title(
        "1 dynamic background · page \(page + 1)", size: 11, color: Color(white: 1, alpha: 0.8)),
      frame: Rect(x: 24, y: 50, width: pageSize.width - 48, height: 16))
    let band = ShapeNode(
      path: .roundedRect(
        Rect(x: 24, y: 40, width: pageSize.width - 48, height: pageSize.height * 0.5),
        cornerRadius: 28),
      fill: .linearGradient(
        Gradient(colors: [
          Self.color(of: .dynamicBackground),
          Self.color(of: .dynamicBackground).withAlpha(0.35),
        ]), start: Point(x: 0, y: 40), end: Point(x: 0, y: 40 + pageSize.height * 0.5)),
      frame: Rect(origin: .zero, size: pageSize))
    node.addChild(band)
    node.addChild(caption)
    return node
  }

  /// The wireframe's width: 42 % of the page's, less when the page is too short for a phone
  /// shape 1.75 times as tall between the dynamic background's caption (72 points down) and
  /// 24 points above the static content (a phone in landscape).
  public var wireframeWidth: Double {
    let room = pageSize.height - staticContentHeight - Self.wireframeTop - 24
    return Swift.max(0, Swift.min(pageSize.width * 0.42, room / 1.75))
  }

  /// How far down the wireframe may start: below the dynamic background's caption.
  static let wireframeTop = 72.0

  /// A phone-shaped frame.
  public func wireframe(at page: Int) -> Node? {
    let w = wireframeWidth
    let node = Node(frame: Rect(x: 0, y: 0, width: w, height: w * 1.75), name: "wireframe \(page)")
    node.backgroundColor = Self.color(of: .wireframe)
    node.cornerRadius = w * 0.14
    // 12 % of the page above the middle, but never over the caption.
    let centre = Swift.max(pageSize.height * 0.38, Self.wireframeTop + w * 1.75 / 2)
    node.position.y += centre - pageSize.height / 2
    node.addChild(
      TextNode(
        text: Self.title("2 wireframe", size: 10, color: Color(white: 0, alpha: 0.6)),
        frame: Rect(x: 0, y: 3, width: w, height: 14)))
    return node
  }

  /// The screen inside the frame, with the page number.
  public func innerWireframe(at page: Int) -> Node? {
    let w = wireframeWidth - 16
    let node = TextNode(
      text: {
        var t = Self.title("\(page + 1)", size: 40, color: Self.color(of: .wireframe))
        t.append(
          "\n3 inner wireframe", font: .system(size: 10, weight: .bold),
          color: Color(white: 0, alpha: 0.5))
        return t
      }(),
      frame: Rect(x: 0, y: 0, width: w, height: (w + 16) * 1.75 - 40), verticalAlignment: .center,
      name: "innerWireframe \(page)")
    node.backgroundColor = Self.color(of: .innerWireframe)
    node.cornerRadius = 10
    return node
  }

  /// The card under the arc, with a shadow.
  public func staticContent() -> Node? {
    let node = Node(name: "staticContent")
    node.backgroundColor = Self.color(of: .staticContent)
    let h = staticContentHeight + roundnessHeight
    node.addChild(
      TextNode(
        text: Self.title("4 static content", size: 12, color: Color(white: 0, alpha: 0.7)),
        frame: Rect(x: 0, y: h - 36, width: pageSize.width, height: 16)))
    return node
  }

  /// A green pill with the page's title.
  public func label(at page: Int) -> Node? {
    let node = TextNode(
      text: Self.title("5 label, page \(page + 1)", size: 16),
      frame: Rect(x: 0, y: 0, width: pageSize.width * 0.7, height: 36), verticalAlignment: .center,
      name: "label \(page)")
    node.backgroundColor = Self.color(of: .labels)
    node.cornerRadius = 18
    node.position.y += 28
    return node
  }

  /// A red disc riding the arc.
  public func icon(at page: Int) -> Node? {
    let node = TextNode(
      text: Self.title("6", size: 18), frame: Rect(x: 0, y: 0, width: 44, height: 44),
      verticalAlignment: .center, name: "icon \(page)")
    node.backgroundColor = Self.color(of: .icons)
    node.cornerRadius = 22
    return node
  }

  /// Backgrounds move at half speed and cross-fade.
  public func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    let position = transition.position(of: page)
    node.transform = Transform(translationX: -position * transition.pageWidth * 0.5, y: 0)
    node.alpha = transition.visibility(of: page)
  }

  /// Wireframes tilt with the arc and fade.
  public func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    node.transform = Transform(rotation: transition.arc.angle(atX: transition.centerX(of: page)))
    node.alpha = transition.visibility(of: page)
  }

  /// Labels fade.
  public func animateLabel(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
  }
}
