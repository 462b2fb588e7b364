import Strata
import StrataText

/// Checks an onboarding's layout as a reader would meet it on every screen: text cut off, text
/// and controls reaching off the screen or out of the box that clips them, text overlapping
/// text or controls, controls overlapping controls, and controls smaller than the 44 × 44
/// points Apple's guidelines ask of a touch target.
///
/// ``findings(_:)`` lays out every page at rest on each device of ``devices`` (portrait and
/// landscape), in each direction of ``directions`` and at each text size of
/// ``contentSizes``; ``findings(in:)`` checks what one controller shows now.
///
/// ```swift
/// let findings = LayoutAudit().findings { size in Welcome(pageSize: size) }
/// for finding in findings { print(finding) }
/// ```
///
/// Text is measured as the renderer lays it out (``engine``), and only where it is drawn:
/// its lines, not the whole of its box, so a title centred in a tall box overlaps nothing
/// below its last line. Nodes hidden, nearly transparent (alpha under 0.05, as the
/// accessibility tree has it) or wholly outside the screen (other pages) are not checked.
public struct LayoutAudit: Sendable {
  /// A screen of the matrix: a name and a size in points.
  public struct Device: Hashable, Sendable, CustomStringConvertible {
    /// What the device is called, for example `"iPhone SE (1st generation)"`.
    public var name: String
    /// The screen in points, in the orientation audited.
    public var size: Size

    /// Creates a device.
    public init(_ name: String, _ width: Double, _ height: Double) {
      self.name = name
      self.size = Size(width: width, height: height)
    }

    /// The same device turned on its side.
    public var rotated: Device {
      let landscape = size.width < size.height
      var d = Device(name, size.height, size.width)
      d.name = "\(name) \(landscape ? "landscape" : "portrait")"
      return d
    }

    /// The name and the size: "iPhone 15 393×852".
    public var description: String {
      "\(name) \(LayoutAudit.format(size.width))×\(LayoutAudit.format(size.height))"
    }

    /// The phones from the smallest to the largest, the two iPad sizes, and each phone in
    /// landscape: 320×568, 375×667, 375×812, 393×852, 430×932, 744×1133, 834×1194, 568×320,
    /// 667×375, 812×375, 852×393 and 932×430.
    public static let matrix: [Device] = {
      let phones = [
        Device("iPhone SE (1st generation)", 320, 568), Device("iPhone SE", 375, 667),
        Device("iPhone 13 mini", 375, 812), Device("iPhone 15", 393, 852),
        Device("iPhone 15 Pro Max", 430, 932),
      ]
      let tablets = [Device("iPad mini", 744, 1133), Device("iPad Pro 11-inch", 834, 1194)]
      return phones + tablets + phones.map(\.rotated)
    }()
  }

  /// One state the audit looked at: the device, the page at rest, the direction and the
  /// text size.
  public struct State: Hashable, Sendable, CustomStringConvertible {
    /// The screen.
    public var device: Device
    /// The page at rest.
    public var page: Int
    /// The layout direction.
    public var direction: LayoutDirection
    /// The reader's text size.
    public var contentSize: ContentSize

    /// Creates a state.
    public init(device: Device, page: Int, direction: LayoutDirection, contentSize: ContentSize) {
      self.device = device
      self.page = page
      self.direction = direction
      self.contentSize = contentSize
    }

    /// "iPhone SE 375×667, page 2, right to left, text accessibility1".
    public var description: String {
      let d = direction == .leftToRight ? "left to right" : "right to left"
      return "\(device), page \(page), \(d), text \(contentSize.rawValue)"
    }
  }

  /// Something a reader would see wrong.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
      /// The text does not fit its box or its line limit: it is cut off, with or without
      /// an ellipsis.
      case truncated
      /// The element reaches past the edge of the screen.
      case offScreen
      /// The element reaches out of an ancestor that clips its children (named, when it has
      /// a name).
      case cutOff(by: String)
      /// The element overlaps another (described as ``Finding/element`` is).
      case overlaps(String)
      /// The button's touch area is smaller than the audit's minimum in at least one
      /// direction. Page indicators are not held to it: like `UIPageControl`, whose height is
      /// 26 points, they are a second way to move between pages, which a swipe anywhere also
      /// does.
      case smallTarget(Size)
    }

    /// What is wrong.
    public var problem: Problem
    /// The element: its kind, name and text, for example `text 'title' ("Welcome")`.
    public var element: String
    /// Where it is drawn, in screen points.
    public var frame: Rect
    /// Where it was found.
    public var state: State

    /// Creates a finding.
    public init(problem: Problem, element: String, frame: Rect, state: State) {
      self.problem = problem
      self.element = element
      self.frame = frame
      self.state = state
    }

    /// One line: the state, the element and what is wrong.
    public var description: String {
      let what: String
      switch problem {
      case .truncated: what = "is cut off"
      case .offScreen: what = "reaches past the edge of the screen"
      case .cutOff(let by): what = "reaches out of \(by), which clips it"
      case .overlaps(let other): what = "overlaps \(other)"
      case .smallTarget(let size):
        what =
          "is \(LayoutAudit.format(size.width))×\(LayoutAudit.format(size.height)) points, "
          + "smaller than a touch target should be"
      }
      return "\(state): \(element) \(what)"
    }
  }

  /// The screens, in the order checked.
  public var devices: [Device] = Device.matrix
  /// The layout directions checked.
  public var directions: [LayoutDirection] = [.leftToRight, .rightToLeft]
  /// The text sizes checked: the default and the first accessibility size.
  public var contentSizes: [ContentSize] = [.large, .accessibility1]
  /// The smallest width and height a control may have, in points.
  public var minimumTarget = 44.0
  /// How far, in points, two elements may overlap or reach past an edge before it counts
  /// (anti-aliasing and rounding).
  public var tolerance = 0.5
  /// Measures text as the renderer lays it out.
  public var engine: TextEngine

  /// Creates an audit of the whole matrix, measuring text with `engine`.
  public init(engine: TextEngine = TextEngine.system) {
    self.engine = engine
  }

  package static func format(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return r == r.rounded() ? String(Int(r)) : String(r)
  }
}
