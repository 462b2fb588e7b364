/// How a page indicator draws itself: a named function from its layout to shapes or text.
/// Presets are static members; make your own the same way.
public struct PageIndicatorStyle: Sendable, Hashable {
  /// What a style draws.
  public enum Drawing: Sendable {
    /// Filled shapes in the node's coordinates.
    case shapes([VectorImage.Shape])
    /// Centred text.
    case text(TextContent)
  }

  /// The name, which identifies the style.
  public let name: String
  /// The drawing at a layout.
  public let draw: @Sendable (PageIndicatorLayout) -> Drawing

  /// Creates a style.
  public init(name: String, draw: @escaping @Sendable (PageIndicatorLayout) -> Drawing) {
    self.name = name
    self.draw = draw
  }

  /// Compares names.
  public static func == (a: PageIndicatorStyle, b: PageIndicatorStyle) -> Bool { a.name == b.name }
  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// A dot of the appearance's shape centred at `c`, `scale` times its size, in `color`, with
  /// the appearance's border.
  public static func dot(
    _ c: Point, _ l: PageIndicatorLayout, _ color: Color, scale: Double = 1
  ) -> VectorImage.Shape {
    let a = l.appearance
    let along = a.dotWidth * scale
    let across = a.dotHeight * scale
    let w = l.isVertical ? across : along
    let h = l.isVertical ? along : across
    let r = a.radius(along: along, across: across)
    let rect = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    // A round dot is a circle (the same outline as before dots had widths and heights).
    let path: Path =
      w == h && r >= w / 2 ? .circle(center: c, radius: w / 2) : .roundedRect(rect, cornerRadius: r)
    return shape(path, color, a)
  }

  /// `path` filled with `color` and outlined with the appearance's border.
  static func shape(_ path: Path, _ color: Color, _ a: PageIndicatorAppearance) -> VectorImage.Shape
  {
    VectorImage.Shape(
      path: path, fill: .solid(color), stroke: a.border.map { .solid($0.color) },
      strokeStyle: StrokeStyle(width: a.border?.width ?? 0))
  }

  /// Dots; the current one blends to the active colour.
  public static let dots = PageIndicatorStyle(name: "dots") { l in
    .shapes(
      (0..<l.count).map { i in
        dot(
          l.center(of: i), l,
          l.appearance.inactiveColor.interpolated(
            to: l.appearance.activeColor, amount: l.share(of: i)))
      })
  }

  /// The current dot stretches into a pill (AdvancedPageControl's "extended" style); the others
  /// make room.
  public static let extendedDot = PageIndicatorStyle(name: "extendedDot") { l in
    let a = l.appearance
    let extra = a.extendedLength - a.dotWidth
    var shapes: [VectorImage.Shape] = []
    // Lay the dots out end to end, each as long as its share makes it.
    let lengths = (0..<l.count).map { a.dotWidth + extra * l.share(of: $0) }
    let gap = a.spacing - a.dotWidth
    let total = lengths.reduce(0, +) + gap * Double(Swift.max(0, l.count - 1))
    var along = ((l.isVertical ? l.size.height : l.size.width) - total) / 2
    let order = l.isRightToLeft ? Array((0..<l.count).reversed()) : Array(0..<l.count)
    for i in order {
      let len = lengths[i]
      let t = a.dotHeight
      let rect =
        l.isVertical
        ? Rect(x: l.size.width / 2 - t / 2, y: along, width: t, height: len)
        : Rect(x: along, y: l.size.height / 2 - t / 2, width: len, height: t)
      shapes.append(
        shape(
          .roundedRect(rect, cornerRadius: a.radius(along: a.dotWidth, across: t)),
          a.inactiveColor.interpolated(to: a.activeColor, amount: l.share(of: i)), a))
      along += len + gap
    }
    return .shapes(shapes)
  }

  /// The current dot is larger (1.5×) as well as darker.
  public static let scalingDots = PageIndicatorStyle(name: "scalingDots") { l in
    .shapes(
      (0..<l.count).map { i in
        let s = l.share(of: i)
        return dot(
          l.center(of: i), l,
          l.appearance.inactiveColor.interpolated(to: l.appearance.activeColor, amount: s),
          scale: 1 + 0.5 * s)
      })
  }

  /// A worm: the current pill's head runs ahead in the first half of a transition and its tail
  /// catches up in the second.
  public static let worm = PageIndicatorStyle(name: "worm") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    let s = l.clampedPosition
    let k = s.rounded(.down)
    let p = s - k
    let head = k + Swift.min(1, 2 * p)
    let tail = k + Swift.max(0, 2 * p - 1)
    shapes.append(
      VectorImage.Shape(
        path: l.pill(from: tail, to: head, thickness: l.appearance.dotHeight),
        fill: .solid(l.appearance.activeColor)))
    return .shapes(shapes)
  }

  /// The current dot jumps from one place to the next along a little arc.
  public static let jumpingDot = PageIndicatorStyle(name: "jumpingDot") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    let s = l.clampedPosition
    var c = l.center(of: s)
    let p = s - s.rounded(.down)
    let lift = StrataMath.sin(p * Double.pi) * l.appearance.dotHeight
    if l.isVertical { c.x -= lift } else { c.y -= lift }
    shapes.append(dot(c, l, l.appearance.activeColor))
    return .shapes(shapes)
  }

  /// "2 / 5": the nearest page and the count.
  public static let numbers = PageIndicatorStyle(name: "numbers") { l in
    let current =
      l.pageCount > 0
      ? Int(l.pagePosition.clamped(to: 0...Double(l.pageCount - 1)).rounded()) + 1 : 0
    return .text(
      TextContent(
        "\(current) / \(l.pageCount)", font: l.appearance.font, color: l.appearance.activeColor,
        alignment: .center))
  }

  /// A bar that fills as the pages go by: (position + 1) / count of its length.
  public static let progressBar = PageIndicatorStyle(name: "progressBar") { l in
    let a = l.appearance
    let thickness = a.dotHeight / 2
    let length = (l.isVertical ? l.size.height : l.size.width)
    let fraction =
      l.pageCount > 0
      ? ((l.pagePosition.clamped(to: 0...Double(l.pageCount - 1)) + 1) / Double(l.pageCount))
        .clamped(to: 0...1) : 0
    let filled = length * fraction
    func bar(_ start: Double, _ len: Double) -> Path {
      let r =
        l.isVertical
        ? Rect(x: l.size.width / 2 - thickness / 2, y: start, width: thickness, height: len)
        : Rect(x: start, y: l.size.height / 2 - thickness / 2, width: len, height: thickness)
      return .roundedRect(r, cornerRadius: thickness / 2)
    }
    return .shapes([
      VectorImage.Shape(path: bar(0, length), fill: .solid(a.inactiveColor)),
      VectorImage.Shape(
        path: bar(l.isRightToLeft ? length - filled : 0, filled), fill: .solid(a.activeColor)),
    ])
  }

  /// A highlight dot that slides over the inactive dots to the position (JKImageSliderView's
  /// bullets): give the indicator a timed ``TimedAnimation/Track/indicatorPosition(_:)`` track
  /// and ``PageIndicatorNode/Tracking/manual`` tracking to move it over time.
  public static let slidingDot = PageIndicatorStyle(name: "slidingDot") { l in
    var shapes = (0..<l.count).map { dot(l.center(of: $0), l, l.appearance.inactiveColor) }
    shapes.append(dot(l.center(of: l.clampedPosition), l, l.appearance.activeColor))
    return .shapes(shapes)
  }

  /// Every preset.
  public static let presets: [PageIndicatorStyle] = [
    .dots, .extendedDot, .scalingDots, .worm, .jumpingDot, .numbers, .progressBar, .slidingDot,
  ]
}
