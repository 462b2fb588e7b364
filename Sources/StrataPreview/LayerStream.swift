import Strata
import StrataHost
import StrataIO
import StrataRender

/// The browser's ``LayerBackend``: turns the reconciler's mutations into the operations the
/// page carries out on its DOM layers, and each content's bitmap into one binary message,
/// sent once and then named by number.
///
/// Operations are JSON objects with an `op` and the layer's `id`:
/// - `create`, `insert` (`parent`, `index`), `remove`, `destroy`, `reset` (forget every layer);
/// - `geometry`: `m`, the CSS matrix from the layer's box to its superlayer's sublayer space,
///   `w` and `h` its size, `ox` and `oy` its bounds' origin (what its sublayers move by);
/// - `alpha` (`a`), `hidden` (`h`), `clip` (`c`, and `mask`: SVG path data in the box);
/// - `look`: `bg` and `bc` (CSS colours or null), `r` (corner radius), `bw` (border width);
/// - `shadow`: `c`, the number of the bitmap of the shadow the layer casts (null for none),
///   and `x`, `y`, `w`, `h`, its place in the box (drawn by Strata: its Gaussian, its path);
/// - `content`: `c`, the content's number (null for none), and `x`, `y`, `w`, `h`, its
///   bitmap's place in the box;
/// - `shapes`: `s`, for a content split into shapes (``HostTint``), each shape's coverage as
///   `content` places a bitmap; `tints`: `t`, each shape's `[colour, opacity]`;
/// - `drop`: the page may forget content `c`, which no layer shows.
///
/// A content's bitmap is a binary message: its number as four bytes, big-endian, then a PNG.
final class LayerStream: LayerBackend {
  /// Draws and keeps the contents' bitmaps.
  let cache: ContentCache
  /// The bytes of decoded bitmaps the page may keep for contents no layer shows.
  let pageBudget: Int
  private(set) var operations: [String] = []
  private(set) var binaries: [[UInt8]] = []
  /// A bitmap the page is sent: a layer's content, or the shadow its look casts.
  enum Drawn: Hashable {
    case content(HostContent)
    case shadow(Rect, Shadow, Double)
  }
  private var sent: [Drawn: (number: Int, bytes: Int, used: UInt64)] = [:]
  private var users: [Int: Int] = [:]
  private var shown: [HostLayerID: HostContent] = [:]
  private var shadows: [HostLayerID: Drawn] = [:]
  /// The tints of each layer whose content is split, and the bitmaps its content holds now.
  private var tintsOf: [HostLayerID: [HostTint]] = [:]
  private var held: [HostLayerID: [Drawn]] = [:]
  private var looks: [HostLayerID: HostAppearance] = [:]
  private var bounds: [HostLayerID: Rect] = [:]
  private var clips: [HostLayerID: (Bool, Path?)] = [:]
  private var next = 0
  private var clock: UInt64 = 0
  private var bytesKept = 0

  init(scale: Double, pageBudget: Int = 64 << 20) {
    cache = ContentCache(scale: scale)
    self.pageBudget = pageBudget
  }

  /// The operations and bitmaps gathered since the last call, and a fresh start.
  func take() -> (operations: [String], binaries: [[UInt8]]) {
    defer {
      operations = []
      binaries = []
    }
    return (operations, binaries)
  }

  /// The page forgets every layer (a new controller); the contents it holds stay.
  func reset() {
    operations.append("{\"op\":\"reset\"}")
    for keys in held.values { keys.forEach(release) }
    for (_, shadow) in shadows { release(shadow) }
    held = [:]
    tintsOf = [:]
    shown = [:]
    shadows = [:]
    looks = [:]
    bounds = [:]
    clips = [:]
  }

  func apply(_ mutation: HostMutation) throws {
    switch mutation {
    case .create(let id, let state):
      operations.append(op("create", id, ""))
      for m in HostMutation.setting(state, of: id) { try apply(m) }
    case .insert(let id, let parent, let index):
      operations.append(
        op(
          "insert", id,
          ",\"parent\":\(parent.map { "\($0.rawValue)" } ?? "null"),\"index\":\(index)"))
    case .remove(let id):
      operations.append(op("remove", id, ""))
    case .destroy(let id):
      shown[id] = nil
      tintsOf[id] = nil
      held.removeValue(forKey: id)?.forEach(release)
      if let d = shadows.removeValue(forKey: id) { release(d) }
      bounds[id] = nil
      clips[id] = nil
      looks[id] = nil
      operations.append(op("destroy", id, ""))
    case .setGeometry(let id, let g):
      let old = bounds[id]
      let moved = old.map { $0.origin != g.bounds.origin } ?? false
      bounds[id] = g.bounds
      let m = Transform(translationX: g.bounds.minX, y: g.bounds.minY).concatenating(g.toSuperlayer)
      operations.append(
        op(
          "geometry", id,
          ",\"m\":[\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(Self.number).joined(separator: ","))],"
            + "\"w\":\(Self.number(g.bounds.width)),\"h\":\(Self.number(g.bounds.height)),"
            + "\"ox\":\(Self.number(g.bounds.minX)),\"oy\":\(Self.number(g.bounds.minY))"))
      // The content's place and the mask are written in the box, from the bounds' origin.
      if moved {
        operations += placement(id)
        if let (clips, mask) = clips[id], mask != nil {
          try apply(.setClip(id, clipsToBounds: clips, mask: mask))
        }
      }
      if old != g.bounds, let look = looks[id], look.shadow != nil { shadow(id, look) }
    case .setAlpha(let id, let a):
      operations.append(op("alpha", id, ",\"a\":\(Self.number(a))"))
    case .setHidden(let id, let h):
      operations.append(op("hidden", id, ",\"h\":\(h)"))
    case .setClip(let id, let clipsToBounds, let mask):
      clips[id] = (clipsToBounds, mask)
      let origin = bounds[id]?.origin ?? .zero
      let d = mask.map {
        JSONLiteral.string(
          PathData.format(
            $0.applying(Transform(translationX: -origin.x, y: -origin.y)), number: Self.number))
      }
      operations.append(op("clip", id, ",\"c\":\(clipsToBounds),\"mask\":\(d ?? "null")"))
    case .setAppearance(let id, let look):
      let hadShadow = looks[id]?.shadow != nil
      looks[id] = look
      operations.append(
        op(
          "look", id,
          ",\"bg\":\(look.backgroundColor.map(Self.css) ?? "null"),"
            + "\"r\":\(Self.number(look.cornerRadius)),\"bw\":\(Self.number(look.border?.width ?? 0)),"
            + "\"bc\":\(look.border.map { Self.css($0.color) } ?? "null")"))
      if look.shadow != nil || hadShadow { shadow(id, look) }
    case .setContent(let id, let content):
      shown[id] = content
      place(id)
    case .setTints(let id, let tints):
      let old = tintsOf[id] ?? []
      tintsOf[id] = tints
      if old.count == tints.count, !tints.isEmpty {
        // The same shapes in new colours: no bitmap, only the colours.
        operations.append(op("tints", id, ",\"t\":\(Self.tints(tints))"))
      } else {
        place(id)
      }
    case .setName(let id, let name):
      operations.append(op("name", id, ",\"name\":\(name.map(JSONLiteral.string) ?? "null")"))
    }
  }

  private func op(_ name: String, _ id: HostLayerID, _ rest: String) -> String {
    "{\"op\":\"\(name)\",\"id\":\(id.rawValue)\(rest)}"
  }

  /// Layer `id`'s content as it is now (``shown`` and ``tintsOf``): its bitmaps retained
  /// (sent if the page lacks them) and those it held before released, then placed.
  private func place(_ id: HostLayerID) {
    let before = held.removeValue(forKey: id) ?? []
    var keys: [Drawn] = []
    if let c = shown[id] {
      let tints = tintsOf[id] ?? []
      if tints.isEmpty {
        keys = [.content(c)]
      } else {
        keys = tints.indices.compactMap { c.shape($0).map(Drawn.content) }
      }
    }
    keys.forEach(retain)
    before.forEach(release)
    if !keys.isEmpty { held[id] = keys }
    operations += placement(id)
  }

  /// The operations that show layer `id`'s content where it is now: `content` for a whole
  /// one, or `shapes` (each coverage's place) and `tints` for a split one.
  private func placement(_ id: HostLayerID) -> [String] {
    let keys = held[id] ?? []
    let tints = tintsOf[id] ?? []
    if tints.isEmpty || keys.isEmpty {
      let whole = keys.first.map { placed("content", id, $0, drawing(of: $0)) }
      return [whole ?? op("content", id, ",\"c\":null"), op("shapes", id, ",\"s\":[]")]
    }
    let shapes = keys.map { key in
      "{" + (fields(id, key, drawing(of: key)) ?? "\"c\":null") + "}"
    }
    return [
      op("content", id, ",\"c\":null"),
      op("shapes", id, ",\"s\":[\(shapes.joined(separator: ","))]"),
      op("tints", id, ",\"t\":\(Self.tints(tints))"),
    ]
  }

  /// The drawing behind `key`.
  private func drawing(of key: Drawn) -> DrawnContent {
    switch key {
    case .content(let c): return cache.drawing(for: c)
    case .shadow(let b, let cast, let r):
      return cache.shadowDrawing(
        bounds: b, appearance: HostAppearance(cornerRadius: r, shadow: cast))
    }
  }

  /// Tints as JSON: `[["rgba(…)", opacity], …]`.
  static func tints(_ tints: [HostTint]) -> String {
    "[" + tints.map { "[\(css($0.color)),\(number($0.opacity))]" }.joined(separator: ",") + "]"
  }

  /// The `shadow` operation for layer `id` with `look`: the bitmap of the shadow it casts,
  /// drawn by Strata (so it is its Gaussian, of its own path), placed under its background.
  private func shadow(_ id: HostLayerID, _ look: HostAppearance) {
    if let old = shadows.removeValue(forKey: id) { release(old) }
    guard look.shadow != nil, let b = bounds[id] else {
      operations.append(op("shadow", id, ",\"c\":null"))
      return
    }
    guard let cast = look.shadow else { return }
    let key = Drawn.shadow(b, cast, look.cornerRadius)
    shadows[id] = key
    retain(key)
    operations.append(placed("shadow", id, key, cache.shadowDrawing(bounds: b, appearance: look)))
  }

  /// An operation placing drawing `drawn` (sent as `key`) in layer `id`'s box.
  private func placed(_ name: String, _ id: HostLayerID, _ key: Drawn, _ drawing: DrawnContent)
    -> String
  {
    op(name, id, "," + (fields(id, key, drawing) ?? "\"c\":null"))
  }

  /// `"c":number,"x":…,"y":…,"w":…,"h":…`: the bitmap sent as `key` and its place in layer
  /// `id`'s box; `nil` when there is nothing to show.
  private func fields(_ id: HostLayerID, _ key: Drawn, _ drawing: DrawnContent) -> String? {
    guard let number = sent[key]?.number, drawing.image != ContentCache.empty else { return nil }
    let origin = bounds[id]?.origin ?? .zero
    let f = drawing.frame
    return "\"c\":\(number),\"x\":\(Self.number(f.minX - origin.x)),"
      + "\"y\":\(Self.number(f.minY - origin.y)),\"w\":\(Self.number(f.width)),"
      + "\"h\":\(Self.number(f.height))"
  }

  /// Counts one more layer showing `key`, sending its bitmap if the page lacks it.
  private func retain(_ key: Drawn) {
    clock += 1
    if let s = sent[key] {
      sent[key]?.used = clock
      users[s.number, default: 0] += 1
      return
    }
    next += 1
    let drawing = self.drawing(of: key)
    let png = PNGEncoder(mode: .fastest).encode(drawing.image)
    let n = UInt32(truncatingIfNeeded: next)
    binaries.append(
      [UInt8(n >> 24), UInt8((n >> 16) & 255), UInt8((n >> 8) & 255), UInt8(n & 255)] + png)
    let bytes = drawing.image.pixels.count
    sent[key] = (next, bytes, clock)
    users[next] = 1
    bytesKept += bytes
    dropUnused()
  }

  private func release(_ key: Drawn) {
    guard let s = sent[key] else { return }
    users[s.number, default: 1] -= 1
  }

  /// Tells the page to forget the least recently used contents no layer shows, while the
  /// bitmaps it keeps are over ``pageBudget``.
  private func dropUnused() {
    guard bytesKept > pageBudget else { return }
    let unused = sent.filter { users[$0.value.number, default: 0] <= 0 }
      .sorted { $0.value.used < $1.value.used }
    for (key, s) in unused {
      guard bytesKept > pageBudget else { break }
      sent[key] = nil
      users[s.number] = nil
      bytesKept -= s.bytes
      operations.append("{\"op\":\"drop\",\"c\":\(s.number)}")
    }
  }

  /// A number with at most four decimals.
  static func number(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 10_000).rounded() / 10_000
    if r == r.rounded(), Swift.abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }

  /// A CSS colour, as a JSON string.
  static func css(_ c: Color) -> String {
    func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
    return "\"rgba(\(byte(c.red)),\(byte(c.green)),\(byte(c.blue)),\(number(c.alpha)))\""
  }
}

extension HostMutation {
  /// The mutations that give a new layer `id` the state `state`: its geometry, and whatever
  /// differs from a new DOM layer's defaults (no name, opaque, shown, unclipped, no
  /// background, no content).
  static func setting(_ state: HostLayerState, of id: HostLayerID) -> [HostMutation] {
    var out: [HostMutation] = [.setGeometry(id, state.geometry)]
    if state.name != nil { out.append(.setName(id, state.name)) }
    if state.alpha != 1 { out.append(.setAlpha(id, state.alpha)) }
    if state.isHidden { out.append(.setHidden(id, true)) }
    if state.clipsToBounds || state.mask != nil {
      out.append(.setClip(id, clipsToBounds: state.clipsToBounds, mask: state.mask))
    }
    if state.appearance != HostAppearance() { out.append(.setAppearance(id, state.appearance)) }
    if !state.tints.isEmpty { out.append(.setTints(id, state.tints)) }
    if state.content != nil { out.append(.setContent(id, state.content)) }
    return out
  }
}
