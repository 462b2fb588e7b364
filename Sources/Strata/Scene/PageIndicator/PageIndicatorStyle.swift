/// How a page indicator draws itself: a named function from its layout to shapes or text.
/// Presets are static members; make your own the same way.
///
/// A style that draws shapes is best made with ``init(name:redraw:)``: it overwrites the shapes
/// of an earlier drawing in place, so an indicator that moves every frame of a swipe draws
/// without allocating.
///
/// ```swift
/// let bars = PageIndicatorStyle(name: "bars") { layout, shapes in
///   PageIndicatorStyle.resize(&shapes, to: layout.count)
///   for i in 0..<layout.count {
///     let c = layout.center(of: i)
///     shapes[i].path.removeAll()  // keeps the path's memory
///     shapes[i].path.addRect(Rect(x: c.x - 1, y: c.y - 4, width: 2, height: 8))
///     shapes[i].fill = .solid(layout.appearance.inactiveColor.interpolated(
///       to: layout.appearance.activeColor, amount: layout.share(of: i)))
///   }
/// }
/// ```
public struct PageIndicatorStyle: Sendable, Hashable {
  /// What a style draws.
  public enum Drawing: Sendable {
    /// Filled shapes in the node's coordinates.
    case shapes([VectorImage.Shape])
    /// Centred text.
    case text(TextContent)
  }

  /// Draws `shapes` anew for a layout, in place. `shapes` holds an earlier drawing of the
  /// style, from any layout, or nothing: set its count and every property of every shape.
  public typealias Redraw = @Sendable (PageIndicatorLayout, inout [VectorImage.Shape]) -> Void

  /// The name, which identifies the style.
  public let name: String
  /// The drawing at a layout.
  public let draw: @Sendable (PageIndicatorLayout) -> Drawing
  /// The in-place drawing of a style made with ``init(name:redraw:)``; `nil` for one made
  /// with ``init(name:draw:)``.
  public let redraw: Redraw?

  /// Creates a style that makes a new drawing for every layout.
  public init(name: String, draw: @escaping @Sendable (PageIndicatorLayout) -> Drawing) {
    self.name = name
    self.draw = draw
    self.redraw = nil
  }

  /// Creates a style that draws shapes in place: ``PageIndicatorNode`` hands `redraw` the
  /// shapes of an earlier drawing to overwrite, so redrawing keeps their memory. ``draw`` then
  /// redraws into new shapes.
  public init(name: String, redraw: @escaping Redraw) {
    self.name = name
    self.redraw = redraw
    self.draw = { l in
      var shapes: [VectorImage.Shape] = []
      redraw(l, &shapes)
      return .shapes(shapes)
    }
  }

  /// Compares names.
  public static func == (a: PageIndicatorStyle, b: PageIndicatorStyle) -> Bool { a.name == b.name }
  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// Makes `shapes` `count` long, keeping the shapes it has (and their memory) and adding
  /// empty ones.
  public static func resize(_ shapes: inout [VectorImage.Shape], to count: Int) {
    let count = Swift.max(0, count)
    if shapes.count > count { shapes.removeLast(shapes.count - count) }
    while shapes.count < count { shapes.append(VectorImage.Shape(path: Path())) }
  }

  /// A dot of the appearance's shape centred at `c`, `scale` times its size, in `color`, with
  /// the appearance's border.
  public static func dot(
    _ c: Point, _ l: PageIndicatorLayout, _ color: Color, scale: Double = 1
  ) -> VectorImage.Shape {
    var shape = VectorImage.Shape(path: Path())
    shape.path.reserveCapacity(14)
    setDot(&shape, c, l, color, scale: scale)
    return shape
  }

  /// Makes `shape` the ``dot(_:_:_:scale:)`` at `c`, in place.
  public static func setDot(
    _ shape: inout VectorImage.Shape, _ c: Point, _ l: PageIndicatorLayout, _ color: Color,
    scale: Double = 1
  ) {
    let a = l.appearance
    let along = a.dotWidth * scale
    let across = a.dotHeight * scale
    let w = l.isVertical ? across : along
    let h = l.isVertical ? along : across
    let r = a.radius(along: along, across: across)
    shape.path.removeAll()
    // A round dot is a circle (the same outline as before dots had widths and heights).
    if w == h && r >= w / 2 {
      shape.path.addCircle(center: c, radius: w / 2)
    } else {
      shape.path.addRoundedRect(
        Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h), cornerRadius: r)
    }
    paint(&shape, color, border: a)
  }

  /// Fills `shape` with `color`, outlined with the border of `a`, if given (and with no
  /// stroke and the default stroke style if not).
  static func paint(
    _ shape: inout VectorImage.Shape, _ color: Color, border a: PageIndicatorAppearance?
  ) {
    shape.fill = .solid(color)
    shape.fillRule = .nonZero
    shape.stroke = a?.border.map { .solid($0.color) }
    shape.strokeStyle = a.map { StrokeStyle(width: $0.border?.width ?? 0) } ?? StrokeStyle()
    shape.opacity = 1
  }

  /// Dots; the current one blends to the active colour.
  public static let dots = PageIndicatorStyle(name: "dots") { l, shapes in
    resize(&shapes, to: l.count)
    let a = l.appearance
    for i in 0..<l.count {
      setDot(
        &shapes[i], l.center(of: i), l,
        a.inactiveColor.interpolated(to: a.activeColor, amount: l.share(of: i)))
    }
  }

  /// The current dot stretches into a pill (AdvancedPageControl's "extended" style); the others
  /// make room.
  public static let extendedDot = PageIndicatorStyle(name: "extendedDot") { l, shapes in
    let a = l.appearance
    let extra = a.extendedLength - a.dotWidth
    func length(_ i: Int) -> Double { a.dotWidth + extra * l.share(of: i) }
    // Lay the dots out end to end, each as long as its share makes it.
    let gap = a.spacing - a.dotWidth
    var total = gap * Double(Swift.max(0, l.count - 1))
    for i in 0..<l.count { total += length(i) }
    var along = ((l.isVertical ? l.size.height : l.size.width) - total) / 2
    resize(&shapes, to: l.count)
    for j in 0..<l.count {
      let i = l.isRightToLeft ? l.count - 1 - j : j
      let len = length(i)
      let t = a.dotHeight
      let rect =
        l.isVertical
        ? Rect(x: l.size.width / 2 - t / 2, y: along, width: t, height: len)
        : Rect(x: along, y: l.size.height / 2 - t / 2, width: len, height: t)
      shapes[j].path.removeAll()
      shapes[j].path.addRoundedRect(rect, cornerRadius: a.radius(along: a.dotWidth, across: t))
      paint(
        &shapes[j], a.inactiveColor.interpolated(to: a.activeColor, amount: l.share(of: i)),
        border: a)
      along += len + gap
    }
  }

  /// The current dot is larger (1.5×) as well as darker.
  public static let scalingDots = PageIndicatorStyle(name: "scalingDots") { l, shapes in
    resize(&shapes, to: l.count)
    let a = l.appearance
    for i in 0..<l.count {
      let s = l.share(of: i)
      setDot(
        &shapes[i], l.center(of: i), l, a.inactiveColor.interpolated(to: a.activeColor, amount: s),
        scale: 1 + 0.5 * s)
    }
  }

  /// A worm: the current pill's head runs ahead in the first half of a transition and its tail
  /// catches up in the second.
  public static let worm = PageIndicatorStyle(name: "worm") { l, shapes in
    if wrapping(l, &shapes) { return }
    inactiveDots(l, &shapes, plus: 1)
    let s = l.clampedPosition
    let k = s.rounded(.down)
    let p = s - k
    let head = k + Swift.min(1, 2 * p)
    let tail = k + Swift.max(0, 2 * p - 1)
    shapes[l.count].path.removeAll()
    l.addPill(to: &shapes[l.count].path, from: tail, to: head, thickness: l.appearance.dotHeight)
    paint(&shapes[l.count], l.appearance.activeColor, border: nil)
  }

  /// The current dot jumps from one place to the next along a little arc.
  public static let jumpingDot = PageIndicatorStyle(name: "jumpingDot") { l, shapes in
    if wrapping(l, &shapes) { return }
    inactiveDots(l, &shapes, plus: 1)
    let s = l.clampedPosition
    var c = l.center(of: s)
    let p = s - s.rounded(.down)
    let lift = StrataMath.sin(p * Double.pi) * l.appearance.dotHeight
    if l.isVertical { c.x -= lift } else { c.y -= lift }
    setDot(&shapes[l.count], c, l, l.appearance.activeColor)
  }

  /// Going round from the last page to the first (``PageIndicatorLayout/wrapProgress``): the
  /// current dot fades out on the last page and in on the first. Returns whether it drew.
  private static func wrapping(_ l: PageIndicatorLayout, _ shapes: inout [VectorImage.Shape])
    -> Bool
  {
    guard let p = l.wrapProgress else { return false }
    inactiveDots(l, &shapes, plus: 2)
    setDot(&shapes[l.count], l.center(of: l.count - 1), l, l.appearance.activeColor)
    shapes[l.count].opacity = 1 - p
    setDot(&shapes[l.count + 1], l.center(of: 0), l, l.appearance.activeColor)
    shapes[l.count + 1].opacity = p
    return true
  }

  /// The position limited to all the pages (not only those with dots).
  private static func pages(_ l: PageIndicatorLayout) -> Double {
    l.count == l.pageCount
      ? l.clampedPosition : l.pagePosition.clamped(to: 0...Double(Swift.max(0, l.pageCount - 1)))
  }

  /// The layout's dots in the inactive colour, and `extra` shapes after them for the caller.
  private static func inactiveDots(
    _ l: PageIndicatorLayout, _ shapes: inout [VectorImage.Shape], plus extra: Int
  ) {
    resize(&shapes, to: l.count + extra)
    for i in 0..<l.count { setDot(&shapes[i], l.center(of: i), l, l.appearance.inactiveColor) }
  }

  /// "2 / 5": the nearest page and the count.
  public static let numbers = PageIndicatorStyle(name: "numbers") { l in
    var current = l.pageCount > 0 ? Int(pages(l).rounded()) + 1 : 0
    if current > l.pageCount { current = 1 }  // going round, past half way to the first
    return .text(
      TextContent(
        "\(current) / \(l.pageCount)", font: l.appearance.font, color: l.appearance.activeColor,
        alignment: .center))
  }

  /// A bar that fills as the pages go by: (position + 1) / count of its length.
  public static let progressBar = PageIndicatorStyle(name: "progressBar") { l, shapes in
    let a = l.appearance
    let thickness = a.dotHeight / 2
    let length = (l.isVertical ? l.size.height : l.size.width)
    let n = Double(l.pageCount)
    var fraction = l.pageCount > 0 ? ((pages(l) + 1) / n).clamped(to: 0...1) : 0
    // Going round, the bar runs back from full to the first page's share.
    if let p = l.wrapProgress { fraction = 1 - p * (1 - 1 / n) }
    let filled = length * fraction
    func bar(_ shape: inout VectorImage.Shape, _ start: Double, _ len: Double, _ color: Color) {
      let r =
        l.isVertical
        ? Rect(x: l.size.width / 2 - thickness / 2, y: start, width: thickness, height: len)
        : Rect(x: start, y: l.size.height / 2 - thickness / 2, width: len, height: thickness)
      shape.path.removeAll()
      shape.path.addRoundedRect(r, cornerRadius: thickness / 2)
      paint(&shape, color, border: nil)
    }
    resize(&shapes, to: 2)
    bar(&shapes[0], 0, length, a.inactiveColor)
    bar(&shapes[1], l.isRightToLeft ? length - filled : 0, filled, a.activeColor)
  }

  /// A highlight dot that slides over the inactive dots to the position (JKImageSliderView's
  /// bullets): give the indicator a timed ``TimedAnimation/Track/indicatorPosition(_:)`` track
  /// and ``PageIndicatorNode/Tracking/manual`` tracking to move it over time.
  public static let slidingDot = PageIndicatorStyle(name: "slidingDot") { l, shapes in
    inactiveDots(l, &shapes, plus: 1)
    setDot(&shapes[l.count], l.center(of: l.clampedPosition), l, l.appearance.activeColor)
  }

  /// Every preset.
  public static let presets: [PageIndicatorStyle] = [
    .dots, .extendedDot, .scalingDots, .worm, .jumpingDot, .numbers, .progressBar, .slidingDot,
  ]
}
