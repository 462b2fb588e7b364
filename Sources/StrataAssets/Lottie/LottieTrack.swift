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
  var times: [Double]
  var values: [[Double]]
  var easings: [[Easing]]
  /// Each segment's motion path, measured (Strata's own arc-length tables), if it has one.
  var curves: [Path.MeasuredSegment?]

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
      let from = Point(x: a[0], y: a[1])
      let to = Point(x: b[0], y: b[1])
      return Path.MeasuredSegment(cubic: from, from + s.out, to + s.in, to)
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
      let p = curve.point(at: curve.parameter(at: e.clamped(to: 0...1) * curve.length))
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
