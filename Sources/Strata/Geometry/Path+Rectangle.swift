extension Path {
  /// The rectangle this path is, if it is exactly one axis-aligned rectangle: four finite
  /// corners joined by horizontal and vertical lines (closed, or ending where it began). `nil`
  /// for anything else, curves and several subpaths included.
  ///
  /// Renderers use it to treat rectangles specially: an opaque one hides what is under it, and
  /// a clip that is one needs no mask.
  public var axisAlignedRect: Rect? { axisAlignedRect { $0 } }

  /// ``axisAlignedRect`` of the path mapped through `t`: the same answer as
  /// `applying(t).axisAlignedRect`, without building the mapped path.
  package func axisAlignedRect(applying t: Transform) -> Rect? {
    guard startsWithMove else { return applying(t).axisAlignedRect }
    return axisAlignedRect { t.apply(to: $0) }
  }

  /// ``axisAlignedRect`` with every point mapped through `map` as it is read.
  private func axisAlignedRect(mapping map: (Point) -> Point) -> Rect? {
    // At most five points are kept (a closing repeat of the first), in a fixed value: this runs
    // for every opaque fill of every frame, so it does not allocate.
    var pts = (Point.zero, Point.zero, Point.zero, Point.zero, Point.zero)
    var count = 0
    func point(_ i: Int) -> Point {
      switch i {
      case 0: return pts.0
      case 1: return pts.1
      case 2: return pts.2
      case 3: return pts.3
      default: return pts.4
      }
    }
    func add(_ p: Point) -> Bool {
      switch count {
      case 0: pts.0 = p
      case 1: pts.1 = p
      case 2: pts.2 = p
      case 3: pts.3 = p
      case 4: pts.4 = p
      default: return false
      }
      count += 1
      return true
    }
    for e in elements {
      switch e {
      case .move(let p):
        if count > 0 { return nil }
        _ = add(map(p))
      case .line(let p): if !add(map(p)) { return nil }
      case .close: continue
      default: return nil
      }
    }
    if count == 5, pts.4 == pts.0 { count = 4 }
    guard count == 4 else { return nil }
    var l = Double.infinity
    var r = -Double.infinity
    var t = Double.infinity
    var b = -Double.infinity
    for i in 0..<4 {
      let a = point(i)
      let n = point((i + 1) % 4)
      guard a.isFinite else { return nil }
      if a.x != n.x && a.y != n.y { return nil }
      l = Swift.min(l, a.x)
      r = Swift.max(r, a.x)
      t = Swift.min(t, a.y)
      b = Swift.max(b, a.y)
    }
    // Exactly two distinct x and two distinct y: every x is one of the extremes, and they differ.
    for i in 0..<4 {
      let a = point(i)
      if (a.x != l && a.x != r) || (a.y != t && a.y != b) { return nil }
    }
    guard l != r, t != b else { return nil }
    return Rect(x: l, y: t, width: r - l, height: b - t)
  }
}
