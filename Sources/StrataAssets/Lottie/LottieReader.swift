import Strata
import StrataJSON

/// Walks a Lottie document's JSON into the animated vector model, keeping the path of each
/// value for messages and listing what it leaves out.
struct LottieReader {
  var unsupported: [LottieDiagnostic] = []
  var shapes = 0
  var keyframes = 0

  /// A problem at `value`.
  static func invalid(_ path: String, _ value: JSONValue, _ message: String) -> LottieError {
    .invalid(LottieDiagnostic(path: path, position: value.position, message: message))
  }

  /// Notes that what is at `path` is not drawn.
  mutating func leaveOut(_ path: String, _ value: JSONValue, _ message: String) {
    unsupported.append(LottieDiagnostic(path: path, position: value.position, message: message))
  }

  /// A number member, if present.
  static func number(_ object: JSONValue, _ key: String, _ path: String) throws(LottieError)
    -> Double?
  {
    guard let v = object[key] else { return nil }
    guard case .number(let n) = v.kind else {
      throw Self.invalid(path + "." + key, v, "expected a number, got \(v.typeDescription)")
    }
    return n
  }

  /// The array elements of `value`, or an error naming `path`.
  static func array(_ value: JSONValue, _ path: String) throws(LottieError) -> [JSONValue] {
    guard case .array(let items) = value.kind else {
      throw Self.invalid(path, value, "expected an array, got \(value.typeDescription)")
    }
    return items
  }

  /// The numbers of a value that is a number or an array of numbers.
  static func numbers(_ value: JSONValue, _ path: String) throws(LottieError) -> [Double] {
    switch value.kind {
    case .number(let n): return [n]
    case .array(let items):
      var out: [Double] = []
      for (k, item) in items.enumerated() {
        guard case .number(let n) = item.kind else {
          throw Self.invalid(
            "\(path)[\(k)]", item, "expected a number, got \(item.typeDescription)")
        }
        out.append(n)
      }
      return out
    default:
      throw Self.invalid(path, value, "expected a number or numbers, got \(value.typeDescription)")
    }
  }

  // MARK: - The document

  mutating func document(_ root: JSONValue) throws(LottieError) -> AnimatedVectorImage {
    guard case .object = root.kind else {
      throw Self.invalid("(document)", root, "expected an object, got \(root.typeDescription)")
    }
    let limit = LottieImporter.maximumDimension
    func dimension(_ key: String) throws(LottieError) -> Double {
      guard let v = try Self.number(root, key, "(document)"), v.isFinite, v > 0, v <= limit else {
        throw Self.invalid(
          key, root[key] ?? root, "expected a size from 1 to \(Int(limit)) points")
      }
      return v
    }
    let width = try dimension("w")
    let height = try dimension("h")
    let rate = try Self.number(root, "fr", "(document)") ?? 30
    let ip = try Self.number(root, "ip", "(document)") ?? 0
    let op = try Self.number(root, "op", "(document)") ?? ip
    guard ip.isFinite, op.isFinite, op >= ip else {
      throw Self.invalid("op", root["op"] ?? root, "the out point must be a number not before ip")
    }
    if let assets = root["assets"], case .array(let list) = assets.kind, !list.isEmpty {
      leaveOut("assets", assets, "assets (precompositions, images) are not drawn yet")
    }
    var layers: [AnimatedVectorImage.Layer] = []
    if let list = root["layers"] {
      let items = try Self.array(list, "layers")
      guard items.count <= LottieImporter.maximumLayers else {
        throw .tooLarge(what: "layers", limit: LottieImporter.maximumLayers)
      }
      for (k, item) in items.enumerated() {
        if let layer = try self.layer(item, "layers[\(k)]") { layers.append(layer) }
      }
    }
    return AnimatedVectorImage(
      size: Size(width: width, height: height), frameRate: rate, frames: ip...op,
      layers: layers)
  }

  mutating func layer(_ value: JSONValue, _ path: String) throws(LottieError)
    -> AnimatedVectorImage.Layer?
  {
    guard case .object = value.kind else {
      throw Self.invalid(path, value, "expected a layer object, got \(value.typeDescription)")
    }
    let type = try Self.number(value, "ty", path).flatMap { Int(exactly: $0) } ?? -1
    if (value["hd"].map { $0.kind == .bool(true) }) ?? false { return nil }
    let name: String
    if case .string(let s)? = value["nm"]?.kind { name = s } else { name = "" }
    for (key, what) in [
      ("tt", "track mattes"), ("masksProperties", "masks"), ("ef", "effects"),
      ("sy", "layer styles"), ("tm", "time remapping"),
    ] {
      if let v = value[key], v.kind != .null, !(v.kind == .array([])), !(v.kind == .number(0)) {
        leaveOut(path + "." + key, v, "\(what) are not drawn yet")
      }
    }
    if let d = value["ddd"], d.kind == .number(1) {
      leaveOut(path + ".ddd", d, "3D layers are drawn flat")
    }
    if let bm = value["bm"], bm.kind != .number(0) {
      leaveOut(path + ".bm", bm, "blend modes other than normal are not drawn")
    }
    if let sr = try Self.number(value, "sr", path), sr != 1 {
      leaveOut(path + ".sr", value["sr"] ?? value, "time stretch is not applied")
    }
    let content: AnimatedVectorImage.Layer.Content
    switch type {
    case 4:
      var items: [AnimatedShapeItem] = []
      if let list = value["shapes"] {
        items = try shapeItems(try Self.array(list, path + ".shapes"), path + ".shapes")
      }
      content = .shapes(items)
    case 3:
      content = .none
    case 1:
      let w = try Self.number(value, "sw", path) ?? 0
      let h = try Self.number(value, "sh", path) ?? 0
      var color = Color.black
      if case .string(let hex)? = value["sc"]?.kind, let c = try? Color(hex: hex) { color = c }
      content = .solid(color, Size(width: Swift.max(0, w), height: Swift.max(0, h)))
    default:
      let kinds = [0: "precomposition", 2: "image", 5: "text", 6: "audio", 13: "camera"]
      leaveOut(path, value, "\(kinds[type] ?? "type \(type)") layers are not drawn yet")
      return nil
    }
    let transform = try self.transform(value["ks"], path + ".ks")
    return AnimatedVectorImage.Layer(
      name: name, index: try Self.number(value, "ind", path).flatMap { Int(exactly: $0) },
      parent: try Self.number(value, "parent", path).flatMap { Int(exactly: $0) },
      inPoint: try Self.number(value, "ip", path) ?? -.infinity,
      outPoint: try Self.number(value, "op", path) ?? .infinity,
      startTime: try Self.number(value, "st", path) ?? 0, transform: transform, content: content)
  }

  /// A transform object (`ks` of a layer, `tr` of a group); absent parts are identity.
  mutating func transform(_ value: JSONValue?, _ path: String) throws(LottieError)
    -> AnimatedTransform
  {
    guard let value else { return AnimatedTransform() }
    var t = AnimatedTransform()
    if let a = value["a"] { t.anchor = try property(a, path + ".a", Self.point) }
    if let p = value["p"] {
      if p["s"]?.kind == .bool(true), let x = p["x"], let y = p["y"] {
        // Separate dimensions: x and y animated each on its own.
        let px = try property(x, path + ".p.x", Self.scalar)
        let py = try property(y, path + ".p.y", Self.scalar)
        t.position = combine(px, py)
      } else {
        t.position = try property(p, path + ".p", Self.point)
      }
    }
    if let s = value["s"] { t.scale = try property(s, path + ".s", Self.percentScale) }
    if let r = value["r"] { t.rotation = try property(r, path + ".r", Self.degrees) }
    if let o = value["o"] { t.opacity = try property(o, path + ".o", Self.percent) }
    if let sk = value["sk"] { t.skew = try property(sk, path + ".sk", Self.degrees) }
    if let sa = value["sa"] { t.skewAxis = try property(sa, path + ".sa", Self.degrees) }
    for key in ["rx", "ry", "rz", "or"] {
      if let v = value[key], let k = v["k"], k.kind != .number(0) {
        leaveOut(path + "." + key, v, "3D rotation is not applied")
      }
    }
    return t
  }

  /// Separate x and y tracks as one point track, each axis keeping its own keyframes.
  func combine(_ x: Animated<Double>, _ y: Animated<Double>) -> Animated<Point> {
    guard x.isAnimated || y.isAnimated else {
      return .constant(Point(x: x.value(at: 0), y: y.value(at: 0)))
    }
    return .function { frame in Point(x: x.value(at: frame), y: y.value(at: frame)) }
  }
}
