import Strata
import StrataIO

// Sampling bitmaps: resampled rows, the column table, nearest and bilinear samples, and the
// rows a canvas keeps between the rows of one bitmap draw.
extension Shader {
  /// Source row `rowStart` (an offset into the pixels) resampled at the columns of a span.
  static func resample(
    _ src: UnsafeBufferPointer<UInt32>, _ rowStart: Int, _ columns: ColumnTable, _ x: Int,
    _ count: Int,
    into values: inout [UInt32]
  ) {
    if values.count < count { values = [UInt32](repeating: 0, count: count) }
    columns.x0.withUnsafeBufferPointer { x0s in
      columns.x1.withUnsafeBufferPointer { x1s in
        columns.fx.withUnsafeBufferPointer { fxs in
          values.withUnsafeMutableBufferPointer { v in
            guard let fxBase = fxs.baseAddress, let out = v.baseAddress else { return }
            var i = 0
            while i + 8 <= count {
              let c = x + i
              var a = Pixels.Vector8()
              var b = Pixels.Vector8()
              for k in 0..<8 {
                a[k] = src[rowStart + Int(x0s[c + k])]
                b[k] = src[rowStart + Int(x1s[c + k])]
              }
              let f = UnsafeRawPointer(fxBase + c).loadUnaligned(as: Pixels.Vector8.self)
              UnsafeMutableRawPointer(out + i).storeBytes(
                of: Pixels.lerp(a, b, f), as: Pixels.Vector8.self)
              i += 8
            }
            while i < count {
              let c = x + i
              out[i] = Pixels.lerp(src[rowStart + Int(x0s[c])], src[rowStart + Int(x1s[c])], fxs[c])
              i += 1
            }
          }
        }
      }
    }
  }

  /// The bilinear sampling positions of device columns 0..<count under `inverse`.
  package struct ColumnTable {
    package var x0: [Int32] = []
    package var x1: [Int32] = []
    package var fx: [UInt32] = []

    /// An empty table, to fill with ``update(inverse:imageWidth:count:)``.
    package init() {}

    package init(inverse: Transform, imageWidth w: Int, count: Int) {
      update(inverse: inverse, imageWidth: w, count: count)
    }

    /// Works out the first `count` columns for an image `w` pixels wide seen through
    /// `inverse`, reusing the table's memory.
    package mutating func update(inverse: Transform, imageWidth w: Int, count: Int) {
      if x0.count != count {
        x0.removeAll(keepingCapacity: true)
        x1.removeAll(keepingCapacity: true)
        fx.removeAll(keepingCapacity: true)
        x0.append(contentsOf: repeatElement(0, count: count))
        x1.append(contentsOf: repeatElement(0, count: count))
        fx.append(contentsOf: repeatElement(0, count: count))
      }
      let maxX = Double(w - 1)
      for c in 0..<count {
        let u = inv(inverse, c)
        let cu = u.isFinite ? (u < 0 ? 0 : (u > maxX ? maxX : u)) : 0
        let i = Int(cu)
        x0[c] = Int32(i)
        x1[c] = Int32(i + 1 < w ? i + 1 : i)
        fx[c] = UInt32((cu - Double(i)) * 256)
      }
    }

    private static func inv(_ t: Transform, _ c: Int) -> Double {
      t.a * (Double(c) + 0.5) + t.tx - 0.5
    }
    private func inv(_ t: Transform, _ c: Int) -> Double { Self.inv(t, c) }
  }

  /// Where the centre of device column `column` of row `py` lies in the image, through `inv`.
  @inline(__always) private static func source(of column: Int, _ py: Double, _ inv: Transform)
    -> (Double, Double)
  {
    let px = Double(column) + 0.5
    return (inv.a * px + inv.c * py + inv.tx, inv.b * px + inv.d * py + inv.ty)
  }

  /// Nearest-neighbour samples of `count` pixels of row `py` from device column `x`, seen through `inv`.
  static func sampleNearest(
    _ src: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ inv: Transform, _ x: Int,
    _ py: Double,
    _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>
  ) {
    let maxX = Double(w - 1)
    let maxY = Double(h - 1)
    for i in 0..<count {
      let (u, v) = source(of: x + i, py, inv)
      guard u.isFinite, v.isFinite else {
        out[i] = 0
        continue
      }
      let sx = Int(u.rounded(.down).clamped(to: 0...maxX))
      let sy = Int(v.rounded(.down).clamped(to: 0...maxY))
      out[i] = src[sy * w + sx]
    }
  }

  /// Bilinear samples of premultiplied pixels (centres at k + 0.5) of `count` pixels of row
  /// `py` from device column `x`, seen through `inv`, clamping to the edge.
  static func sampleBilinear(
    _ src: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ inv: Transform, _ x: Int,
    _ py: Double,
    _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>
  ) {
    let maxX = Double(w - 1)
    let maxY = Double(h - 1)
    for i in 0..<count {
      // Less half a pixel: the source pixels' centres are at k + 0.5.
      let (su, sv) = source(of: x + i, py, inv)
      let u = su - 0.5
      let v = sv - 0.5
      guard u.isFinite, v.isFinite else {
        out[i] = 0
        continue
      }
      let cu = u < 0 ? 0 : (u > maxX ? maxX : u)
      let cv = v < 0 ? 0 : (v > maxY ? maxY : v)
      let x0 = Int(cu)
      let y0 = Int(cv)
      let fx = UInt32((cu - Double(x0)) * 256)
      let fy = UInt32((cv - Double(y0)) * 256)
      let x1 = x0 + 1 < w ? x0 + 1 : x0
      let row0 = y0 * w
      let row1 = (y0 + 1 < h ? y0 + 1 : y0) * w
      let top = Pixels.lerp(src[row0 + x0], src[row0 + x1], fx)
      let bottom = Pixels.lerp(src[row1 + x0], src[row1 + x1], fx)
      out[i] = Pixels.lerp(top, bottom, fy)
    }
  }
}

/// Resampled source rows a canvas keeps between the rows of one bitmap draw.
///
/// A canvas calls ``begin(columns:)`` before each fill with the columns the fill can touch;
/// rows are then resampled across all of them once, so the several spans of one device row
/// (antialiased edges, interior run) and the next device rows reuse them.
struct ShadeCache {
  struct Slot {
    var index = -1
    var values: [UInt32] = []
  }

  var slots = [Slot(), Slot()]
  private var image: UnsafeRawPointer?
  private var inverse = Transform.identity
  private var columns = 0..<0
  private var draw = 0..<0
  private var next = 0

  /// Starts a draw whose spans lie within `columns`; forgets every row kept so far.
  mutating func begin(columns: Range<Int>) {
    draw = columns
    forget()
  }

  private mutating func forget() {
    image = nil
    slots[0].index = -1
    slots[1].index = -1
  }

  /// The columns the kept rows cover for a span of `count` pixels from `x`; forgets the
  /// rows unless they are for the same bitmap and transform and cover the span.
  mutating func prepare(image: UnsafeRawPointer, inverse: Transform, x: Int, count: Int) -> Range<
    Int
  > {
    let span = x..<(x + count)
    if image != self.image || inverse != self.inverse || !Self.range(columns, covers: span) {
      forget()
      self.image = image
      self.inverse = inverse
      columns = Self.range(draw, covers: span) ? draw : span
    }
    return columns
  }

  private static func range(_ outer: Range<Int>, covers inner: Range<Int>) -> Bool {
    outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound
  }

  /// The slot holding source row `index`, filling the older slot with `make` if needed.
  mutating func row(_ index: Int, make: (inout [UInt32]) -> Void) -> Int {
    if slots[0].index == index { return 0 }
    if slots[1].index == index { return 1 }
    let s = next
    next = 1 - next
    slots[s].index = index
    make(&slots[s].values)
    return s
  }
}
