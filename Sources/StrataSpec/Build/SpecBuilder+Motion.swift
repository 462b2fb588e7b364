import Strata

/// Animators, timed animations and the template's items.
extension SpecBuilder {
  // MARK: Motion

  /// The animation `a` names (``SpecRegistry``).
  static func animation(_ a: AnimatorSpec) -> (any PageAnimation)? {
    SpecRegistry.animator(named: a.name)?.build(a)
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
      autoreverses: t.autoreverses ?? false, fillsForward: t.fillsForward ?? true,
      fillsBackward: t.fillsBackward ?? true)
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
