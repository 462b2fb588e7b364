/// What a box may measure up to along one axis.
public enum FlexConstraint: Hashable, Sendable {
  /// Exactly this many points.
  case exactly(Double)
  /// At most this many points (fit the content, but no larger).
  case atMost(Double)
  /// As large as the content wants.
  case unbounded

  /// The limit, when there is one.
  public var limit: Double? {
    switch self {
    case .exactly(let v), .atMost(let v): return v
    case .unbounded: return nil
    }
  }

  /// The size, when it is exact.
  public var exact: Double? {
    if case .exactly(let v) = self { return v }
    return nil
  }

  /// The constraint less `amount` (never below 0).
  func reduced(by amount: Double) -> FlexConstraint {
    switch self {
    case .exactly(let v): return .exactly(Swift.max(0, v - amount))
    case .atMost(let v): return .atMost(Swift.max(0, v - amount))
    case .unbounded: return .unbounded
    }
  }
}

/// A box of a flexbox layout: a style, children, and — for a leaf with content such as text —
/// a measure function. ``calculateLayout(width:height:direction:)`` gives every box its
/// ``frame`` in its parent.
///
/// Layout is incremental: each box keeps what it measured and how it was last laid out, and a
/// change (a style, a child, ``markDirty()`` after content changes) forgets only that box's
/// and its ancestors'. A pass that changes nothing returns at once; after one leaf changes, only
/// the boxes on its path to the root are laid out again (``lastPass`` counts them).
///
/// ```swift
/// let row = FlexBox(style: FlexStyle())
/// row.style.flexDirection = .row
/// let a = FlexBox(), b = FlexBox()
/// a.style.flexGrow = 1
/// b.style.width = .points(100)
/// row.addChild(a)
/// row.addChild(b)
/// row.calculateLayout(width: 375, height: 50)
/// // a.frame == Rect(x: 0, y: 0, width: 275, height: 50)
/// ```
public final class FlexBox {
  /// How it lays out and sits in its parent; a change forgets its layout and its ancestors'.
  public var style: FlexStyle {
    didSet {
      guard style != oldValue else { return }
      usesPercentages = style.usesPercentages
      markDirty()
    }
  }
  /// Whether its style resolves anything against its containing block (then the block's size
  /// is part of what its kept layouts depend on).
  private(set) var usesPercentages = false
  /// Its children, in order.
  public private(set) var children: [FlexBox] = []
  /// Its parent.
  public private(set) weak var parent: FlexBox?
  /// Measures a leaf's content (text, an image) for a width and height constraint, inside its
  /// padding and border; `nil` for a box sized by its style and children.
  public var measure: ((FlexConstraint, FlexConstraint) -> Size)? {
    didSet { markDirty() }
  }
  /// The distance from its top (border edge) to its first baseline, for a leaf with content at
  /// the given width and height (text: its first line's baseline); `nil` for a box whose
  /// baseline comes from its children, or from its bottom edge when it has none. Items aligned
  /// `baseline` in a row line these up.
  public var baseline: ((Double, Double) -> Double)? {
    didSet { markDirty() }
  }
  /// How many of its in-flow children its first line held, at its last layout (for its own
  /// baseline).
  var firstLineCount = 0
  /// How far `position: relative` moved it down at its last placement: baselines are found
  /// where a box would be without that move, as browsers find them.
  var relativeShiftY = 0.0
  /// Its frame in its parent's box (border box), after ``calculateLayout(width:height:direction:)``.
  public internal(set) var frame: Rect = .zero
  /// The direction it was laid out in (its own `direction`, or its parent's).
  public internal(set) var resolvedDirection: LayoutDirection = .leftToRight
  /// The work of the last ``calculateLayout(width:height:direction:)`` on this box: boxes laid
  /// out or measured afresh, and answers taken from what boxes kept.
  public private(set) var lastPass = FlexPassStatistics()

  /// Kept measurements (constraints to size), forgotten when the box changes.
  var measured: [(key: FlexCacheKey, size: Size)] = []
  /// The constraints of its last layout, `nil` when it must be laid out again.
  var laidOut: FlexCacheKey?

  /// The largest depth laid out: boxes below it get empty frames (a documented clamp, so that a
  /// pathological tree cannot exhaust the stack).
  public static let maximumDepth = 128

  /// Creates a box.
  public init(style: FlexStyle = FlexStyle(), children: [FlexBox] = []) {
    self.style = style
    usesPercentages = style.usesPercentages
    for child in children { addChild(child) }
  }

  /// Creates a box whose style `configure` sets, from the default one: the shortest way to
  /// write a layout plan in code.
  ///
  /// ```swift
  /// let plan = FlexBox({ $0.padding = FlexEdges(all: .points(20)) }, children: [
  ///   FlexBox({ $0.flexGrow = 1 }),
  ///   FlexBox({ $0.height = .points(50) }),
  /// ])
  /// plan.calculateLayout(width: 375, height: 667)
  /// // plan.children[1].frame == Rect(x: 20, y: 597, width: 335, height: 50)
  /// ```
  public convenience init(_ configure: (inout FlexStyle) -> Void, children: [FlexBox] = []) {
    self.init(style: FlexStyle(configure), children: children)
  }

  /// Its frame in the coordinates of the root of its tree: its own frame moved by every
  /// ancestor's origin.
  public var frameInRoot: Rect {
    var r = frame
    var ancestor = parent
    while let a = ancestor {
      r.origin.x += a.frame.minX
      r.origin.y += a.frame.minY
      ancestor = a.parent
    }
    return r
  }

  /// Releases its subtree without recursion, so that a very deep tree cannot exhaust the stack.
  deinit {
    var pending = children
    children.removeAll()
    while let next = pending.popLast() {
      pending.append(contentsOf: next.children)
      next.children.removeAll()
    }
  }

  /// Whether it must be laid out again.
  public var isDirty: Bool { laidOut == nil }

  /// Adds `child` last (taking it from its old parent).
  public func addChild(_ child: FlexBox) {
    insertChild(child, at: children.count)
  }

  /// Inserts `child` at `index` (clamped; taking it from its old parent). A box cannot become
  /// its own ancestor: such an insertion is ignored.
  public func insertChild(_ child: FlexBox, at index: Int) {
    // Only a box with children can be an ancestor of another.
    if child === self { return }
    if !child.children.isEmpty {
      var ancestor = parent
      while let a = ancestor {
        if a === child { return }
        ancestor = a.parent
      }
    }
    child.removeFromParent()
    children.insert(child, at: Swift.min(Swift.max(0, index), children.count))
    child.parent = self
    markDirty()
  }

  /// Removes `child`, if it is one of its children.
  public func removeChild(_ child: FlexBox) {
    guard let i = children.firstIndex(where: { $0 === child }) else { return }
    children.remove(at: i)
    child.parent = nil
    markDirty()
  }

  /// Removes it from its parent.
  public func removeFromParent() { parent?.removeChild(self) }

  /// Forgets its layout and its ancestors' (call after its measured content changes).
  public func markDirty() {
    var box: FlexBox? = self
    while let b = box {
      // A box with nothing kept was marked before, and its ancestors with it.
      if b !== self, b.laidOut == nil, b.measured.isEmpty { return }
      b.measured.removeAll(keepingCapacity: true)
      b.laidOut = nil
      box = b.parent
    }
  }

  /// Lays the tree out in `width` × `height` points (`nil`: as large as the content; a box
  /// whose style gives a size keeps it), in `direction`.
  public func calculateLayout(
    width: Double?, height: Double?, direction: LayoutDirection = .leftToRight
  ) {
    let pass = FlexPass()
    func constraint(_ style: FlexLength, _ max: FlexLength, _ given: Double?) -> FlexConstraint {
      let available = given.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
      if let v = style.resolve(available) { return .exactly(Swift.max(0, v)) }
      if let m = max.resolve(available) { return .atMost(Swift.max(0, m)) }
      return available.map { .exactly($0) } ?? .unbounded
    }
    let w = constraint(style.width, style.maxWidth, width)
    let h = constraint(style.height, style.maxHeight, height)
    let owner = FlexOwner(width: width, height: height, direction: direction)
    let size = FlexLayout.layout(self, w, h, owner: owner, perform: true, depth: 0, pass: pass)
    let m = FlexLayout.margins(self, owner: owner, direction: resolvedDirection)
    frame = Rect(x: m.left, y: m.top, width: size.width, height: size.height)
    lastPass = FlexPassStatistics(computed: pass.computed, reused: pass.reused)
  }
}

/// What one layout pass did.
public struct FlexPassStatistics: Hashable, Sendable {
  /// Boxes laid out or measured afresh.
  public var computed = 0
  /// Answers taken from what boxes kept.
  public var reused = 0
}

/// The counters of a pass.
final class FlexPass {
  var computed = 0
  var reused = 0
}

/// What a box is laid out in: its containing block's size (for percentages) and direction.
struct FlexOwner: Hashable {
  var width: Double?
  var height: Double?
  var direction: LayoutDirection
}

/// The inputs of a measurement or layout: equal keys give equal results while a box is clean.
struct FlexCacheKey: Hashable {
  var width: FlexConstraint
  var height: FlexConstraint
  var owner: FlexOwner
  var definite: FlexDefinite
}

/// Whether a box's exact sizes are definite (CSS Flexbox §9.8): its children's percentages
/// resolve against a definite size only. A size a parent found from the box's content is exact
/// for the box's own layout but not definite.
struct FlexDefinite: Hashable {
  var width = true
  var height = true
  /// Whether the content's size is asked, without the box's own minimum and maximum (a flex
  /// base size, §9.2.3).
  var contentOnly = false
  static let both = FlexDefinite()
}
