import Strata

/// The `keyframes` animator: built, exported and checked track by track.
extension SpecRegistry {
  @Sendable static func keyframeAnimation(_ a: AnimatorSpec) -> (any PageAnimation)? {
    func frames<V: Interpolatable>(_ key: String, _ value: (KeyframeValueSpec) -> V?)
      -> Keyframes<V>?
    {
      guard let list = a.keyframes(key) else { return nil }
      return try? Keyframes(
        list.compactMap { f in
          value(f.value).map { Keyframe(f.at, $0, easing: SpecBuilder.easing(f.easing)) }
        })
    }
    func number(_ v: KeyframeValueSpec) -> Double? {
      if case .number(let n) = v { return n }
      return nil
    }
    return KeyframeAnimation(
      opacity: frames("opacity", number),
      translation: frames("translation") { v in
        if case .vector(let p) = v, p.count == 2 { return Vector(dx: p[0], dy: p[1]) }
        return nil
      },
      rotation: frames("rotation", number),
      scale: frames("scale") { number($0).map { Vector(dx: $0, dy: $0) } },
      backgroundColor: frames("backgroundColor") { v in
        if case .color(let c) = v { return SpecBuilder.color(c) }
        return nil
      })
  }

  @Sendable static func keyframeParameters(_ a: any PageAnimation) -> [String: JSONValue]? {
    guard let k = a as? KeyframeAnimation else { return nil }
    func list<V>(_ frames: Keyframes<V>?, _ value: (V) -> KeyframeValueSpec) -> JSONValue? {
      frames.map { f in
        JSONValue(
          keyframes: f.keyframes.map {
            KeyframeSpec(
              at: $0.time, value: value($0.value),
              easing: $0.easing == .linear ? nil : $0.easing.name)
          })
      }
    }
    var p: [String: JSONValue] = [:]
    p["opacity"] = list(k.opacity) { .number($0) }
    p["translation"] = list(k.translation) { .vector([$0.dx, $0.dy]) }
    p["rotation"] = list(k.rotation) { .number($0) }
    p["scale"] = list(k.scale) { .number($0.dx) }
    p["backgroundColor"] = list(k.backgroundColor) { .color(SpecColor.format($0)) }
    return p
  }

  @Sendable static func checkKeyframes(_ a: AnimatorSpec) -> [(path: String, message: String)] {
    var problems: [(path: String, message: String)] = []
    if !keyframeTracks.contains(where: { a[$0.key] != nil }) {
      problems.append(("", "the \"keyframes\" animator needs at least one track"))
    }
    for (key, kind) in keyframeTracks {
      guard let frames = a.keyframes(key) else { continue }
      var seen = Set<Double>()
      for (i, f) in frames.enumerated() {
        if !seen.insert(f.at).inserted {
          problems.append(
            (".\(key)[\(i)].at", "a keyframe at \(JSONWriter.format(f.at)) is already given"))
        }
        if !kind.accepts(f.value) {
          problems.append((".\(key)[\(i)].value", "expected \(kind.expected) for \(key)"))
        }
      }
    }
    return problems
  }
}
