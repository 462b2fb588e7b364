import Strata

/// The shape of a spec file, written once: the checker walks documents with it, `strata schema`
/// prints it as a JSON Schema, and the docs list its keys.
public indirect enum SchemaNode: Sendable {
  /// A number, with optional bounds (`exclusiveMinimum` for "positive").
  case number(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil)
  /// A whole number with optional bounds.
  case integer(minimum: Int? = nil, maximum: Int? = nil)
  /// `true` or `false`.
  case boolean
  /// A string, one of `values` when given.
  case string(values: [String]? = nil)
  /// A colour string: `#RRGGBB` or `#RRGGBBAA`.
  case color
  /// An easing: one of `Easing.names`, or a parameterised form such as
  /// `cubicBezier(0.4, 0, 0.2, 1)` (read by `Easing(named:)`).
  case easing
  /// Path data.
  case pathData
  /// A layout length: a number of points, a percentage such as `"50%"`, or `"auto"`.
  case length
  /// A file's path relative to the spec.
  case file
  /// An array of items, with a count range.
  case array(SchemaNode, minCount: Int = 0, maxCount: Int? = nil)
  /// The value or `null`.
  case nullable(SchemaNode)
  /// An object with known keys.
  case object(ObjectSchema)
  /// An object whose keys are free (or one of `keys` when given), each value of a shape.
  case map(SchemaNode, keys: [String]? = nil)
  /// A definition by name (for shapes that contain themselves).
  case reference(String)
  /// One of several shapes.
  case anyOf([SchemaNode])
}

/// An object's known keys.
public struct ObjectSchema: Sendable {
  /// The definition's name.
  public var name: String
  /// What it is.
  public var summary: String
  /// Its keys (every variant's, when it has variants).
  public var fields: [SchemaField]
  /// The kinds the object comes in, chosen by one of its keys, each with keys of its own.
  public var variants: SchemaVariants?
  /// Creates an object schema.
  public init(
    _ name: String, _ summary: String, _ fields: [SchemaField], variants: SchemaVariants? = nil
  ) {
    self.name = name
    self.summary = summary
    self.fields = fields
    self.variants = variants
  }
}

/// A key of an object.
public struct SchemaField: Sendable {
  /// The key.
  public var name: String
  /// Its value's shape.
  public var schema: SchemaNode
  /// Whether the key must be present.
  public var isRequired: Bool
  /// What it means.
  public var summary: String
  /// The value an absent key stands for, when it has one (builders read it from here).
  public var defaultValue: JSONValue?
  /// Creates a key.
  public init(
    _ name: String, _ schema: SchemaNode, required: Bool = false,
    default defaultValue: JSONValue? = nil,
    _ summary: String
  ) {
    self.name = name
    self.schema = schema
    self.isRequired = required
    self.defaultValue = defaultValue
    self.summary = summary
  }
}

/// The spec format's schema.
public enum SpecSchema {
  /// The format version this build reads and writes.
  public static let version = 1

  static let positive = SchemaNode.number(exclusiveMinimum: 0)
  static let nonNegative = SchemaNode.number(minimum: 0)
  static let unit = SchemaNode.number(minimum: 0, maximum: 1)
  static let anyNumber = SchemaNode.number()
  static let pair = SchemaNode.array(.number(), minCount: 2, maxCount: 2)
  static let frame = SchemaNode.array(.number(), minCount: 4, maxCount: 4)
  static let affine = SchemaNode.array(.number(), minCount: 6, maxCount: 6)
  static let easing = SchemaNode.easing
  /// Size classes by axis: `{"width": "compact", "height": "regular"}`.
  static let sizeClasses = SchemaNode.map(
    .string(values: SizeClass.allCases.map(\.rawValue)), keys: ["width", "height"])
  static let indicatorStyles = [
    "dots", "extendedDot", "scalingDots", "worm", "jumpingDot", "numbers", "progressBar",
    "slidingDot",
  ]
  static let weightNames = [
    "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
  ]

  /// The definition named `name`.
  public static func definition(_ name: String) -> ObjectSchema? {
    definitionsByName[name]
  }

  static let definitionsByName: [String: ObjectSchema] = Dictionary(
    definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
}

extension TutorialLayer {
  /// The layer's key in a spec's `layers`.
  var specKey: String {
    switch self {
    case .staticBackground: return "staticBackground"
    case .dynamicBackground: return "dynamicBackground"
    case .wireframe: return "wireframe"
    case .innerWireframe: return "innerWireframe"
    case .staticContent: return "staticContent"
    case .labels: return "labels"
    case .icons: return "icons"
    }
  }

  var specSummary: String {
    switch self {
    case .staticBackground: return "Behind everything; one node (node)."
    case .dynamicBackground: return "A node per page (pages)."
    case .wireframe: return "A node per page (pages)."
    case .innerWireframe: return "A node per page, inside the wireframe (pages)."
    case .staticContent: return "One node under the arc (node)."
    case .labels: return "A node per page (pages)."
    case .icons: return "A node per page, riding the arc (pages)."
    }
  }
}
