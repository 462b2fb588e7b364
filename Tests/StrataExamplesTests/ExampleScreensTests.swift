import Strata
import StrataCommand
import StrataRender
import StrataTesting
import Testing

/// Every example fits every screen: the layout audit finds nothing on the device matrix, in
/// both directions and at both text sizes, and each is kept as a golden frame on the smallest
/// phone and on a phone in landscape (the animals' are in AnimalsSizesTests).
@Suite struct ExampleScreensTests {
  static let names = Onboarding.examples.map(\.name)
  /// The screens each example is kept at.
  static let screens = [Size(width: 320, height: 568), Size(width: 667, height: 375)]

  static func goldenName(_ example: String, _ size: Size) -> String {
    "\(example)-screen-\(Int(size.width))x\(Int(size.height))"
  }

  static var goldenNames: Set<String> {
    var out = Set<String>()
    for name in names where name != "animals" {
      for size in screens { out.insert(goldenName(name, size)) }
    }
    return out
  }

  static func example(_ name: String) throws -> Onboarding {
    try #require(Onboarding.examples.first { $0.name == name })
  }

  @Test(arguments: names)
  func theAuditFindsNothing(_ name: String) throws {
    let example = try Self.example(name)
    try assertCleanLayout { size in example.makeController(size, nil) }
  }

  @Test(arguments: names.filter { $0 != "animals" })
  func theSmallPhoneAndLandscapeMatchTheirGoldens(_ name: String) throws {
    let example = try Self.example(name)
    for size in Self.screens {
      let controller = example.makeController(size, nil)
      let image = try FrameRenderer(scale: 1).render(controller, pagePosition: 1)
      try goldens.check(image, named: Self.goldenName(name, size))
    }
  }
}
