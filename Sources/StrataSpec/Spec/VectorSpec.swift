/// A vector drawing: a size and items (shapes and groups), as in ``Strata/VectorImage``.
public struct VectorSpec: Codable, Hashable, Sendable {
  /// The drawing's size.
  public var size: SizeSpec
  /// Its items, drawn in order.
  public var items: [VectorItemSpec]
  /// Creates a drawing.
  public init(size: SizeSpec, items: [VectorItemSpec]) {
    self.size = size
    self.items = items
  }
}

/// An item of a drawing: a shape (when `path` is given) or a group (when `items` is given).
public struct VectorItemSpec: Codable, Hashable, Sendable {
  /// A shape's outline, as SVG path data (`M L H V C S Q T A Z`, lower case for relative; see
  /// ``PathData``).
  public var path: String?
  /// A shape's fill.
  public var fill: PaintSpec?
  /// A shape's fill rule: `nonZero` or `evenOdd`.
  public var fillRule: String?
  /// A shape's stroke.
  public var stroke: PaintSpec?
  /// A shape's line width.
  public var lineWidth: Double?
  /// A shape's line join: `miter`, `round` or `bevel`.
  public var lineJoin: String?
  /// A shape's line cap: `butt`, `round` or `square`.
  public var lineCap: String?
  /// A shape's miter limit.
  public var miterLimit: Double?
  /// A shape's dash lengths.
  public var dash: [Double]?
  /// A shape's dash phase.
  public var dashPhase: Double?
  /// The item's opacity.
  public var opacity: Double?
  /// A group's items.
  public var items: [VectorItemSpec]?
  /// A group's transform `[a, b, c, d, tx, ty]`.
  public var transform: [Double]?
  /// A group's clip: regions (intersected), each a list of outlines (united).
  public var clip: [[ClipSpec]]?
  /// Creates an item.
  public init(path: String? = nil, fill: PaintSpec? = nil, items: [VectorItemSpec]? = nil) {
    self.path = path
    self.fill = fill
    self.items = items
  }
}

/// An outline of a clip.
public struct ClipSpec: Codable, Hashable, Sendable {
  /// Its path data.
  public var path: String
  /// `nonZero` or `evenOdd`.
  public var rule: String?
  /// Creates an outline.
  public init(path: String, rule: String? = nil) {
    self.path = path
    self.rule = rule
  }
}

/// A paint: a colour (`color`), or a gradient (`stops` with `start` and `end` for a linear one,
/// `center` and `radius` for a radial one).
public struct PaintSpec: Codable, Hashable, Sendable {
  /// A solid colour.
  public var color: String?
  /// A gradient's stops.
  public var stops: [StopSpec]?
  /// How a gradient carries on past its ends: `pad`, `reflect` or `repeat`.
  public var spread: String?
  /// A linear gradient's start point.
  public var start: [Double]?
  /// A linear gradient's end point.
  public var end: [Double]?
  /// A radial gradient's centre.
  public var center: [Double]?
  /// A radial gradient's radius.
  public var radius: Double?
  /// A radial gradient's focal point.
  public var focus: [Double]?
  /// A radial gradient's transform `[a, b, c, d, tx, ty]`.
  public var transform: [Double]?
  /// Creates a solid paint.
  public init(color: String) { self.color = color }
  /// Creates an empty paint (fill in a gradient's fields).
  public init() {}
}

/// A gradient stop.
public struct StopSpec: Codable, Hashable, Sendable {
  /// Its colour.
  public var color: String
  /// Where it is, 0…1.
  public var at: Double
  /// Creates a stop.
  public init(color: String, at: Double) {
    self.color = color
    self.at = at
  }
}

/// A `shape` node's shape: path data and its paints.
public typealias ShapeSpec = VectorItemSpec

/// A keyframe at a page position: where (`at`, in pages from the centre, −1…1 for the pages
/// either side), the value (a number, `[x, y]` or a colour string) and the easing after it.
public struct KeyframeSpec: Codable, Hashable, Sendable {
  /// The page position.
  public var at: Double
  /// The value.
  public var value: KeyframeValueSpec
  /// The easing's name towards the next keyframe.
  public var easing: String?
  /// Creates a keyframe.
  public init(at: Double, value: KeyframeValueSpec, easing: String? = nil) {
    self.at = at
    self.value = value
    self.easing = easing
  }
}

/// A keyframe's value.
public enum KeyframeValueSpec: Codable, Hashable, Sendable {
  /// A number.
  case number(Double)
  /// A vector `[x, y]`.
  case vector([Double])
  /// A colour.
  case color(String)

  /// Reads a number, a vector or a colour.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let v = try? c.decode(Double.self) {
      self = .number(v)
    } else if let v = try? c.decode([Double].self) {
      self = .vector(v)
    } else {
      self = .color(try c.decode(String.self))
    }
  }

  /// Writes the value.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .number(let v): try c.encode(v)
    case .vector(let v): try c.encode(v)
    case .color(let v): try c.encode(v)
    }
  }
}

/// The template's short form: its items and options.
public struct TemplateSpec: Codable, Hashable, Sendable {
  /// The items, one per page.
  public var items: [TemplateItemSpec]
  /// The background image's file.
  public var backgroundImage: String?
  /// Measures by name (`bottomPanelHeight`…), in points.
  public var measures: [String: Double]?
  /// Colours by name (`paginationItem`…).
  public var colors: [String: String]?
  /// Creates a template.
  public init(items: [TemplateItemSpec]) { self.items = items }
}

/// A template item.
public struct TemplateItemSpec: Codable, Hashable, Sendable {
  /// The picture's file.
  public var image: String?
  /// The text under the picture.
  public var subtitle: TextSpec
  /// The title of the top bar.
  public var topTitle: TextSpec?
  /// The title of the bottom bar.
  public var bottomTitle: TextSpec?
  /// The top button's title.
  public var topButton: TextSpec?
  /// The bottom button's title.
  public var bottomButton: TextSpec?
  /// Creates an item.
  public init(subtitle: TextSpec) { self.subtitle = subtitle }
}
