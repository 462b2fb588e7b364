/// A vector outline: one or more subpaths of lines and quadratic and cubic Bézier curves.
///
/// Build a path with the mutating methods (``move(to:)``, ``line(to:)``,
/// ``quad(to:control:)``, ``cubic(to:control1:control2:)``, ``addArc(center:radius:startAngle:endAngle:clockwise:)``,
/// ``close()``) or start from a shape (``rect(_:)``, ``roundedRect(_:cornerRadius:)``,
/// ``ellipse(in:)``). For filling, an open subpath counts as closed by a
/// straight line back to its start.
///
/// ```swift
/// var p = Path()
/// p.move(to: Point(x: 0, y: 10))
/// p.quad(to: Point(x: 100, y: 10), control: Point(x: 50, y: -10))
/// p.close()
/// ```
public struct Path: Hashable, Sendable {
  /// One drawing instruction.
  public enum Element: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// A quadratic Bézier curve to `to` through the control point.
    case quad(to: Point, control: Point)
    /// A cubic Bézier curve to `to` through two control points.
    case cubic(to: Point, control1: Point, control2: Point)
    /// Closes the current subpath with a line to its start.
    case close
  }

  /// The instructions, in order.
  public private(set) var elements: [Element] = []
  private var subpathStart: Point = .zero
  /// The point the next segment starts from, if any.
  public private(set) var currentPoint: Point?

  /// An empty path.
  public init() {}

  /// Creates a path from a list of elements. A segment that does not follow a
  /// ``Element/move(_:)`` starts at the origin.
  public init(elements: [Element]) {
    self.elements.reserveCapacity(elements.count)
    for e in elements { add(e) }
  }

  /// Adds one element through the builder methods, so derived state stays right.
  mutating func add(_ e: Element) {
    switch e {
    case .move(let p): move(to: p)
    case .line(let p): line(to: p)
    case .quad(let p, let c): quad(to: p, control: c)
    case .cubic(let p, let c1, let c2): cubic(to: p, control1: c1, control2: c2)
    case .close: close()
    }
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  // The current point is derived state; two paths with equal elements are equal.
  /// Whether two paths have the same elements.
  public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }
  /// Hashes the elements.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

  /// Starts a new subpath at `p`.
  public mutating func move(to p: Point) {
    elements.append(.move(p))
    subpathStart = p
    currentPoint = p
  }

  private mutating func ensureStart() {
    if currentPoint == nil { move(to: .zero) }
  }

  /// Adds a straight line from the current point to `p`.
  public mutating func line(to p: Point) {
    ensureStart()
    elements.append(.line(p))
    currentPoint = p
  }

  /// Adds a quadratic Bézier curve to `p` with one control point.
  public mutating func quad(to p: Point, control: Point) {
    ensureStart()
    elements.append(.quad(to: p, control: control))
    currentPoint = p
  }

  /// Adds a cubic Bézier curve to `p` with two control points.
  public mutating func cubic(to p: Point, control1: Point, control2: Point) {
    ensureStart()
    elements.append(.cubic(to: p, control1: control1, control2: control2))
    currentPoint = p
  }

  /// Closes the current subpath; the next segment starts at the subpath's start.
  public mutating func close() {
    guard currentPoint != nil else { return }
    elements.append(.close)
    currentPoint = subpathStart
  }

  /// Adds a circular arc, approximated by cubic curves (at most a quarter turn each).
  ///
  /// Angles are in radians from the positive x-axis. With `clockwise` true the
  /// angle increases from `startAngle` to `endAngle`, which turns clockwise on a
  /// y-down screen (UIKit's convention). A sweep of 2π or more draws a full
  /// circle. If the path has a current point, a line joins it to the arc's
  /// start; otherwise the arc starts a new subpath.
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    let twoPi = 2 * Double.pi
    var sweep = endAngle - startAngle
    guard sweep.isFinite, radius.isFinite, center.isFinite, startAngle.isFinite else { return }
    if clockwise {
      if sweep >= twoPi {
        sweep = twoPi
      } else if sweep < 0 {
        sweep = sweep.truncatingRemainder(dividingBy: twoPi)
        if sweep < 0 { sweep += twoPi }
      }
    } else {
      if sweep <= -twoPi {
        sweep = -twoPi
      } else if sweep > 0 {
        sweep = sweep.truncatingRemainder(dividingBy: twoPi)
        if sweep > 0 { sweep -= twoPi }
      }
    }
    let r = Swift.abs(radius)
    let start = Point(x: center.x + r * _cos(startAngle), y: center.y + r * _sin(startAngle))
    if let current = currentPoint {
      if (current - start).length > 1e-9 * Swift.max(1, r) { line(to: start) }
    } else {
      move(to: start)
    }
    let segments = Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2)).rounded(.up)))
    let step = sweep / Double(segments)
    let k = 4.0 / 3.0 * _tan(step / 4)
    var angle = startAngle
    for _ in 0..<segments {
      let a0 = angle
      let a1 = angle + step
      let c0 = _cos(a0)
      let s0 = _sin(a0)
      let c1 = _cos(a1)
      let s1 = _sin(a1)
      let p1 = Point(x: center.x + r * c1, y: center.y + r * s1)
      let cp1 = Point(x: center.x + r * (c0 - k * s0), y: center.y + r * (s0 + k * c0))
      let cp2 = Point(x: center.x + r * (c1 + k * s1), y: center.y + r * (s1 - k * c1))
      cubic(to: p1, control1: cp1, control2: cp2)
      angle = a1
    }
  }

  /// Removes every element, keeping their memory for the elements added next (see
  /// ``addCircle(center:radius:)`` and the other in-place shapes).
  public mutating func removeAll() {
    elements.removeAll(keepingCapacity: true)
    subpathStart = .zero
    currentPoint = nil
  }

  /// Makes room for `count` elements in all.
  mutating func reserveCapacity(_ count: Int) { elements.reserveCapacity(count) }

  /// Appends every element of `other`.
  public mutating func append(_ other: Path) {
    for e in other.elements { add(e) }
  }

  // MARK: Transforming

  /// The path with every point mapped through `t`.
  public func applying(_ t: Transform) -> Path {
    var out = Path()
    out.elements.reserveCapacity(elements.count)
    for e in elements {
      switch e {
      case .move(let p): out.move(to: t.apply(to: p))
      case .line(let p): out.line(to: t.apply(to: p))
      case .quad(let p, let c): out.quad(to: t.apply(to: p), control: t.apply(to: c))
      case .cubic(let p, let c1, let c2):
        out.cubic(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
      case .close: out.close()
      }
    }
    return out
  }

  /// Whether every coordinate is finite.
  public var isFinite: Bool {
    elements.allSatisfy { e in
      switch e {
      case .move(let p), .line(let p): return p.isFinite
      case .quad(let p, let c): return p.isFinite && c.isFinite
      case .cubic(let p, let c1, let c2): return p.isFinite && c1.isFinite && c2.isFinite
      case .close: return true
      }
    }
  }
}
