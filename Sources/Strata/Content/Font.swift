/// A request for a typeface: family, size and weight.
///
/// Which font file answers the request is the renderer's business (see
/// `FontCatalog` in StrataRender); the model only carries the request.
public struct Font: Hashable, Sendable {
  /// How heavy the strokes are, on the CSS/OpenType scale 1...1000.
  public struct Weight: Hashable, Sendable, Comparable {
    /// The numeric weight, 1...1000 (400 regular, 700 bold).
    public let value: Int
    /// Creates a weight; clamped to 1...1000.
    public init(_ value: Int) { self.value = Swift.min(1000, Swift.max(1, value)) }
    /// Orders weights from light to heavy.
    public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }
    /// 100.
    public static let thin = Weight(100)
    /// 300.
    public static let light = Weight(300)
    /// 400.
    public static let regular = Weight(400)
    /// 500.
    public static let medium = Weight(500)
    /// 600.
    public static let semibold = Weight(600)
    /// 700.
    public static let bold = Weight(700)
    /// 800.
    public static let heavy = Weight(800)
    /// 900.
    public static let black = Weight(900)
  }

  /// The family name, or ``Font/systemFamily`` for the platform's default sans-serif.
  public var family: String
  /// The size in points (the em height); negative or non-finite sizes count as 0.
  public var size: Double
  /// The weight.
  public var weight: Weight
  /// Whether an italic face is wanted.
  public var isItalic: Bool

  /// The family name that means "the default sans-serif".
  public static let systemFamily = "system"

  /// Creates a font request.
  public init(
    family: String = Font.systemFamily, size: Double, weight: Weight = .regular,
    isItalic: Bool = false
  ) {
    self.family = family
    self.size = size.isFinite ? Swift.max(0, size) : 0
    self.weight = weight
    self.isItalic = isItalic
  }

  /// The default sans-serif at `size` and `weight`.
  public static func system(size: Double, weight: Weight = .regular) -> Font {
    Font(size: size, weight: weight)
  }

  /// The system sans-serif at 17 points: what text gets when it names no font.
  public static let body = Font.system(size: 17)
}
