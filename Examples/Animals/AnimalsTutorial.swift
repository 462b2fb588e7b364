import Strata
import StrataText

/// The animals onboarding: three pages (bears, birds, elephants) after the LUN animals demo,
/// written as a user of Strata would write it — a `TutorialController` subclass that is its own
/// data source, moved by a ready ``AnimatorSet`` (``motion``).
///
/// - Backgrounds: a scene per page, sliding at parallax (175 points per page) and fading
///   as 1 − p² (leaving) and p² (arriving).
/// - Wireframes: a phone per page, tilting to the tangent of the roundness arc as it slides,
///   and fading; inside it, that page's app screen (the inner wireframe).
/// - Static content: a white card under the arc with a page indicator (a ``PageIndicatorNode``,
///   which the controller moves and which navigates when tapped) and a "LET'S START"
///   button; its arc-shaped shadow is cast by a helper node added in ``reloadData()``.
/// - Labels: a bold title over the body, fading; icons ride the arc (the default).
public final class AnimalsTutorial: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, WireframeDataSource, InnerWireframeDataSource,
  StaticContentDataSource, LabelDataSource, IconDataSource
{
  /// The text this onboarding shows.
  public let strings: Strings

  /// The action the start button reports.
  public static let startAction = "start"

  private let shadowCaster = Node(name: "card shadow")

  /// Creates the onboarding for a viewport of `pageSize` (375 × 667 by default).
  public override convenience init(pageSize: Size = Size(width: 375, height: 667)) {
    self.init(pageSize: pageSize, locale: nil)
  }

  /// Creates the onboarding in `locale` (one of ``locales``; English for `nil` or any other).
  /// Node names stay English in every language (`LET'S START`), so scripts work in all of them.
  public init(pageSize: Size = Size(width: 375, height: 667), locale: String?) {
    strings = Self.translations.first { $0.locale == locale }?.strings ?? Self.english
    super.init(pageSize: pageSize)
    textMeasurer = TextEngine.system
    animator = Self.motion
    if let locale, Self.rightToLeftLocales.contains(locale) { layoutDirection = .rightToLeft }
  }

  /// The scale of the artwork (designed at 375 × 667) for this page size: the height decides,
  /// since the scenes and the phone are tall.
  var k: Double { pageSize.height / 667 }

  /// The scale of text and controls: the smaller of the two ratios to the design, so that they
  /// fit a landscape screen; each size below has a floor that keeps it readable or tappable.
  var u: Double { Swift.min(pageSize.width / 375, pageSize.height / 667) }

  var titleSize: Double { Swift.max(18, 20 * u) }
  var bodySize: Double { Swift.max(13, 15 * u) }
  var buttonTitleSize: Double { Swift.max(13, 14 * u) }
  var iconSize: Double { 56 * Swift.max(0.8, u) }

  /// The label's width at text scale `scale`: the design's side insets (60/640 of the width),
  /// but no wider than about 26 ems of body text as shown, a comfortable line.
  func labelWidth(scale: Double) -> Double {
    Swift.min(pageSize.width * (1 - 120.0 / 640), 26 * bodySize * scale)
  }

  /// The start button's size at text scale `scale`: 428/640 of the width in the design, kept
  /// between 240 points and 360 (scaled up on big screens), and at least 44 points tall; wider
  /// (up to the page less 16 points a side) and taller when a large text size needs it.
  func buttonSize(scale: Double) -> Size {
    var w = Swift.min(Swift.max(240, pageSize.width * 428 / 640), 360 * Swift.max(1, u))
    var h = Swift.max(44, 667.0 * 80 / 1136 * u)
    guard let measurer = textMeasurer else { return Size(width: w, height: h) }
    let title = buttonTitle.scaled(by: scale)
    let padding = 12 * u
    let room = Swift.max(w, pageSize.width - 32)
    let natural = measurer.size(of: title, width: .infinity).width.rounded(.up) + 2 * padding
    w = Swift.min(room, Swift.max(w, natural))
    let lines = measurer.size(of: title, width: w - 2 * padding).height.rounded(.up)
    h = Swift.max(h, lines + 2 * padding)
    return Size(width: w, height: h)
  }

  /// The start button's size at this controller's text scale.
  var buttonSize: Size { buttonSize(scale: textScale) }

  /// The start button's title, before scaling for the reader's text size.
  var buttonTitle: TextContent {
    TextContent(strings.start, font: .system(size: buttonTitleSize, weight: .bold), color: .white)
  }

  /// The space under the start button, and from the page indicator to the button.
  var buttonBottomMargin: Double { 36 * u }
  var indicatorHeight: Double { 16 * u }
  var indicatorGap: Double { (116 - 16 - 36 - 667.0 * 80 / 1136) * u }

  /// The label's height at text scale `scale`: the tallest page's label, measured.
  func labelHeight(scale: Double) -> Double {
    guard let measurer = textMeasurer else { return 80 * u * scale }
    return (0..<numberOfPages).map { page in
      measurer.size(of: labelText(at: page).scaled(by: scale), width: labelWidth(scale: scale))
        .height.rounded(.up)
    }.max() ?? 0
  }

  /// The label's height at this controller's text scale.
  var labelHeight: Double { labelHeight(scale: textScale) }

  /// The height the card needs at text scale `scale`: the label under the arc, the indicator,
  /// the button and the margins.
  func neededStaticHeight(scale: Double) -> Double {
    let text: Double = roundnessHeight + 18 * u + labelHeight(scale: scale) + 16 * u
    let controls: Double =
      indicatorHeight + indicatorGap + buttonSize(scale: scale).height + buttonBottomMargin
    return text + controls
  }

  /// The room the card may take: the page less the safe area at the top and the icon riding
  /// the arc (half of it above the card) with a small gap.
  var availableStaticHeight: Double {
    pageSize.height - Swift.max(20, safeAreaInsets.top) - iconSize / 2 - 8
  }

  /// The reader's text scale, as far as the page allows: when the card would not fit at the
  /// reader's size (the largest accessibility sizes on a small phone), the largest scale at
  /// which it fits — never smaller than the default size's, so text is never clipped and
  /// never shrinks below the design.
  public override var textScale: Double {
    let wanted = super.textScale
    guard wanted > 1, textMeasurer != nil,
      neededStaticHeight(scale: wanted) > availableStaticHeight
    else { return wanted }
    var lo = 1.0
    var hi = wanted
    for _ in 0..<12 {
      let mid = (lo + hi) / 2
      if neededStaticHeight(scale: mid) <= availableStaticHeight { lo = mid } else { hi = mid }
    }
    return lo
  }

  // MARK: Layout overrides

  /// Three pages.
  public var numberOfPages: Int { 3 }

  /// 450/1136 of the height, as in the original demo, or what the label, indicator and button
  /// need when that is more (a landscape screen).
  public override var staticContentHeight: Double {
    Swift.max(pageSize.height * 450 / 1136, neededStaticHeight(scale: textScale))
  }

  /// A gentle arc, 10 points tall.
  public override var roundnessHeight: Double { 10 }

  /// 18 points (scaled) below the arc's ends.
  public var labelsTopMargin: Double? {
    pageSize.height - staticContentHeight + roundnessHeight + 18 * u
  }

  /// Rebuilds the layers, then puts the node that casts the card's shadow just above the
  /// backgrounds: the card is masked by the arc, and a mask clips its own shadow, so an
  /// unmasked stand-in of the same shape casts it.
  public override func reloadData() {
    super.reloadData()
    let frame = staticContentFrame
    shadowCaster.frame = frame
    shadowCaster.shadow = Shadow(
      color: .black, opacity: 0.28, offset: Vector(dx: 0, dy: -1 * k), radius: 10 * k,
      path: RoundnessArc(width: frame.width, height: roundnessArc.height).maskPath(
        bottom: frame.height))
    root.insertChild(shadowCaster, above: backgroundsScrollNode)
  }

  /// Page 0 above page 1 above page 2, so the page leaving draws over the page arriving.
  public override func configurePage(_ page: TutorialPage) {
    page.container.zPosition = -Double(page.index)
  }

  // MARK: Data source

  /// A plain colour behind the scenes, blended between the pages' skies as they cross-fade.
  public func staticBackground() -> Node? {
    let node = Node(name: "sky")
    node.backgroundColor = AnimalsArt.skies[0]
    return node
  }

  /// How far a background moves against its page per page scrolled (LUN's 175 of 375).
  var parallax: Double { 175 * pageSize.width / 375 }

  /// How far a scene reaches past its page on each side. A page one position p away from the
  /// centre (|p| ≤ 1) stands p·W away and its scene lags p·parallax behind, so its far edge
  /// falls short of the screen's by p·(W − parallax): the overscan covers that, and the
  /// parallax itself.
  var overscan: Double { Swift.max(parallax, pageSize.width - parallax) }

  /// The page's scene. It is wider than the page by ``overscan`` on each side, so that no edge
  /// of it shows while it lags behind its page, and it is drawn for the page's aspect (the
  /// scene's repeating parts carry on across a landscape screen).
  public func dynamicBackground(at page: Int) -> Node? {
    let node = Node(name: "background \(page)")
    let width = pageSize.width + 2 * overscan
    node.addChild(
      ImageNode(
        image: .vector(AnimalsArt.scene(page, span: width / k, margin: overscan / k)),
        frame: Rect(x: -overscan, y: 0, width: width, height: pageSize.height),
        contentMode: .scaleToFill, name: "scene \(page)"))
    return node
  }

  /// A phone in the middle of the page, raised or lowered so that the card covers the same
  /// share of it as in the design (its frame's origin is the offset from the centre).
  public func wireframe(at page: Int) -> Node? {
    let size = Size(width: 210 * k, height: 420 * k)
    let designArcTop: Double = 667 - 667.0 * 450 / 1136 - 10
    let shown: Double = (designArcTop - (667.0 - 420) / 2) / 420
    let arcTop = pageSize.height - staticContentHeight - roundnessHeight
    let dy = (arcTop - shown * size.height) - (pageSize.height - size.height) / 2
    return ImageNode(
      image: .vector(AnimalsArt.phone(size: size)),
      frame: Rect(origin: Point(x: 0, y: dy), size: size),
      name: "phone \(page)")
  }

  /// The phone's screen: a prints app showing the page's animal.
  public func innerWireframe(at page: Int) -> Node? {
    let w = 189 * k
    let h = 399 * k
    let accent = AnimalsArt.accents[page % 3]
    let screen = Node(frame: Rect(x: 0, y: 0, width: w, height: h), name: "screen \(page)")
    screen.backgroundColor = Drawing.rgb(0xF7F5F0)
    screen.cornerRadius = 26 * k
    screen.clipsToBounds = true
    let status = TextNode(
      text: TextContent(
        "9:41", font: .system(size: 9 * k, weight: .bold), color: Drawing.rgb(0x222222)),
      frame: Rect(x: 18 * k, y: 10 * k, width: 60 * k, height: 14 * k))
    let battery = Node(frame: Rect(x: w - 36 * k, y: 13 * k, width: 18 * k, height: 8 * k))
    battery.border = Border(width: 1 * k, color: Drawing.rgb(0x222222))
    battery.cornerRadius = 2 * k
    let charge = Node(frame: Rect(x: 2 * k, y: 2 * k, width: 11 * k, height: 4 * k))
    charge.backgroundColor = Drawing.rgb(0x222222)
    battery.addChild(charge)
    let header = TextNode(
      text: TextContent(
        "Prints", font: .system(size: 17 * k, weight: .bold), color: Drawing.rgb(0x1D1D1F)),
      frame: Rect(x: 16 * k, y: 34 * k, width: w - 32 * k, height: 22 * k))
    let card = Node(
      frame: Rect(x: 14 * k, y: 64 * k, width: w - 28 * k, height: 150 * k), name: "print \(page)")
    card.backgroundColor = .white
    card.cornerRadius = 12 * k
    card.shadow = Shadow(
      color: .black, opacity: 0.14, offset: Vector(dx: 0, dy: 3 * k), radius: 6 * k)
    let photo = Node(
      frame: Rect(x: 8 * k, y: 8 * k, width: card.size.width - 16 * k, height: 106 * k))
    photo.backgroundColor = accent.withAlpha(0.16)
    photo.cornerRadius = 8 * k
    photo.clipsToBounds = true
    // The bear is an SVG illustration and the blue jay a JPEG photograph, both from
    // Examples/Animals/Assets; the elephant is drawn in code.
    switch page % 3 {
    case 1:
      photo.addChild(
        ImageNode(
          image: AnimalsAssets.blueJay, frame: Rect(origin: .zero, size: photo.size),
          contentMode: .aspectFill, name: "photograph"))
    default:
      photo.addChild(
        ImageNode(
          image: page % 3 == 0 ? AnimalsAssets.bear : .vector(AnimalsArt.elephant),
          frame: Rect(x: 0, y: 4 * k, width: photo.size.width, height: 102 * k),
          contentMode: .aspectFit, name: "illustration"))
    }
    card.addChild(photo)
    let caption = TextNode(
      text: TextContent(
        ["Bear cub", "Blue jay", "Elephant"][page % 3], font: .system(size: 11 * k, weight: .bold),
        color: Drawing.rgb(0x333333)),
      frame: Rect(x: 10 * k, y: 120 * k, width: 100 * k, height: 14 * k))
    card.addChild(caption)
    let price = TextNode(
      text: TextContent("4 × 6 in", font: .system(size: 9 * k), color: Drawing.rgb(0x888888)),
      frame: Rect(x: 10 * k, y: 134 * k, width: 100 * k, height: 12 * k))
    card.addChild(price)
    let order = Node(
      frame: Rect(x: card.size.width - 58 * k, y: 122 * k, width: 48 * k, height: 20 * k))
    order.backgroundColor = accent
    order.cornerRadius = 10 * k
    order.addChild(
      TextNode(
        text: TextContent(
          "Order", font: .system(size: 9 * k, weight: .bold), color: .white, alignment: .center),
        frame: Rect(x: 0, y: 0, width: 48 * k, height: 20 * k), verticalAlignment: .center))
    card.addChild(order)
    for node in [status, battery, header, card] { screen.addChild(node) }
    for i in 0..<3 {
      let row = Node(
        frame: Rect(x: 14 * k, y: (226 + Double(i) * 44) * k, width: w - 28 * k, height: 36 * k))
      row.backgroundColor = .white
      row.cornerRadius = 8 * k
      let thumb = Node(frame: Rect(x: 6 * k, y: 6 * k, width: 24 * k, height: 24 * k))
      thumb.backgroundColor = AnimalsArt.accents[(page + i + 1) % 3].withAlpha(0.5)
      thumb.cornerRadius = 6 * k
      let line = Node(
        frame: Rect(x: 38 * k, y: 10 * k, width: (90 - Double(i) * 14) * k, height: 6 * k))
      line.backgroundColor = Drawing.rgb(0xD9D6CF)
      line.cornerRadius = 3 * k
      let line2 = Node(frame: Rect(x: 38 * k, y: 21 * k, width: 52 * k, height: 5 * k))
      line2.backgroundColor = Drawing.rgb(0xE8E5DE)
      line2.cornerRadius = 2.5 * k
      for n in [thumb, line, line2] { row.addChild(n) }
      screen.addChild(row)
    }
    return screen
  }

  /// The white card with the page indicator and the start button.
  public func staticContent() -> Node? {
    let w = pageSize.width
    let h = staticContentHeight + roundnessHeight
    let card = Node(name: "card")
    card.backgroundColor = .white
    let size = buttonSize
    let buttonTop = h - buttonBottomMargin - size.height
    let indicator = PageIndicatorNode(
      pageCount: numberOfPages, style: .dots,
      appearance: PageIndicatorAppearance(
        activeColor: Color(white: 0.1),
        inactiveColor: Color(red8: 122, green8: 122, blue8: 122, alpha8: 61),
        dotSize: 8 * u, spacing: 16 * u),
      frame: Rect(
        x: 0, y: buttonTop - indicatorGap - indicatorHeight, width: w, height: indicatorHeight))
    card.addChild(indicator)
    let button = ButtonNode(
      title: buttonTitle,
      actionIdentifier: Self.startAction,
      frame: Rect(x: (w - size.width) / 2, y: buttonTop, width: size.width, height: size.height),
      name: "LET'S START")
    button.backgroundColor = Drawing.rgb(0x3B3B3B)
    button.cornerRadius = 7.5 * u
    button.shadow = Shadow(
      color: .black, opacity: 0.35, offset: Vector(dx: 0, dy: 6 * u), radius: 9 * u)
    card.addChild(button)
    return card
  }

  /// A bold title over the body text, centred; the body wraps to ``labelWidth(scale:)``.
  public func label(at page: Int) -> Node? {
    TextNode(
      text: labelText(at: page),
      frame: Rect(x: 0, y: 0, width: labelWidth(scale: textScale), height: 0),
      name: "label \(page)")
  }

  /// The label's text, before scaling for the reader's text size.
  func labelText(at page: Int) -> TextContent {
    var text = TextContent(
      strings.titles[page % 3], font: .system(size: titleSize, weight: .black),
      color: Drawing.rgb(0x1D1D1F))
    text.append(
      "\n" + strings.body, font: .system(size: bodySize),
      // Darker than the original demo's 138: 4.5:1 on the white card (WCAG AA).
      color: Color(red8: 52, green8: 52, blue8: 52, alpha8: 180))
    text.alignment = .center
    text.lineHeightMultiple = 1.15
    return text
  }

  /// A round icon in the page's colour.
  public func icon(at page: Int) -> Node? {
    let icon = ImageNode(
      image: .vector(AnimalsArt.icons[page % 3]),
      frame: Rect(x: 0, y: 0, width: iconSize, height: iconSize),
      name: "icon \(page)")
    icon.shadow = Shadow(
      color: .black, opacity: 0.18, offset: Vector(dx: 0, dy: 3 * u), radius: 5 * u,
      path: .circle(center: Point(x: iconSize / 2, y: iconSize / 2), radius: iconSize / 2))
    return icon
  }

  // MARK: Animator

  /// The animals' motion, from ready animations: the colour behind the scenes blends from one
  /// page's sky to the next; the scenes lag 175 of every 375 points (parallax) and cross-fade
  /// quadratically (leaving as 1 − p², arriving as p²); the phones tilt to the arc's tangent and
  /// fade; the labels fade; the icons ride the arc (the set's default).
  public static let motion = AnimatorSet(
    staticBackground: [ColorBlend(AnimalsArt.skies)],
    dynamicBackground: [CrossFade(curve: .quadIn), Parallax(speed: 1 - 175.0 / 375)],
    wireframe: [TiltAlongArc(), Fade()],
    labels: [Fade()])
}
