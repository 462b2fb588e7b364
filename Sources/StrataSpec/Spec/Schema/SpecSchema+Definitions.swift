import Strata

extension SpecSchema {
  /// The named definitions.
  public static let definitions: [ObjectSchema] = [
    ObjectSchema(
      "spec", "An onboarding.",
      [
        SchemaField(
          "strata", .integer(minimum: 1, maximum: 1), required: true, "The format version: 1."),
        SchemaField(
          "pageSize", .reference("size"), required: true, "The page size it is designed at."),
        SchemaField("pageCount", .integer(minimum: 1, maximum: 1000), "The number of pages."),
        SchemaField("layout", .reference("layout"), "Layout measures."),
        SchemaField("options", .reference("options"), "Reduced motion, direction and text size."),
        SchemaField("navigation", .reference("navigation"), "Paging, swiping, autoplay."),
        SchemaField("layers", .reference("layers"), "The seven layers."),
        SchemaField(
          "timed", .array(.reference("timed"), maxCount: 256), "Animations on the clock."),
        SchemaField("template", .reference("template"), "The template's short form."),
        SchemaField("assets", .file, "A folder of images by name, for image nodes' asset."),
      ]),
    ObjectSchema(
      "size", "A width and height in points.",
      [
        SchemaField(
          "width", .number(exclusiveMinimum: 0, maximum: 10000), required: true, "Points."),
        SchemaField(
          "height", .number(exclusiveMinimum: 0, maximum: 10000), required: true, "Points."),
      ]),
    ObjectSchema(
      "layout", "Layout measures (each optional).",
      [
        SchemaField("staticContentHeight", nonNegative, "The static content's height."),
        SchemaField("roundnessHeight", nonNegative, "The arc's height."),
        SchemaField("labelsTopMargin", anyNumber, "Where labels start."),
        SchemaField("labelsBottomMargin", anyNumber, "How far above the bottom labels end."),
        SchemaField(
          "staticContentShadow", .reference("shadow"), "A shadow under the static content."),
        SchemaField(
          "pageStacking", .string(values: ["firstAbove", "lastAbove"]), "Which page draws on top."),
        SchemaField(
          "safeArea", .array(nonNegative, minCount: 4, maxCount: 4), "[top, left, bottom, right]."),
      ]),
    ObjectSchema(
      "options", "Accessibility and direction.",
      [
        SchemaField("reduceMotion", .boolean, "Whether motion is reduced."),
        SchemaField(
          "layoutDirection", .string(values: LayoutDirection.allCases.map(\.rawValue)),
          "The direction."),
        SchemaField(
          "contentSize", .string(values: ContentSize.allCases.map(\.rawValue)),
          "The reader's text size (Dynamic Type; `large` by default)."),
      ]),
    ObjectSchema(
      "navigation", "Paging, swiping and autoplay.",
      [
        SchemaField(
          "policy", .string(values: SpecPolicyNames.names), "For every page."),
        SchemaField(
          "policies", .map(.string(values: SpecPolicyNames.names)),
          "Per page, by index (\"0\", \"1\"…)."),
        SchemaField(
          "swipeMode", .string(values: SwipeMode.allCases.map(\.rawValue)), "How swipes turn pages."
        ),
        SchemaField("bounces", .boolean, "Whether the scroll bounces past the ends."),
        SchemaField(
          "wrapAround", .boolean,
          "Whether the pages go round: after the last page, the first (swipes, buttons, autoplay)."),
        SchemaField(
          "axis", .string(values: PagingAxis.allCases.map(\.rawValue)),
          "Which way the pages scroll (vertical: page 0 on top)."),
        SchemaField(
          "requiredPages", .array(.integer(minimum: 0), maxCount: 1000),
          "Required steps: Skip stops at them."),
        SchemaField(
          "leaveCheckTimeout", .number(minimum: 0, maximum: 3600),
          "Seconds a check for leaving a page may take before it counts as no."),
        SchemaField(
          "autoplay",
          .number(minimum: TimeLimits.minimumInterval, maximum: TimeLimits.maximumInterval),
          "Seconds between automatic page turns (1/120 s to a day)."),
        SchemaField(
          "autoplayPageIntervals",
          .map(.number(minimum: TimeLimits.minimumInterval, maximum: TimeLimits.maximumInterval)),
          "Pages with a wait of their own, by index (\"2\": 8)."),
        SchemaField(
          "autoplayResumeAfter", .number(minimum: 0, maximum: TimeLimits.maximumInterval),
          "Seconds after a finger lifts before autoplay goes on (the interval by default)."),
        SchemaField(
          "autoplayEnd", .string(values: Autoplay.End.allCases.map(\.rawValue)),
          "Stop at the last page, or loop (the default when the pages wrap around)."),
        SchemaField(
          "autoplayReducedMotion", .string(values: Autoplay.ReducedMotion.allCases.map(\.rawValue)),
          "Under reduced motion: pause (the default) or jump."),
      ]),
    ObjectSchema(
      "layers", "The seven layers, bottom to top.",
      TutorialLayer.allCases.map { SchemaField($0.specKey, .reference("layer"), $0.specSummary) }),
    ObjectSchema(
      "layer", "A layer's content and animators.",
      [
        SchemaField("node", .reference("node"), "The node of a static layer."),
        SchemaField(
          "pages", .array(.nullable(.reference("node")), maxCount: 1000), "A node per page."),
        SchemaField("animators", .array(.reference("animator"), maxCount: 64), "Run in order."),
      ]),
    ObjectSchema(
      "node", "A node: its type, frame and look, its children, and its type's own keys.",
      [
        SchemaField(
          "type", .string(values: SpecRegistry.nodeKinds.map(\.name)),
          "Its kind (group by default)."),
        SchemaField("name", .string(), "Its name."),
        SchemaField("frame", frame, "[x, y, width, height] in its parent."),
        SchemaField("alpha", unit, "Its opacity."),
        SchemaField("hidden", .boolean, "Whether it is hidden."),
        SchemaField("backgroundColor", .color, "Its background."),
        SchemaField("cornerRadius", nonNegative, "Its corner radius."),
        SchemaField(
          "clipsToBounds", .boolean,
          "Whether it clips its content and children to its rounded bounds."),
        SchemaField("border", .reference("border"), "Its border."),
        SchemaField("shadow", .reference("shadow"), "Its shadow."),
        SchemaField("zPosition", anyNumber, "Its order among siblings."),
        SchemaField("children", .array(.reference("node"), maxCount: 10000), "Its children."),
        SchemaField(
          "style", .reference("style"), "How flexbox lays it out (its frame then comes from it)."),
        SchemaField(
          "styles", .array(.reference("conditionalStyle"), maxCount: 16),
          "Styles for some size classes, over style in order."),
        SchemaField("when", sizeClasses, "The size classes it is shown in (every size if absent)."),
      ], variants: SpecRegistry.nodeVariants),
    SpecRegistry.styleDefinition,
    ObjectSchema(
      "conditionalStyle", "A style for some size classes.",
      [
        SchemaField("when", sizeClasses, required: true, "The size classes it applies in."),
        SchemaField("style", .reference("style"), required: true, "The keys it sets."),
      ]),
    ObjectSchema(
      "border", "A border.",
      [
        SchemaField("width", nonNegative, required: true, "Its width."),
        SchemaField("color", .color, required: true, "Its colour."),
      ]),
    ObjectSchema(
      "shadow", "A shadow.",
      [
        SchemaField("color", .color, "Its colour (black)."),
        SchemaField("opacity", unit, "Its opacity."),
        SchemaField("offset", pair, "[dx, dy]."),
        SchemaField("radius", nonNegative, "Its blur radius."),
        SchemaField("path", .pathData, "The casting shape."),
      ]),
    ObjectSchema(
      "text", "Runs of text and paragraph settings.",
      [
        SchemaField(
          "runs", .array(.reference("run"), minCount: 1, maxCount: 1000), required: true,
          "The runs."),
        SchemaField(
          "alignment", .string(values: TextContent.Alignment.allCases.map(\.rawValue)), "Alignment."
        ),
        SchemaField("lineHeightMultiple", positive, "Line height multiple."),
        SchemaField("maximumLines", .integer(minimum: 0, maximum: 1000), "0: no limit."),
        SchemaField("truncatesWithEllipsis", .boolean, "End cut-off text with …."),
        SchemaField(
          "truncationMode", .string(values: TextContent.TruncationMode.allCases.map(\.rawValue)),
          default: "tail", "Where cut-off text shows its ellipsis."),
        SchemaField("letterSpacing", anyNumber, "Extra space after each character."),
        SchemaField("kerning", .boolean, "Whether kerning applies."),
        SchemaField(
          "baseDirection", .string(values: LayoutDirection.allCases.map(\.rawValue)),
          "Paragraph direction."),
        SchemaField(
          "minimumScaleFactor", .number(minimum: 0.01, maximum: 1), default: 1,
          "How far the text may shrink to fit before it is cut."),
      ]),
    ObjectSchema(
      "run", "A run of text.",
      [
        SchemaField("text", .string(), required: true, "The characters."),
        SchemaField("font", .reference("font"), required: true, "The font."),
        SchemaField("color", .color, "The colour (black)."),
        SchemaField("underline", .boolean, "Underlined."),
        SchemaField("strikethrough", .boolean, "Struck through."),
        SchemaField("letterSpacing", anyNumber, "This run's letter spacing."),
        SchemaField(
          "alignment", .string(values: TextContent.Alignment.allCases.map(\.rawValue)),
          "Alignment of the paragraphs it begins."),
        SchemaField("lineHeightMultiple", positive, "Line height of the paragraphs it begins."),
      ]),
    ObjectSchema(
      "font", "A font.",
      [
        SchemaField("family", .string(), "The family (system by default)."),
        SchemaField("size", .number(exclusiveMinimum: 0, maximum: 1000), required: true, "Points."),
        SchemaField(
          "weight", .anyOf([.integer(minimum: 1, maximum: 1000), .string(values: weightNames)]),
          "1…1000 or a name."),
        SchemaField("italic", .boolean, "Italic."),
      ]),
    ObjectSchema(
      "indicator", "A page indicator's look.",
      [
        SchemaField("style", .string(values: indicatorStyles), "The style."),
        SchemaField("activeColor", .color, "The current page's colour."),
        SchemaField("inactiveColor", .color, "The others' colour."),
        SchemaField("dotSize", nonNegative, "Dot diameter."),
        SchemaField("dotWidth", nonNegative, "Dot width."),
        SchemaField("dotHeight", nonNegative, "Dot height."),
        SchemaField("cornerRadius", nonNegative, "Dot corner radius."),
        SchemaField("spacing", nonNegative, "Distance between dot centres."),
        SchemaField("extendedLength", nonNegative, "The current dot's length (extendedDot)."),
        SchemaField(
          "tracking", .string(values: PageIndicatorNode.Tracking.allCases.map(\.rawValue)),
          "How it follows."),
        SchemaField(
          "tapBehavior", .string(values: PageIndicatorNode.TapBehavior.allCases.map(\.rawValue)),
          "What a tap does."),
        SchemaField(
          "count", .integer(minimum: 0, maximum: 500),
          "A manual indicator's dots (default: the pages)."),
      ]),
    ObjectSchema(
      "lottie", "How a Lottie animation plays.",
      [
        SchemaField("frames", .array(anyNumber, minCount: 2, maxCount: 2), "[first, last] frame."),
        SchemaField(
          "scrub", .array(anyNumber, minCount: 2, maxCount: 2),
          "[from, to] page positions of the first and last frames."),
        SchemaField("play", .string(values: ["loop", "once"]), "Plays on the clock."),
        SchemaField("speed", .number(exclusiveMinimum: 0, maximum: 100), "Clock speed (1)."),
        SchemaField("start", nonNegative, "Clock time it starts, seconds."),
        SchemaField("stillFrame", anyNumber, "The frame under reduced motion."),
        SchemaField("strict", .boolean, "Refuse a file with anything not drawn."),
      ]),
    ObjectSchema(
      "stack", "A stack's arrangement.",
      [
        SchemaField("axis", .string(values: StackNode.Axis.allCases.map(\.rawValue)), "The axis."),
        SchemaField("spacing", anyNumber, "Space between children."),
        SchemaField(
          "alignment", .string(values: StackNode.Alignment.allCases.map(\.rawValue)), "Across."),
        SchemaField(
          "distribution",
          .string(values: StackNode.Distribution.allCases.map(\.rawValue)),
          "Along."),
      ]),
    ObjectSchema(
      "vector", "A vector drawing.",
      [
        SchemaField("size", .reference("size"), required: true, "Its size."),
        SchemaField(
          "items", .array(.reference("vectorItem"), maxCount: 100_000), required: true, "Its items."
        ),
      ]),
    ObjectSchema(
      "vectorItem", "A shape (with path) or a group (with items).",
      [
        SchemaField("path", .pathData, "The outline."),
        SchemaField("fill", .reference("paint"), "The fill."),
        SchemaField(
          "fillRule", .string(values: FillRule.allCases.map(\.rawValue)), "The fill rule."),
        SchemaField("stroke", .reference("paint"), "The stroke."),
        SchemaField("lineWidth", nonNegative, "Line width."),
        SchemaField(
          "lineJoin", .string(values: StrokeStyle.Join.allCases.map(\.rawValue)), "Line join."),
        SchemaField(
          "lineCap", .string(values: StrokeStyle.Cap.allCases.map(\.rawValue)), "Line cap."),
        SchemaField("miterLimit", .number(minimum: 1), "Miter limit."),
        SchemaField("dash", .array(nonNegative, maxCount: 64), "Dash lengths."),
        SchemaField("dashPhase", anyNumber, "Dash phase."),
        SchemaField("opacity", unit, "Opacity."),
        SchemaField(
          "items", .array(.reference("vectorItem"), maxCount: 100_000), "A group's items."),
        SchemaField("transform", affine, "A group's transform [a, b, c, d, tx, ty]."),
        SchemaField(
          "clip", .array(.array(.reference("clip"), minCount: 1), maxCount: 64),
          "A group's clip regions."),
      ]),
    ObjectSchema(
      "clip", "A clip outline.",
      [
        SchemaField("path", .pathData, required: true, "The outline."),
        SchemaField("rule", .string(values: FillRule.allCases.map(\.rawValue)), "The fill rule."),
      ]),
    ObjectSchema(
      "paint", "A colour or a gradient.",
      [
        SchemaField("color", .color, "A solid colour."),
        SchemaField(
          "stops", .array(.reference("stop"), minCount: 1, maxCount: 256), "Gradient stops."),
        SchemaField(
          "spread", .string(values: Gradient.Spread.allCases.map(\.rawValue)), "Past the ends."),
        SchemaField("start", pair, "Linear: start."),
        SchemaField("end", pair, "Linear: end."),
        SchemaField("center", pair, "Radial: centre."),
        SchemaField("radius", nonNegative, "Radial: radius."),
        SchemaField("focus", pair, "Radial: focal point."),
        SchemaField("transform", affine, "Radial: transform."),
      ]),
    ObjectSchema(
      "stop", "A gradient stop.",
      [
        SchemaField("color", .color, required: true, "Its colour."),
        SchemaField("at", unit, required: true, "Where, 0…1."),
      ]),
    ObjectSchema(
      "animator", "An animator by name with its parameters.",
      [
        SchemaField(
          "name", .string(values: SpecRegistry.animatorKinds.map(\.name)), required: true,
          "Which animator.")
      ], variants: SpecRegistry.animatorVariants),
    ObjectSchema(
      "keyframe", "A keyframe at a page position.",
      [
        SchemaField(
          "at", .number(minimum: -1000, maximum: 1000), required: true, "Pages from the centre."),
        SchemaField("value", .anyOf([anyNumber, pair, .color]), required: true, "The value."),
        SchemaField("easing", easing, "Towards the next keyframe."),
      ]),
    ObjectSchema(
      "timed", "An animation on the clock.",
      [
        SchemaField("target", .string(), required: true, "The node's name."),
        SchemaField(
          "tracks", .array(.reference("track"), minCount: 1, maxCount: 16), required: true,
          "Tracks."),
        SchemaField(
          "duration",
          .number(minimum: TimeLimits.minimumDuration, maximum: TimeLimits.maximumDuration),
          required: true, "Seconds (1 ms to an hour)."),
        SchemaField("start", .number(minimum: 0, maximum: 86400), "When it starts."),
        SchemaField(
          "delay", .number(minimum: 0, maximum: TimeLimits.maximumDuration),
          "A wait first (at most an hour)."),
        SchemaField("easing", easing, "The easing."),
        SchemaField("repeatCount", .number(minimum: 0, maximum: 10000), "Plays."),
        SchemaField("autoreverses", .boolean, "Plays back after each run."),
        SchemaField("fillsForward", .boolean, "Holds its end value."),
        SchemaField(
          "fillsBackward", .boolean, default: true,
          "Shows its first value from its start through the delay."),
      ]),
    ObjectSchema(
      "track", "One property over a timed animation.",
      [
        SchemaField(
          "kind", .string(values: TimedAnimation.Track.Kind.allCases.map(\.rawValue)),
          required: true,
          "The property."),
        SchemaField(
          "values", .array(anyNumber, minCount: 1, maxCount: 1000), required: true, "Its values."),
        SchemaField(
          "times", .array(unit, minCount: 1, maxCount: 1000), "When each is reached, 0…1."),
      ]),
    ObjectSchema(
      "template", "The template's short form.",
      [
        SchemaField(
          "items", .array(.reference("templateItem"), minCount: 1, maxCount: 1000), required: true,
          "Pages."),
        SchemaField("backgroundImage", .file, "The picture behind everything."),
        SchemaField(
          "measures", .map(anyNumber, keys: TemplateMeasurement.allCases.map(\.rawValue)),
          "Lengths by name."),
        SchemaField(
          "colors", .map(.color, keys: TemplateColor.allCases.map(\.rawValue)), "Colours by name."),
      ]),
    ObjectSchema(
      "templateItem", "A template page.",
      [
        SchemaField("image", .file, "The picture."),
        SchemaField("subtitle", .reference("text"), required: true, "The text under it."),
        SchemaField("topTitle", .reference("text"), "The top bar's title."),
        SchemaField("bottomTitle", .reference("text"), "The bottom bar's title."),
        SchemaField("topButton", .reference("text"), "The top button's title."),
        SchemaField("bottomButton", .reference("text"), "The bottom button's title."),
      ]),
  ]
}
