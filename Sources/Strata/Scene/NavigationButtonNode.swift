/// A ready-made skip, next, back or done button for the static content.
///
/// The controller shows it on the pages its ``visibility`` names — cross-fading as the pages
/// scroll — and acts on taps: next and back scroll a page (as the navigation policy allows),
/// skip and done finish the onboarding (telling the delegate whether it was skipped).
open class NavigationButtonNode: ButtonNode {
  /// What the button does.
  public enum Role: String, Hashable, Sendable, CaseIterable {
    /// Finishes the onboarding early.
    case skip
    /// Goes to the next page.
    case next
    /// Goes to the previous page.
    case back
    /// Finishes the onboarding.
    case done

    /// The default title.
    public var title: String {
      switch self {
      case .skip: return "Skip"
      case .next: return "Next"
      case .back: return "Back"
      case .done: return "Done"
      }
    }

    /// The default pages it shows on.
    public var defaultVisibility: Visibility {
      switch self {
      case .skip, .next: return .exceptLastPage
      case .back: return .exceptFirstPage
      case .done: return .lastPage
      }
    }
  }

  /// On which pages a button shows.
  public enum Visibility: Hashable, Sendable {
    /// Every page.
    case always
    /// The first page only.
    case firstPage
    /// The last page only.
    case lastPage
    /// Every page but the first.
    case exceptFirstPage
    /// Every page but the last.
    case exceptLastPage
    /// The listed pages.
    case pages(Set<Int>)

    /// How much the button shows in `transition`: the share of the pages it shows on, 0...1.
    public func fraction(in transition: PageTransition) -> Double {
      let last = transition.pageCount - 1
      switch self {
      case .always: return 1
      case .firstPage: return transition.visibility(of: 0)
      case .lastPage: return transition.visibility(of: last)
      case .exceptFirstPage: return 1 - transition.visibility(of: 0)
      case .exceptLastPage: return 1 - transition.visibility(of: last)
      case .pages(let set):
        return [transition.fromPage, transition.toPage].filter(set.contains).reduce(0) {
          $0 + transition.visibility(of: $1)
        }.clamped(to: 0...1)
      }
    }
  }

  /// The action identifiers the roles report, `strata.skip` and so on.
  public static func actionIdentifier(for role: Role) -> String { "strata.\(role.rawValue)" }

  /// What the button does.
  public let role: Role
  /// On which pages it shows.
  public var visibility: Visibility
  /// Whether the button holds its state while the pages rubber-band past the first or last
  /// page (true by default: a Done button stays fully shown while the last page bounces).
  /// When false it fades with the bounce, as the pages' share of the viewport falls.
  public var holdsAtEnds = true

  /// Creates a navigation button with a designed default look for `style`: next and done are
  /// filled pills (their corner radius half the frame's height), skip and back are quiet text.
  /// A `title` you give replaces the default title; set ``Node/backgroundColor`` and
  /// ``Node/cornerRadius`` afterwards to restyle the button.
  public init(
    role: Role, title: TextContent? = nil, frame: Rect = .zero, visibility: Visibility? = nil,
    style: InterfaceStyle = .light, name: String? = nil
  ) {
    self.role = role
    self.visibility = visibility ?? role.defaultVisibility
    let look = Self.look(of: role, style: style)
    super.init(
      title: title
        ?? TextContent(role.title, font: .system(size: 16, weight: .semibold), color: look.title),
      actionIdentifier: Self.actionIdentifier(for: role), frame: frame, name: name ?? role.title)
    backgroundColor = look.fill
    if look.fill != nil { cornerRadius = frame.height / 2 }
  }

  /// Whether the role moves the reader on (next, done): those buttons are filled.
  public var isPrimary: Bool { role == .next || role == .done }

  /// The default colours of a role's button in a style: the title's and, for next and done,
  /// the fill's.
  public static func look(of role: Role, style: InterfaceStyle) -> (title: Color, fill: Color?) {
    let primary = role == .next || role == .done
    switch (style, primary) {
    case (.light, true): return (.white, Color(red8: 28, green8: 28, blue8: 30))
    case (.light, false): return (Color(red8: 110, green8: 110, blue8: 115), nil)
    case (.dark, true): return (Color(red8: 28, green8: 28, blue8: 30), .white)
    case (.dark, false): return (Color(white: 1, alpha: 0.75), nil)
    }
  }
}

/// Where a page lets the reader go.
public struct NavigationPolicy: Hashable, Sendable {
  /// Whether the reader may move to the next page from this one.
  public var canGoForward: Bool
  /// Whether the reader may move to the previous page from this one.
  public var canGoBack: Bool
  /// Whether the page is a required step: Skip does not pass it (it stops there instead, and
  /// on the page itself is refused) until the reader has gone on from it.
  public var isRequired: Bool

  /// Creates a policy.
  public init(canGoForward: Bool = true, canGoBack: Bool = true, isRequired: Bool = false) {
    self.canGoForward = canGoForward
    self.canGoBack = canGoBack
    self.isRequired = isRequired
  }

  /// Both ways.
  public static let free = NavigationPolicy()
  /// Forward only (no going back).
  public static let forwardOnly = NavigationPolicy(canGoForward: true, canGoBack: false)
  /// Neither way: the reader must use a button.
  public static let locked = NavigationPolicy(canGoForward: false, canGoBack: false)
}

/// Which kind of background controls sit on: ``light`` controls are dark on a light card,
/// ``dark`` controls light on a dark one.
public enum InterfaceStyle: String, Hashable, Sendable, CaseIterable {
  /// Dark controls for a light background.
  case light
  /// Light controls for a dark background.
  case dark
}
