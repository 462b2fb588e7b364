import Strata
import StrataJSON

extension LottieReader {
  // MARK: - Animated properties

  /// A Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`) of numbers,
  /// each value turned into `Value` by `convert`. Keyframes whose dimensions ease each on
  /// their own, or whose point moves along a curve (`to` and `ti`), make a track worked out
  /// per frame; the rest make plain keyframes.
  mutating func property<Value: Interpolatable & Sendable>(
    _ value: JSONValue, _ path: String, _ convert: @escaping @Sendable ([Double]) -> Value?
  ) throws(LottieError) -> Animated<Value> {
    func converted(_ n: [Double], _ v: JSONValue, _ p: String) throws(LottieError) -> Value {
      guard let c = convert(n) else {
        throw Self.invalid(p, v, "expected \(Value.self == Double.self ? "a number" : "numbers")")
      }
      return c
    }
    let list = try keyframeList(value, path) { (v, p) throws(LottieError) in
      try Self.numbers(v, p)
    }
    guard let list else {
      let k = value["k"] ?? value
      return .constant(try converted(try Self.numbers(k, path + ".k"), k, path + ".k"))
    }
    var values: [Value] = []
    for (n, key) in list.enumerated() {
      values.append(try converted(key.value, key.json, "\(path).k[\(n)]"))
    }
    // Plain keyframes also check the times (none twice).
    let plain = try keyframes(
      zip(list, values).map { Keyframe($0.time, $1, easing: $0.easings[0]) }, value, path)
    let simple = list.allSatisfy { key in
      key.spatial == nil && key.easings.dropFirst().allSatisfy { $0 == key.easings[0] }
    }
    if simple { return plain }
    let track = LottieTrack(keys: list)
    let first = values[0]
    return .function { frame in track.numbers(at: frame).flatMap(convert) ?? first }
  }

  /// Keyframes made into a track, or an error naming the property.
  func keyframes<Value: Interpolatable & Sendable>(
    _ frames: [Keyframe<Value>], _ value: JSONValue, _ path: String
  ) throws(LottieError) -> Animated<Value> {
    do {
      return .keyframes(try Keyframes(frames))
    } catch {
      throw Self.invalid(path + ".k", value["k"] ?? value, error.description)
    }
  }

  /// A path property: `{"v", "i", "o", "c"}` values, or keyframes of them.
  mutating func shapeProperty(_ value: JSONValue, _ path: String) throws(LottieError)
    -> Animated<BezierShape>
  {
    try animated(value, path) { (v: JSONValue, p: String) throws(LottieError) -> BezierShape in
      // A keyframe's value is an array holding the shape.
      var shape = v
      if case .array(let items) = v.kind, let first = items.first { shape = first }
      guard case .object = shape.kind, shape["v"] != nil else {
        throw Self.invalid(p, v, "expected a path object with \"v\", \"i\", \"o\" and \"c\"")
      }
      func points(_ key: String) throws(LottieError) -> [Vector] {
        guard let list = shape[key] else { return [] }
        var out: [Vector] = []
        for (k, item) in try Self.array(list, p + "." + key).enumerated() {
          let n = try Self.numbers(item, "\(p).\(key)[\(k)]")
          guard n.count >= 2 else {
            throw Self.invalid("\(p).\(key)[\(k)]", item, "expected [x, y]")
          }
          out.append(Vector(dx: n[0], dy: n[1]))
        }
        return out
      }
      let v = try points("v").map { Point(x: $0.dx, y: $0.dy) }
      return BezierShape(
        vertices: v, inTangents: try points("i"), outTangents: try points("o"),
        isClosed: shape["c"]?.kind == .bool(true))
    }
  }

  /// A property whose values `read` makes, static or keyframed (each keyframe eased by its
  /// first dimension's curve).
  mutating func animated<Value: Interpolatable & Sendable>(
    _ value: JSONValue, _ path: String,
    _ read: (JSONValue, String) throws(LottieError) -> Value
  ) throws(LottieError) -> Animated<Value> {
    guard let list = try keyframeList(value, path, read) else {
      let k = value["k"] ?? value
      return .constant(try read(k, path + ".k"))
    }
    return try keyframes(
      list.map { Keyframe($0.time, $0.value, easing: $0.easings[0]) }, value, path)
  }

  /// The keyframes of a property, or `nil` when it has one value (`k` itself).
  mutating func keyframeList<Value>(
    _ value: JSONValue, _ path: String,
    _ read: (JSONValue, String) throws(LottieError) -> Value
  ) throws(LottieError) -> [LottieKey<Value>]? {
    guard case .object = value.kind, let k = value["k"] else {
      throw Self.invalid(path, value, "expected a property object with \"k\"")
    }
    if case .string? = value["x"]?.kind {
      leaveOut(path + ".x", value, "expressions are not run (the keyframes are used)")
    }
    // Keyframed when `a` is 1, or when `k` is a list of keyframe objects.
    var keyed = value["a"]?.kind == .number(1)
    if case .array(let items) = k.kind, let first = items.first, first["t"] != nil {
      keyed = true
    }
    guard keyed else { return nil }
    let list = try Self.array(k, path + ".k")
    guard !list.isEmpty else {
      throw Self.invalid(path + ".k", k, "expected at least one keyframe")
    }
    keyframes += list.count
    guard keyframes <= LottieImporter.maximumKeyframes else {
      throw .tooLarge(what: "keyframes", limit: LottieImporter.maximumKeyframes)
    }
    var keys: [LottieKey<Value>] = []
    var previousEnd: Value?
    for (n, item) in list.enumerated() {
      let p = "\(path).k[\(n)]"
      guard let t = try Self.number(item, "t", p), t.isFinite else {
        throw Self.invalid(p, item, "a keyframe needs a time \"t\"")
      }
      // The value: "s", or (older files) the previous keyframe's end "e".
      let start: Value
      if let s = item["s"] {
        start = try read(s, p + ".s")
      } else if let e = previousEnd {
        start = e
      } else if let last = keys.last {
        start = last.value
      } else {
        throw Self.invalid(p, item, "the first keyframe needs a value \"s\"")
      }
      previousEnd = try item["e"].map { (e) throws(LottieError) -> Value in try read(e, p + ".e") }
      var easings = [Easing.linear]
      if item["h"]?.kind == .number(1) {
        easings = [.steps(1)]
      } else if let o = item["o"], let i = item["i"] {
        easings = try bezier(out: o, in: i, p)
      }
      var spatial: LottieKey<Value>.Spatial?
      if let to = item["to"], let ti = item["ti"] {
        let out = try Self.numbers(to, p + ".to")
        let into = try Self.numbers(ti, p + ".ti")
        if out.count >= 2, into.count >= 2, (out + into).contains(where: { $0 != 0 }) {
          spatial = .init(out: Vector(dx: out[0], dy: out[1]), in: Vector(dx: into[0], dy: into[1]))
        }
      }
      if keys.last?.time == t { keys.removeLast() }
      keys.append(
        LottieKey(time: t, value: start, json: item, easings: easings, spatial: spatial))
    }
    return keys
  }

  /// A keyframe's easing from its out tangent and the next one's in tangent: one curve, or
  /// one for each dimension when the tangents list several.
  func bezier(out o: JSONValue, in i: JSONValue, _ path: String) throws(LottieError) -> [Easing] {
    func coordinates(_ v: JSONValue, _ key: String, _ p: String) throws(LottieError) -> [Double] {
      guard let c = v[key] else { throw Self.invalid(p, v, "a tangent needs \"\(key)\"") }
      let n = try Self.numbers(c, p + "." + key)
      guard !n.isEmpty, n.allSatisfy(\.isFinite) else {
        throw Self.invalid(p + "." + key, c, "expected a number")
      }
      return n
    }
    let lists = [
      try coordinates(o, "x", path + ".o"), try coordinates(o, "y", path + ".o"),
      try coordinates(i, "x", path + ".i"), try coordinates(i, "y", path + ".i"),
    ]
    let dimensions = Swift.min(16, lists.map(\.count).max() ?? 1)
    return (0..<dimensions).map { d in
      let c = lists.map { $0[Swift.min(d, $0.count - 1)] }
      return .cubicBezier(c[0], c[1], c[2], c[3])
    }
  }

  // MARK: - Values

  static func scalar(_ n: [Double]) -> Double? { n.first }
  static func point(_ n: [Double]) -> Point? { n.count >= 2 ? Point(x: n[0], y: n[1]) : nil }
  static func size(_ n: [Double]) -> Size? {
    n.count >= 2 ? Size(width: n[0], height: n[1]) : nil
  }
  static func percentScale(_ n: [Double]) -> Vector? {
    n.count >= 2 ? Vector(dx: n[0] / 100, dy: n[1] / 100) : nil
  }
  static func degrees(_ n: [Double]) -> Double? { n.first.map { $0 * Double.pi / 180 } }
  static func percent(_ n: [Double]) -> Double? { n.first.map { $0 / 100 } }
  /// A colour as red, green, blue (and alpha) from 0 to 1 (or to 255, in some files).
  static func color(_ n: [Double]) -> Color? {
    guard n.count >= 3 else { return nil }
    let scale = n.prefix(4).contains { $0 > 1 } ? 255.0 : 1
    return Color(
      red: n[0] / scale, green: n[1] / scale, blue: n[2] / scale,
      alpha: n.count > 3 ? n[3] / scale : 1)
  }
}
