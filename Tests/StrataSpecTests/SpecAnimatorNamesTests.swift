import Strata
import Testing

// @testable: the registry's export of an animation, to see which kind the spec calls it.
@testable import StrataSpec

/// The spec names each animator and its parameters as Swift does: the animator by its type's
/// name (first letter lowered), each parameter by the property it sets.
@Suite struct SpecAnimatorNamesTests {
  /// One of each animation Swift ships, with parameters away from their defaults.
  static func animations() throws -> [any PageAnimation] {
    [
      Fade(minimumAlpha: 0.3), CrossFade(curve: .easeOut), Parallax(speed: 0.4),
      Slide(by: Vector(dx: 20, dy: 4), followsSide: true), Scale(to: 0.7), Rotate(by: 0.5),
      TiltAlongArc(), FollowArc(), ColorBlend([.red, .blue], space: .linear),
      CircularReveal(from: Point(x: 0.2, y: 0.3)), SlideTransition(.reveal, from: .top),
      KeyframeAnimation(opacity: try Keyframes([Keyframe(0, 1), Keyframe(1, 0)])),
    ]
  }

  /// The names the spec gives differently from Swift, and why.
  static let spelledDifferently = [
    // Swift's KeyframeAnimation is made of Keyframes tracks; the spec's animator is the
    // list of them, and "keyframes" is what designers call it.
    "KeyframeAnimation": "keyframes"
  ]

  @Test func everyAnimatorIsNamedAsItsSwiftType() throws {
    var named = Set<String>()
    for animation in try Self.animations() {
      let type = String(describing: Swift.type(of: animation))
      let kinds = SpecRegistry.animatorKinds.filter { $0.export(animation) != nil }
      let kind = try #require(kinds.count == 1 ? kinds.first : nil, "\(type): \(kinds.count) kinds")
      named.insert(kind.name)
      let expected = Self.spelledDifferently[type] ?? type.prefix(1).lowercased() + type.dropFirst()
      #expect(kind.name == expected, "\(type) is \"\(kind.name)\" in the spec")
      // Each parameter the spec writes is a property of the Swift value by that name.
      let properties = Set(Mirror(reflecting: animation).children.compactMap(\.label))
      for key in try #require(kind.export(animation)).keys {
        #expect(properties.contains(key), "\(kind.name).\(key) is not a property of \(type)")
      }
    }
    // Every animator the spec knows is one Swift ships.
    #expect(named == Set(SpecRegistry.animatorKinds.map(\.name)))
  }
}
