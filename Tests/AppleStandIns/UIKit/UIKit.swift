// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, AlwaysUseLowerCamelCase

// (Apple documents these declarations; a stand-in repeats their signatures only.)
// Stand-in for the parts of UIKit StrataUIKit uses (Linux type-check only).
@_exported import QuartzCore

@MainActor open class UIResponder {
  public init() {}
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

@MainActor open class UIView: UIResponder {
  public let layer = CALayer()
  open var isMultipleTouchEnabled = false
  open var accessibilityElements: [Any]?
  open internal(set) var window: UIWindow?
  public init(frame: CGRect) {
    super.init()
    layer.frame = frame
  }
  public required init?(coder: NSCoder) { return nil }
  open var bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }
  open var frame: CGRect {
    get { layer.frame }
    set { layer.frame = newValue }
  }
  open func layoutSubviews() {}
  open func didMoveToWindow() {}
  /// Stand-in only: puts the view in `window` (or takes it out) as UIKit does.
  public func standInMove(to window: UIWindow?) {
    self.window = window
    didMoveToWindow()
  }
}

@MainActor open class UIWindow: UIView {}

@MainActor open class UIEvent {
  public init() {}
}

@MainActor open class UITouch: Hashable {
  open var timestamp: TimeInterval
  /// Stand-in only: where the touch is in the view it is asked about.
  public var standInLocation: CGPoint
  public init(location: CGPoint, timestamp: TimeInterval) {
    standInLocation = location
    self.timestamp = timestamp
  }
  open func location(in view: UIView?) -> CGPoint { standInLocation }
  nonisolated public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
  nonisolated public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

public struct UIAccessibilityTraits: OptionSet, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }
  public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
  public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
  public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
  public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
  public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
  public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
  public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

@MainActor open class UIAccessibilityElement {
  open var accessibilityLabel: String?
  open var accessibilityValue: String?
  open var accessibilityHint: String?
  open var accessibilityIdentifier: String?
  open var accessibilityTraits = UIAccessibilityTraits()
  open var accessibilityFrameInContainerSpace: CGRect = .zero
  open weak var accessibilityContainer: AnyObject?
  public init(accessibilityContainer container: Any) {
    accessibilityContainer = container as AnyObject
  }
  open func accessibilityActivate() -> Bool { false }
  open func accessibilityIncrement() {}
  open func accessibilityDecrement() {}
}

public enum UIAccessibility {
  public struct Notification: Equatable, Sendable {
    let rawValue: Int
    public static let announcement = Notification(rawValue: 1)
  }
  /// Stand-in only: what was posted.
  @MainActor public static var standInPosted: [String] = []
  @MainActor public static func post(notification: Notification, argument: Any?) {
    standInPosted.append(argument as? String ?? "")
  }
}

public enum UIModalPresentationStyle: Int, Sendable {
  case automatic = -2
  case fullScreen = 0
  case pageSheet = 1
}

@MainActor open class UIViewController: UIResponder {
  open var modalPresentationStyle = UIModalPresentationStyle.automatic
  private var loaded: UIView?
  public init(nibName: String?, bundle: Bundle?) { super.init() }
  public required init?(coder: NSCoder) { return nil }
  open var view: UIView! {
    get {
      if loaded == nil { loadView() }
      return loaded
    }
    set { loaded = newValue }
  }
  open func loadView() {}
  open func viewDidDisappear(_ animated: Bool) {}
  /// Stand-in only: dismissals asked for.
  public private(set) var standInDismissals = 0
  open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
    standInDismissals += 1
    completion?()
  }
}

extension UIViewController {
  /// Stand-in only: presentations asked for.
  public func present(
    _ viewController: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    completion?()
  }
}
