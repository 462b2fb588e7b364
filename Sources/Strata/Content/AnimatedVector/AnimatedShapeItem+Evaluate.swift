extension AnimatedShapeItem {
  /// The most shapes one frame evaluates, all layers and precompositions together, repeater
  /// copies included; what comes past it is left out, so that nested repeaters and
  /// precompositions cannot make a frame's work explode.
  public static let maximumShapesPerFrame = 200_000

  /// A shape item at one frame. (Not `indirect`: a group holds its items in an array, and the
  /// other cases stored in place need no box each.)
  enum Evaluated {
    case shape(Path)
    case group([Evaluated], Transform, opacity: Double)
    case fill(Paint, opacity: Double, FillRule)
    case stroke(Paint, opacity: Double, StrokeStyle)
    case trim(start: Double, end: Double, offset: Double, TrimMode)
    case merge(MergeMode)
    /// Paths merged by a mode a path alone cannot hold (drawn through clips).
    case region(MergeMode, [Path])
  }

  /// What `items` draw at `frame`: the paths they make (in their space), and the drawing, the
  /// first item on top.
  static func evaluate(_ items: [AnimatedShapeItem], at frame: Double, budget: inout Int) -> (
    paths: Path, topFirst: [VectorImage.Item]
  ) {
    var modifiers = 0
    var nodes = build(items, at: frame, budget: &budget, modifiers: &modifiers)
    // Most documents have no trim or merge: their paths need no second pass.
    if modifiers > 0 { modify(&nodes) }
    let drawn = draw(nodes)
    return (drawn.paths, drawn.items)
  }

  // MARK: - Values at the frame

  static func build(
    _ items: [AnimatedShapeItem], at f: Double, budget: inout Int, modifiers: inout Int
  ) -> [Evaluated] {
    var out: [Evaluated] = []
    for item in items where budget > 0 {
      switch item {
      case .group(let children, let t):
        out.append(
          .group(
            build(children, at: f, budget: &budget, modifiers: &modifiers), t.matrix(at: f),
            opacity: t.opacity(at: f)))
      case .rectangle(let center, let size, let radius):
        budget -= 1
        out.append(.shape(rectangle(center.value(at: f), size.value(at: f), radius.value(at: f))))
      case .ellipse(let center, let size):
        budget -= 1
        out.append(.shape(ellipse(center.value(at: f), size.value(at: f))))
      case .polystar(let star):
        budget -= 1
        out.append(.shape(star.path(at: f)))
      case .path(let shape):
        budget -= 1
        out.append(.shape(shape.value(at: f).path))
      case .fill(let color, let opacity, let rule):
        out.append(.fill(.solid(color.value(at: f)), opacity: unit(opacity.value(at: f)), rule))
      case .stroke(let color, let opacity, let width, var style, let dash):
        if let dash { style = dash.applied(to: style, at: f) }
        style.width = finiteWidth(width.value(at: f))
        out.append(.stroke(.solid(color.value(at: f)), opacity: unit(opacity.value(at: f)), style))
      case .gradientFill(let gradient, let opacity, let rule):
        out.append(.fill(gradient.paint(at: f), opacity: unit(opacity.value(at: f)), rule))
      case .gradientStroke(let gradient, let opacity, let width, var style, let dash):
        if let dash { style = dash.applied(to: style, at: f) }
        style.width = finiteWidth(width.value(at: f))
        out.append(.stroke(gradient.paint(at: f), opacity: unit(opacity.value(at: f)), style))
      case .trim(let start, let end, let offset, let mode):
        modifiers += 1
        out.append(
          .trim(
            start: start.value(at: f), end: end.value(at: f), offset: offset.value(at: f), mode))
      case .merge(let mode):
        modifiers += 1
        out.append(.merge(mode))
      case .repeater(let r):
        out = repeated(out, r, at: f, budget: &budget)
      }
    }
    return out
  }

  /// `nodes` copied by the repeater, the first listed on top.
  static func repeated(
    _ nodes: [Evaluated], _ r: AnimatedRepeater, at f: Double, budget: inout Int
  ) -> [Evaluated] {
    let raw = r.copies.value(at: f)
    let n =
      raw.isFinite
      ? Int(Swift.min(Double(AnimatedRepeater.maximumCopies), Swift.max(0, raw.rounded(.up)))) : 0
    let rawOffset = r.offset.value(at: f)
    let offset = rawOffset.isFinite ? rawOffset : 0
    let first = unit(r.startOpacity.value(at: f))
    let last = unit(r.endOpacity.value(at: f))
    let cost = Swift.max(1, shapeCount(nodes))
    var copies: [Evaluated] = []
    // The original counted already.
    budget += cost
    for k in 0..<n {
      guard budget >= cost else { break }
      budget -= cost
      let opacity = n > 1 ? first + (last - first) * Double(k) / Double(n - 1) : first
      copies.append(.group(nodes, r.matrix(step: Double(k) + offset, at: f), opacity: opacity))
    }
    return r.order == .above ? copies.reversed() : copies
  }

  static func shapeCount(_ nodes: [Evaluated]) -> Int {
    nodes.reduce(0) { total, node in
      switch node {
      case .shape, .region: return total + 1
      case .group(let children, _, _): return total + shapeCount(children)
      default: return total
      }
    }
  }

  /// A rectangle as Lottie draws it: from the top right corner (below its rounding), down the
  /// right side, clockwise.
  static func rectangle(_ c: Point, _ s: Size, _ radius: Double) -> Path {
    guard c.isFinite, s.width.isFinite, s.height.isFinite else { return Path() }
    let (l, r) = (c.x - s.width / 2, c.x + s.width / 2)
    let (t, b) = (c.y - s.height / 2, c.y + s.height / 2)
    let rr = Swift.min(
      radius.isFinite ? Swift.max(0, radius) : 0, Swift.min(abs(s.width), abs(s.height)) / 2)
    guard rr > 0 else {
      return Path(elements: [
        .move(Point(x: r, y: t)), .line(Point(x: r, y: b)), .line(Point(x: l, y: b)),
        .line(Point(x: l, y: t)), .close,
      ])
    }
    let k = rr * (1 - kappa)
    return Path(elements: [
      .move(Point(x: r, y: t + rr)), .line(Point(x: r, y: b - rr)),
      .cubic(
        to: Point(x: r - rr, y: b), control1: Point(x: r, y: b - k), control2: Point(x: r - k, y: b)
      ),
      .line(Point(x: l + rr, y: b)),
      .cubic(
        to: Point(x: l, y: b - rr), control1: Point(x: l + k, y: b), control2: Point(x: l, y: b - k)
      ),
      .line(Point(x: l, y: t + rr)),
      .cubic(
        to: Point(x: l + rr, y: t), control1: Point(x: l, y: t + k), control2: Point(x: l + k, y: t)
      ),
      .line(Point(x: r - rr, y: t)),
      .cubic(
        to: Point(x: r, y: t + rr), control1: Point(x: r - k, y: t), control2: Point(x: r, y: t + k)
      ),
      .close,
    ])
  }

  /// An ellipse as Lottie draws it: from its top, clockwise.
  static func ellipse(_ c: Point, _ s: Size) -> Path {
    guard c.isFinite, s.width.isFinite, s.height.isFinite else { return Path() }
    let (rx, ry) = (s.width / 2, s.height / 2)
    let (kx, ky) = (rx * kappa, ry * kappa)
    let (x, y) = (c.x, c.y)
    return Path(elements: [
      .move(Point(x: x, y: y - ry)),
      .cubic(
        to: Point(x: x + rx, y: y), control1: Point(x: x + kx, y: y - ry),
        control2: Point(x: x + rx, y: y - ky)),
      .cubic(
        to: Point(x: x, y: y + ry), control1: Point(x: x + rx, y: y + ky),
        control2: Point(x: x + kx, y: y + ry)),
      .cubic(
        to: Point(x: x - rx, y: y), control1: Point(x: x - kx, y: y + ry),
        control2: Point(x: x - rx, y: y + ky)),
      .cubic(
        to: Point(x: x, y: y - ry), control1: Point(x: x - rx, y: y - ky),
        control2: Point(x: x - kx, y: y - ry)),
      .close,
    ])
  }

  /// The length of a quarter circle's control arms for a radius of 1 (Lottie players' value).
  static let kappa = 0.5519

  static func finiteWidth(_ w: Double) -> Double { w.isFinite ? Swift.max(0, w) : 0 }

  /// `v` within 0...1, NaN as 0.
  static func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
}
