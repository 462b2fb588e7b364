import Strata
import StrataIO
import StrataText

/// A clip in device pixels: a rectangle and, unless the whole rectangle is inside, the coverage
/// of each of its pixels. Clips nest: each is made inside the one before it.
package struct ClipMask {
  package var rect: IntRect
  /// Coverage per pixel of `rect`, or `nil` when the whole rectangle is inside.
  package private(set) var mask: [UInt8]?
  /// For each row of `rect`, the widest run of columns (relative to `rect.x`) where the mask is
  /// 255: spans inside it need no mask.
  private(set) var fullRuns: [Range<Int32>] = []

  package init(rect: IntRect, mask: [UInt8]?) {
    var memory = Memory()
    self.init(rect: rect, mask: mask, memory: &memory)
  }

  /// A clip of `rect` with `mask`, its full runs written into memory taken from `memory`.
  private init(rect: IntRect, mask: [UInt8]?, memory: inout Memory) {
    self.rect = rect
    self.mask = mask
    if let mask {
      fullRuns = memory.takeRuns()
      Self.fullRuns(mask, width: rect.width, into: &fullRuns)
    }
  }

  /// The clip of `path` (under `transform`, to device pixels) inside `outer`, rasterized with
  /// `rasterizer`. A path that is a rectangle on whole pixels needs no mask of its own.
  /// The path is flattened through the transform into `scratch` (a buffer the caller keeps),
  /// and the mask's memory comes from `memory`.
  package init(
    _ path: Path, transform: Transform, rule: FillRule, inside outer: ClipMask,
    rasterizer: Rasterizer, scratch: inout FlattenedPath, memory: inout Memory
  ) {
    if let r = path.axisAlignedRect(applying: transform).flatMap(IntRect.init(exactly:)) {
      let rect = outer.rect.intersection(r)
      var mask: [UInt8]? = nil
      if let outerMask = outer.mask, !rect.isEmpty {
        var cropped = memory.takeMask(count: rect.width * rect.height)
        Self.multiply(&cropped, of: rect, by: outerMask, of: outer.rect, replacing: true)
        mask = cropped
      }
      self.init(rect: rect, mask: mask, memory: &memory)
      return
    }
    path.flatten(tolerance: Canvas.flatteningTolerance, applying: transform, into: &scratch)
    let rect = outer.rect.intersection(IntRect(covering: Canvas.bounds(of: scratch.points)))
    guard !rect.isEmpty else {
      self.init(rect: .empty, mask: nil, memory: &memory)
      return
    }
    var mask = memory.takeMask(count: rect.width * rect.height)
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
    if let outerMask = outer.mask {
      Self.multiply(&mask, of: rect, by: outerMask, of: outer.rect, replacing: false)
    }
    self.init(rect: rect, mask: mask, memory: &memory)
  }

  /// The clip of the union of `shapes` (under `transform`) inside `outer`: each outline's
  /// coverage is added to the mask as a fill would be (a + b − a·b).
  package init(
    union shapes: [VectorImage.ClipShape], transform: Transform, inside outer: ClipMask,
    rasterizer: Rasterizer, scratch: inout FlattenedPath, memory: inout Memory
  ) {
    if shapes.count == 1 {
      self.init(
        shapes[0].path, transform: transform, rule: shapes[0].rule, inside: outer,
        rasterizer: rasterizer, scratch: &scratch, memory: &memory)
      return
    }
    let flattened = shapes.map {
      ($0.path.applying(transform).flattened(tolerance: Canvas.flatteningTolerance), $0.rule)
    }
    var box = Rect.zero
    for (polys, _) in flattened { box = box.union(Canvas.bounds(of: polys)) }
    let rect = outer.rect.intersection(IntRect(covering: box))
    guard !rect.isEmpty else {
      self.init(rect: .empty, mask: nil, memory: &memory)
      return
    }
    var mask = memory.takeMask(count: rect.width * rect.height)
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
      Self.multiply(&mask, of: rect, by: outerMask, of: outer.rect, replacing: false)
    }
    self.init(rect: rect, mask: mask, memory: &memory)
  }

  /// Gives this clip's memory to `memory` at `place`, for the next clip made there, leaving
  /// the clip without a mask.
  package mutating func recycle(into memory: inout Memory, place: Int) {
    if let m = mask {
      mask = nil
      memory.masks.keep(m, place: place)
    }
    memory.runs.keep(fullRuns, place: place)
    fullRuns = []
  }

  /// The widest run of 255 in each row of `mask`, into `runs` (emptied first).
  package static func fullRuns(_ mask: [UInt8], width: Int, into runs: inout [Range<Int32>]) {
    runs.removeAll(keepingCapacity: true)
    guard width > 0 else { return }
    let rows = (mask.count + width - 1) / width
    runs.append(contentsOf: repeatElement(0..<0, count: rows))
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
            // Pass eight bytes at a time while none of them is 255: a byte of v is 255 where
            // the same byte of ~v is zero, which the classic zero-byte test finds.
            while i + 8 <= n {
              let v = UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self)
              let low: UInt64 = 0x0101_0101_0101_0101
              guard (~v &- low) & v & (low << 7) == 0 else { break }
              i += 8
            }
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
  }

  /// Whether the mask must be applied to the `count` pixels of row `y` from column `x` (device
  /// pixels): not when they all lie where the mask is 255.
  package func masks(row y: Int, from x: Int, count: Int) -> Bool {
    guard mask != nil else { return false }
    let r = y - rect.y
    guard r >= 0, r < fullRuns.count else { return true }
    let run = fullRuns[r]
    let start = x - rect.x
    return start < Int(run.lowerBound) || start + count > Int(run.upperBound)
  }

  /// The longest run of rows that the mask covers completely, as a rectangle (the whole
  /// rectangle when there is no mask): what an opaque fill inside this clip surely covers.
  package var fullyCoveredRect: IntRect {
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

  /// `mask` (of `rect`) times `outer` (of `outerRect`; zero outside it), pixel by pixel; with
  /// `replacing`, `mask` becomes `outer` cut or padded with zeros to `rect` instead.
  package static func multiply(
    _ mask: inout [UInt8], of rect: IntRect, by outer: [UInt8], of outerRect: IntRect,
    replacing: Bool
  ) {
    guard mask.count == rect.width * rect.height,
      outer.count >= outerRect.width * outerRect.height
    else { return }
    let common = rect.intersection(outerRect)
    mask.withUnsafeMutableBufferPointer { m in
      outer.withUnsafeBufferPointer { o in
        guard let mb = m.baseAddress, let ob = o.baseAddress else { return }
        for y in rect.y..<rect.maxY {
          let row = mb + (y - rect.y) * rect.width
          guard !common.isEmpty, y >= common.y, y < common.maxY else {
            row.update(repeating: 0, count: rect.width)
            continue
          }
          let left = common.x - rect.x
          row.update(repeating: 0, count: left)
          let right = rect.maxX - common.maxX
          (row + rect.width - right).update(repeating: 0, count: right)
          let from = ob + (y - outerRect.y) * outerRect.width + (common.x - outerRect.x)
          if replacing {
            (row + left).update(from: from, count: common.width)
          } else {
            Pixels.multiply(row + left, by: from, count: common.width)
          }
        }
      }
    }
  }

  /// Memory of clips that ended, kept for the next ones by place (see ``SpareArrays``):
  /// masks and rows of full runs.
  package struct Memory {
    fileprivate var masks = SpareArrays<UInt8>()
    fileprivate var runs = SpareArrays<Range<Int32>>()
    /// Where the clip being made stands among the clips of its frame; nil for clips not
    /// numbered (their memory is new).
    var place: Int?

    /// A mask of `count` zeros, in memory kept at ``place``.
    mutating func takeMask(count: Int) -> [UInt8] { masks.take(count, of: 0, place: place) }

    /// An empty array for full runs, in memory kept at ``place``.
    mutating func takeRuns() -> [Range<Int32>] { runs.take(place: place) }
  }
}
