/// Everything one frame of an onboarding shows depends on: where the pages stand and how they
/// move, the finger, the pressed button, the clock and the timed animations, and what a subclass
/// keeps (``TutorialController/customFrameState``).
///
/// Take it from a controller (``TutorialController/frameState``, or each frame of
/// ``TutorialController/play(_:fps:settleLimit:)``) and give it to
/// ``TutorialController/show(_:)`` on any controller of the same onboarding, fresh or not, in any
/// order: the scene is the one the live controller showed at that moment, exactly. That is what
/// makes a rendered frame what a user would see.
///
/// A state made by hand, `FrameState(pagePosition: 1.5)`, is the pages at rest at that position
/// with nothing else going on: no finger, no timed animation, no subclass state. For an
/// onboarding that keeps state of its own (held states on its timeline, a current image), take
/// the controller's own state and change its position instead:
/// ``TutorialController/frameState(atPagePosition:)``.
public struct FrameState: Hashable, Sendable {
  /// The page position.
  public var pagePosition: Double
  /// The name of the button shown pressed, if any.
  public var pressedButton: String?
  /// The controller's clock at the frame.
  public var time: Double
  /// The timed animations running at the frame, and the held states.
  public var timeline: Timeline
  /// How the pages move and where the finger is; `nil` for pages at rest at ``pagePosition``.
  public var interaction: Interaction?
  /// What a subclass keeps (see ``TutorialController/customFrameState``).
  public var custom: CustomFrameState

  /// Creates a frame state: the pages at rest at `pagePosition`, unless `interaction` says
  /// otherwise.
  public init(
    pagePosition: Double, pressedButton: String? = nil, time: Double = 0,
    timeline: Timeline = Timeline(), interaction: Interaction? = nil,
    custom: CustomFrameState = CustomFrameState()
  ) {
    self.pagePosition = pagePosition
    self.pressedButton = pressedButton
    self.time = time.isFinite ? time : 0
    self.timeline = timeline
    self.interaction = interaction
    self.custom = custom
  }

  /// How the pages move and where the finger is: the scroll model (offset, velocity, phase),
  /// the tracked finger, and the page the controller last reported.
  public struct Interaction: Hashable, Sendable {
    /// The scroll model: offset, velocity, phase (dragging, settling, decelerating, animating).
    public var scrollPhysics: ScrollPhysics
    /// The tracked finger, if one is down.
    var touch: Touch?
    /// Whether a settle is due (the pages moved and have not come to rest).
    var isMoving: Bool
    /// The page the controller last reported.
    var currentPage: Int
    /// When autoplay turns next, the page it last saw, whether it is paused or ended.
    var autoplay = AutoplayState()

    /// Whether a finger is down.
    public var isTouching: Bool { touch != nil }

    /// A finger as a value: the nodes it holds are named by their path from the root.
    struct Touch: Hashable, Sendable {
      var start: Point
      var pressed: NodePath?
      var isDragging: Bool
      var isSwiping: Bool
      var mayDrag: Bool
      var tracker: VelocityTracker
    }
  }
}

/// A node's place in a tree: the index of each child on the way down from the root, and its
/// name, which must match where it leads.
struct NodePath: Hashable, Sendable {
  var indexes: [Int]
  var name: String?

  /// The path of `node`, from the root of its tree.
  init(_ node: Node) {
    var indexes: [Int] = []
    var n = node
    while let parent = n.parent {
      indexes.append(parent.children.firstIndex { $0 === n } ?? 0)
      n = parent
    }
    self.indexes = indexes.reversed()
    name = node.name
  }

  /// The node the path leads to under `root`, if it leads to one of that name.
  func resolve(in root: Node) -> Node? {
    var n = root
    for i in indexes {
      guard n.children.indices.contains(i) else { return nil }
      n = n.children[i]
    }
    return n.name == name ? n : nil
  }
}

/// What a subclass of ``TutorialController`` keeps that its scene depends on (the image a
/// slider shows, the item a template rests on), as named values, so that a frame state carries
/// it. Use names of your own (`"slider.index"`): a subclass of a subclass adds its own.
public struct CustomFrameState: Hashable, Sendable {
  /// One value.
  public enum Value: Hashable, Sendable {
    /// A number (an index is exact up to 2^53).
    case number(Double)
    /// A text.
    case text(String)
    /// A yes or no.
    case flag(Bool)
  }

  /// The values, by name.
  public var values: [String: Value]

  /// No values.
  public init(_ values: [String: Value] = [:]) { self.values = values }

  /// The value named `key`.
  public subscript(key: String) -> Value? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// The number named `key`, if it is a finite number.
  public func number(_ key: String) -> Double? {
    if case .number(let v)? = values[key], v.isFinite { return v }
    return nil
  }

  /// The number named `key` as an index in `range`, if it is a whole number in it.
  public func index(_ key: String, in range: Range<Int>) -> Int? {
    guard let v = number(key), v == v.rounded(), v >= Double(range.lowerBound),
      v < Double(range.upperBound)
    else { return nil }
    return Int(v)
  }
}

extension TutorialController {
  /// The whole state the scene shows now (see ``FrameState``).
  public var frameState: FrameState {
    layoutIfNeeded()
    var pressed: String?
    root.forEachInSubtree { node in
      if pressed == nil, let b = node as? ButtonNode, b.isHighlighted { pressed = b.name ?? "" }
    }
    let finger = touch.map {
      FrameState.Interaction.Touch(
        start: $0.start, pressed: $0.pressed.map(NodePath.init), isDragging: $0.isDragging,
        isSwiping: $0.isSwiping, mayDrag: $0.mayDrag, tracker: $0.tracker)
    }
    return FrameState(
      pagePosition: pagePosition, pressedButton: pressed, time: clock, timeline: timeline,
      interaction: FrameState.Interaction(
        scrollPhysics: physics, touch: finger, isMoving: isMoving, currentPage: currentPage,
        autoplay: autoplayState.withoutSettings),
      custom: customFrameState)
  }

  /// The controller's own state with the pages at rest at `pagePosition`: for rendering a
  /// position of an onboarding that keeps state of its own (held states, a current image).
  public func frameState(atPagePosition pagePosition: Double) -> FrameState {
    var state = frameState
    state.pagePosition = clampedPosition(pagePosition.isFinite ? pagePosition : 0)
    state.interaction = nil
    return state
  }

  /// Shows `state`: afterwards the scene is the one the controller that made the state showed
  /// then, whatever this controller showed before. The controller also carries on from it: a
  /// finger that was down is still down, a settle goes on.
  ///
  /// A state taken at another page size or scroll configuration keeps its page position, at
  /// rest. Events are not sent again (a page change to the state's page included).
  public func show(_ state: FrameState) {
    layoutIfNeeded()
    customFrameState = state.custom
    timeline = state.timeline
    clock = state.time
    let interaction = state.interaction.flatMap {
      $0.scrollPhysics.configuration == physics.configuration ? $0 : nil
    }
    // Autoplay's settings are the controller's; where it is comes with the frame.
    let settings = autoplayState.settings
    autoplayState = interaction?.autoplay ?? AutoplayState()
    autoplayState.settings = settings
    if let interaction {
      physics = interaction.scrollPhysics
      isMoving = interaction.isMoving
    } else {
      physics = ScrollPhysics(configuration: physics.configuration)
      isMoving = false
      setPosition(state.pagePosition.isNaN ? 0 : state.pagePosition)
    }
    // The page the state reported: no page change is sent for it.
    let page = interaction?.currentPage ?? transition(at: position).nearestPage
    currentPage = pageCount > 0 ? Swift.min(Swift.max(page, 0), pageCount - 1) : 0
    touch = nil
    update()
    // Buttons and the finger are found in the tree the state shows.
    var highlighted: Set<ObjectIdentifier> = []
    if let finger = interaction?.touch {
      let pressed = finger.pressed.flatMap { $0.resolve(in: root) } as? ButtonNode
      touch = TouchState(
        start: finger.start, pressed: pressed, isDragging: finger.isDragging,
        isSwiping: finger.isSwiping, mayDrag: finger.mayDrag, tracker: finger.tracker)
    }
    if let name = state.pressedButton {
      // The pressed button, or the first of that name.
      if let b = touch?.pressed, b.name ?? "" == name {
        highlighted.insert(ObjectIdentifier(b))
      } else if let b = root.descendant(named: name) {
        highlighted.insert(ObjectIdentifier(b))
      }
    }
    var changed = false
    root.forEachInSubtree { node in
      guard let b = node as? ButtonNode else { return }
      let on = highlighted.contains(ObjectIdentifier(b))
      if b.isHighlighted != on {
        b.isHighlighted = on
        changed = true
      }
    }
    if changed { update() }
  }
}
