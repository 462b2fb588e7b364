import Strata
import StrataExamples

/// An onboarding the `strata` tool can list, render and measure: a name for the command line
/// and a way to build its controller.
///
/// Register your own to get the whole tool for them — `render`, `frame`, scripts, contact
/// sheets — from a `main.swift` of three lines:
///
/// ```swift
/// import StrataCommand
///
/// Tool.main(onboardings: [Onboarding(name: "welcome", summary: "our app's welcome") { Welcome(pageSize: $0) }])
/// ```
public struct Onboarding: Sendable {
  /// The name used on the command line, for example `animals`.
  public let name: String
  /// One line saying what it shows.
  public let summary: String
  /// The page size it was designed at.
  public let defaultPageSize: Size
  /// The locales it has text for, the first being the default; empty when it has one language.
  public let locales: [String]
  /// The gesture script `strata render` plays when it is given none: the session that shows
  /// what makes this onboarding distinctive (timed transitions, a page control that waits for
  /// the finger to lift). `nil` for a swipe through every page, position by position.
  public var defaultScript: String?
  /// Builds a fresh controller for a viewport of the given size, in the given locale (one of
  /// ``locales``, or `nil` for the default).
  public let makeController: @Sendable (Size, String?) -> TutorialController

  /// Creates an onboarding in one language.
  public init(
    name: String, summary: String, defaultPageSize: Size = Size(width: 375, height: 667),
    defaultScript: String? = nil,
    makeController: @escaping @Sendable (Size) -> TutorialController
  ) {
    self.init(
      name: name, summary: summary, defaultPageSize: defaultPageSize, locales: [],
      defaultScript: defaultScript, makeController: { size, _ in makeController(size) })
  }

  /// Creates an onboarding with text for several `locales`.
  public init(
    name: String, summary: String, defaultPageSize: Size = Size(width: 375, height: 667),
    locales: [String], defaultScript: String? = nil,
    makeController: @escaping @Sendable (Size, String?) -> TutorialController
  ) {
    self.defaultScript = defaultScript
    self.name = name
    self.summary = summary
    self.defaultPageSize = defaultPageSize
    self.locales = locales
    self.makeController = makeController
  }

  /// The examples that come with Strata, in the order `strata list` shows them.
  public static let examples: [Onboarding] = [
    Onboarding(
      name: "animals",
      summary: "bears, birds and elephants: the LUN animals onboarding, an SVG bear, a JPEG print",
      locales: AnimalsTutorial.locales,
      makeController: { AnimalsTutorial(pageSize: $0, locale: $1) }),
    Onboarding(
      name: "swiper",
      summary: "seed 000: an MVVM swiper with cross-fading illustrations and extended dots",
      makeController: { SwiperExample(pageSize: $0) }),
    Onboarding(
      name: "cards",
      summary: "seed 001: full-page cards in Portuguese, no bounce, a UIPageControl",
      defaultScript: Self.cardsScript,
      makeController: { CardsExample(pageSize: $0) }),
    Onboarding(
      name: "template",
      summary: "seed 003: TDOnboarding as a template from items and options, no subclass",
      defaultScript: Self.templateScript,
      makeController: { TemplateExample.make(pageSize: $0) }),
    Onboarding(
      name: "template-styled",
      summary: "the template with every option set: measures, colours, configure hooks, cells",
      defaultScript: Self.templateScript,
      makeController: { TemplateExample.make(pageSize: $0, styled: true) }),
    Onboarding(
      name: "slider",
      summary: "seed 004: an image slider on the clock — timed transitions, wrap-around, bullets",
      defaultPageSize: Size(width: 375, height: 260),
      defaultScript: Self.sliderScript,
      makeController: { SliderExample.example(pageSize: $0) }),
    Onboarding(
      name: "motion",
      summary: "Lottie illustrations that play with the swipe, and a swipe hint on the clock",
      makeController: { MotionExample(pageSize: $0) }),
    Onboarding(
      name: "layers",
      summary: "the seven-layer model in plain shapes, one colour per layer",
      makeController: { LayersExample(pageSize: $0) }),
  ]

  /// The slider's session: a swipe to each of its four images in turn, each transition left to
  /// finish, the last swipe wrapping around to the first image.
  static let sliderScript = Array(repeating: "swipe left; wait 1", count: 4).joined(
    separator: "; ")

  /// The cards' session: each card dragged slowly across (the page control keeps the card the
  /// drag began on until the finger lifts), then a drag past the last card, which does not
  /// bounce, and a fast flick back.
  static let cardsScript =
    Array(repeating: "drag 330 400 to 50 400 in 1.2; wait 0.6", count: 2).joined(separator: "; ")
    + "; drag 330 400 to 50 400 in 0.8; wait 0.5; swipe right fast; wait 0.8"

  /// The template's session: each item dragged to the next (the top button hides while the
  /// pages move and shows the new item's title when they rest), then a swipe back.
  static let templateScript =
    Array(repeating: "drag 330 300 to 50 300 in 0.7; wait 0.8", count: 2).joined(separator: "; ")
    + "; swipe right; wait 0.8"
}
