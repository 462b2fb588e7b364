import Strata
import StrataIO
import StrataRaster
import StrataText

/// Flattens a scene tree into display-list commands, appending them to one array (so that a
/// list updated in place reuses its memory).
struct DisplayListBuilder {
  let scale: Double
  let textShaper: (any TextShaper)?
  let device: Transform
  /// The commands so far.
  var commands: [Command] = []
  /// While a vector image's items are flattened: the device bounds of each command appended
  /// from `rectsStart` on, at `rects[i - rectsStart]` for command i.
  var rects: [Rect] = []
  var rectsStart = 0
  /// Gives a node's content drawn into a bitmap, which is placed instead of its vectors (a
  /// compositor of retained layers); `nil` draws every content as vectors.
  var drawn: ((SceneNode.Content, Rect) -> [DrawnContent]?)?

  init(scale: Double, textShaper: (any TextShaper)?) {
    self.scale = scale
    self.textShaper = textShaper
    self.device = Transform(scale: scale)
  }

  typealias Command = DisplayList.Command

  /// Appends the commands of `node`'s subtree; returns their bounds in device pixels.
  mutating func build(_ node: SceneNode) -> Rect {
    let t = node.transform.concatenating(device)
    let start = commands.count
    var bounds = Rect.zero
    var shape: Path?
    func outline() -> Path {
      if let shape { return shape }
      let made = Self.roundedRect(node.bounds, cornerRadius: node.cornerRadius)
      shape = made
      return made
    }

    if let s = node.shadow, let (c, b) = Self.shadowCommand(s, s.path ?? outline(), t, scale: scale)
    {
      commands.append(c)
      bounds = bounds.union(b)
    }
    if let bg = node.backgroundColor, bg.alpha > 0 {
      commands.append(.fill(outline(), transform: t, paint: .solid(bg), rule: .nonZero, opacity: 1))
      bounds = bounds.union(t.apply(to: node.bounds))
    }
    // With clipsToBounds the content and the children are clipped to the (rounded) bounds,
    // as Core Animation's masksToBounds clips a layer's contents and sublayers; the background
    // is already that shape and the border lies inside it.
    let contentStart = commands.count
    var innerBounds = Rect.zero
    content(node, t, bounds: &innerBounds)
    for child in node.children {
      innerBounds = innerBounds.union(build(child))
    }
    if commands.count > contentStart {
      if node.clipsToBounds {
        commands.insert(.beginClip(outline(), transform: t, rule: .nonZero), at: contentStart)
        commands.append(.endClip)
        bounds = bounds.union(innerBounds.intersection(t.apply(to: node.bounds)))
      } else {
        bounds = bounds.union(innerBounds)
      }
    }
    if let border = node.border, border.width > 0, border.color.alpha > 0 {
      let w = Swift.min(border.width, Swift.min(node.bounds.width, node.bounds.height) / 2)
      let inner = Self.roundedRect(
        node.bounds.insetBy(dx: w / 2, dy: w / 2),
        cornerRadius: Swift.max(0, node.cornerRadius - w / 2))
      commands.append(
        .stroke(
          inner, transform: t, paint: .solid(border.color), style: StrokeStyle(width: w), opacity: 1
        ))
      bounds = bounds.union(t.apply(to: node.bounds))
    }
    if let mask = node.mask, commands.count > start {
      commands.insert(.beginClip(mask, transform: t, rule: .nonZero), at: start)
      commands.append(.endClip)
      bounds = bounds.intersection(t.apply(to: mask.bounds))
    }
    if node.alpha < 1, commands.count > start {
      if commands.count - start == 1, let folded = Self.fold(commands[start], node.alpha) {
        commands[start] = folded
      } else {
        commands.insert(.beginGroup(opacity: node.alpha, bounds: bounds), at: start)
        commands.append(.endGroup)
      }
    }
    return bounds
  }

  /// The command that draws shadow `s` of `path` placed by `t` at `scale`, and the device
  /// bounds it covers; `nil` when the shadow is invisible.
  static func shadowCommand(_ s: Shadow, _ path: Path, _ t: Transform, scale: Double) -> (
    Command, Rect
  )? {
    guard s.opacity > 0, s.color.alpha > 0 else { return nil }
    let sigma = Swift.max(0, s.radius) * scale
    let offset = s.offset * scale
    let b = t.apply(to: path.bounds).offsetBy(offset).insetBy(
      dx: -3 * sigma - 1, dy: -3 * sigma - 1)
    return (
      .shadow(path, transform: t, color: s.color, offset: offset, sigma: sigma, opacity: s.opacity),
      b
    )
  }

  /// The outline of a node's bounds with rounded corners: made once per size and radius and
  /// kept (process-wide, at most 1,024), since the nodes of a sequence keep theirs.
  static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
    shapes.value(for: ShapeKey(rect: rect, radius: cornerRadius)) {
      Path.roundedRect(rect, cornerRadius: cornerRadius)
    }
  }

  struct ShapeKey: Hashable {
    var rect: Rect
    var radius: Double
  }

  /// The node outlines kept, by size and corner radius.
  static let shapes = KeptValues<ShapeKey, Path>(limit: 1024)

  /// A single drawing command with the group's opacity folded in (same result, no offscreen layer).
  static func fold(_ c: Command, _ alpha: Double) -> Command? {
    switch c {
    case .fill(let p, let t, let paint, let rule, let o):
      return .fill(p, transform: t, paint: paint, rule: rule, opacity: o * alpha)
    case .stroke(let p, let t, let paint, let style, let o):
      return .stroke(p, transform: t, paint: paint, style: style, opacity: o * alpha)
    case .image(let img, let t, let o):
      return .image(img, transform: t, opacity: o * alpha)
    case .shadow(let p, let t, let color, let offset, let sigma, let o):
      return .shadow(
        p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o * alpha)
    case .glyphs(let run, let t, let o):
      return .glyphs(run, transform: t, opacity: o * alpha)
    default:
      return nil
    }
  }

  /// Appends the commands of `node`'s own content under `t`, adding the bounds of each to
  /// `bounds` in turn.
  mutating func content(_ node: SceneNode, _ t: Transform, bounds: inout Rect) {
    switch node.content {
    case .none:
      return
    case _ where drawn != nil:
      guard let drawings = drawn?(node.content, node.bounds) else {
        let kept = drawn
        drawn = nil
        content(node, t, bounds: &bounds)
        drawn = kept
        return
      }
      for drawing in drawings {
        let (command, b) = Self.imageCommand(drawing, t)
        commands.append(command)
        bounds = bounds.union(b)
      }
    case .image(let image, let mode):
      let dest = mode.rect(for: image.size, in: node.bounds)
      guard !dest.isEmpty else { return }
      switch image {
      case .raster(let r):
        let m = Transform(scaleX: dest.width / Double(r.width), y: dest.height / Double(r.height))
          .thenTranslated(x: dest.minX, y: dest.minY).concatenating(t)
        commands.append(.image(r, transform: m, opacity: 1))
        bounds = bounds.union(t.apply(to: dest))
      case .vector(let v):
        let m = Transform(scaleX: dest.width / v.size.width, y: dest.height / v.size.height)
          .thenTranslated(x: dest.minX, y: dest.minY).concatenating(t)
        // Each item's bounds are kept while the image is flattened (its groups need them).
        let outer = rectsStart
        rectsStart = commands.count
        defer {
          rects.removeAll(keepingCapacity: true)
          rectsStart = outer
        }
        itemCommands(v.items, m)
        for r in rects { bounds = bounds.union(r) }
      }
    case .shape(let s):
      let (fill, stroke) = Self.shapeCommands(s, t)
      if let (c, b) = fill {
        commands.append(c)
        bounds = bounds.union(b)
      }
      if let (c, b) = stroke {
        commands.append(c)
        bounds = bounds.union(b)
      }
    case .text(let text, let align):
      textCommands(text, node.bounds, align, t, bounds: &bounds)
    }
  }

  /// Appends a vector image's commands under `t`, with their bounds in ``rects``: groups
  /// become clip and group commands.
  mutating func itemCommands(_ items: [VectorImage.Item], _ t: Transform) {
    for item in items {
      switch item {
      case .shape(let s):
        let (fill, stroke) = Self.shapeCommands(s, t)
        if let (c, b) = fill {
          commands.append(c)
          rects.append(b)
        }
        if let (c, b) = stroke {
          commands.append(c)
          rects.append(b)
        }
      case .bitmap(let b):
        let w = Double(b.image.width)
        let h = Double(b.image.height)
        guard b.opacity > 0, w > 0, h > 0, b.rect.width > 0, b.rect.height > 0 else { continue }
        let m = Transform(scaleX: b.rect.width / w, y: b.rect.height / h)
          .concatenating(Transform(translationX: b.rect.minX, y: b.rect.minY))
          .concatenating(t)
        guard m.isFinite else { continue }
        commands.append(.image(b.image, transform: m, opacity: b.opacity))
        rects.append(t.apply(to: b.rect))
      case .group(let g):
        guard g.opacity > 0, g.transform.isFinite else { continue }
        let t0 = t
        let t = g.transform.concatenating(t)
        let start = commands.count
        itemCommands(g.items, t)
        guard commands.count > start else { continue }
        let first = start - rectsStart
        var bounds = Rect.zero
        for r in rects[first...] { bounds = bounds.union(r) }
        if let clip = g.clip {
          for region in clip.regions {
            bounds = bounds.intersection(
              region.reduce(Rect.zero) { $0.union(t.apply(to: $1.path.bounds)) })
          }
          if bounds.isEmpty {
            commands.removeLast(commands.count - start)
            rects.removeLast(rects.count - first)
            continue
          }
          for (k, region) in clip.regions.enumerated() {
            let box = region.reduce(Rect.zero) { $0.union(t.apply(to: $1.path.bounds)) }
            let begin: Command =
              region.count == 1
              ? .beginClip(region[0].path, transform: t, rule: region[0].rule)
              : .beginClipUnion(region, transform: t)
            commands.insert(begin, at: start + k)
            rects.insert(box, at: first + k)
          }
          for _ in clip.regions {
            commands.append(.endClip)
            rects.append(.zero)
          }
        }
        if let mask = g.mask {
          // The mask's items, in the parent's space, multiply the group's layer.
          commands.append(.beginMask)
          rects.append(.zero)
          let maskStart = rects.count
          itemCommands(mask.items, t0)
          for k in maskStart..<rects.count { rects[k] = rects[k].intersection(bounds) }
          commands.append(.endMask(mask.mode, inverted: mask.isInverted))
          rects.append(.zero)
          commands.insert(.beginGroup(opacity: g.opacity, bounds: bounds), at: start)
          rects.insert(bounds, at: first)
          commands.append(.endGroup)
          rects.append(.zero)
        } else if g.opacity < 1 {
          if commands.count - start == 1, let folded = Self.fold(commands[start], g.opacity) {
            commands[start] = folded
          } else {
            commands.insert(.beginGroup(opacity: g.opacity, bounds: bounds), at: start)
            rects.insert(bounds, at: first)
            commands.append(.endGroup)
            rects.append(.zero)
          }
        }
        for i in first..<rects.count { rects[i] = rects[i].intersection(bounds) }
      }
    }
  }

  /// The fill and stroke commands of `s` under `t`, each with its bounds in device pixels.
  static func shapeCommands(_ s: VectorImage.Shape, _ t: Transform) -> (
    fill: (Command, Rect)?, stroke: (Command, Rect)?
  ) {
    guard s.opacity > 0 else { return (nil, nil) }
    let b = s.path.bounds
    var out: (fill: (Command, Rect)?, stroke: (Command, Rect)?) = (nil, nil)
    if let fill = s.fill {
      out.fill = (
        .fill(s.path, transform: t, paint: fill, rule: s.fillRule, opacity: s.opacity),
        t.apply(to: b)
      )
    }
    if let stroke = s.stroke, s.strokeStyle.width > 0 {
      let pad = s.strokeStyle.width * Swift.max(1, s.strokeStyle.miterLimit) / 2
      out.stroke = (
        .stroke(s.path, transform: t, paint: stroke, style: s.strokeStyle, opacity: s.opacity),
        t.apply(to: b.insetBy(dx: -pad, dy: -pad))
      )
    }
    return out
  }
}
