import Strata
import StrataCommand
import StrataExamples
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

/// The layers example in landscape: the wireframe, which ran off the top of the screen, fits
/// between the dynamic background's caption and the static content, at rest and turned.
@Suite struct LayersScreensTests {
  @Test(arguments: [Size(width: 667, height: 375), Size(width: 568, height: 320)])
  func theWireframeFitsTheScreen(_ size: Size) throws {
    let layers = LayersExample(pageSize: size)
    for position in [1.0, 0.75, 1.25] {
      layers.setPagePosition(position)
      let scene = layers.scene()
      let frame = try #require(scene.node(named: "wireframe 1")?.frame)
      #expect(frame.minY >= 60 && frame.maxY <= size.height - layers.staticContentHeight + 10)
    }
    // Portrait is as it was: 42 % of the width.
    #expect(LayersExample(pageSize: Size(width: 375, height: 667)).wireframeWidth == 375 * 0.42)
  }
}
