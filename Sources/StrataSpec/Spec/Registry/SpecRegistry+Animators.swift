import Strata

extension SpecRegistry {
  static let keyframeList = SchemaNode.array(.reference("keyframe"), minCount: 1, maxCount: 1000)

  /// Every animator a spec can name, each declared once.
  static let animatorKinds: [SpecAnimatorKind] = [
    SpecAnimatorKind(
      "fade", "Fades a page's node out as it leaves the centre.",
      [SchemaField("minimumAlpha", SpecSchema.unit, default: 0, "The lowest opacity.")],
      build: { Fade(minimumAlpha: $0.number("minimumAlpha") ?? 0) },
      export: { a in (a as? Fade).map { ["minimumAlpha": .number($0.minimumAlpha)] } }),
    SpecAnimatorKind(
      "crossFade", "Fades between neighbouring pages along an easing.",
      [SchemaField("curve", SpecSchema.easing, default: "linear", "The easing.")],
      build: { CrossFade(curve: SpecBuilder.easing($0.string("curve"))) },
      export: { a in (a as? CrossFade).map { ["curve": .string($0.curve.name)] } }),
    SpecAnimatorKind(
      "parallax", "Moves a page's node at its own speed.",
      [
        SchemaField(
          "speed", SpecSchema.anyNumber, required: true, "1 moves with the page, 0 stays put.")
      ],
      build: { Parallax(speed: $0.number("speed") ?? 1) },
      export: { a in (a as? Parallax).map { ["speed": .number($0.speed)] } }),
    SpecAnimatorKind(
      "slide", "Moves a page's node by an offset at one page away.",
      [
        SchemaField("offset", SpecSchema.pair, required: true, "[dx, dy] at one page away."),
        SchemaField(
          "followsSide", .boolean, default: false, "Whether the direction follows the page's side."),
      ],
      build: {
        Slide(
          by: SpecBuilder.vector($0.pair("offset")), followsSide: $0.bool("followsSide") ?? false)
      },
      export: { a in
        (a as? Slide).map {
          [
            "offset": JSONValue(numbers: [$0.offset.dx, $0.offset.dy]),
            "followsSide": JSONValue(.bool($0.followsSide)),
          ]
        }
      }),
    SpecAnimatorKind(
      "scale", "Scales a page's node towards a scale at one page away.",
      [SchemaField("scale", SpecSchema.anyNumber, required: true, "The scale at one page away.")],
      build: { Scale(to: $0.number("scale") ?? 1) },
      export: { a in (a as? Scale).map { ["scale": .number($0.scale)] } }),
    SpecAnimatorKind(
      "rotate", "Turns a page's node towards an angle at one page away.",
      [SchemaField("angle", SpecSchema.anyNumber, required: true, "Radians at one page away.")],
      build: { Rotate(by: $0.number("angle") ?? 0) },
      export: { a in (a as? Rotate).map { ["angle": .number($0.angle)] } }),
    SpecAnimatorKind(
      "tiltAlongArc", "Tilts a page's node along the roundness arc.", [],
      build: { _ in TiltAlongArc() }, export: { a in a is TiltAlongArc ? [:] : nil }),
    SpecAnimatorKind(
      "followArc", "Carries a page's node along the roundness arc (the icons' default).", [],
      build: { _ in FollowArc() }, export: { a in a is FollowArc ? [:] : nil }),
    SpecAnimatorKind(
      "colorBlend", "Blends the background through a colour per page.",
      [
        SchemaField(
          "colors", .array(.color, minCount: 1, maxCount: 1000), required: true,
          "A colour per page."),
        SchemaField(
          "space", .string(values: Color.InterpolationSpace.allCases.map(\.rawValue)),
          default: "sRGB", "Where colours mix."),
      ],
      build: { a in
        ColorBlend(
          (a.strings("colors") ?? []).map { SpecBuilder.color($0) },
          space: a.string("space").flatMap(Color.InterpolationSpace.init(rawValue:)) ?? .sRGB)
      },
      export: { a in
        (a as? ColorBlend).map {
          [
            "colors": JSONValue(.array($0.colors.map { .string(SpecColor.format($0)) })),
            "space": .string($0.space.rawValue),
          ]
        }
      }),
    SpecAnimatorKind(
      "circularReveal", "Reveals the next page through a growing circle.",
      [
        SchemaField(
          "origin", SpecSchema.pair, default: [0.5, 0.8], "The centre in unit coordinates.")
      ],
      build: {
        CircularReveal(from: SpecBuilder.point($0.pair("origin")) ?? Point(x: 0.5, y: 0.8))
      },
      export: { a in
        (a as? CircularReveal).map { ["origin": JSONValue(numbers: [$0.origin.x, $0.origin.y])] }
      }),
    SpecAnimatorKind(
      "slideTransition", "Pushes, covers or uncovers pages from a side.",
      [
        SchemaField(
          "style", .string(values: SlideTransition.Style.allCases.map(\.rawValue)),
          required: true, "How pages meet."),
        SchemaField(
          "side", .string(values: SlideTransition.Side.allCases.map(\.rawValue)),
          default: "right", "Where the next page comes from."),
      ],
      build: { a in
        SlideTransition(
          a.string("style").flatMap(SlideTransition.Style.init(rawValue:)) ?? .push,
          from: a.string("side").flatMap(SlideTransition.Side.init(rawValue:)) ?? .right)
      },
      export: { a in
        (a as? SlideTransition).map {
          ["style": .string($0.style.rawValue), "side": .string($0.side.rawValue)]
        }
      }),
    SpecAnimatorKind(
      "keyframes", "Properties over page positions, each a list of keyframes.",
      [
        SchemaField("opacity", keyframeList, "Opacity: numbers."),
        SchemaField("translation", keyframeList, "Translation: [dx, dy]."),
        SchemaField("rotation", keyframeList, "Rotation: radians."),
        SchemaField("scale", keyframeList, "Uniform scale: numbers."),
        SchemaField("backgroundColor", keyframeList, "Background: colours."),
      ],
      build: keyframeAnimation, export: keyframeParameters, check: checkKeyframes),
  ]

  /// What each keyframes track holds: its key, and the kind of its values.
  static let keyframeTracks: [(key: String, kind: KeyframeKind)] = [
    ("opacity", .number), ("translation", .vector), ("rotation", .number), ("scale", .number),
    ("backgroundColor", .color),
  ]

  /// What a keyframe's value is.
  enum KeyframeKind {
    case number, vector, color

    var expected: String {
      switch self {
      case .number: return "a number"
      case .vector: return "[x, y]"
      case .color: return "a colour"
      }
    }

    func accepts(_ value: KeyframeValueSpec) -> Bool {
      switch (value, self) {
      case (.number, .number): return true
      case (.vector(let v), .vector): return v.count == 2
      case (.color(let c), .color): return SpecColor.parse(c) != nil
      default: return false
      }
    }
  }
}
