import Strata
import StrataAssets
import StrataText

/// Illustrations that move with the swipe: each page's picture is a Lottie animation (made by
/// `Scripts/make_motion_animations.py`, no third-party art) that plays as its page arrives and
/// rests on its last frame, and a swipe hint under the pages loops on the controller's clock.
///
/// | part | layer | how it plays |
/// |---|---|---|
/// | a sunrise, a sprout, a rocket launch | wireframe: an ``AnimatedImageNode`` | ``AnimatedImageNode/scrub``: frame 0 one page to the right, the last frame centred |
/// | the title and text | labels | with the strip |
/// | the dots and the swipe hint | static content | the hint's ``AnimatedImageNode/clockPlayback`` loops |
///
/// Under reduced motion each picture shows its finished frame and the hint stands still.
public final class MotionExample: TutorialController, StaticBackgroundDataSource,
  WireframeDataSource, StaticContentDataSource, LabelDataSource
{
  /// One page: its animation's file and its words.
  public struct Page: Hashable, Sendable {
    /// The animation's file name in `Examples/Motion/Animations`.
    public var animation: String
    /// The title.
    public var title: String
    /// One line under it.
    public var text: String
  }

  /// The three pages.
  public static let pages = [
    Page(animation: "sunrise", title: "Good morning", text: "Every day starts a little brighter."),
    Page(animation: "sprout", title: "Grow a habit", text: "Small steps, watered daily."),
    Page(animation: "launch", title: "Take off", text: "You are ready. Let's go."),
  ]

  /// The animations by file name, read once (an unreadable one draws nothing).
  static let animations: [String: AnimatedVectorImage] = {
    var out: [String: AnimatedVectorImage] = [:]
    for name in pages.map(\.animation) + ["hint"] {
      out[name] = load(name)
    }
    return out
  }()

  /// Reads `name.json` from the example's animations.
  static func load(_ name: String) -> AnimatedVectorImage {
    let empty = AnimatedVectorImage(
      size: Size(width: 240, height: 240), frameRate: 30, frames: 0...0, layers: [])
    guard
      let path = ExampleAssets.file(
        "\(name).json", folder: "Animations", sourceFile: #filePath),
      let read = try? LottieImporter(strict: true).importFile(path)
    else { return empty }
    return read.animation
  }

  /// The warm background.
  public static let paper = Color(red8: 0xF6, green8: 0xF1, blue8: 0xE8)
  /// The text colour.
  public static let ink = Color(red8: 0x2B, green8: 0x2A, blue8: 0x3A)

  /// Creates the example for a screen of `pageSize`.
  public override init(pageSize: Size = Size(width: 375, height: 667)) {
    super.init(pageSize: pageSize)
    safeAreaInsets = .typicalSafeArea(for: pageSize)
    preferredRoundnessHeight = 24
    textMeasurer = TextEngine.system
    dataSource = self
  }

  /// Three pages.
  public var numberOfPages: Int { Self.pages.count }

  /// The card under the arc: 36 % of the screen, at least 170 points.
  public override var staticContentHeight: Double {
    Swift.min(pageSize.height * 0.6, Swift.max(170, pageSize.height * 0.36))
  }

  /// The illustration's side: as much of the room above the card as fits, at most 80 % of the
  /// width (a phone in landscape gets a smaller picture, never one under the card).
  public var illustrationSide: Double {
    let room = pageSize.height - staticContentHeight - safeAreaInsets.top - 24
    return Swift.max(0, Swift.min(pageSize.width * 0.8, room))
  }

  /// The paper colour behind everything.
  public func staticBackground() -> Node? {
    let node = Node(name: "paper")
    node.backgroundColor = Self.paper
    return node
  }

  /// The page's animation, centred in the room above the card, playing as the page arrives.
  public func wireframe(at page: Int) -> Node? {
    guard page >= 0, page < Self.pages.count else { return nil }
    let animation = Self.animations[Self.pages[page].animation] ?? Self.load("")
    let side = illustrationSide
    let node = AnimatedImageNode(
      animation: animation, frame: Rect(x: 0, y: 0, width: side, height: side),
      contentMode: .aspectFit, name: "illustration \(page)")
    node.scrub = Scrub(from: 1, to: 0)
    node.stillFrame = animation.frames.upperBound
    node.currentFrame = animation.frames.upperBound
    let top = safeAreaInsets.top + 12
    let bottom = pageSize.height - staticContentHeight - 12
    node.position.y += (top + bottom) / 2 - pageSize.height / 2
    return node
  }

  /// The white card: the dots, and the swipe hint looping on the clock.
  public func staticContent() -> Node? {
    let w = pageSize.width
    let h = staticContentHeight + roundnessHeight
    let card = Node(name: "card")
    card.backgroundColor = .white
    let bottom = h - safeAreaInsets.bottom
    let hint = Self.animations["hint"] ?? Self.load("")
    let hintNode = AnimatedImageNode(
      animation: hint, frame: Rect(x: (w - 90) / 2, y: bottom - 44, width: 90, height: 30),
      contentMode: .aspectFit, name: "swipe hint")
    // Started 0.8 s before the clock's 0, so that a still shows the dot on its way; that
    // frame is also what reduced motion shows.
    hintNode.clockPlayback = ClockPlayback(loops: true, start: -0.8)
    hintNode.stillFrame = 24
    hintNode.alpha = 0.9
    hintNode.backgroundColor = Self.ink
    hintNode.cornerRadius = 15
    card.addChild(hintNode)
    let dots = PageIndicatorNode(
      pageCount: numberOfPages, style: .dots,
      appearance: PageIndicatorAppearance(
        activeColor: Self.ink, inactiveColor: Self.ink.withAlpha(0.25), dotSize: 8, spacing: 16),
      frame: Rect(x: 0, y: bottom - 70, width: w, height: 16))
    card.addChild(dots)
    return card
  }

  /// The title and its line, centred under the arc.
  public func label(at page: Int) -> Node? {
    guard page >= 0, page < Self.pages.count else { return nil }
    let item = Self.pages[page]
    var text = TextContent(
      item.title + "\n", font: .system(size: 26, weight: .bold), color: Self.ink,
      alignment: .center)
    text.append(item.text, font: .system(size: 16), color: Self.ink.withAlpha(0.7))
    text.minimumScaleFactor = 0.6
    let width = pageSize.width - 48 - safeAreaInsets.left - safeAreaInsets.right
    // Above the dots (70 points over the bottom of the card).
    let room = staticContentHeight - safeAreaInsets.bottom - 90
    let node = TextNode(
      text: text, frame: Rect(x: 0, y: 0, width: width, height: Swift.max(0, room)),
      verticalAlignment: .center, name: "label \(page)")
    node.position.y += 10
    return node
  }
}
