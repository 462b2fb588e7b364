import Strata
import StrataJSON

extension LottieReader {
  /// Shape items by their `ty`, for messages about those not drawn.
  static let unsupportedShapes = [
    "gf": "gradient fills", "gs": "gradient strokes", "tm": "trim paths", "rp": "repeaters",
    "mm": "merge paths", "sr": "polystars", "rd": "rounded corners", "op": "offset paths",
    "pb": "pucker and bloat", "tw": "twist", "zz": "zig zag",
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
        style: try strokeStyle(value, p))
    default:
      leaveOut(
        p, value, "\(Self.unsupportedShapes[type] ?? "shape type \"\(type)\"") are not drawn yet")
      return nil
    }
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
        if length.isAnimated {
          leaveOut(q + ".v", v, "moving dashes are drawn at their first frame")
        }
        let first = length.value(at: -.infinity)
        if kind == "o" { phase = first } else { lengths.append(Swift.max(0, first)) }
      }
      style.dash = lengths
      style.dashPhase = phase
    }
    return style
  }
}
