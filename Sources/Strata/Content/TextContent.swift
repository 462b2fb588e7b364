/// Styled text: one or more runs, each with its own font and colour, plus the
/// paragraph settings that apply to the whole.
///
/// ```swift
/// var label = TextContent("BEARS", font: .system(size: 20, weight: .black))
/// label.append("\nOur prints are the perfect way to enjoy your memories!",
///              font: .system(size: 15), color: Color(white: 0.2, alpha: 0.54))
/// label.alignment = .center
/// ```
public struct TextContent: Hashable, Sendable {
  /// A stretch of text in one style.
  public struct Run: Hashable, Sendable {
    /// The characters.
    public var string: String
    /// The font.
    public var font: Font
    /// The colour.
    public var color: Color
    /// Whether a line is drawn under the run (where the font's `post` table puts it).
    public var underline: Bool
    /// Whether a line is drawn through the run (where the font's `OS/2` table puts it).
    public var strikethrough: Bool
    /// Extra space after each of the run's characters; `nil` for the text's ``TextContent/letterSpacing``.
    public var letterSpacing: Double?
    /// The paragraph style of the paragraph this run starts, as in an attributed string: the
    /// style of a paragraph's first run applies to the whole paragraph.
    public var paragraphStyle: ParagraphStyle?

    /// Creates a run.
    public init(
      _ string: String, font: Font, color: Color = .black, underline: Bool = false,
      strikethrough: Bool = false, letterSpacing: Double? = nil,
      paragraphStyle: ParagraphStyle? = nil
    ) {
      self.string = string
      self.font = font
      self.color = color
      self.underline = underline
      self.strikethrough = strikethrough
      self.letterSpacing = letterSpacing.flatMap { $0.isFinite ? $0 : nil }
      self.paragraphStyle = paragraphStyle
    }
  }

  /// How one paragraph is set, overriding the text's own settings where given.
  public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's alignment; `nil` for the text's.
    public var alignment: Alignment?
    /// The paragraph's line height multiple; `nil` for the text's.
    public var lineHeightMultiple: Double?

    /// Creates a paragraph style.
    public init(alignment: Alignment? = nil, lineHeightMultiple: Double? = nil) {
      self.alignment = alignment
      self.lineHeightMultiple = lineHeightMultiple.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }
  }

  /// Horizontal placement of each line.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Left for left-to-right text, right for right-to-left text.
    case natural
  }

  /// Where cut-off text shows its ellipsis.
  public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    /// "The beginning of the t…": the start of the text is kept.
    case tail
    /// "…end of the text": the end of the text is kept, on the last line shown.
    case head
    /// "The begin…f the text": the start and the end are kept, the middle is cut.
    case middle
  }

  /// The runs, in reading order.
  public var runs: [Run]
  /// How lines are placed horizontally.
  public var alignment: Alignment
  /// A factor on each line's natural height (1 = the font's own line height).
  public var lineHeightMultiple: Double
  /// Extra space added after every character, in points.
  public var letterSpacing: Double
  /// The most lines to show; 0 means no limit.
  public var maximumLines: Int
  /// Whether text cut off by ``maximumLines`` or the height ends with an ellipsis.
  public var truncatesWithEllipsis: Bool
  /// Where the ellipsis goes when text is cut (UIKit's truncating line-break modes): at the
  /// end (the default), at the start, or in the middle of the last line shown. Without
  /// ``truncatesWithEllipsis`` the text is cut at the end without one, whatever the mode.
  public var truncationMode: TruncationMode = .tail
  /// How far the text may shrink to fit its box before it is cut (UIKit's
  /// `minimumScaleFactor`): 1, the default, never shrinks; 0.5 allows half the size. Layout
  /// uses the largest scale from this up to 1 at which the text fits its width, lines and
  /// height. Values outside 0.01…1 (or not finite) count as the nearest end (1).
  public var minimumScaleFactor: Double = 1
  /// Whether kerning from the font is applied.
  public var isKerningEnabled: Bool
  /// The direction of the paragraphs; `nil` to take each paragraph's from its first strong
  /// character (a Hebrew or Arabic letter makes it right to left), as the Unicode
  /// Bidirectional Algorithm does.
  public var baseDirection: LayoutDirection? = nil

  /// Creates text from runs.
  public init(
    runs: [Run], alignment: Alignment = .natural, lineHeightMultiple: Double = 1,
    letterSpacing: Double = 0, maximumLines: Int = 0, truncatesWithEllipsis: Bool = true,
    isKerningEnabled: Bool = true
  ) {
    self.runs = runs
    self.alignment = alignment
    self.lineHeightMultiple = lineHeightMultiple
    self.letterSpacing = letterSpacing
    self.maximumLines = Swift.max(0, maximumLines)
    self.truncatesWithEllipsis = truncatesWithEllipsis
    self.isKerningEnabled = isKerningEnabled
  }

  /// Creates text in one style; the font defaults to ``Font/body``, the system sans-serif at
  /// 17 points (UIKit's body size).
  public init(
    _ string: String, font: Font = .body, color: Color = .black, alignment: Alignment = .natural
  ) {
    self.init(runs: [Run(string, font: font, color: color)], alignment: alignment)
  }

  /// Adds a run at the end (in ``Font/body`` unless told otherwise).
  public mutating func append(_ string: String, font: Font = .body, color: Color = .black) {
    runs.append(Run(string, font: font, color: color))
  }

  /// Adds a run at the end.
  public mutating func append(_ run: Run) { runs.append(run) }

  /// All the characters, without styles.
  public var string: String { runs.map(\.string).joined() }

  /// ``minimumScaleFactor`` within 0.01…1 (1 when it is not finite).
  public var usableMinimumScaleFactor: Double {
    minimumScaleFactor.isFinite ? Swift.min(1, Swift.max(0.01, minimumScaleFactor)) : 1
  }
}
