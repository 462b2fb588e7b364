/// A node of a layer: its kind (`type`), its frame and look, its content and its children.
///
/// One shape for every kind, so that a designer can change a node's kind by changing `type`;
/// the fields a kind does not use are refused by the checker.
public struct NodeSpec: Codable, Hashable, Sendable {
  /// `group` (the default), `text`, `image`, `vector`, `lottie`, `shape`, `gradient`,
  /// `button`, `navigation`, `indicator` or `stack`.
  public var type: String?
  /// Its name (scripts, timed animations and events find nodes by name).
  public var name: String?
  /// Its frame `[x, y, width, height]` in its parent.
  public var frame: [Double]?
  /// Its opacity, 0…1.
  public var alpha: Double?
  /// Whether it is hidden.
  public var hidden: Bool?
  /// Its background colour.
  public var backgroundColor: String?
  /// Its corner radius.
  public var cornerRadius: Double?
  /// Whether it clips its content and children to its rounded bounds.
  public var clipsToBounds: Bool?
  /// Its border.
  public var border: BorderSpec?
  /// Its shadow.
  public var shadow: ShadowSpec?
  /// Its drawing order among its siblings.
  public var zPosition: Double?
  /// Its children, drawn in order above it.
  public var children: [NodeSpec]?
  /// How flexbox lays it out in its parent and its children inside it: React Native's style
  /// keys (`flexDirection`, `justifyContent`, `width`, `margin`…) and values (`"row-reverse"`,
  /// `"50%"`, `"auto"`); see ``SpecRegistry`` and Docs/Layout.md. A node with a style has its
  /// frame from the layout.
  public var style: [String: JSONValue]?
  /// Styles for some size classes, laid over ``style`` in order where their `when` matches
  /// (a row in landscape, a larger margin on a tablet).
  public var styles: [ConditionalStyleSpec]?
  /// The size classes the node is shown in, by axis: `{"height": "compact"}` for landscape
  /// phones only. Absent: every size.
  public var when: [String: String]?

  /// The text of a `text` node, or the title of a `button` or `navigation` node.
  public var text: TextSpec?
  /// Where a `text` node's lines sit: `top`, `center` or `bottom`.
  public var verticalAlignment: String?
  /// The file of an `image` node (PNG, JPEG or SVG), of a `vector` node (a vector document) or
  /// of a `lottie` node (a Lottie animation), relative to the spec.
  public var source: String?
  /// The name of an `image` node's picture in the spec's `assets` folder (instead of
  /// `source`): the variant for @3x is chosen, as an app's asset catalogue would.
  public var asset: String?
  /// How an `image` or `vector` node fits its frame: `scaleToFill`, `aspectFit`, `aspectFill`
  /// or `center`.
  public var contentMode: String?
  /// A `vector` node's drawing, inline (instead of `source`).
  public var vector: VectorSpec?
  /// A `shape` node's shape.
  public var shape: ShapeSpec?
  /// A `gradient` node's paint, filling its frame (points in the node's own coordinates).
  public var gradient: PaintSpec?
  /// The action a `button` reports.
  public var action: String?
  /// A `button`'s background while pressed.
  public var highlightedBackgroundColor: String?
  /// A `navigation` button's role: `skip`, `back`, `next` or `done`.
  public var role: String?
  /// An `indicator`'s look.
  public var indicator: IndicatorSpec?
  /// A `stack`'s arrangement of its children.
  public var stack: StackSpec?
  /// How a `lottie` node plays.
  public var lottie: LottieSpec?

  /// Creates a node of `type`.
  public init(type: String? = nil, name: String? = nil, frame: [Double]? = nil) {
    self.type = type
    self.name = name
    self.frame = frame
  }
}

/// Text: runs of characters with their fonts and colours, and paragraph settings.
public struct TextSpec: Codable, Hashable, Sendable {
  /// The runs, in order.
  public var runs: [RunSpec]
  /// `left`, `center`, `right` or `natural`.
  public var alignment: String?
  /// The line height as a multiple of the font's.
  public var lineHeightMultiple: Double?
  /// At most this many lines (0: no limit).
  public var maximumLines: Int?
  /// Whether cut-off text ends with "…".
  public var truncatesWithEllipsis: Bool?
  /// Where cut-off text shows its ellipsis: `tail` (the default), `head` or `middle`.
  public var truncationMode: String?
  /// Extra space after every character.
  public var letterSpacing: Double?
  /// Whether kerning is applied.
  public var kerning: Bool?
  /// The paragraph direction: `leftToRight` or `rightToLeft` (from the text when absent).
  public var baseDirection: String?
  /// How far the text may shrink to fit before it is cut (0.01…1; 1 by default).
  public var minimumScaleFactor: Double?
  /// Creates text.
  public init(runs: [RunSpec]) { self.runs = runs }
}

/// A run of text in one font and colour.
public struct RunSpec: Codable, Hashable, Sendable {
  /// The characters.
  public var text: String
  /// The font.
  public var font: FontSpec
  /// The colour.
  public var color: String?
  /// Whether it is underlined.
  public var underline: Bool?
  /// Whether it is struck through.
  public var strikethrough: Bool?
  /// This run's letter spacing.
  public var letterSpacing: Double?
  /// This run's paragraph alignment (for the paragraphs it begins).
  public var alignment: String?
  /// This run's paragraph line height multiple.
  public var lineHeightMultiple: Double?
  /// Creates a run.
  public init(text: String, font: FontSpec, color: String? = nil) {
    self.text = text
    self.font = font
    self.color = color
  }
}

/// A font: family, size, weight and slant.
public struct FontSpec: Codable, Hashable, Sendable {
  /// The family (`system` or absent for the system font).
  public var family: String?
  /// The size in points.
  public var size: Double
  /// The weight, 1…1000 (400 regular, 700 bold), or a name: `ultraLight`, `thin`, `light`,
  /// `regular`, `medium`, `semibold`, `bold`, `heavy`, `black`.
  public var weight: WeightSpec?
  /// Whether it is italic.
  public var italic: Bool?
  /// Creates a font.
  public init(family: String? = nil, size: Double, weight: WeightSpec? = nil) {
    self.family = family
    self.size = size
    self.weight = weight
  }
}

/// A font weight, written as a number or a name.
public enum WeightSpec: Codable, Hashable, Sendable {
  /// A number, 1…1000.
  case value(Int)
  /// A name such as `bold`.
  case name(String)

  /// Reads a number or a name.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let v = try? c.decode(Int.self) {
      self = .value(v)
    } else {
      self = .name(try c.decode(String.self))
    }
  }

  /// Writes the number or the name.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .value(let v): try c.encode(v)
    case .name(let n): try c.encode(n)
    }
  }
}

/// A page indicator's look and behaviour.
public struct IndicatorSpec: Codable, Hashable, Sendable {
  /// The style: `dots`, `extendedDot`, `scalingDots`, `worm`, `jumpingDot`, `numbers`,
  /// `progressBar`, `slidingDot`.
  public var style: String?
  /// The current page's colour.
  public var activeColor: String?
  /// The other pages' colour.
  public var inactiveColor: String?
  /// The dots' diameter.
  public var dotSize: Double?
  /// The dots' width and height, when not round.
  public var dotWidth: Double?
  /// The dots' height.
  public var dotHeight: Double?
  /// The dots' corner radius.
  public var cornerRadius: Double?
  /// The distance between dot centres.
  public var spacing: Double?
  /// The current dot's length, for `extendedDot`.
  public var extendedLength: Double?
  /// `continuous`, `discrete` or `manual`.
  public var tracking: String?
  /// `nearestDot` or `sides`.
  public var tapBehavior: String?
  /// A manual indicator's number of dots (by default, the pages').
  public var count: Int?
  /// Creates an indicator look.
  public init(style: String? = nil) { self.style = style }
}

/// How a stack arranges its children.
public struct StackSpec: Codable, Hashable, Sendable {
  /// `horizontal` or `vertical`.
  public var axis: String?
  /// The space between children.
  public var spacing: Double?
  /// Across the axis: `leading`, `center`, `trailing` or `fill`.
  public var alignment: String?
  /// Along the axis: `fill`, `fillEqually`, `equalSpacing` or `equalCentering`.
  public var distribution: String?
  /// Creates a stack arrangement.
  public init(axis: String? = nil, spacing: Double? = nil) {
    self.axis = axis
    self.spacing = spacing
  }
}

/// A style for some size classes.
public struct ConditionalStyleSpec: Codable, Hashable, Sendable {
  /// The size classes it applies in, by axis (`width`, `height`: `compact` or `regular`).
  public var when: [String: String]
  /// The style keys it sets over the node's own.
  public var style: [String: JSONValue]
  /// Creates a conditional style.
  public init(when: [String: String], style: [String: JSONValue]) {
    self.when = when
    self.style = style
  }
}

/// How a `lottie` node plays its animation: which frames, tied to the page position
/// (`scrub`), on the clock (`play`), or both; the frame shown under reduced motion.
public struct LottieSpec: Codable, Hashable, Sendable {
  /// The frames played `[first, last]` (the animation's whole span when absent).
  public var frames: [Double]?
  /// The page positions `[from, to]` the first and last frames are shown at (+1 one page to
  /// the right, 0 centred, −1 one page to the left): the animation follows the swipe.
  public var scrub: [Double]?
  /// `loop` or `once`: the animation plays on the onboarding's clock.
  public var play: String?
  /// How fast it plays on the clock (1: its own frame rate).
  public var speed: Double?
  /// The clock time it starts playing at, in seconds.
  public var start: Double?
  /// The frame shown when motion is reduced (the first when absent).
  public var stillFrame: Double?
  /// Whether a file with anything Strata does not draw is refused (listed otherwise).
  public var strict: Bool?
  /// Creates an empty playing spec (the first frame, still).
  public init() {}
}
