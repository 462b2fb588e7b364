import Strata
import StrataSpec
import Testing

/// Every key of the spec that takes one of a list of names takes Swift's names for the same
/// thing, from Swift's own list: a new choice added to the schema as a literal list, or a
/// Swift case the spec does not know, fails here.
@Suite struct SpecChoicesTests {
  /// Each choice key (definition.key) and the Swift list it must equal. Keys the spec alone
  /// has (no Swift type behind them) say so with `specOnly`.
  static let swiftNames: [String: [String]] = [
    "options.layoutDirection": names(LayoutDirection.self),
    "options.contentSize": names(ContentSize.self),
    "navigation.swipeMode": names(SwipeMode.self),
    "navigation.axis": names(PagingAxis.self),
    "navigation.autoplayEnd": names(Autoplay.End.self),
    "navigation.autoplayReducedMotion": names(Autoplay.ReducedMotion.self),
    "node.when": names(SizeClass.self),
    "conditionalStyle.when": names(SizeClass.self),
    "node.contentMode": names(ContentMode.self),
    "node.role": names(NavigationButtonNode.Role.self),
    "node.verticalAlignment": names(TextNode.VerticalAlignment.self),
    "text.baseDirection": names(LayoutDirection.self),
    "text.alignment": names(TextContent.Alignment.self),
    "run.alignment": names(TextContent.Alignment.self),
    "text.truncationMode": names(TextContent.TruncationMode.self),
    "indicator.tracking": names(PageIndicatorNode.Tracking.self),
    "indicator.tapBehavior": names(PageIndicatorNode.TapBehavior.self),
    "stack.axis": names(StackNode.Axis.self),
    "stack.alignment": names(StackNode.Alignment.self),
    "stack.distribution": names(StackNode.Distribution.self),
    "style.flexDirection": names(FlexDirection.self),
    "style.flexWrap": names(FlexWrap.self),
    "style.justifyContent": names(FlexJustify.self),
    "style.alignItems": names(FlexAlign.self),
    "style.alignSelf": names(FlexAlign.self),
    "style.alignContent": names(FlexAlign.self),
    "style.position": names(FlexPosition.self),
    "style.display": names(FlexDisplay.self),
    "style.direction": names(FlexLayoutDirection.self),
    "style.overflow": names(FlexOverflow.self),
    "vectorItem.fillRule": names(FillRule.self),
    "clip.rule": names(FillRule.self),
    "vectorItem.lineJoin": names(StrokeStyle.Join.self),
    "vectorItem.lineCap": names(StrokeStyle.Cap.self),
    "paint.spread": names(Gradient.Spread.self),
    "animator.space": names(Color.InterpolationSpace.self),
    "animator.style": names(SlideTransition.Style.self),
    "animator.side": names(SlideTransition.Side.self),
    "track.kind": names(TimedAnimation.Track.Kind.self),
  ]

  /// Swift's names of every case of `type`, in order.
  static func names<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> [String]
  where E.RawValue == String { E.allCases.map(\.rawValue) }

  /// Every choice key in the schema: its definition and key, and its names.
  static func choices() -> [(key: String, names: [String])] {
    var found: [(String, [String])] = []
    func walk(_ node: SchemaNode, _ key: String) {
      switch node {
      case .string(let values?): found.append((key, values))
      case .array(let item, _, _), .nullable(let item), .map(let item, _): walk(item, key)
      case .anyOf(let options): for o in options { walk(o, key) }
      default: break
      }
    }
    for definition in SpecSchema.definitions {
      var fields = definition.fields
      for variant in definition.variants?.cases ?? [] { fields += variant.fields }
      for field in fields { walk(field.schema, "\(definition.name).\(field.name)") }
    }
    return found
  }

  @Test func everyChoiceIsSwiftsList() throws {
    let choices = Self.choices()
    #expect(choices.count >= Self.swiftNames.count)
    var seen = Set<String>()
    for (key, names) in choices {
      seen.insert(key)
      guard let swift = Self.swiftNames[key] else {
        // Lists the spec keeps by design: registries (node types, animators, policies,
        // indicator styles, weights) and keys with no Swift enumeration.
        #expect(Self.registryKeys.contains(key), "\(key): \(names) has no Swift list to match")
        continue
      }
      #expect(names == swift, "\(key): the spec's \(names), Swift's \(swift)")
    }
    for key in Self.swiftNames.keys { #expect(seen.contains(key), "\(key) is not in the schema") }
  }

  /// Choice keys whose names come from registries the spec reads through (so they cannot
  /// differ from what the builder accepts), or that no Swift type enumerates.
  static let registryKeys: Set<String> = [
    "node.type", "animator.name", "navigation.policy", "navigation.policies", "font.weight",
    "indicator.style", "layout.pageStacking", "lottie.play",
  ]

  /// The options a reader sets, by Swift's names, build the same controller as in Swift.
  @Test func readerOptionsBuildWhatSwiftSets() throws {
    for size in ContentSize.allCases {
      for direction in LayoutDirection.allCases {
        let text = minimal.replacingOccurrences(
          of: "\"pageCount\": 3,",
          with: """
            "pageCount": 3, "options": {"contentSize": "\(size.rawValue)",
              "layoutDirection": "\(direction.rawValue)", "reduceMotion": true},
            """)
        let controller = try load(text).get().makeController()
        #expect(controller.contentSize == size)
        #expect(controller.layoutDirection == direction)
        #expect(controller.reduceMotion)
      }
    }
    #expect(
      problems(
        minimal.replacingOccurrences(
          of: "\"pageCount\": 3,",
          with: "\"pageCount\": 3, \"options\": {\"contentSize\": \"huge\"},")
      )
      .first?.contains("options.contentSize") == true)
  }
}
