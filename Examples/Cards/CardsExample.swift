import Strata
import StrataText

/// Seed 001, full-page cards in a paged collection view (a Portuguese tutorial), on the layer
/// model: one full-screen card per page with its own colour, a centred stack of an icon, a
/// title, a description and, on the last page only, a "Começar" button; paging with no bounce
/// at all; and a UIPageControl at the bottom that changes when a drag is released.
///
/// | seed | layer |
/// |---|---|
/// | the cell, its colour and its stack view | dynamic background (it slides with its page; nothing fades) |
/// | the UIPageControl added to the view | static content, transparent, 48 points tall |
/// | Bounce On Scroll unchecked, Paging Enabled | ``TutorialController/scrollBehavior`` with `bounces: false` |
public final class CardsExample: TutorialController, DynamicBackgroundDataSource,
  StaticContentDataSource
{
  /// The seed's `OnboardingModel`.
  public struct Model: Hashable, Sendable {
    /// The title (bold, 24 points).
    public var title: String
    /// The description (the default font, as many lines as it needs).
    public var content: String
    /// The icon's asset name.
    public var iconImage: String
    /// The card's colour.
    public var backgroundColor: Color
    /// Whether the "Começar" button is hidden on this page.
    public var hideButton: Bool
  }

  /// The seed's `OnboardingModelFactory`.
  public enum ModelFactory {
    /// Light purple, light green and light orange, as the seed's `Color` constants name them.
    public static let lightPurple = Color(red8: 0xC8, green8: 0xB8, blue8: 0xEE)
    /// See ``lightPurple``.
    public static let lightGreen = Color(red8: 0xB9, green8: 0xE6, blue8: 0xC9)
    /// See ``lightPurple``.
    public static let lightOrange = Color(red8: 0xFF, green8: 0xD2, blue8: 0xA8)

    /// The three pages, in Portuguese (the seed's descriptions; titles that carry its accents).
    public static func getPages() -> [Model] {
      [
        Model(
          title: "Recursos incríveis",
          content: "Esta feature faz com que o aplicativo faça coisas incríveis!",
          iconImage: "iconOnboarding1", backgroundColor: lightPurple, hideButton: true),
        Model(
          title: "Diferenciação",
          content:
            "Com esta feature, o aplicativo se diferencia dos concorrentes, pois faz X, Y e Z.",
          iconImage: "iconOnboarding2", backgroundColor: lightGreen, hideButton: true),
        Model(
          title: "Você está pronto?",
          content:
            "Concluindo o porquê este aplicativo é demais, e convidando o usuário a começar.",
          iconImage: "iconOnboarding3", backgroundColor: lightOrange, hideButton: false),
      ]
    }
  }

  /// The button's action identifier.
  public static let startAction = "start"

  /// The pages shown.
  public let pages: [Model]

  /// Creates the cards for a screen of `pageSize`.
  public init(
    pageSize: Size = Size(width: 375, height: 667), pages: [Model] = ModelFactory.getPages()
  ) {
    self.pages = pages
    super.init(pageSize: pageSize)
    textMeasurer = TextEngine.system
    preferredRoundnessHeight = 0
    preferredStaticContentHeight = 48
    scrollBehavior = ScrollPhysics.Configuration(pageWidth: 1, pageCount: 0, bounces: false)
    // The seed's column is 260 points wide and not scrollable: text grows up to the largest
    // standard size, where every card still fits a 375 × 667 page.
    maximumContentSize = .xxxLarge
    dataSource = self
  }

  /// The pages of the model.
  public var numberOfPages: Int { pages.count }

  /// The card: the page's colour, and the seed's stack (a ``StackNode``, equal centering)
  /// centred in it by flexbox: in portrait the seed's column 260 points wide (icon, title,
  /// description, button); when the height is compact (a phone in landscape) the icon beside
  /// a column of the rest. The page control's 48 points at the bottom are kept clear, and in
  /// portrait as much room at the top.
  public func dynamicBackground(at page: Int) -> Node? {
    let model = pages[page]
    let landscape = sizeClasses.vertical == .compact
    let safe = safeAreaInsets
    let card = Node(frame: Rect(origin: .zero, size: pageSize), name: "card \(page)")
    card.backgroundColor = model.backgroundColor
    card.flexStyle = FlexStyle {
      $0.flexDirection = landscape ? .row : .column
      $0.justifyContent = .center
      $0.alignItems = .center
      $0.columnGap = 32
      // In portrait as much above as below, so the stack stays centred in the card as the
      // seed has it; in landscape the height is too precious.
      $0.padding.bottom = .points(safe.bottom + 48 + 8)
      $0.padding.top = landscape ? .points(safe.top + 12) : $0.padding.bottom
      $0.padding.left = .points(safe.left + 24)
      $0.padding.right = .points(safe.right + 24)
    }
    let icon = ImageNode(
      image: CardsIcons.image(model.iconImage),
      frame: Rect(x: 0, y: 0, width: landscape ? 160 : 260, height: 120),
      contentMode: .aspectFit, name: model.iconImage)
    if landscape {
      icon.flexStyle = FlexStyle {
        $0.width = .points(160)
        $0.height = .points(120)
        $0.flexShrink = 1
      }
    }
    let title = TextNode(
      text: TextContent(
        model.title, font: .system(size: 24, weight: .bold), color: Color(white: 0.1),
        alignment: .center), name: "title \(page)")
    let content = TextNode(
      text: TextContent(
        model.content, font: .system(size: 17), color: Color(white: 0.2), alignment: .center),
      name: "content \(page)")
    // The cards are the dynamic background, a decorative layer: their text is given to screen
    // readers explicitly.
    title.accessibilityLabel = model.title
    title.accessibilityTraits = [.staticText, .header]
    content.accessibilityLabel = model.content
    for node in [title, content] { node.adjustsForContentSize = true }
    let button = ButtonNode(
      title: TextContent(
        "Começar", font: .system(size: 17, weight: .semibold), color: .white,
        alignment: .center),
      actionIdentifier: Self.startAction, frame: Rect(x: 0, y: 0, width: 260, height: 44),
      name: "Começar \(page)")
    button.backgroundColor = Color(white: 0.15)
    button.highlightedBackgroundColor = Color(white: 0.3)
    button.cornerRadius = 8
    // The seed hides the button with alpha 0: it is not drawn and takes no taps, but keeps its
    // place in the stack.
    button.alpha = model.hideButton ? 0 : 1
    // The seed's stack view: equal centering, spacing 8, measured at the reader's text size.
    applyTextScale(to: title)
    applyTextScale(to: content)
    let width = landscape ? 300.0 : 260
    let stack = StackNode(
      axis: .vertical, spacing: 8, alignment: .fill, distribution: .equalCentering,
      measurer: textMeasurer, frame: Rect(x: 0, y: 0, width: width, height: 0),
      arrangedNodes: landscape ? [title, content, button] : [icon, title, content, button],
      name: "stack \(page)")
    stack.flexStyle = FlexStyle {
      $0.width = .points(width)
      $0.maxWidth = .percent(100)
      $0.flexShrink = 1
    }
    if landscape { card.addChild(icon) }
    card.addChild(stack)
    return card
  }

  /// The page control, 8 points from the bottom, 40 tall, centred.
  public func staticContent() -> Node? {
    let bar = Node(name: "page control bar")
    bar.frame = Rect(x: 0, y: 0, width: pageSize.width, height: 48)
    bar.passesTouchesThrough = true
    let control = PageIndicatorNode.pageControl(
      pageCount: pages.count, frame: Rect(x: 0, y: 0, width: pageSize.width, height: 40))
    bar.addChild(control)
    control.pin(.bottom, toSuperviewEdgeWithInset: 8)
    return bar
  }
}

/// The cards' icons: `Examples/Cards/Icons/iconOnboarding1.svg` … `3`.
enum CardsIcons {
  static let catalog = ExampleAssets.catalog(
    folder: "Icons", marker: "iconOnboarding1", sourceFile: #filePath)

  static func image(_ name: String) -> Image? { ExampleAssets.image(name, in: catalog) }
}
