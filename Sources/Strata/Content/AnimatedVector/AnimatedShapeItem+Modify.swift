extension AnimatedShapeItem {
  // MARK: - Modifiers

  /// Applies each trim and merge to the paths before it, a group's own first.
  static func modify(_ nodes: inout [Evaluated]) {
    for k in nodes.indices {
      if case .group(var children, let m, let o) = nodes[k] {
        modify(&children)
        nodes[k] = .group(children, m, opacity: o)
      }
    }
    for k in nodes.indices {
      switch nodes[k] {
      case .trim(let s, let e, let o, let mode):
        var paths: [Path] = []
        forEachPath(in: &nodes, upTo: k) { paths.append($0) }
        let trimmed = trim(paths, start: s, end: e, offset: o, mode: mode)
        var n = 0
        forEachPath(in: &nodes, upTo: k) { path in
          if n < trimmed.count { path = trimmed[n] }
          n += 1
        }
      case .merge(let mode):
        var paths: [Path] = []
        for j in 0..<k {
          switch nodes[j] {
          case .shape(let p):
            paths.append(p)
            nodes[j] = .shape(Path())
          case .region(_, let ps):
            paths += ps
            nodes[j] = .shape(Path())
          case .group(let children, let m, _):
            paths += allPaths(children).map { $0.applying(m) }
          default: break
          }
        }
        if mode == .merge {
          var all = Path()
          for p in paths { all.append(p) }
          nodes[k] = .shape(all)
        } else {
          nodes[k] = .region(mode, paths)
        }
      default: break
      }
    }
  }

  /// Calls `body` on every path of `nodes[..<end]`, nested groups' included, in order.
  static func forEachPath(
    in nodes: inout [Evaluated], upTo end: Int, _ body: (inout Path) -> Void
  ) {
    for j in 0..<end {
      switch nodes[j] {
      case .shape(var p):
        body(&p)
        nodes[j] = .shape(p)
      case .region(let mode, var ps):
        for i in ps.indices { body(&ps[i]) }
        nodes[j] = .region(mode, ps)
      case .group(var children, let m, let o):
        forEachPath(in: &children, upTo: children.count, body)
        nodes[j] = .group(children, m, opacity: o)
      default: break
      }
    }
  }

  /// Every path of `nodes`, in their space.
  static func allPaths(_ nodes: [Evaluated]) -> [Path] {
    var copy = nodes
    var out: [Path] = []
    forEachPath(in: &copy, upTo: copy.count) { out.append($0) }
    return out
  }

  /// The paths trimmed to the part from `start` to `end` (fractions), moved on by `offset`.
  static func trim(
    _ paths: [Path], start: Double, end: Double, offset: Double, mode: TrimMode
  ) -> [Path] {
    guard start.isFinite, end.isFinite, offset.isFinite else { return paths }
    var a = Swift.min(1, Swift.max(0, start))
    var b = Swift.min(1, Swift.max(0, end))
    if a > b { swap(&a, &b) }
    if a == 0, b == 1 { return paths }
    if a == b { return paths.map { _ in Path() } }
    let turn = offset - offset.rounded(.down)
    a += turn
    b += turn
    if a >= 1 {
      a -= 1
      b -= 1
    }
    // The kept spans, in order along the path: past the end, the part wraps to the start.
    let spans = b <= 1 ? [(a, b)] : [(a, 1.0), (0.0, b - 1)]
    switch mode {
    case .simultaneously:
      return paths.map { path in
        let length = path.length
        var out = Path()
        for (s, e) in spans { out.continuing(path.trimmed(from: s * length, to: e * length)) }
        return out
      }
    case .individually:
      let lengths = paths.map(\.length)
      let total = lengths.reduce(0, +)
      var before = 0.0
      return zip(paths, lengths).map { path, length in
        defer { before += length }
        var out = Path()
        for (s, e) in spans {
          out.continuing(path.trimmed(from: s * total - before, to: e * total - before))
        }
        return out
      }
    }
  }
}

extension Path {
  /// Appends `other`, joining its first contour to this path's last when it starts where
  /// that one ends.
  mutating func continuing(_ other: Path) {
    var elements = other.elements[...]
    if case .move(let p)? = elements.first, let current = currentPoint,
      (p - current).length < 1e-9, elements.count > 1, let last = self.elements.last,
      last != .close
    {
      elements = elements.dropFirst()
    }
    for e in elements { add(e) }
  }
}
