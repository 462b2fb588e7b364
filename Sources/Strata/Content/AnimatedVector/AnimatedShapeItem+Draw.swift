extension AnimatedShapeItem {
  /// What a list of evaluated items draws.
  struct Drawn {
    /// The plain paths, in the list's space.
    var paths = Path()
    /// Merged paths a path cannot hold, in the list's space.
    var regions: [(mode: MergeMode, paths: [Path])] = []
    /// The drawing, the first item on top.
    var items: [VectorImage.Item] = []
  }

  // MARK: - Drawing

  static func draw(_ nodes: [Evaluated]) -> Drawn {
    var out = Drawn()
    for node in nodes {
      switch node {
      case .shape(let p):
        out.paths.append(p)
      case .region(let mode, let ps):
        out.regions.append((mode, ps))
      case .group(let children, let m, let opacity):
        let inner = draw(children)
        out.paths.append(inner.paths.applying(m))
        out.regions += inner.regions.map { ($0.mode, $0.paths.map { $0.applying(m) }) }
        if !inner.items.isEmpty {
          // A group's opacity multiplies each paint in it (as Lottie players draw it: a
          // stroke at 80 % over a fill at 80 % lets the fill show through), not the group as
          // one picture.
          out.items.append(
            .group(
              VectorImage.Group(items: faded(inner.items.reversed(), by: opacity), transform: m)))
        }
      case .fill(let paint, let opacity, let rule):
        if !out.paths.isEmpty {
          out.items.append(
            .shape(
              VectorImage.Shape(path: out.paths, fill: paint, fillRule: rule, opacity: opacity)))
        }
        for region in out.regions {
          out.items.append(fill(region.mode, region.paths, paint, opacity, rule))
        }
      case .stroke(let paint, let opacity, let style):
        // Merged regions are stroked along the paths they came from.
        var all = out.paths
        for region in out.regions { for p in region.paths { all.append(p) } }
        if !all.isEmpty {
          out.items.append(
            .shape(
              VectorImage.Shape(path: all, stroke: paint, strokeStyle: style, opacity: opacity)))
        }
      case .trim, .merge:
        break
      }
    }
    return out
  }

  /// A fill of merged paths: a rectangle over them, clipped to the region the mode makes.
  static func fill(
    _ mode: MergeMode, _ paths: [Path], _ paint: Paint, _ opacity: Double, _ rule: FillRule
  ) -> VectorImage.Item {
    var all = Path()
    for p in paths { all.append(p) }
    let b = all.bounds
    let box = Rect(x: b.minX - 1, y: b.minY - 1, width: b.width + 2, height: b.height + 2)
    let clip: VectorImage.Clip
    switch mode {
    case .merge, .add:
      clip = .init(shapes: paths.map { .init(path: $0, rule: rule) })
    case .intersect:
      clip = .init(regions: paths.map { [.init(path: $0, rule: rule)] })
    case .subtract:
      // The first, and outside each of the others (its inside flipped by a box round all).
      clip = .init(
        regions: paths.prefix(1).map { [.init(path: $0, rule: rule)] }
          + paths.dropFirst().map { p in
            var outside = Path.rect(box)
            outside.append(p)
            return [.init(path: outside, rule: .evenOdd)]
          })
    case .exclude:
      clip = .init(shapes: [.init(path: all, rule: .evenOdd)])
    }
    return .group(
      VectorImage.Group(
        items: [.shape(VectorImage.Shape(path: .rect(box), fill: paint, opacity: opacity))],
        clip: clip))
  }

  /// `items` with every shape's opacity multiplied by `opacity`.
  static func faded(_ items: [VectorImage.Item], by opacity: Double) -> [VectorImage.Item] {
    guard opacity < 1 else { return items }
    return items.map { item in
      switch item {
      case .shape(var shape):
        shape.opacity *= opacity
        return .shape(shape)
      case .group(var group):
        group.items = faded(group.items, by: opacity)
        return .group(group)
      case .bitmap(var bitmap):
        bitmap.opacity *= opacity
        return .bitmap(bitmap)
      }
    }
  }
}
