import Strata
import StrataJSON

/// One keyframe as a Lottie file writes it: its time, its value, the easing of the segment to
/// the next keyframe (one curve, or one per dimension) and, for a point, the curve it moves
/// along to the next (`to` and `ti`).
struct LottieKey<Value> {
  /// The tangents of a point's path to the next keyframe, relative to the two values.
  struct Spatial {
    var out: Vector
    var `in`: Vector
  }

  var time: Double
  var value: Value
  /// The keyframe's JSON, for messages.
  var json: JSONValue
  var easings: [Easing]
  var spatial: Spatial?
}

/// A keyframed list of numbers that keyframes cannot hold: dimensions eased each on its own,
/// or a point moving along a cubic curve at the speed its easing gives (the eased progress is
/// a fraction of the curve's length, as Lottie players move it).
struct LottieTrack: Sendable {
  /// A segment's curve, with the length covered at evenly spaced parameters.
  struct Curve: Sendable {
    var p0, p1, p2, p3: Point
    var lengths: [Double]

    static let samples = 48

    init(from a: Point, out: Vector, in: Vector, to b: Point) {
      p0 = a
      p1 = a + out
      p2 = b + `in`
      p3 = b
      var lengths = [0.0]
      var previous = a
      for k in 1...Self.samples {
        let p = Self.point(p0, p1, p2, p3, Double(k) / Double(Self.samples))
        lengths.append(lengths[k - 1] + (p - previous).length)
        previous = p
      }
      self.lengths = lengths
    }

    static func point(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      return Point(
        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The point `fraction` of the way along the curve by length (clamped to 0...1).
    func point(atFraction fraction: Double) -> Point {
      let total = lengths[lengths.count - 1]
      guard total > 0, fraction > 0 else { return fraction >= 1 ? p3 : p0 }
      guard fraction < 1 else { return p3 }
      let target = fraction * total
      var lo = 0
      var hi = lengths.count - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if lengths[mid] <= target { lo = mid } else { hi = mid }
      }
      let span = lengths[hi] - lengths[lo]
      let within = span > 0 ? (target - lengths[lo]) / span : 0
      let t = (Double(lo) + within) / Double(Self.samples)
      return Self.point(p0, p1, p2, p3, t)
    }
  }

  var times: [Double]
  var values: [[Double]]
  var easings: [[Easing]]
  var curves: [Curve?]

  /// A track from keyframes (sorted by time; the importer has checked that no two share one).
  init(keys: [LottieKey<[Double]>]) {
    let sorted = keys.sorted { $0.time < $1.time }
    times = sorted.map(\.time)
    values = sorted.map(\.value)
    easings = sorted.map(\.easings)
    curves = sorted.indices.map { k in
      guard k + 1 < sorted.count, let s = sorted[k].spatial else { return nil }
      let a = sorted[k].value
      let b = sorted[k + 1].value
      guard a.count >= 2, b.count >= 2 else { return nil }
      return Curve(
        from: Point(x: a[0], y: a[1]), out: s.out, in: s.in, to: Point(x: b[0], y: b[1]))
    }
  }

  /// The numbers at `frame` (held before the first keyframe and after the last; NaN is the
  /// first frame).
  func numbers(at frame: Double) -> [Double]? {
    guard let first = values.first else { return nil }
    guard !frame.isNaN, frame > times[0] else { return first }
    let n = times.count
    if frame >= times[n - 1] { return values[n - 1] }
    var lo = 0
    var hi = n - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if times[mid] <= frame { lo = mid } else { hi = mid }
    }
    let a = values[lo]
    let b = values[hi]
    let u = (frame - times[lo]) / (times[hi] - times[lo])
    let ease = easings[lo]
    var out = a
    if let curve = curves[lo] {
      let e = ease[0](u)
      let p = curve.point(atFraction: e)
      out[0] = p.x
      out[1] = p.y
      for d in 2..<a.count where d < b.count { out[d] = a[d] + (b[d] - a[d]) * e }
      return out
    }
    for d in 0..<a.count where d < b.count {
      out[d] = a[d] + (b[d] - a[d]) * ease[Swift.min(d, ease.count - 1)](u)
    }
    return out
  }
}

/// A gradient's numbers as one value that keyframes blend number by number (keyframes of
/// another count hold until the next).
struct StopNumbers: Interpolatable, Sendable {
  var values: [Double]

  func interpolated(to other: StopNumbers, amount: Double) -> StopNumbers {
    guard other.values.count == values.count else { return amount < 1 ? self : other }
    return StopNumbers(
      values: zip(values, other.values).map { $0 + ($1 - $0) * amount })
  }
}
