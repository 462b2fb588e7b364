import Strata
import StrataText

/// Seed 003, TDOnboarding, rebuilt with ``TemplateOnboarding``: no subclass, a list of items
/// and options. ``make(pageSize:styled:)`` gives it with the default options (TDOnboarding's
/// "The Distance" look) or with every option set.
public enum TemplateExample {
  static let ink = Color(white: 0.1)

  /// The three items: a phone on each page, attributed texts (bold runs, an underline, letter
  /// spacing, a strikethrough, a centred paragraph), a top button on the first two pages and a
  /// bottom button on the last.
  public static func items(pageSize: Size) -> [TemplateItem] {
    let phone = Image.vector(AnimalsArt.phone(size: Size(width: 150, height: 300)))
    func subtitle(_ bold: String, _ rest: String, underlined: String? = nil) -> TextContent {
      var t = TextContent(runs: [
        TextContent.Run(
          bold, font: .system(size: 20, weight: .bold), color: ink,
          paragraphStyle: TextContent.ParagraphStyle(alignment: .center, lineHeightMultiple: 1.1))
      ])
      t.append(TextContent.Run(rest, font: .system(size: 16), color: Color(white: 0.2)))
      if let underlined {
        t.append(
          TextContent.Run(
            underlined, font: .system(size: 16, weight: .semibold), color: ink, underline: true))
      }
      t.alignment = .center
      return t
    }
    func top(_ s: String) -> TextContent {
      TextContent(runs: [
        TextContent.Run(
          s, font: .system(size: 15, weight: .bold), color: .white, letterSpacing: 2)
      ])
    }
    let skip = TextContent(
      runs: [TextContent.Run("Skip", font: .system(size: 15, weight: .semibold), color: .white)],
      alignment: .center)
    var price = TextContent(
      runs: [
        TextContent.Run(
          "$9.99", font: .system(size: 15), color: Color(white: 0.3), strikethrough: true),
        TextContent.Run("  free this week", font: .system(size: 15, weight: .bold), color: ink),
      ], alignment: .center)
    price.isKerningEnabled = true
    return [
      TemplateItem(
        image: phone,
        subtitle: subtitle(
          "Plan in a minute\n", "Drop tasks on your week and ", underlined: "see it fill up."),
        topTitle: top("WELCOME"), topActionButtonTitle: skip),
      TemplateItem(
        image: phone,
        subtitle: subtitle(
          "Everyone in step\n", "Share a plan and watch changes arrive as they happen."),
        topTitle: top("TOGETHER"), topActionButtonTitle: skip),
      TemplateItem(
        image: phone,
        subtitle: subtitle(
          "Ready when you are\n", "Start with three boards, ", underlined: "no card needed."),
        topTitle: top("GET STARTED"), bottomTitle: price,
        bottomActionButtonTitle: TextContent(
          runs: [
            TextContent.Run(
              "Get started", font: .system(size: 17, weight: .semibold), color: .white)
          ],
          alignment: .center)),
    ]
  }

  /// Options with every measurement, colour, configure hook and the pagination cell set.
  public struct StyledOptions: TemplateOptions {
    /// Creates the options.
    public init() {}
    /// The blue jay photograph of the animals example, behind everything.
    public var backgroundImage: Image? { AnimalsAssets.blueJay }
    /// A shorter panel, a lower image, a wider button.
    public func measure(_ m: TemplateMeasurement) -> Double? {
      switch m {
      case .bottomPanelHeight: return 270
      case .imageTopDistance: return 16
      case .imageBottomDistance: return 44
      case .bottomActionButtonWidth: return 300
      }
    }
    /// Dark dots on a white panel, a blue veil.
    public func color(_ c: TemplateColor) -> Color? {
      switch c {
      case .paginationItem: return Color(red8: 0x3A, green8: 0x3A, blue8: 0x8C)
      case .backgroundImageOverlay: return Color(red8: 0x10, green8: 0x20, blue8: 0x50, alpha8: 115)
      case .bottomPanel: return Color(white: 0.98)
      }
    }
    /// An outlined top button, a rounded indigo bottom button, a softer photograph.
    public func configure(_ component: TemplateComponent) {
      switch component {
      case .topActionButton(let b):
        b.border = Border(width: 1.5, color: .white)
        b.cornerRadius = 16
      case .bottomActionButton(let b, _):
        b.backgroundColor = Color(red8: 0x3A, green8: 0x3A, blue8: 0x8C)
        b.cornerRadius = 24
      case .backgroundImage(let image):
        image.alpha = 0.9
      }
    }
    /// A bar for the selected page, a small square for the others.
    public func paginationCell(for index: Int, isSelected: Bool, color: Color) -> Node? {
      let cell = Node(
        frame: isSelected
          ? Rect(x: 0, y: 0, width: 10, height: 4) : Rect(x: 0, y: 0, width: 6, height: 6))
      cell.backgroundColor = isSelected ? color : color.withAlpha(0.35)
      cell.cornerRadius = isSelected ? 2 : 1
      return cell
    }
  }

  /// The template onboarding of the seed, with the default options or with ``StyledOptions``.
  public static func make(pageSize: Size = Size(width: 375, height: 667), styled: Bool = false)
    -> TemplateOnboarding
  {
    let onboarding = TemplateOnboarding(
      items: items(pageSize: pageSize),
      options: styled ? StyledOptions() : DefaultOptions(), pageSize: pageSize)
    onboarding.textMeasurer = TextEngine.system
    onboarding.safeAreaInsets = .typicalSafeArea(for: pageSize)
    // The template's measures are fixed points: text grows up to the largest size at which
    // every page still fits them at 375 × 667.
    onboarding.maximumContentSize = styled ? .xxLarge : .xxxLarge
    return onboarding
  }

  /// The defaults, with a picture behind (TDOnboarding's example has a photograph there).
  public struct DefaultOptions: TemplateOptions {
    /// Creates the options.
    public init() {}
    /// An evening sky drawn in code; everything else is the default.
    public var backgroundImage: Image? { .vector(TemplateExample.sky) }
  }

  /// An evening sky with soft lights, drawn in code at 375 × 667 (aspect-filled to any screen).
  public static let sky: VectorImage = {
    let size = Size(width: 375, height: 667)
    var shapes = [
      VectorImage.Shape(
        path: .rect(Rect(origin: .zero, size: size)),
        fill: .linearGradient(
          Gradient(colors: [
            Color(red8: 0x1B, green8: 0x26, blue8: 0x59),
            Color(red8: 0x6A, green8: 0x4C, blue8: 0x93),
            Color(red8: 0xF2, green8: 0x8C, blue8: 0x6A),
          ]), start: Point(x: 0, y: 0), end: Point(x: 0, y: 667)))
    ]
    for (x, y, r, a) in [(60.0, 140.0, 120.0, 0.35), (320, 260, 160, 0.25), (180, 520, 200, 0.3)] {
      shapes.append(
        VectorImage.Shape(
          path: .circle(center: Point(x: x, y: y), radius: r),
          fill: .radialGradient(
            Gradient(colors: [Color(white: 1, alpha: a), Color(white: 1, alpha: 0)]),
            center: Point(x: x, y: y), radius: r)))
    }
    return VectorImage(size: size, shapes: shapes)
  }()
}
