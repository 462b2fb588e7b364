import Foundation
import Strata
import StrataAssets
import StrataFiles
import StrataIO

/// The checks a schema cannot express, run on a decoded spec: page counts and indices, which
/// fields belong to which node type and animator, keyframe times, timed animation targets,
/// and the files (read here, so a spec that loads has every image it needs).
struct SpecValidator {
  let spec: TutorialSpec
  let document: JSONValue
  let baseDirectory: String
  /// Whether the files the spec names must be in ``baseDirectory``.
  var confined = true
  var problems: [SpecProblem] = []
  var images: [String: Image] = [:]
  var vectors: [String: VectorImage] = [:]
  var animations: [String: AnimatedVectorImage] = [:]
  var names = Set<String>()

  init(spec: TutorialSpec, document: JSONValue, baseDirectory: String) {
    self.spec = spec
    self.document = document
    self.baseDirectory = baseDirectory
  }

  mutating func problem(_ path: String, _ message: String) {
    problems.append(
      SpecProblem(path: path, message: message, position: document.locate(path).position))
  }

  mutating func run() {
    let pages = spec.resolvedPageCount
    if spec.template == nil && spec.pageCount == nil {
      problem("", "missing \"pageCount\" (or a \"template\" with items)")
    }
    if spec.template != nil && spec.layers != nil {
      problem("layers", "a spec has either \"layers\" or a \"template\", not both")
    }
    if let layers = spec.layers {
      for layer in TutorialLayer.allCases {
        guard let l = layers[layer] else { continue }
        let path = "layers.\(layer.specKey)"
        if layer.isPaged {
          if l.node != nil {
            problem("\(path).node", "\(layer.specKey) has a node per page: use \"pages\"")
          }
          if let nodes = l.pages {
            if nodes.count > pages {
              problem(
                "\(path).pages[\(pages)]",
                "page index \(pages) is out of range: pageCount is \(pages)")
            }
            for (i, n) in nodes.enumerated() { if let n { node(n, "\(path).pages[\(i)]") } }
          }
        } else {
          if l.pages != nil {
            problem("\(path).pages", "\(layer.specKey) has one node: use \"node\"")
          }
          if let n = l.node { node(n, "\(path).node") }
        }
        for (i, a) in (l.animators ?? []).enumerated() { animator(a, "\(path).animators[\(i)]") }
      }
    }
    if let navigation = spec.navigation {
      // Keys and lists that name pages name pages the spec has.
      let keyed = [
        ("policies", (navigation.policies ?? [:]).keys.sorted()),
        ("autoplayPageIntervals", (navigation.autoplayPageIntervals ?? [:]).keys.sorted()),
      ]
      for (field, keys) in keyed {
        for key in keys {
          guard let i = Int(key), i >= 0, i < pages else {
            problem(
              "navigation.\(field).\(key)",
              Int(key) == nil
                ? "\"\(key)\" is not a page index"
                : "page index \(key) is out of range: pageCount is \(pages)")
            continue
          }
        }
      }
      for (n, i) in (navigation.requiredPages ?? []).enumerated() where i >= pages {
        problem(
          "navigation.requiredPages[\(n)]", "page index \(i) is out of range: pageCount is \(pages)"
        )
      }
    }
    for (i, t) in (spec.timed ?? []).enumerated() {
      let path = "timed[\(i)]"
      if !names.contains(t.target) && spec.template == nil {
        let hint =
          SpecChecker.suggestion(for: t.target, among: Array(names)).map {
            "; did you mean \"\($0)\"?"
          } ?? ""
        problem("\(path).target", "no node is named \"\(t.target)\"\(hint)")
      }
      for (k, track) in t.tracks.enumerated() {
        guard let times = track.times else { continue }
        if times.count != track.values.count {
          problem(
            "\(path).tracks[\(k)].times", "\(times.count) times for \(track.values.count) values")
        }
        if zip(times, times.dropFirst()).contains(where: { $0 >= $1 }) {
          problem("\(path).tracks[\(k)].times", "times must increase")
        }
      }
    }
    if let template = spec.template {
      if let b = template.backgroundImage { _ = image(b, "template.backgroundImage") }
      for (i, item) in template.items.enumerated() {
        if let image = item.image { _ = self.image(image, "template.items[\(i)].image") }
      }
    }
  }

  /// What the schema cannot see in a node: its files, and which of two keys it gives. (Which
  /// keys belong to which type, and which are required, the checker has already seen.)
  mutating func node(_ n: NodeSpec, _ path: String) {
    if let name = n.name { names.insert(name) }
    switch n.type ?? "group" {
    case "image":
      if let s = n.source, n.asset == nil {
        _ = image(s, "\(path).source")
      } else if let a = n.asset, n.source == nil {
        asset(a, "\(path).asset")
      } else {
        problem(path, "an \"image\" node needs \"source\" or \"asset\" (one of them)")
      }
    case "vector":
      if n.source == nil && n.vector == nil {
        problem(path, "a \"vector\" node needs \"source\" or \"vector\"")
      }
      if n.source != nil && n.vector != nil {
        problem("\(path).vector", "give \"source\" or \"vector\", not both")
      }
      if let s = n.source { vector(s, "\(path).source") }
      if let v = n.vector { vectorItems(v.items, "\(path).vector.items") }
    case "lottie":
      if let s = n.source { animation(s, "\(path).source", strict: n.lottie?.strict ?? false) }
      if let f = n.lottie?.frames, f.count == 2, !(f[0] <= f[1]) {
        problem("\(path).lottie.frames", "the first frame comes after the last")
      }
    case "shape":
      if let s = n.shape {
        if s.path == nil { problem("\(path).shape", "a shape needs \"path\"") }
        if s.items != nil { problem("\(path).shape.items", "a shape node's shape has no items") }
      }
    case "gradient":
      if let g = n.gradient { paints([("gradient", g)], path) }
    default: break
    }
    for (i, c) in (n.children ?? []).enumerated() { node(c, "\(path).children[\(i)]") }
  }

  mutating func vectorItems(_ items: [VectorItemSpec], _ path: String) {
    for (i, item) in items.enumerated() {
      let p = "\(path)[\(i)]"
      if item.path != nil && item.items != nil {
        problem(p, "an item is a shape (\"path\") or a group (\"items\"), not both")
      } else if item.path == nil && item.items == nil {
        problem(p, "an item needs \"path\" (a shape) or \"items\" (a group)")
      }
      if let sub = item.items { vectorItems(sub, "\(p).items") }
      paints([("fill", item.fill), ("stroke", item.stroke)], p)
    }
  }

  /// Checks that each paint is a colour or a whole gradient.
  mutating func paints(_ list: [(String, PaintSpec?)], _ p: String) {
    for (key, paint) in list {
      guard let paint else { continue }
      let gradient = paint.stops != nil
      if paint.color != nil && gradient {
        problem("\(p).\(key)", "a paint is a colour or a gradient, not both")
      }
      if paint.color == nil && !gradient {
        problem("\(p).\(key)", "a paint needs \"color\" or \"stops\"")
      }
      if gradient && (paint.start == nil || paint.end == nil) && paint.center == nil {
        problem(
          "\(p).\(key)", "a gradient needs \"start\" and \"end\" (linear) or \"center\" (radial)")
      }
    }
  }

  /// What the schema cannot see in an animator (its registry entry's checks).
  mutating func animator(_ a: AnimatorSpec, _ path: String) {
    for p in SpecRegistry.animator(named: a.name)?.check(a) ?? [] {
      problem(path + p.path, p.message)
    }
  }

  /// Reads an image file (PNG, JPEG or SVG; `@2x`/`@3x` in the name gives its scale).
  mutating func image(_ source: String, _ path: String) -> Image? {
    if let known = images[source] { return known }
    // A vector document drawn as an image.
    if source.lowercased().hasSuffix(".json") {
      vector(source, path)
      let image = vectors[source].map(Image.vector)
      if let image { images[source] = image }
      return image
    }
    guard let full = permitted(source, path) else { return nil }
    guard FileManager.default.fileExists(atPath: full) else {
      problem(path, Self.noFile(source, full))
      return nil
    }
    do {
      let image = try ImageFile.load(full, scale: Self.scale(of: source)).image
      images[source] = image
      return image
    } catch {
      problem(path, "cannot read the image \"\(source)\": \(error)")
      return nil
    }
  }

  /// The message for a file that is not there, with the nearest name in its folder when one
  /// is close enough to be a typo ("page1.svg" for "pgae1.svg").
  static func noFile(_ source: String, _ full: String) -> String {
    let url = URL(fileURLWithPath: full)
    let folder = url.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var message = "no file at \"\(source)\" (looked for \(full))"
    if let near = SpecChecker.suggestion(for: url.lastPathComponent, among: names) {
      let prefix = source.lastIndex(of: "/").map { String(source[...$0]) } ?? ""
      message += "; did you mean \"\(prefix)\(near)\"?"
    }
    return message
  }

  /// Reads image `name` from the spec's asset folder, keyed `asset:name`.
  mutating func asset(_ name: String, _ path: String) {
    let key = "asset:" + name
    if images[key] != nil { return }
    guard let folder = spec.assets else {
      problem(path, "an asset needs the spec's \"assets\" folder")
      return
    }
    guard let full = permitted(folder, path) else { return }
    do {
      let catalog = AssetCatalog(directory: URL(fileURLWithPath: full))
      images[key] = try catalog.image(named: name, scale: 3)
    } catch {
      problem(path, "\(error)")
    }
  }

  /// The scale a file's name gives (`name@3x.png` is 3), 1 otherwise.
  static func scale(of source: String) -> Double {
    let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
    guard let at = name.range(of: "@", options: .backwards), name.hasSuffix("x"),
      let n = Double(name[at.upperBound..<name.index(before: name.endIndex)]), n >= 1, n <= 4
    else { return 1 }
    return n
  }

  /// Reads a Lottie animation.
  mutating func animation(_ source: String, _ path: String, strict: Bool) {
    if animations[source] != nil { return }
    guard let full = permitted(source, path) else { return }
    guard FileManager.default.fileExists(atPath: full) else {
      problem(path, Self.noFile(source, full))
      return
    }
    do {
      animations[source] = try LottieImporter(strict: strict).importFile(full).animation
    } catch {
      problem(path, "\(source): \(error)")
    }
  }

  /// Reads a vector document (a `vector` object in its own file).
  mutating func vector(_ source: String, _ path: String) {
    if vectors[source] != nil { return }
    guard let full = permitted(source, path) else { return }
    guard FileManager.default.fileExists(atPath: full) else {
      problem(path, Self.noFile(source, full))
      return
    }
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(full, limit: SpecLoader.limits.maximumBytes + 1)
    } catch {
      problem(path, "cannot read the vector document \"\(source)\": \(error)")
      return
    }
    let value: JSONValue
    do {
      value = try JSONReader(limits: SpecLoader.limits).read(bytes)
    } catch {
      problem(path, "\(source): \(error)")
      return
    }
    let found = SpecChecker().checkVector(value)
    guard found.isEmpty else {
      for p in found.prefix(20) { problem(path, "\(source): \(p)") }
      return
    }
    guard let spec = try? JSONValueDecoder().decode(VectorSpec.self, from: value) else {
      problem(path, "\(source): cannot decode the vector document")
      return
    }
    vectorItems(spec.items, path)
    vectors[source] = SpecBuilder.vectorImage(spec)
  }
}

extension SpecChecker {
  /// The problems of a vector document.
  func checkVector(_ document: JSONValue) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    walk(document, .reference("vector"), path: "", into: &problems)
    return Array(problems.prefix(maximumProblems))
  }
}
