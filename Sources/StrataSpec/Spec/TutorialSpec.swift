import Strata

/// An onboarding as a document: what a JSON spec file holds, as plain values.
///
/// This is the file's own model, separate from the runtime one: ``SpecLoader`` reads and checks
/// a file into it, ``SpecTutorial`` builds a ``TutorialController`` from it, and encoding it
/// with `JSONEncoder` writes a spec file back (the round trip keeps every value). Colours are
/// strings (`"#RRGGBB"` or `"#RRGGBBAA"`), frames `[x, y, width, height]`, points and vectors
/// `[x, y]`; paths of files are relative to the spec file. Docs/Spec.md describes every key.
public struct TutorialSpec: Codable, Hashable, Sendable {
  /// The format's version: 1.
  public var strata: Int
  /// The page size the onboarding is designed at.
  public var pageSize: SizeSpec
  /// The number of pages (taken from the template's items when there is a template).
  public var pageCount: Int?
  /// Layout measures that differ from the defaults.
  public var layout: LayoutSpec?
  /// Reduced motion and right to left.
  public var options: OptionsSpec?
  /// Paging, swiping and autoplay.
  public var navigation: NavigationSpec?
  /// The seven layers' content and animators.
  public var layers: LayersSpec?
  /// Animations on the clock, started when the onboarding loads.
  public var timed: [TimedSpec]?
  /// The template's short form: items and options instead of layers.
  public var template: TemplateSpec?
  /// A folder of images by name (`name.png`, `name@2x.png`, `name@3x.jpg`, `name.svg`…),
  /// relative to the spec, for `image` nodes that give an `asset` name.
  public var assets: String?

  /// Creates a spec.
  public init(
    strata: Int = 1, pageSize: SizeSpec, pageCount: Int? = nil, layout: LayoutSpec? = nil,
    options: OptionsSpec? = nil, navigation: NavigationSpec? = nil, layers: LayersSpec? = nil,
    timed: [TimedSpec]? = nil, template: TemplateSpec? = nil
  ) {
    self.strata = strata
    self.pageSize = pageSize
    self.pageCount = pageCount
    self.layout = layout
    self.options = options
    self.navigation = navigation
    self.layers = layers
    self.timed = timed
    self.template = template
  }

  /// The number of pages the spec shows.
  public var resolvedPageCount: Int { template.map { $0.items.count } ?? pageCount ?? 0 }
}

/// A width and a height, in points.
public struct SizeSpec: Codable, Hashable, Sendable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// Layout measures (each `nil` for the controller's default).
public struct LayoutSpec: Codable, Hashable, Sendable {
  /// The static content's height, up to the ends of the arc.
  public var staticContentHeight: Double?
  /// The height of the roundness arc.
  public var roundnessHeight: Double?
  /// Where labels start, from the top of the page.
  public var labelsTopMargin: Double?
  /// How far above the bottom labels end.
  public var labelsBottomMargin: Double?
  /// A shadow cast by the static content's arc-topped shape (drawn above the backgrounds).
  public var staticContentShadow: ShadowSpec?
  /// Which page draws on top where pages overlap: `"firstAbove"` (page 0 over page 1…) or
  /// `"lastAbove"` (the default order).
  public var pageStacking: String?
  /// The safe-area insets `[top, left, bottom, right]`.
  public var safeArea: [Double]?

  /// Creates layout measures.
  public init(
    staticContentHeight: Double? = nil, roundnessHeight: Double? = nil,
    labelsTopMargin: Double? = nil, labelsBottomMargin: Double? = nil,
    staticContentShadow: ShadowSpec? = nil, pageStacking: String? = nil, safeArea: [Double]? = nil
  ) {
    self.staticContentHeight = staticContentHeight
    self.roundnessHeight = roundnessHeight
    self.labelsTopMargin = labelsTopMargin
    self.labelsBottomMargin = labelsBottomMargin
    self.staticContentShadow = staticContentShadow
    self.pageStacking = pageStacking
    self.safeArea = safeArea
  }
}

/// Accessibility and direction.
public struct OptionsSpec: Codable, Hashable, Sendable {
  /// Whether motion is reduced.
  public var reduceMotion: Bool?
  /// `"leftToRight"` or `"rightToLeft"`.
  public var layoutDirection: String?
  /// The reader's text size: a ``ContentSize`` name (`"xSmall"` … `"accessibility5"`).
  public var contentSize: String?
  /// Creates options.
  public init(
    reduceMotion: Bool? = nil, layoutDirection: String? = nil, contentSize: String? = nil
  ) {
    self.reduceMotion = reduceMotion
    self.layoutDirection = layoutDirection
    self.contentSize = contentSize
  }
}

/// How the onboarding moves from page to page.
public struct NavigationSpec: Codable, Hashable, Sendable {
  /// `"free"`, `"forwardOnly"` or `"locked"`, for every page (see `policies`).
  public var policy: String?
  /// A policy per page, overriding `policy` (page index as a string key).
  public var policies: [String: String]?
  /// `"follow"` (the pages follow the finger) or `"discrete"` (a swipe turns one page).
  public var swipeMode: String?
  /// Whether the scroll bounces past the ends.
  public var bounces: Bool?
  /// Whether the pages go round: after the last page comes the first, for swipes, buttons and
  /// autoplay alike (``TutorialController/isCircular``).
  public var wrapAround: Bool?
  /// `"horizontal"` (the default) or `"vertical"` (``TutorialController/pagingAxis``).
  public var axis: String?
  /// Pages that are required steps: Skip stops at them (``NavigationPolicy/isRequired``).
  public var requiredPages: [Int]?
  /// Seconds a check for leaving a page may take (``TutorialController/leaveCheckTimeout``).
  public var leaveCheckTimeout: Double?
  /// Seconds between automatic page turns; `nil` for none. A spec file must give
  /// ``TimeLimits/minimumInterval``...``TimeLimits/maximumInterval``; a value set in code is
  /// clamped to that range.
  public var autoplay: Double?
  /// Pages with an autoplay wait of their own, by index (`"2": 8`).
  public var autoplayPageIntervals: [String: Double]?
  /// Seconds after a finger lifts before autoplay goes on (the interval by default).
  public var autoplayResumeAfter: Double?
  /// `"stop"` at the last page or `"loop"` (the default: loop when the pages wrap around).
  public var autoplayEnd: String?
  /// Under reduced motion autoplay `"pause"`s (the default) or `"jump"`s.
  public var autoplayReducedMotion: String?

  /// Creates navigation settings.
  public init(
    policy: String? = nil, policies: [String: String]? = nil, swipeMode: String? = nil,
    bounces: Bool? = nil, wrapAround: Bool? = nil, axis: String? = nil,
    requiredPages: [Int]? = nil, leaveCheckTimeout: Double? = nil, autoplay: Double? = nil,
    autoplayPageIntervals: [String: Double]? = nil, autoplayResumeAfter: Double? = nil,
    autoplayEnd: String? = nil, autoplayReducedMotion: String? = nil
  ) {
    self.policy = policy
    self.policies = policies
    self.swipeMode = swipeMode
    self.bounces = bounces
    self.wrapAround = wrapAround
    self.axis = axis
    self.requiredPages = requiredPages
    self.leaveCheckTimeout = leaveCheckTimeout
    self.autoplay = autoplay
    self.autoplayPageIntervals = autoplayPageIntervals
    self.autoplayResumeAfter = autoplayResumeAfter
    self.autoplayEnd = autoplayEnd
    self.autoplayReducedMotion = autoplayReducedMotion
  }

  /// The controller's autoplay these settings describe, or `nil` without an interval.
  public var resolvedAutoplay: Autoplay? {
    guard let interval = autoplay else { return nil }
    var pages: [Int: Double] = [:]
    for (key, value) in autoplayPageIntervals ?? [:] {
      if let page = Int(key), String(page) == key { pages[page] = value }
    }
    return Autoplay(
      interval: interval, pageIntervals: pages,
      resumeAfterTouch: autoplayResumeAfter ?? interval,
      end: autoplayEnd.flatMap(Autoplay.End.init(rawValue:))
        ?? (wrapAround == true ? .loop : .stop),
      reducedMotion: autoplayReducedMotion.flatMap(Autoplay.ReducedMotion.init(rawValue:))
        ?? .pause)
  }
}

/// The seven layers.
public struct LayersSpec: Codable, Hashable, Sendable {
  /// The static background.
  public var staticBackground: LayerSpec?
  /// The dynamic background.
  public var dynamicBackground: LayerSpec?
  /// The wireframes.
  public var wireframe: LayerSpec?
  /// The inner wireframes.
  public var innerWireframe: LayerSpec?
  /// The static content.
  public var staticContent: LayerSpec?
  /// The labels.
  public var labels: LayerSpec?
  /// The icons.
  public var icons: LayerSpec?
  /// Creates layers.
  public init(
    staticBackground: LayerSpec? = nil, dynamicBackground: LayerSpec? = nil,
    wireframe: LayerSpec? = nil, innerWireframe: LayerSpec? = nil,
    staticContent: LayerSpec? = nil, labels: LayerSpec? = nil, icons: LayerSpec? = nil
  ) {
    self.staticBackground = staticBackground
    self.dynamicBackground = dynamicBackground
    self.wireframe = wireframe
    self.innerWireframe = innerWireframe
    self.staticContent = staticContent
    self.labels = labels
    self.icons = icons
  }
}

/// One layer: its content (one node for the static layers, one per page for the others) and
/// its animators, run in order.
public struct LayerSpec: Codable, Hashable, Sendable {
  /// The node of a static layer (static background, static content).
  public var node: NodeSpec?
  /// The node of each page, for the page layers; `null` for a page without one.
  public var pages: [NodeSpec?]?
  /// The animators, by name with their parameters.
  public var animators: [AnimatorSpec]?
  /// Creates a layer.
  public init(node: NodeSpec? = nil, pages: [NodeSpec?]? = nil, animators: [AnimatorSpec]? = nil) {
    self.node = node
    self.pages = pages
    self.animators = animators
  }
}

/// A shadow.
public struct ShadowSpec: Codable, Hashable, Sendable {
  /// Its colour.
  public var color: String?
  /// Its opacity, 0…1.
  public var opacity: Double?
  /// Its offset `[dx, dy]`.
  public var offset: [Double]?
  /// Its blur radius.
  public var radius: Double?
  /// The shape that casts it, as path data, instead of the node's own.
  public var path: String?
  /// Creates a shadow.
  public init(
    color: String? = nil, opacity: Double? = nil, offset: [Double]? = nil, radius: Double? = nil,
    path: String? = nil
  ) {
    self.color = color
    self.opacity = opacity
    self.offset = offset
    self.radius = radius
    self.path = path
  }
}

/// A border.
public struct BorderSpec: Codable, Hashable, Sendable {
  /// Its width.
  public var width: Double
  /// Its colour.
  public var color: String
  /// Creates a border.
  public init(width: Double, color: String) {
    self.width = width
    self.color = color
  }
}

/// Animations on the clock: a target node (by name), tracks of values over the animation's
/// time, and how it runs.
public struct TimedSpec: Codable, Hashable, Sendable {
  /// The node's name.
  public var target: String
  /// The tracks.
  public var tracks: [TrackSpec]
  /// Its duration in seconds.
  public var duration: Double
  /// When it starts, in seconds of the onboarding's clock.
  public var start: Double?
  /// A wait before it starts.
  public var delay: Double?
  /// The easing's name.
  public var easing: String?
  /// How many times it plays (fractions allowed).
  public var repeatCount: Double?
  /// Whether it plays back after each run.
  public var autoreverses: Bool?
  /// Whether it holds its end value.
  public var fillsForward: Bool?
  /// Whether it shows its first value during the delay (default true).
  public var fillsBackward: Bool?
  /// Creates a timed animation.
  public init(
    target: String, tracks: [TrackSpec], duration: Double, start: Double? = nil,
    delay: Double? = nil, easing: String? = nil, repeatCount: Double? = nil,
    autoreverses: Bool? = nil, fillsForward: Bool? = nil, fillsBackward: Bool? = nil
  ) {
    self.target = target
    self.tracks = tracks
    self.duration = duration
    self.start = start
    self.delay = delay
    self.easing = easing
    self.repeatCount = repeatCount
    self.autoreverses = autoreverses
    self.fillsForward = fillsForward
    self.fillsBackward = fillsBackward
  }
}

/// One property's values over a timed animation.
public struct TrackSpec: Codable, Hashable, Sendable {
  /// The property: `alpha`, `translationX`, `translationY`, `scale`, `rotation`,
  /// `indicatorPosition` or `zPosition`.
  public var kind: String
  /// Its values.
  public var values: [Double]
  /// When each value is reached, 0…1 of the duration (evenly spaced when absent).
  public var times: [Double]?
  /// Creates a track.
  public init(kind: String, values: [Double], times: [Double]? = nil) {
    self.kind = kind
    self.values = values
    self.times = times
  }
}

extension LayersSpec {
  /// The spec of `layer`.
  public subscript(layer: TutorialLayer) -> LayerSpec? {
    get {
      switch layer {
      case .staticBackground: return staticBackground
      case .dynamicBackground: return dynamicBackground
      case .wireframe: return wireframe
      case .innerWireframe: return innerWireframe
      case .staticContent: return staticContent
      case .labels: return labels
      case .icons: return icons
      }
    }
    set {
      switch layer {
      case .staticBackground: staticBackground = newValue
      case .dynamicBackground: dynamicBackground = newValue
      case .wireframe: wireframe = newValue
      case .innerWireframe: innerWireframe = newValue
      case .staticContent: staticContent = newValue
      case .labels: labels = newValue
      case .icons: icons = newValue
      }
    }
  }
}
