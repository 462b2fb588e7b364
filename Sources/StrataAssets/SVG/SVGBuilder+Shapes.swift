import Foundation
import Strata

extension SVGBuilder {
  /// The outline of a basic shape or path, in its user space; `nil` when it draws nothing.
  mutating func shapePath(_ e: XMLElement, fontSize: Double = 16) -> Path? {
    func len(_ key: String, _ base: Double) -> Double? {
      guard let raw = e.attributes[key] else { return nil }
      guard let v = SVGValues.length(raw, percentOf: base, fontSize: fontSize) else {
        note(e, "\(key)=\"\(raw)\" is not a length; 0 is used")
        return 0
      }
      return v
    }
    let w = viewport.width
    let h = viewport.height
    switch e.localName {
    case "path":
      let (path, error) = SVGValues.pathData(e.attributes["d"] ?? "")
      if let error { note(e, "path data stops early: \(error); what came before it is drawn") }
      return path.isEmpty ? nil : path
    case "rect":
      let rw = len("width", w) ?? 0
      let rh = len("height", h) ?? 0
      guard rw > 0, rh > 0 else {
        if rw < 0 || rh < 0 { note(e, "a negative width or height draws nothing") }
        return nil
      }
      let x = len("x", w) ?? 0
      let y = len("y", h) ?? 0
      var rx = len("rx", w)
      var ry = len("ry", h)
      if let v = rx, v < 0 { rx = nil }
      if let v = ry, v < 0 { ry = nil }
      let cx = Swift.min((rx ?? ry ?? 0), rw / 2)
      let cy = Swift.min((ry ?? rx ?? 0), rh / 2)
      return Self.roundedRect(Rect(x: x, y: y, width: rw, height: rh), rx: cx, ry: cy)
    case "circle":
      let r = len("r", diagonal) ?? 0
      guard r > 0 else { return nil }
      let c = Point(x: len("cx", w) ?? 0, y: len("cy", h) ?? 0)
      return .ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
    case "ellipse":
      // A missing or negative radius is `auto`: the other one (SVG 2 §10.4).
      var rx = len("rx", w).flatMap { $0 < 0 ? nil : $0 }
      var ry = len("ry", h).flatMap { $0 < 0 ? nil : $0 }
      if rx == nil { rx = ry }
      if ry == nil { ry = rx }
      guard let a = rx, let b = ry, a > 0, b > 0 else { return nil }
      let c = Point(x: len("cx", w) ?? 0, y: len("cy", h) ?? 0)
      return .ellipse(in: Rect(x: c.x - a, y: c.y - b, width: 2 * a, height: 2 * b))
    case "line":
      var p = Path()
      p.move(to: Point(x: len("x1", w) ?? 0, y: len("y1", h) ?? 0))
      p.line(to: Point(x: len("x2", w) ?? 0, y: len("y2", h) ?? 0))
      return p
    case "polyline", "polygon":
      // The numbers up to the first that cannot be read (SVG 1.1 §9.7.1, Appendix F.2).
      let read = SVGValues.leadingNumbers(e.attributes["points"] ?? "")
      var v = read.numbers
      if read.stoppedEarly {
        note(e, "points cannot all be read; the points before the error are drawn")
      }
      if v.count % 2 == 1 {
        note(e, "points has an odd count of numbers; the last is dropped")
        v.removeLast()
      }
      guard v.count >= 4 else { return nil }
      var p = Path()
      p.move(to: Point(x: v[0], y: v[1]))
      for k in stride(from: 2, to: v.count, by: 2) { p.line(to: Point(x: v[k], y: v[k + 1])) }
      if e.localName == "polygon" { p.close() }
      return p
    default:
      return nil
    }
  }

  /// A rectangle with elliptical corners (rx across, ry down).
  static func roundedRect(_ r: Rect, rx: Double, ry: Double) -> Path {
    guard rx > 0, ry > 0 else { return .rect(r) }
    let k = 0.552_284_749_831  // 4/3·(√2 − 1): a quarter circle as one cubic
    let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
    var p = Path()
    p.move(to: Point(x: x0 + rx, y: y0))
    p.line(to: Point(x: x1 - rx, y: y0))
    p.cubic(
      to: Point(x: x1, y: y0 + ry), control1: Point(x: x1 - rx + k * rx, y: y0),
      control2: Point(x: x1, y: y0 + ry - k * ry))
    p.line(to: Point(x: x1, y: y1 - ry))
    p.cubic(
      to: Point(x: x1 - rx, y: y1), control1: Point(x: x1, y: y1 - ry + k * ry),
      control2: Point(x: x1 - rx + k * rx, y: y1))
    p.line(to: Point(x: x0 + rx, y: y1))
    p.cubic(
      to: Point(x: x0, y: y1 - ry), control1: Point(x: x0 + rx - k * rx, y: y1),
      control2: Point(x: x0, y: y1 - ry + k * ry))
    p.line(to: Point(x: x0, y: y0 + ry))
    p.cubic(
      to: Point(x: x0 + rx, y: y0), control1: Point(x: x0, y: y0 + ry - k * ry),
      control2: Point(x: x0 + rx - k * rx, y: y0))
    p.close()
    return p
  }

  /// The shape with its fill and stroke resolved: a pattern fill before the shape, a pattern
  /// stroke after it, so the stroke still paints over the fill.
  mutating func shapeItems(
    _ e: XMLElement, _ path: Path, _ style: SVGStyle, _ d: [String: String], depth: Int
  ) throws(SVGError) -> [VectorImage.Item] {
    let bbox = path.bounds
    let isLine = e.localName == "line"
    let strokeStyle = StrokeStyle(
      width: style.strokeWidth, join: style.join, cap: style.cap, miterLimit: style.miterLimit,
      dash: style.dash, dashPhase: style.dashOffset)
    var before: [VectorImage.Item] = []
    var after: [VectorImage.Item] = []
    var fill: Paint?
    if isLine {
      fill = nil
    } else if let (p, id) = patternTarget(style.fill) {
      before = try patternItems(
        p, id: id, opacity: style.fillOpacity, path: path, area: .fill(style.fillRule), from: e,
        depth: depth)
    } else {
      fill = paint(style.fill, opacity: style.fillOpacity, style, bbox, e, "fill")
    }
    var stroke: Paint?
    if style.strokeWidth > 0 {
      if let (p, id) = patternTarget(style.stroke) {
        after = try patternItems(
          p, id: id, opacity: style.strokeOpacity, path: path, area: .stroke(strokeStyle),
          from: e, depth: depth)
      } else {
        stroke = paint(style.stroke, opacity: style.strokeOpacity, style, bbox, e, "stroke")
      }
    }
    guard fill != nil || stroke != nil else { return before + after }
    let shape = VectorImage.Shape(
      path: path, fill: fill, fillRule: style.fillRule, stroke: stroke, strokeStyle: strokeStyle)
    return before + [.shape(shape)] + after
  }

  /// How far a stroke can reach past its path: half its width times the miter limit.
  static func reach(of style: StrokeStyle) -> Double {
    style.width * Swift.max(1, style.miterLimit) / 2
  }

  /// The bounds of what `items` draw under `t`: their outlines, and with `padded` their
  /// strokes' reach (half the width times the miter limit).
  static func bounds(of items: [VectorImage.Item], _ t: Transform, padded: Bool) -> Rect {
    var box: Rect?
    func add(_ r: Rect) { box = box.map { $0.union(r) } ?? r }
    for item in items {
      switch item {
      case .shape(let s):
        var b = s.path.bounds
        if padded, s.stroke != nil {
          let pad = reach(of: s.strokeStyle)
          b = b.insetBy(dx: -pad, dy: -pad)
        }
        add(t.apply(to: b))
      case .group(let g):
        let m = g.transform.concatenating(t)
        var inner = bounds(of: g.items, m, padded: padded)
        // A clipped group reaches no further than its clip.
        for region in g.clip?.regions ?? [] {
          inner = inner.intersection(
            region.reduce(Rect.zero) { $0.union(m.apply(to: $1.path.bounds)) })
        }
        if !inner.isEmpty || inner.width > 0 || inner.height > 0 { add(inner) }
      case .bitmap(let b):
        add(t.apply(to: b.rect))
      }
    }
    return box ?? .zero
  }

  /// The viewBox-to-viewport transform, and whether the drawing is cut at the viewport
  /// (`slice`, or `none` never needs it).
  static func viewBoxTransform(
    _ box: Rect?, into size: Size, preserveAspectRatio: String?
  ) -> (Transform, Bool) {
    guard let box else { return (.identity, false) }
    let words = (preserveAspectRatio ?? "xMidYMid meet").split(separator: " ").map(String.init)
      .filter { $0 != "defer" }
    let align = words.first ?? "xMidYMid"
    let slice = words.count > 1 && words[1] == "slice"
    let sx = size.width / box.width
    let sy = size.height / box.height
    if align == "none" {
      return (
        Transform(translationX: -box.minX, y: -box.minY).concatenating(
          Transform(scaleX: sx, y: sy)), false
      )
    }
    let s = slice ? Swift.max(sx, sy) : Swift.min(sx, sy)
    let freeX = size.width - box.width * s
    let freeY = size.height - box.height * s
    let ax = align.contains("xMin") ? 0 : align.contains("xMax") ? freeX : freeX / 2
    let ay = align.contains("YMin") ? 0 : align.contains("YMax") ? freeY : freeY / 2
    let t = Transform(translationX: -box.minX, y: -box.minY).concatenating(Transform(scale: s))
      .thenTranslated(x: ax, y: ay)
    return (t, slice)
  }
}
