import Strata
import StrataJSON

extension LottieReader {
  /// Shape items by their `ty`, for messages about those not drawn.
  static let unsupportedShapes = [
    "rd": "rounded corners", "op": "offset paths", "pb": "pucker and bloat effects",
    "tw": "twists", "zz": "zig-zags",
  ]

  /// The items of a shape layer's `shapes` or a group's `it` (a group's `tr` read by the
  /// group).
  mutating func shapeItems(_ list: [JSONValue], _ path: String) throws(LottieError)
    -> [AnimatedShapeItem]
  {
    var items: [AnimatedShapeItem] = []
    for (n, value) in list.enumerated() {
      let p = "\(path)[\(n)]"
      guard case .object = value.kind, case .string(let type)? = value["ty"]?.kind else {
        throw Self.invalid(p, value, "expected a shape item with a type \"ty\"")
      }
      if value["hd"]?.kind == .bool(true) || type == "tr" { continue }
      shapes += 1
      guard shapes <= LottieImporter.maximumShapes else {
        throw .tooLarge(what: "shape items", limit: LottieImporter.maximumShapes)
      }
      if let item = try shapeItem(type, value, p) { items.append(item) }
    }
    return items
  }

  mutating func shapeItem(_ type: String, _ value: JSONValue, _ p: String) throws(LottieError)
    -> AnimatedShapeItem?
  {
    /// A required property.
    func required(_ key: String) throws(LottieError) -> JSONValue {
      guard let v = value[key] else { throw Self.invalid(p, value, "\"\(type)\" needs \"\(key)\"") }
      return v
    }
    switch type {
    case "gr":
      let list = try Self.array(try required("it"), p + ".it")
      let tr = list.last { $0["ty"]?.kind == .string("tr") }
      let trIndex = list.lastIndex { $0["ty"]?.kind == .string("tr") }
      return .group(
        try shapeItems(list, p + ".it"),
        try transform(tr, p + ".it[\(trIndex ?? 0)]"))
    case "rc":
      return .rectangle(
        center: try property(try required("p"), p + ".p", Self.point),
        size: try property(try required("s"), p + ".s", Self.size),
        cornerRadius: try value["r"].map { (r) throws(LottieError) in
          try property(r, p + ".r", Self.scalar)
        } ?? .constant(0))
    case "el":
      return .ellipse(
        center: try property(try required("p"), p + ".p", Self.point),
        size: try property(try required("s"), p + ".s", Self.size))
    case "sh":
      return .path(try shapeProperty(try required("ks"), p + ".ks"))
    case "fl":
      return .fill(
        color: try property(try required("c"), p + ".c", Self.color),
        opacity: try opacity(value, p),
        rule: try Self.number(value, "r", p) == 2 ? .evenOdd : .nonZero)
    case "st":
      return .stroke(
        color: try property(try required("c"), p + ".c", Self.color),
        opacity: try opacity(value, p),
        width: try property(try required("w"), p + ".w", Self.scalar),
        style: try strokeStyle(value, p), dash: try movingDash(value, p))
    case "sr":
      return .polystar(try polystar(value, p))
    case "gf":
      return .gradientFill(
        try gradient(value, p), opacity: try opacity(value, p),
        rule: try Self.number(value, "r", p) == 2 ? .evenOdd : .nonZero)
    case "gs":
      return .gradientStroke(
        try gradient(value, p), opacity: try opacity(value, p),
        width: try property(try required("w"), p + ".w", Self.scalar),
        style: try strokeStyle(value, p), dash: try movingDash(value, p))
    case "tm":
      func fraction(_ key: String, _ scale: Double) throws(LottieError) -> Animated<Double> {
        guard let v = value[key] else { return .constant(key == "e" ? 1 : 0) }
        return try property(v, p + "." + key) { $0.first.map { $0 / scale } }
      }
      return .trim(
        start: try fraction("s", 100), end: try fraction("e", 100), offset: try fraction("o", 360),
        mode: try Self.number(value, "m", p) == 2 ? .individually : .simultaneously)
    case "mm":
      let modes: [Double: MergeMode] = [
        1: .merge, 2: .add, 3: .subtract, 4: .intersect, 5: .exclude,
      ]
      let mode = modes[try Self.number(value, "mm", p) ?? 1] ?? .merge
      if mode != .merge {
        leaveOut(
          p, value,
          "merged paths (\(mode.rawValue)) are filled exactly; strokes follow the paths merged")
      }
      return .merge(mode)
    case "rp":
      return .repeater(try repeater(value, p))
    default:
      leaveOut(
        p, value, "\(Self.unsupportedShapes[type] ?? "shape type \"\(type)\"") are not drawn yet")
      return nil
    }
  }

  /// A star or polygon (`sr`).
  mutating func polystar(_ value: JSONValue, _ p: String) throws(LottieError) -> AnimatedPolystar {
    func scalar(_ key: String, _ scale: Double = 1, _ absent: Double = 0) throws(LottieError)
      -> Animated<Double>
    {
      guard let v = value[key] else { return .constant(absent) }
      return try property(v, p + "." + key) { $0.first.map { $0 / scale } }
    }
    guard let position = value["p"] else { throw Self.invalid(p, value, "\"sr\" needs \"p\"") }
    let kind: AnimatedPolystar.Kind = try Self.number(value, "sy", p) == 2 ? .polygon : .star
    return AnimatedPolystar(
      kind: kind, center: try property(position, p + ".p", Self.point),
      points: try scalar("pt", 1, 5), rotation: try scalar("r", 180 / Double.pi),
      outerRadius: try scalar("or"), innerRadius: try scalar("ir"),
      outerRoundness: try scalar("os", 100), innerRoundness: try scalar("is", 100))
  }

  /// A gradient fill's or stroke's gradient: kind, ends, highlight and stops.
  mutating func gradient(_ value: JSONValue, _ p: String) throws(LottieError) -> AnimatedGradient {
    guard let g = value["g"], let colors = g["k"], let s = value["s"], let e = value["e"] else {
      throw Self.invalid(p, value, "a gradient needs \"g\", \"s\" and \"e\"")
    }
    let count = try Self.number(g, "p", p + ".g").flatMap { Int(exactly: $0) } ?? 0
    guard count >= 1, count <= 1024 else {
      throw Self.invalid(p + ".g.p", g["p"] ?? g, "expected a stop count from 1 to 1024")
    }
    let numbers = try property(colors, p + ".g.k") { (n: [Double]) -> StopNumbers? in
      n.count >= 4 * count ? StopNumbers(values: n) : nil
    }
    let stops: Animated<[Gradient.Stop]>
    switch numbers {
    case .constant(let n): stops = .constant(Self.stops(n.values, count: count))
    default:
      stops = .function { frame in Self.stops(numbers.value(at: frame).values, count: count) }
    }
    var gradient = AnimatedGradient(
      kind: try Self.number(value, "t", p) == 2 ? .radial : .linear,
      start: try property(s, p + ".s", Self.point), end: try property(e, p + ".e", Self.point),
      stops: stops)
    if let h = value["h"] { gradient.highlightLength = try property(h, p + ".h", Self.percent) }
    if let a = value["a"] { gradient.highlightAngle = try property(a, p + ".a", Self.degrees) }
    return gradient
  }

  /// Lottie's gradient numbers as stops: `count` colours (offset, red, green, blue), then any
  /// opacities (offset, alpha) at offsets of their own, each merged into the other's offsets.
  static func stops(_ n: [Double], count: Int) -> [Gradient.Stop] {
    func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
    let colors = (0..<count).map { k in
      (
        offset: finite(n[4 * k]),
        rgb: (finite(n[4 * k + 1]), finite(n[4 * k + 2]), finite(n[4 * k + 3]))
      )
    }
    let rest = n.count - 4 * count
    let alphas = (0..<(rest / 2)).map { k in
      (offset: finite(n[4 * count + 2 * k]), alpha: finite(n[4 * count + 2 * k + 1]))
    }
    /// Piecewise linear in offset through `points`, held past the ends.
    func at<T>(_ x: Double, _ points: [(offset: Double, T)], _ mix: (T, T, Double) -> T) -> T? {
      guard let first = points.first else { return nil }
      if x <= first.offset { return first.1 }
      for (a, b) in zip(points, points.dropFirst()) where x <= b.offset {
        let t = b.offset > a.offset ? (x - a.offset) / (b.offset - a.offset) : 1
        return mix(a.1, b.1, t)
      }
      return points[points.count - 1].1
    }
    let offsets = Array(Set(colors.map(\.offset) + alphas.map(\.offset))).sorted()
    let merged = offsets.map { x in
      let rgb =
        at(x, colors.map { ($0.offset, $0.rgb) }) { a, b, t in
          (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
        } ?? (0, 0, 0)
      let alpha = at(x, alphas.map { ($0.offset, $0.alpha) }) { a, b, t in a + (b - a) * t } ?? 1
      return Gradient.Stop(Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha), at: x)
    }
    return premultipliedBlend(merged)
  }

  /// Stops that blend as Lottie players blend them, premultiplied by alpha (a colour fading
  /// out shifts less towards the next one): Strata blends stops as they are, so between two
  /// stops of different alpha, seven stops in between follow the premultiplied blend.
  static func premultipliedBlend(_ stops: [Gradient.Stop]) -> [Gradient.Stop] {
    guard stops.count > 1 else { return stops }
    var out: [Gradient.Stop] = [stops[0]]
    for (a, b) in zip(stops, stops.dropFirst()) {
      let (ca, cb) = (a.color, b.color)
      if ca.alpha != cb.alpha, b.location > a.location {
        for k in 1..<8 {
          let t = Double(k) / 8
          let alpha = ca.alpha + (cb.alpha - ca.alpha) * t
          func channel(_ x: Double, _ y: Double) -> Double {
            alpha > 0 ? (x * ca.alpha + (y * cb.alpha - x * ca.alpha) * t) / alpha : x
          }
          out.append(
            Gradient.Stop(
              Color(
                red: channel(ca.red, cb.red), green: channel(ca.green, cb.green),
                blue: channel(ca.blue, cb.blue), alpha: alpha),
              at: a.location + (b.location - a.location) * t))
        }
      }
      out.append(b)
    }
    return out
  }

  /// A repeater (`rp`).
  mutating func repeater(_ value: JSONValue, _ p: String) throws(LottieError) -> AnimatedRepeater {
    guard let c = value["c"] else { throw Self.invalid(p, value, "\"rp\" needs \"c\"") }
    let tr = value["tr"]
    var r = AnimatedRepeater(
      copies: try property(c, p + ".c", Self.scalar),
      offset: try value["o"].map { (o) throws(LottieError) in
        try property(o, p + ".o", Self.scalar)
      } ?? .constant(0),
      transform: try transform(tr, p + ".tr"),
      order: try Self.number(value, "m", p) == 2 ? .below : .above)
    if let so = tr?["so"] { r.startOpacity = try property(so, p + ".tr.so", Self.percent) }
    if let eo = tr?["eo"] { r.endOpacity = try property(eo, p + ".tr.eo", Self.percent) }
    return r
  }

  /// A paint's opacity (`o`, in percent; opaque when absent).
  mutating func opacity(_ value: JSONValue, _ p: String) throws(LottieError) -> Animated<Double> {
    guard let o = value["o"] else { return .constant(1) }
    return try property(o, p + ".o", Self.percent)
  }

  /// A stroke's caps, joins, miter limit and dashes (dashes at their first frame).
  mutating func strokeStyle(_ value: JSONValue, _ p: String) throws(LottieError) -> StrokeStyle {
    let caps: [Int: StrokeStyle.Cap] = [1: .butt, 2: .round, 3: .square]
    let joins: [Int: StrokeStyle.Join] = [1: .miter, 2: .round, 3: .bevel]
    var style = StrokeStyle(
      width: 1, join: joins[Int(exactly: try Self.number(value, "lj", p) ?? 1) ?? 1] ?? .miter,
      cap: caps[Int(exactly: try Self.number(value, "lc", p) ?? 1) ?? 1] ?? .butt,
      miterLimit: try Self.number(value, "ml", p) ?? 4)
    if let d = value["d"] {
      var lengths: [Double] = []
      var phase = 0.0
      for (n, entry) in try Self.array(d, p + ".d").enumerated() {
        let q = "\(p).d[\(n)]"
        guard case .string(let kind)? = entry["n"]?.kind, let v = entry["v"] else {
          throw Self.invalid(q, entry, "a dash entry needs \"n\" and \"v\"")
        }
        let length = try property(v, q + ".v", Self.scalar)
        let first = length.value(at: -.infinity)
        if kind == "o" { phase = first } else { lengths.append(Swift.max(0, first)) }
      }
      style.dash = lengths
      style.dashPhase = phase
    }
    return style
  }

  /// A stroke's dashes when any of them moves (`nil` when they are still: the style has them).
  mutating func movingDash(_ value: JSONValue, _ p: String) throws(LottieError) -> AnimatedDash? {
    guard let d = value["d"] else { return nil }
    var lengths: [Animated<Double>] = []
    var offset: Animated<Double> = .constant(0)
    for (n, entry) in try Self.array(d, p + ".d").enumerated() {
      guard case .string(let kind)? = entry["n"]?.kind, let v = entry["v"] else { continue }
      // Read again for the track (the keyframes count once more against the limit).
      let length = try property(v, "\(p).d[\(n)].v", Self.scalar)
      if kind == "o" { offset = length } else { lengths.append(length) }
    }
    guard lengths.contains(where: \.isAnimated) || offset.isAnimated else { return nil }
    return AnimatedDash(lengths: lengths, offset: offset)
  }
}
