import Strata

/// Animators, timed animations and the template's items.
extension SpecBuilder {
  // MARK: Motion

  static func animation(_ a: AnimatorSpec) -> (any PageAnimation)? {
    switch a.name {
    case "fade": return Fade(minimumAlpha: a.minimumAlpha ?? 0)
    case "crossFade": return CrossFade(curve: easing(a.curve))
    case "parallax": return Parallax(speed: a.speed ?? 1)
    case "slide": return Slide(by: vector(a.offset), followsSide: a.followsSide ?? false)
    case "scale":
      if case .value(let s) = a.scale { return Scale(to: s) }
      return nil
    case "rotate": return Rotate(by: a.angle ?? 0)
    case "tiltAlongArc": return TiltAlongArc()
    case "followArc": return FollowArc()
    case "colorBlend":
      return ColorBlend(
        (a.colors ?? []).map { color($0) },
        space: a.space.flatMap(Color.InterpolationSpace.init(rawValue:)) ?? .sRGB)
    case "circularReveal": return CircularReveal(from: point(a.origin) ?? Point(x: 0.5, y: 0.8))
    case "slideTransition":
      return SlideTransition(
        a.style.flatMap(SlideTransition.Style.init(rawValue:)) ?? .push,
        from: a.side.flatMap(SlideTransition.Side.init(rawValue:)) ?? .right)
    case "keyframes":
      func frames<V: Interpolatable>(_ list: [KeyframeSpec]?, _ value: (KeyframeValueSpec) -> V?)
        -> Keyframes<V>?
      {
        guard let list else { return nil }
        let k = list.compactMap { f in
          value(f.value).map { Keyframe(f.at, $0, easing: easing(f.easing)) }
        }
        return try? Keyframes(k)
      }
      func number(_ v: KeyframeValueSpec) -> Double? {
        if case .number(let n) = v { return n }
        return nil
      }
      var scaleFrames: Keyframes<Vector>? = nil
      if case .keyframes(let k) = a.scale {
        scaleFrames = frames(k) { number($0).map { Vector(dx: $0, dy: $0) } }
      }
      var colorFrames: Keyframes<Color>? = nil
      if let list = a.backgroundColor {
        colorFrames = try? Keyframes(
          list.compactMap { f in
            if case .color(let c) = f.value {
              return Keyframe(f.at, color(c), easing: easing(f.easing))
            }
            return nil
          })
      }
      return KeyframeAnimation(
        opacity: frames(a.opacity, number),
        translation: frames(a.translation) { v in
          if case .vector(let p) = v, p.count == 2 { return Vector(dx: p[0], dy: p[1]) }
          return nil
        },
        rotation: frames(a.rotation, number), scale: scaleFrames, backgroundColor: colorFrames)
    default: return nil
    }
  }

  /// The animator of the spec's layers (icons ride the arc unless the spec says otherwise).
  func animatorSet() -> AnimatorSet {
    var set = AnimatorSet()
    for layer in TutorialLayer.allCases {
      guard let animators = spec.layers?[layer]?.animators else { continue }
      set.layers[layer] = animators.compactMap(Self.animation)
    }
    return set
  }

  func timedAnimation(_ t: TimedSpec) -> TimedAnimation {
    TimedAnimation(
      target: t.target,
      tracks: t.tracks.compactMap { track in
        TimedAnimation.Track.Kind(rawValue: track.kind).map {
          TimedAnimation.Track($0, track.values, times: track.times ?? [])
        }
      },
      duration: t.duration, delay: t.delay ?? 0, easing: Self.easing(t.easing),
      repeatCount: t.repeatCount ?? 1,
      autoreverses: t.autoreverses ?? false, fillsForward: t.fillsForward ?? true)
  }

  // MARK: Template

  func templateItem(_ item: TemplateItemSpec) -> TemplateItem {
    TemplateItem(
      image: item.image.flatMap { loaded.images[$0] }, subtitle: Self.text(item.subtitle),
      topTitle: item.topTitle.map(Self.text), bottomTitle: item.bottomTitle.map(Self.text),
      topActionButtonTitle: item.topButton.map(Self.text),
      bottomActionButtonTitle: item.bottomButton.map(Self.text))
  }
}

/// The template options a spec gives.
struct SpecTemplateOptions: TemplateOptions {
  let spec: TemplateSpec
  let background: Image?

  init(spec: TemplateSpec, builder: SpecBuilder) {
    self.spec = spec
    background = spec.backgroundImage.flatMap { builder.loaded.images[$0] }
  }

  var backgroundImage: Image? { background }

  func measure(_ measurement: TemplateMeasurement) -> Double? {
    spec.measures?[measurement.rawValue]
  }

  func color(_ component: TemplateColor) -> Color? {
    spec.colors?[component.rawValue].flatMap(SpecColor.parse)
  }
}
