/// What an element is and does, for assistive technologies (VoiceOver's traits, TalkBack's
/// roles).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates traits from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Activating it does something.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// A heading.
  public static let header = AccessibilityTraits(rawValue: 1 << 1)
  /// Text that does not change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 2)
  /// A picture.
  public static let image = AccessibilityTraits(rawValue: 1 << 3)
  /// Its value goes up and down (swipe up and down with VoiceOver): the pages.
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 4)
  /// It does not take actions now (a disabled button).
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 5)
  /// The selected one of a set.
  public static let selected = AccessibilityTraits(rawValue: 1 << 6)

  /// The names of the traits set, in a fixed order (for JSON and messages).
  public var names: [String] {
    let all: [(AccessibilityTraits, String)] = [
      (.button, "button"), (.header, "header"), (.staticText, "staticText"), (.image, "image"),
      (.adjustable, "adjustable"), (.notEnabled, "notEnabled"), (.selected, "selected"),
    ]
    return all.filter { contains($0.0) }.map(\.1)
  }
}

/// Something an assistive technology can ask an element to do.
public enum AccessibilityAction: Hashable, Sendable {
  /// Activate it (a double tap with VoiceOver): press the button with this action identifier.
  case activate(String)
  /// Raise its value: the next page.
  case increment
  /// Lower its value: the previous page.
  case decrement

  /// The action as it appears in JSON: `activate:<identifier>`, `increment` or `decrement`.
  public var name: String {
    switch self {
    case .activate(let id): return "activate:" + id
    case .increment: return "increment"
    case .decrement: return "decrement"
    }
  }
}

/// One element of an ``AccessibilityTree``: what a screen reader focuses, reads and acts on.
public struct AccessibilityElement: Hashable, Sendable {
  /// What is read first: the text, the button's title, the label a data source gave.
  public var label: String
  /// The current value, read after the label (the pages' "Page 2 of 3").
  public var value: String?
  /// What activating it does, read after a pause.
  public var hint: String?
  /// What it is.
  public var traits: AccessibilityTraits
  /// Where it is, in viewport points (for focus rectangles and touch exploration).
  public var frame: Rect
  /// The node's name, to find it again (``Node/name``); `pages` for the pages element.
  public var identifier: String?
  /// What it can be asked to do.
  public var actions: [AccessibilityAction]

  /// Creates an element.
  public init(
    label: String, value: String? = nil, hint: String? = nil, traits: AccessibilityTraits = [],
    frame: Rect, identifier: String? = nil, actions: [AccessibilityAction] = []
  ) {
    self.label = label
    self.value = value
    self.hint = hint
    self.traits = traits
    self.frame = frame
    self.identifier = identifier
    self.actions = actions
  }
}

/// The accessibility of what the controller shows, as plain values a host maps to VoiceOver
/// (`UIAccessibilityElement`s) or TalkBack (`AccessibilityNodeInfo`s): the elements in reading
/// order and what to announce when the page changes. See
/// ``TutorialController/accessibilityTree()``.
public struct AccessibilityTree: Hashable, Sendable {
  /// The elements, in the order a screen reader reads them.
  public var elements: [AccessibilityElement]
  /// What to announce when the pages come to rest on the current page ("Page 2 of 3. BIRDS").
  public var announcement: String
  /// The page the tree describes.
  public var page: Int

  /// Creates a tree.
  public init(elements: [AccessibilityElement], announcement: String, page: Int) {
    self.elements = elements
    self.announcement = announcement
    self.page = page
  }

  /// The tree as a JSON document: `{"page", "announcement", "elements": [{"label", "value",
  /// "hint", "traits", "frame": [x, y, width, height], "identifier", "actions"}]}` (absent
  /// fields left out), one element per line.
  public var json: String {
    func number(_ v: Double) -> String {
      let r = (v * 100).rounded() / 100
      return r == r.rounded() && Swift.abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
    let lines = elements.map { e -> String in
      var fields = ["\"label\":" + JSONLiteral.string(e.label)]
      if let v = e.value { fields.append("\"value\":" + JSONLiteral.string(v)) }
      if let h = e.hint { fields.append("\"hint\":" + JSONLiteral.string(h)) }
      fields.append(
        "\"traits\":[" + e.traits.names.map(JSONLiteral.string).joined(separator: ",") + "]")
      fields.append(
        "\"frame\":["
          + [e.frame.minX, e.frame.minY, e.frame.width, e.frame.height].map(number).joined(
            separator: ",") + "]")
      if let id = e.identifier { fields.append("\"identifier\":" + JSONLiteral.string(id)) }
      if !e.actions.isEmpty {
        fields.append(
          "\"actions\":[" + e.actions.map { JSONLiteral.string($0.name) }.joined(separator: ",")
            + "]")
      }
      return "  {" + fields.joined(separator: ",") + "}"
    }
    return "{\"page\":\(page),\"announcement\":\(JSONLiteral.string(announcement)),\"elements\":[\n"
      + lines.joined(separator: ",\n") + "\n]}\n"
  }
}

/// How a controller speaks to screen readers (``TutorialController/accessibility``).
public struct AccessibilitySettings: Sendable {
  /// The label of the pages element of the accessibility tree: "Pages" by default; set it in the
  /// reader's language.
  public var pagesLabel = "Pages"
  /// The value of the pages element on a page (numbered from 0) of a count: "Page 2 of 3" by
  /// default; set it in the reader's language.
  public var pageFormat: @Sendable (_ page: Int, _ count: Int) -> String = {
    "Page \($0 + 1) of \($1)"
  }
  /// Whether the controller sends a ``TutorialEvent/announcement(_:)`` each time the pages come
  /// to rest (after the ``TutorialEvent/settled(page:)``), for a host to post as it is. Off by
  /// default, so that event streams stay as they were.
  public var announcesPageChanges = false

  /// The default settings.
  public init() {}
}
