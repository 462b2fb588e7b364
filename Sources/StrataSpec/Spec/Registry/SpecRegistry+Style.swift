import Strata

/// A key of a node's `style`: its React Native name, its shape, and how it sets and reads a
/// ``FlexStyle``.
struct SpecStyleKey: Sendable {
  let field: SchemaField
  /// Sets the key's value on a style (the value is checked).
  let apply: @Sendable (inout FlexStyle, JSONValue) -> Void
  /// The key's value in a style, or `nil` when it is the default.
  let read: @Sendable (FlexStyle) -> JSONValue?
}

/// The four sets of edges a style has.
enum SpecEdgeGroup: Sendable {
  case margin, padding, border, insets

  func get(_ s: FlexStyle) -> FlexEdges {
    switch self {
    case .margin: return s.margin
    case .padding: return s.padding
    case .border: return s.border
    case .insets: return s.insets
    }
  }

  func set(_ s: inout FlexStyle, _ e: FlexEdges) {
    switch self {
    case .margin: s.margin = e
    case .padding: s.padding = e
    case .border: s.border = e
    case .insets: s.insets = e
    }
  }
}

/// An edge value's place in ``FlexEdges``.
enum SpecEdge: Sendable, CaseIterable {
  case all, horizontal, vertical, left, right, top, bottom, start, end

  func get(_ e: FlexEdges) -> FlexLength? {
    switch self {
    case .all: return e.all
    case .horizontal: return e.horizontal
    case .vertical: return e.vertical
    case .left: return e.left
    case .right: return e.right
    case .top: return e.top
    case .bottom: return e.bottom
    case .start: return e.start
    case .end: return e.end
    }
  }

  func set(_ e: inout FlexEdges, _ v: FlexLength?) {
    switch self {
    case .all: e.all = v
    case .horizontal: e.horizontal = v
    case .vertical: e.vertical = v
    case .left: e.left = v
    case .right: e.right = v
    case .top: e.top = v
    case .bottom: e.bottom = v
    case .start: e.start = v
    case .end: e.end = v
    }
  }

  /// React Native's suffix for it: `margin` + `Left`, `padding` + `Horizontal`.
  var suffix: String {
    switch self {
    case .all: return ""
    case .horizontal: return "Horizontal"
    case .vertical: return "Vertical"
    case .left: return "Left"
    case .right: return "Right"
    case .top: return "Top"
    case .bottom: return "Bottom"
    case .start: return "Start"
    case .end: return "End"
    }
  }
}

extension SpecRegistry {
  /// A key whose value is one of an enumeration's CSS spellings.
  static func choice<E: RawRepresentable & CaseIterable & Equatable & Sendable>(
    _ name: String, _ path: WritableKeyPath<FlexStyle, E> & Sendable, _ defaultValue: E,
    _ summary: String
  ) -> SpecStyleKey where E.RawValue == String {
    SpecStyleKey(
      field: SchemaField(
        name, .string(values: E.allCases.map(\.rawValue)), default: .string(defaultValue.rawValue),
        summary),
      apply: { s, v in
        if let raw = v.stringValue, let e = E(rawValue: raw) { s[keyPath: path] = e }
      },
      read: { s in s[keyPath: path] == defaultValue ? nil : .string(s[keyPath: path].rawValue) })
  }

  /// A key whose value is a number (`nil` in the style when absent).
  static func number(
    _ name: String, _ path: WritableKeyPath<FlexStyle, Double?> & Sendable, _ schema: SchemaNode,
    _ summary: String
  ) -> SpecStyleKey {
    SpecStyleKey(
      field: SchemaField(name, schema, summary),
      apply: { s, v in s[keyPath: path] = v.numberValue },
      read: { s in s[keyPath: path].map { .number($0) } })
  }

  /// A key whose value is a length (`auto` by default).
  static func length(
    _ name: String, _ path: WritableKeyPath<FlexStyle, FlexLength> & Sendable, _ summary: String
  ) -> SpecStyleKey {
    SpecStyleKey(
      field: SchemaField(name, .length, default: "auto", summary),
      apply: { s, v in if let l = SpecLength.read(v) { s[keyPath: path] = l } },
      read: { s in s[keyPath: path] == .auto ? nil : SpecLength.write(s[keyPath: path]) })
  }

  /// The keys of one set of edges: `margin`, `marginLeft`… or `left`, `right`….
  static func edges(_ group: SpecEdgeGroup, _ prefix: String, _ summary: String) -> [SpecStyleKey] {
    let names: [SpecEdge] =
      group == .insets
      ? [.left, .right, .top, .bottom, .start, .end]
      : group == .border
        ? [.all, .left, .right, .top, .bottom, .start, .end] : SpecEdge.allCases
    return names.map { edge in
      let name: String
      switch group {
      case .insets: name = String(edge.suffix.prefix(1)).lowercased() + edge.suffix.dropFirst()
      case .border: name = "border" + edge.suffix + "Width"
      default: name = prefix + edge.suffix
      }
      let what = edge == .all ? "every edge" : "\(edge)"
      return SpecStyleKey(
        field: SchemaField(name, .length, "\(summary): \(what)."),
        apply: { s, v in
          var e = group.get(s)
          edge.set(&e, SpecLength.read(v))
          group.set(&s, e)
        },
        read: { s in edge.get(group.get(s)).map(SpecLength.write) })
    }
  }

  /// Every key of a node's `style`, under React Native's names, declared once: the schema's
  /// `style` definition, the builder and the exporter read this table.
  static let styleKeys: [SpecStyleKey] =
    [
      choice("flexDirection", \.flexDirection, .column, "The main axis."),
      choice("flexWrap", \.flexWrap, .noWrap, "Whether items wrap onto more lines."),
      choice("justifyContent", \.justifyContent, .flexStart, "Free space along the main axis."),
      choice("alignItems", \.alignItems, .stretch, "Children across the main axis."),
      choice("alignSelf", \.alignSelf, .auto, "This node across its parent's main axis."),
      choice("alignContent", \.alignContent, .flexStart, "Lines across the main axis."),
      number("flex", \.flex, SpecSchema.anyNumber, "Grow by it from a basis of 0 (or shrink)."),
      number("flexGrow", \.flexGrow, SpecSchema.nonNegative, "Its share of the free space."),
      number("flexShrink", \.flexShrink, SpecSchema.nonNegative, "What it gives up when short."),
      length("flexBasis", \.flexBasis, "Its main size before flexing."),
      length("width", \.width, "Its width."),
      length("height", \.height, "Its height."),
      length("minWidth", \.minWidth, "The least width."),
      length("maxWidth", \.maxWidth, "The greatest width."),
      length("minHeight", \.minHeight, "The least height."),
      length("maxHeight", \.maxHeight, "The greatest height."),
    ]
    + edges(.margin, "margin", "Space outside")
    + edges(.padding, "padding", "Space inside")
    + edges(.border, "borderWidth", "Border width")
    + [
      number("gap", \.gapValue, SpecSchema.nonNegative, "Space between items and lines."),
      number("rowGap", \.rowGap, SpecSchema.nonNegative, "Space between rows."),
      number("columnGap", \.columnGap, SpecSchema.nonNegative, "Space between columns."),
      choice("position", \.position, .relative, "In the flow, or placed by its insets."),
    ]
    + edges(.insets, "", "Inset")
    + [
      number(
        "aspectRatio", \.aspectRatio, SpecSchema.positive,
        "Width over height, for a size not given."
      ),
      choice("display", \.display, .flex, "Whether it is laid out."),
      choice("direction", \.direction, .inherit, "Its writing direction."),
      choice("overflow", \.overflow, .visible, "What happens to larger content."),
    ]

  /// The `style` definition.
  static var styleDefinition: ObjectSchema {
    ObjectSchema(
      "style",
      "How flexbox lays the node out inside its parent, and its children inside it (React Native's names and values).",
      styleKeys.map(\.field))
  }

  /// The flexbox style a spec's `style` gives.
  static func flexStyle(_ spec: [String: JSONValue]) -> FlexStyle {
    var s = FlexStyle()
    for key in styleKeys { if let v = spec[key.field.name] { key.apply(&s, v) } }
    return s
  }

  /// A spec's `style` for a flexbox style (defaults left out).
  static func styleSpec(_ style: FlexStyle) -> [String: JSONValue] {
    var out: [String: JSONValue] = [:]
    for key in styleKeys { out[key.field.name] = key.read(style) }
    return out
  }
}

extension FlexStyle {
  /// `gap` as an optional, for the spec's table (0 is its default).
  var gapValue: Double? {
    get { gap == 0 ? nil : gap }
    set { gap = newValue ?? 0 }
  }
}
