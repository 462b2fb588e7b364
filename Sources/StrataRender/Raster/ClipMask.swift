import Strata

/// A clip in device pixels: a rectangle and, unless the whole rectangle is inside, the coverage
/// of each of its pixels. Clips nest: each is made inside the one before it.
struct ClipMask {
  var rect: IntRect
  /// Coverage per pixel of `rect`, or `nil` when the whole rectangle is inside.
  var mask: [UInt8]? {
    didSet { fullRows = mask.map { ClipMask.fullRows($0, width: rect.width) } ?? [] }
  }
  /// For each row of `rect`, whether the mask is 255 all along it (so it changes nothing).
  private(set) var fullRows: [Bool] = []

  init(rect: IntRect, mask: [UInt8]?) {
    self.rect = rect
    self.mask = mask
    self.fullRows = mask.map { ClipMask.fullRows($0, width: rect.width) } ?? []
  }

  /// The clip of `path` (under `transform`, to device pixels) inside `outer`, rasterized with
  /// `rasterizer`. A path that is a rectangle on whole pixels needs no mask of its own.
  init(
    _ path: Path, transform: Transform, rule: FillRule, inside outer: ClipMask,
    rasterizer: Rasterizer
  ) {
    let device = path.applying(transform)
    if let r = device.axisAlignedRect.flatMap(IntRect.init(exactly:)) {
      let rect = outer.rect.intersection(r)
      self.init(rect: rect, mask: outer.mask.map { Self.crop($0, from: outer.rect, to: rect) })
      return
    }
    let polys = device.flattened(tolerance: Canvas.flatteningTolerance)
    let rect = outer.rect.intersection(IntRect(covering: Canvas.bounds(of: polys)))
    guard !rect.isEmpty else {
      self.init(rect: .empty, mask: nil)
      return
    }
    var mask = [UInt8](repeating: 0, count: rect.width * rect.height)
    rasterizer.reset(region: rect)
    rasterizer.add(polys)
    mask.withUnsafeMutableBufferPointer { m in
      guard let mb = m.baseAddress else { return }
      rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
        let base = (y - rect.y) * rect.width + (x - rect.x)
        if let values, let vb = values.baseAddress {
          (mb + base).update(from: vb, count: n)
        } else {
          (mb + base).update(repeating: c, count: n)
        }
      }
    }
    if let outerMask = outer.mask {
      let cropped = Self.crop(outerMask, from: outer.rect, to: rect)
      for i in mask.indices { mask[i] = UInt8(div255(Int(mask[i]) * Int(cropped[i]))) }
    }
    self.init(rect: rect, mask: mask)
  }

  /// The clip of the union of `shapes` (under `transform`) inside `outer`: each outline's
  /// coverage is added to the mask as a fill would be (a + b − a·b).
  init(
    union shapes: [VectorImage.ClipShape], transform: Transform, inside outer: ClipMask,
    rasterizer: Rasterizer
  ) {
    if shapes.count == 1 {
      self.init(
        shapes[0].path, transform: transform, rule: shapes[0].rule, inside: outer,
        rasterizer: rasterizer)
      return
    }
    let flattened = shapes.map {
      ($0.path.applying(transform).flattened(tolerance: Canvas.flatteningTolerance), $0.rule)
    }
    var box = Rect.zero
    for (polys, _) in flattened { box = box.union(Canvas.bounds(of: polys)) }
    let rect = outer.rect.intersection(IntRect(covering: box))
    guard !rect.isEmpty else {
      self.init(rect: .empty, mask: nil)
      return
    }
    var mask = [UInt8](repeating: 0, count: rect.width * rect.height)
    mask.withUnsafeMutableBufferPointer { m in
      guard let mb = m.baseAddress else { return }
      for (polys, rule) in flattened {
        rasterizer.reset(region: rect)
        rasterizer.add(polys)
        rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
          let base = mb + (y - rect.y) * rect.width + (x - rect.x)
          for i in 0..<n {
            let a = Int(base[i])
            let b = Int(values.map { $0[i] } ?? c)
            base[i] = UInt8(a + b - div255(a * b))
          }
        }
      }
    }
    if let outerMask = outer.mask {
      let cropped = Self.crop(outerMask, from: outer.rect, to: rect)
      for i in mask.indices { mask[i] = UInt8(div255(Int(mask[i]) * Int(cropped[i]))) }
    }
    self.init(rect: rect, mask: mask)
  }

  static func fullRows(_ mask: [UInt8], width: Int) -> [Bool] {
    guard width > 0 else { return [] }
    return stride(from: 0, to: mask.count, by: width).map { start in
      mask[start..<Swift.min(mask.count, start + width)].allSatisfy { $0 == 255 }
    }
  }

  /// The mask row `y` (device) must be applied.
  func masks(row y: Int) -> Bool {
    guard mask != nil else { return false }
    let r = y - rect.y
    return r < 0 || r >= fullRows.count || !fullRows[r]
  }

  /// The longest run of rows that the mask covers completely, as a rectangle (the whole
  /// rectangle when there is no mask): what an opaque fill inside this clip surely covers.
  var fullyCoveredRect: IntRect {
    guard mask != nil else { return rect }
    var best = (start: 0, length: 0)
    var run = (start: 0, length: 0)
    for (r, full) in fullRows.enumerated() {
      if full {
        if run.length == 0 { run.start = r }
        run.length += 1
        if run.length > best.length { best = run }
      } else {
        run.length = 0
      }
    }
    return IntRect(x: rect.x, y: rect.y + best.start, width: rect.width, height: best.length)
  }

  /// `mask` (of `from`) cut or padded with zeros to `to`.
  static func crop(_ mask: [UInt8], from: IntRect, to: IntRect) -> [UInt8] {
    guard !to.isEmpty else { return [] }
    var out = [UInt8](repeating: 0, count: to.width * to.height)
    for y in to.y..<to.maxY {
      for x in to.x..<to.maxX where x >= from.x && x < from.maxX && y >= from.y && y < from.maxY {
        out[(y - to.y) * to.width + (x - to.x)] = mask[(y - from.y) * from.width + (x - from.x)]
      }
    }
    return out
  }
}
