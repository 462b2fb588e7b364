import Strata

/// A clip in device pixels: a rectangle and, unless the whole rectangle is inside, the coverage
/// of each of its pixels. Clips nest: each is made inside the one before it.
struct ClipMask {
  var rect: IntRect
  /// Coverage per pixel of `rect`, or `nil` when the whole rectangle is inside.
  var mask: [UInt8]? {
    didSet { fullRuns = mask.map { ClipMask.fullRuns($0, width: rect.width) } ?? [] }
  }
  /// For each row of `rect`, the widest run of columns (relative to `rect.x`) where the mask is
  /// 255: spans inside it need no mask.
  private(set) var fullRuns: [Range<Int32>] = []

  init(rect: IntRect, mask: [UInt8]?) {
    self.rect = rect
    self.mask = mask
    self.fullRuns = mask.map { ClipMask.fullRuns($0, width: rect.width) } ?? []
  }

  /// The clip of `path` (under `transform`, to device pixels) inside `outer`, rasterized with
  /// `rasterizer`. A path that is a rectangle on whole pixels needs no mask of its own.
  /// The path is flattened through the transform into `scratch` (a buffer the caller keeps).
  init(
    _ path: Path, transform: Transform, rule: FillRule, inside outer: ClipMask,
    rasterizer: Rasterizer, scratch: inout FlattenedPath
  ) {
    if let r = path.axisAlignedRect(applying: transform).flatMap(IntRect.init(exactly:)) {
      let rect = outer.rect.intersection(r)
      self.init(rect: rect, mask: outer.mask.map { Self.crop($0, from: outer.rect, to: rect) })
      return
    }
    path.flatten(tolerance: Canvas.flatteningTolerance, applying: transform, into: &scratch)
    let rect = outer.rect.intersection(IntRect(covering: Canvas.bounds(of: scratch.points)))
    guard !rect.isEmpty else {
      self.init(rect: .empty, mask: nil)
      return
    }
    var mask = [UInt8](repeating: 0, count: rect.width * rect.height)
    rasterizer.reset(region: rect)
    rasterizer.add(scratch)
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
    if let outerMask = outer.mask { Self.multiply(&mask, by: outerMask, of: outer.rect, at: rect) }
    self.init(rect: rect, mask: mask)
  }

  /// The clip of the union of `shapes` (under `transform`) inside `outer`: each outline's
  /// coverage is added to the mask as a fill would be (a + b − a·b).
  init(
    union shapes: [VectorImage.ClipShape], transform: Transform, inside outer: ClipMask,
    rasterizer: Rasterizer
  ) {
    if shapes.count == 1 {
      var scratch = FlattenedPath()
      self.init(
        shapes[0].path, transform: transform, rule: shapes[0].rule, inside: outer,
        rasterizer: rasterizer, scratch: &scratch)
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
    if let outerMask = outer.mask { Self.multiply(&mask, by: outerMask, of: outer.rect, at: rect) }
    self.init(rect: rect, mask: mask)
  }

  /// The widest run of 255 in each row of `mask`.
  static func fullRuns(_ mask: [UInt8], width: Int) -> [Range<Int32>] {
    guard width > 0 else { return [] }
    let rows = (mask.count + width - 1) / width
    var runs = [Range<Int32>](repeating: 0..<0, count: rows)
    mask.withUnsafeBufferPointer { m in
      guard let base = m.baseAddress else { return }
      for r in 0..<rows {
        let row = base + r * width
        let n = Swift.min(width, mask.count - r * width)
        var best = 0..<0
        var i = 0
        while i < n {
          if row[i] != 255 {
            i += 1
            continue
          }
          // A run starts at i: pass eight bytes at a time while they are all 255.
          let start = i
          while i + 8 <= n && UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self) == .max {
            i += 8
          }
          while i < n && row[i] == 255 { i += 1 }
          if i - start > best.count { best = start..<i }
        }
        runs[r] = Int32(best.lowerBound)..<Int32(best.upperBound)
      }
    }
    return runs
  }

  /// Whether the mask must be applied to the `count` pixels of row `y` from column `x` (device
  /// pixels): not when they all lie where the mask is 255.
  func masks(row y: Int, from x: Int, count: Int) -> Bool {
    guard mask != nil else { return false }
    let r = y - rect.y
    guard r >= 0, r < fullRuns.count else { return true }
    let run = fullRuns[r]
    let start = x - rect.x
    return start < Int(run.lowerBound) || start + count > Int(run.upperBound)
  }

  /// The longest run of rows that the mask covers completely, as a rectangle (the whole
  /// rectangle when there is no mask): what an opaque fill inside this clip surely covers.
  var fullyCoveredRect: IntRect {
    guard mask != nil else { return rect }
    var best = (start: 0, length: 0)
    var run = (start: 0, length: 0)
    for (r, full) in fullRuns.enumerated() {
      if full.lowerBound == 0 && Int(full.upperBound) == rect.width {
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
    let common = from.intersection(to)
    guard !common.isEmpty, mask.count >= from.width * from.height else { return out }
    out.withUnsafeMutableBufferPointer { o in
      mask.withUnsafeBufferPointer { m in
        guard let ob = o.baseAddress, let mb = m.baseAddress else { return }
        for y in common.y..<common.maxY {
          (ob + (y - to.y) * to.width + (common.x - to.x)).update(
            from: mb + (y - from.y) * from.width + (common.x - from.x), count: common.width)
        }
      }
    }
    return out
  }

  /// `mask` (of `rect`) times `outer` (of `outerRect`; zero outside it), pixel by pixel.
  static func multiply(
    _ mask: inout [UInt8], by outer: [UInt8], of outerRect: IntRect, at rect: IntRect
  ) {
    let cropped = crop(outer, from: outerRect, to: rect)
    guard cropped.count == mask.count else { return }
    mask.withUnsafeMutableBufferPointer { m in
      cropped.withUnsafeBufferPointer { c in
        guard let mb = m.baseAddress, let cb = c.baseAddress else { return }
        Pixels.multiply(mb, by: cb, count: m.count)
      }
    }
  }
}
