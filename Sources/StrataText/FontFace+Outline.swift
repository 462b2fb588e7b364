import Strata

extension FontFace {
  /// The outline of `glyph` in font units, y up, with quadratic curves (implied on-curve
  /// points restored). Empty for a glyph without contours (a space).
  ///
  /// - Throws: ``FontError`` for a malformed glyph, a composite that nests too deeply or
  ///   refers to itself, or too many points.
  public func outline(of glyph: UInt16) throws(FontError) -> Path {
    var path = Path()
    var points = 0
    var visits = 0
    var placed: [Point] = []
    try appendOutline(
      Int(glyph), transform: .identity, depth: 0, into: &path, points: &points, visits: &visits,
      placed: &placed)
    return path
  }

  /// Appends glyph `g`'s outline under `transform`; `placed` collects its points, in order and
  /// transformed, for composites that place components by matching points.
  private func appendOutline(
    _ g: Int, transform: Transform, depth: Int, into path: inout Path, points: inout Int,
    visits: inout Int, placed: inout [Point]
  )
    throws(FontError)
  {
    guard depth <= Self.maximumCompositeDepth else { throw .compositeTooDeep(glyph: g) }
    // Every glyph visited counts, so components that fan out (10 per level, 8 levels deep) stop
    // after a bounded amount of work instead of 10⁸ visits.
    visits += 1
    guard visits <= Self.maximumComponentVisits else {
      throw .malformed(
        table: "glyf", reason: "more than \(Self.maximumComponentVisits) component visits")
    }
    guard g >= 0, g < glyphCount else {
      throw .malformed(table: "glyf", reason: "glyph \(g) of \(glyphCount)")
    }
    let start = glyphOffsets[g]
    let end = glyphOffsets[g + 1]
    if end <= start { return }  // no outline
    guard end <= glyfEnd else { throw .truncated(table: "glyf", offset: end) }
    let r = FontReader(data, table: "glyf")
    let contours = try r.i16(start)
    if contours >= 0 {
      try appendSimple(
        r, start, contours, transform: transform, into: &path, points: &points, end: end,
        placed: &placed)
    } else {
      try appendComposite(
        r, start + 10, transform: transform, depth: depth, into: &path, points: &points,
        visits: &visits, end: end, placed: &placed)
    }
  }

  private func appendSimple(
    _ r: FontReader, _ start: Int, _ contours: Int, transform: Transform, into path: inout Path,
    points: inout Int,
    end: Int, placed: inout [Point]
  ) throws(FontError) {
    var p = start + 10
    var endPoints: [Int] = []
    endPoints.reserveCapacity(contours)
    for _ in 0..<contours {
      endPoints.append(try r.u16(p))
      p += 2
    }
    let count = (endPoints.last ?? -1) + 1
    guard count > 0 else { return }
    points += count
    guard points <= Self.maximumPoints else {
      throw .malformed(table: "glyf", reason: "more than \(Self.maximumPoints) points")
    }
    let instructionLength = try r.u16(p)
    p += 2 + instructionLength
    // Flags, with repeats.
    var flags = [UInt8](repeating: 0, count: count)
    var i = 0
    while i < count {
      guard p < end else { throw .truncated(table: "glyf", offset: p) }
      let f = UInt8(try r.u8(p))
      p += 1
      flags[i] = f
      i += 1
      if f & 8 != 0 {
        guard p < end else { throw .truncated(table: "glyf", offset: p) }
        let repeats = try r.u8(p)
        p += 1
        for _ in 0..<repeats where i < count {
          flags[i] = f
          i += 1
        }
      }
    }
    // x then y: a short delta (1 byte, its sign in the "same" bit), a repeat of the previous
    // value (the "same" bit alone), or a 16-bit delta.
    let xs = try Self.coordinates(r, &p, flags, short: 2, same: 16)
    let ys = try Self.coordinates(r, &p, flags, short: 4, same: 32)
    // The coordinates must lie within the glyph's own bytes.
    guard p <= end else { throw .truncated(table: "glyf", offset: p) }
    var first = 0
    for last in endPoints {
      guard last >= first, last < count else {
        throw .malformed(table: "glyf", reason: "contour end points out of order")
      }
      var pts: [(Point, Bool)] = []
      for k in first...last {
        let q = transform.apply(to: Point(x: Double(xs[k]), y: Double(ys[k])))
        pts.append((q, flags[k] & 1 != 0))
        placed.append(q)
      }
      Self.appendContour(pts, into: &path)
      first = last + 1
    }
  }

  static func coordinates(
    _ r: FontReader, _ p: inout Int, _ flags: [UInt8], short: UInt8, same: UInt8
  )
    throws(FontError) -> [Int]
  {
    var out = [Int](repeating: 0, count: flags.count)
    var v = 0
    for (k, f) in flags.enumerated() {
      if f & short != 0 {
        let d = try r.u8(p)
        p += 1
        v += f & same != 0 ? d : -d
      } else if f & same == 0 {
        v += try r.i16(p)
        p += 2
      }
      out[k] = v
    }
    return out
  }

  /// Adds one quadratic contour, restoring the on-curve points implied between two off-curve ones.
  static func appendContour(_ pts: [(Point, Bool)], into path: inout Path) {
    guard pts.count > 1 else { return }

    // Start at an on-curve point, or at the midpoint of the first two off-curve points.
    let startIndex = pts.firstIndex { $0.1 }
    let start: Point
    var order: [(Point, Bool)]
    if let s = startIndex {
      start = pts[s].0
      order = Array(pts[(s + 1)...] + pts[..<s])
    } else {
      start = pts[0].0.lerp(to: pts[1].0, 0.5)
      order = Array(pts[1...]) + [pts[0]]
    }
    order.append((start, true))
    path.move(to: start)
    var control: Point?
    for (q, onCurve) in order {
      if onCurve {
        if let c = control {
          path.quad(to: q, control: c)
          control = nil
        } else {
          path.line(to: q)
        }
      } else {
        if let c = control {
          let mid = c.lerp(to: q, 0.5)
          path.quad(to: mid, control: c)
        }
        control = q
      }
    }
    path.close()
  }

  private func appendComposite(
    _ r: FontReader, _ start: Int, transform: Transform, depth: Int, into path: inout Path,
    points: inout Int, visits: inout Int, end: Int, placed: inout [Point]
  ) throws(FontError) {
    // The composite's own points start here: point matching counts from them.
    let base = placed.count
    var p = start
    var more = true
    var components = 0
    while more {
      components += 1
      guard components <= 1024 else {
        throw .malformed(table: "glyf", reason: "more than 1024 components")
      }
      guard p + 4 <= end else { throw .truncated(table: "glyf", offset: p) }
      let flags = try r.u16(p)
      let component = try r.u16(p + 2)
      p += 4
      var dx = 0.0
      var dy = 0.0
      // Without ARGS_ARE_XY_VALUES the arguments are point numbers to match: a point of the
      // composite so far and a point of the component.
      var match: (parent: Int, child: Int)?
      if flags & 1 != 0 {
        if flags & 2 != 0 {
          dx = Double(try r.i16(p))
          dy = Double(try r.i16(p + 2))
        } else {
          match = (try r.u16(p), try r.u16(p + 2))
        }
        p += 4
      } else {
        if flags & 2 != 0 {
          dx = Double(Int8(truncatingIfNeeded: try r.u8(p)))
          dy = Double(Int8(truncatingIfNeeded: try r.u8(p + 1)))
        } else {
          match = (try r.u8(p), try r.u8(p + 1))
        }
        p += 2
      }
      var a = 1.0
      var b = 0.0
      var c = 0.0
      var d = 1.0
      if flags & 0x8 != 0 {
        a = try r.f2dot14(p)
        d = a
        p += 2
      } else if flags & 0x40 != 0 {
        a = try r.f2dot14(p)
        d = try r.f2dot14(p + 2)
        p += 4
      } else if flags & 0x80 != 0 {
        a = try r.f2dot14(p)
        b = try r.f2dot14(p + 2)
        c = try r.f2dot14(p + 4)
        d = try r.f2dot14(p + 6)
        p += 8
      }
      let local = Transform(a: a, b: b, c: c, d: d, tx: dx, ty: dy)
      if let match {
        // Place the component unmoved, then move it so that its point meets the composite's.
        var piece = Path()
        var piecePoints: [Point] = []
        try appendOutline(
          component, transform: local.concatenating(transform), depth: depth + 1, into: &piece,
          points: &points, visits: &visits, placed: &piecePoints)
        guard base + match.parent < placed.count, match.child < piecePoints.count else {
          throw .malformed(
            table: "glyf",
            reason:
              "a component matches point \(match.parent) to \(match.child), which do not exist")
        }
        let shift = placed[base + match.parent] - piecePoints[match.child]
        let move = Transform(translation: shift)
        path.append(piece.applying(move))
        placed += piecePoints.map { move.apply(to: $0) }
      } else {
        try appendOutline(
          component, transform: local.concatenating(transform), depth: depth + 1, into: &path,
          points: &points, visits: &visits, placed: &placed)
      }
      more = flags & 0x20 != 0
    }
  }
}
