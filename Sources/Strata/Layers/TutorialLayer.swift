/// The seven layers of an onboarding, bottom to top.
public enum TutorialLayer: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// One full-screen node behind everything: a colour, a gradient, an image.
  case staticBackground
  /// One full-screen node per page, sliding with the pages (big images that cross-fade).
  case dynamicBackground
  /// One node per page, centred in its page above its dynamic background (a phone frame).
  case wireframe
  /// One node per page, centred inside its wireframe (the screen inside the frame).
  case innerWireframe
  /// One node, full width, pinned to the bottom and masked by the roundness arc (the card, buttons).
  case staticContent
  /// One node per page in a strip over the static content (titles and text).
  case labels
  /// One node per page, riding the top edge of the static content (small round icons).
  case icons

  /// Whether the layer has one node per page (rather than one for the whole onboarding).
  public var isPaged: Bool {
    switch self {
    case .staticBackground, .staticContent: return false
    default: return true
    }
  }

  /// Orders layers bottom to top.
  public static func < (a: TutorialLayer, b: TutorialLayer) -> Bool { a.rawValue < b.rawValue }
}
