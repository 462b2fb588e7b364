import Strata
import StrataJSON

/// Walks a Lottie document's JSON into the animated vector model, keeping the path of each
/// value for messages and listing what it leaves out.
struct LottieReader {
  var unsupported: [LottieDiagnostic] = []
  var shapes = 0
  var keyframes = 0
  var layerCount = 0
  var frameRate = 30.0
  /// The document's assets by id, with their JSON paths.
  var assets: [String: (value: JSONValue, path: String)] = [:]
  /// Precompositions read, by asset id.
  var compositions: [String: [AnimatedVectorImage.Layer]] = [:]
  /// The precompositions being read, innermost last (a reference back into them is a loop).
  var reading: [String] = []
  /// The folder image files are read from (the animation's), if known.
  var baseDirectory: String?
  /// Image assets read, by id (`nil`: could not be).
  var images: [String: (RasterImage, Size)?] = [:]
  /// The pixels of the images read so far.
  var pixels = 0

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
    frameRate = rate.isFinite && rate > 0 ? rate : 30
    let ip = try Self.number(root, "ip", "(document)") ?? 0
    let op = try Self.number(root, "op", "(document)") ?? ip
    guard ip.isFinite, op.isFinite, op >= ip else {
      throw Self.invalid("op", root["op"] ?? root, "the out point must be a number not before ip")
    }
    if let list = root["assets"] {
      for (k, asset) in try Self.array(list, "assets").enumerated() {
        if case .string(let id)? = asset["id"]?.kind, assets[id] == nil {
          assets[id] = (asset, "assets[\(k)]")
        }
      }
    }
    let layers =
      try root["layers"].map { (list) throws(LottieError) in
        try self.layers(list, "layers")
      } ?? []
    return AnimatedVectorImage(
      size: Size(width: width, height: height), frameRate: rate, frames: ip...op,
      layers: layers)
  }

  /// A list of layers (the document's, or a precomposition's).
  mutating func layers(_ list: JSONValue, _ path: String) throws(LottieError)
    -> [AnimatedVectorImage.Layer]
  {
    let items = try Self.array(list, path)
    layerCount += items.count
    guard layerCount <= LottieImporter.maximumLayers else {
      throw .tooLarge(what: "layers", limit: LottieImporter.maximumLayers)
    }
    var layers: [AnimatedVectorImage.Layer] = []
    // Matte layers (`td`) are not drawn: the layer after one (or the one whose `tp` names it)
    // shows through it.
    var previousMatte: AnimatedVectorImage.Layer?
    var mattes: [Int: AnimatedVectorImage.Layer] = [:]
    for (k, item) in items.enumerated() {
      let p = "\(path)[\(k)]"
      guard var layer = try self.layer(item, p) else {
        previousMatte = nil
        continue
      }
      if item["td"].map({ $0.kind == .number(1) }) ?? false {
        previousMatte = layer
        if let i = layer.index { mattes[i] = layer }
        continue
      }
      if let tt = try Self.number(item, "tt", p), tt != 0 {
        let kinds: [Double: TrackMatte.Kind] = [
          1: .alpha, 2: .alphaInverted, 3: .luma, 4: .lumaInverted,
        ]
        let named = try Self.number(item, "tp", p).flatMap { Int(exactly: $0) }
        let source = named.map { mattes[$0] } ?? previousMatte
        if let kind = kinds[tt], let source {
          layer.matte = TrackMatte(kind: kind, layer: source)
        } else {
          leaveOut(p + ".tt", item, "a track matte with no matte layer before it is not applied")
        }
      }
      previousMatte = nil
      layers.append(layer)
    }
    return layers
  }

  /// The layers of the precomposition asset `id` (read once, however often it is used).
  mutating func composition(_ id: String, _ value: JSONValue, _ path: String) throws(LottieError)
    -> [AnimatedVectorImage.Layer]
  {
    if let done = compositions[id] { return done }
    guard let (asset, assetPath) = assets[id], let list = asset["layers"] else {
      throw Self.invalid(path + ".refId", value, "no precomposition asset has the id \"\(id)\"")
    }
    guard !reading.contains(id), reading.count < AnimatedVectorImage.compositionDepthLimit else {
      leaveOut(path, value, "a precomposition inside itself (or nested past 16) is not drawn")
      return []
    }
    reading.append(id)
    defer { reading.removeLast() }
    let layers = try self.layers(list, assetPath + ".layers")
    compositions[id] = layers
    return layers
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
    for (key, what) in [("ef", "effects"), ("sy", "layer styles")] {
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
    let stretch = try Self.number(value, "sr", path) ?? 1
    var remap: Animated<Double>?
    let content: AnimatedVectorImage.Layer.Content
    switch type {
    case 0:
      guard case .string(let id)? = value["refId"]?.kind else {
        throw Self.invalid(path, value, "a precomposition layer needs \"refId\"")
      }
      let w = try Self.number(value, "w", path) ?? 0
      let h = try Self.number(value, "h", path) ?? 0
      content = .composition(
        try composition(id, value, path),
        size: Size(
          width: w.isFinite ? Swift.max(0, w) : 0, height: h.isFinite ? Swift.max(0, h) : 0))
      if let tm = value["tm"] {
        // Seconds of the composition's time, as frames.
        let rate = frameRate
        remap = try property(tm, path + ".tm") { $0.first.map { $0 * rate } }
      }
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
    case 2:
      guard case .string(let id)? = value["refId"]?.kind else {
        throw Self.invalid(path, value, "an image layer needs \"refId\"")
      }
      guard let (image, size) = try self.image(id, value, path) else { return nil }
      content = .image(image, size: size)
    default:
      let kinds = [5: "text", 6: "audio", 13: "camera"]
      leaveOut(path, value, "\(kinds[type] ?? "type \(type)") layers are not drawn yet")
      return nil
    }
    if stretch != 1, type != 0 {
      leaveOut(
        path + ".sr", value["sr"] ?? value, "time stretch is applied to precompositions only")
    }
    let transform = try self.transform(value["ks"], path + ".ks")
    var layer = AnimatedVectorImage.Layer(
      name: name, index: try Self.number(value, "ind", path).flatMap { Int(exactly: $0) },
      parent: try Self.number(value, "parent", path).flatMap { Int(exactly: $0) },
      inPoint: try Self.number(value, "ip", path) ?? -.infinity,
      outPoint: try Self.number(value, "op", path) ?? .infinity,
      startTime: try Self.number(value, "st", path) ?? 0, transform: transform, content: content)
    layer.timeStretch = stretch.isFinite && stretch > 0 ? stretch : 1
    layer.timeRemap = remap
    if let list = value["masksProperties"] {
      layer.masks = try masks(list, path + ".masksProperties")
    }
    return layer
  }

  /// A layer's masks.
  mutating func masks(_ list: JSONValue, _ path: String) throws(LottieError) -> [AnimatedMask] {
    let modes: [String: AnimatedMask.Mode] = [
      "a": .add, "s": .subtract, "i": .intersect, "n": .none, "l": .add, "d": .intersect,
    ]
    var out: [AnimatedMask] = []
    for (k, item) in try Self.array(list, path).enumerated() {
      let p = "\(path)[\(k)]"
      guard let pt = item["pt"] else { throw Self.invalid(p, item, "a mask needs a path \"pt\"") }
      var code = "a"
      if case .string(let m)? = item["mode"]?.kind { code = m }
      guard let mode = modes[code] else {
        leaveOut(p + ".mode", item, "mask mode \"\(code)\" is not drawn")
        continue
      }
      if code == "l" || code == "d" {
        leaveOut(p + ".mode", item, "mask mode \"\(code)\" is drawn as \(mode.rawValue)")
      }
      var mask = AnimatedMask(
        mode: mode, path: try shapeProperty(pt, p + ".pt"),
        isInverted: item["inv"]?.kind == .bool(true))
      if let o = item["o"] { mask.opacity = try property(o, p + ".o", Self.percent) }
      if let x = item["x"] { mask.expansion = try property(x, p + ".x", Self.scalar) }
      out.append(mask)
    }
    return out
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
