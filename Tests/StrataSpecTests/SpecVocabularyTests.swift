import Strata
import StrataSpec
import Testing

/// One vocabulary of easings and colours: what Swift calls a curve or a colour, the spec
/// accepts by the same name, and a parameterised easing takes any valid parameters.
@Suite struct SpecVocabularyTests {
  /// A spec whose timed animation has `easing`.
  func timed(_ easing: String) -> String {
    minimal.replacingOccurrences(
      of: "\"layers\":",
      with: """
        "timed": [{"target": "title", "duration": 0.3, "easing": "\(easing)",
          "tracks": [{"kind": "alpha", "values": [0, 1]}]}],
        "layers":
        """)
  }

  @Test func swiftsEasingNamesAreTheSpecs() throws {
    for name in Easing.names {
      #expect(problems(timed(name)).isEmpty, "\(name)")
      #expect(Easing(named: name) != nil, "\(name)")
    }
    // Swift's easeIn, easeOut and easeInOut are the cubic curves, by any name.
    #expect(Easing(named: "easeInOut") == .easeInOut)
    #expect(Easing(named: "easeOut") == .cubicOut)
    #expect(Easing(named: "ease") == .ease)
    for preset in Easing.presets {
      #expect(Easing(named: preset.name) == preset, "\(preset.name) reads back as itself")
    }
  }

  @Test func parameterisedEasingsTakeAnyValidParameters() throws {
    let css = try #require(Easing(named: "cubicBezier(0.4, 0, 0.2, 1)"))
    #expect(css == .cubicBezier(0.4, 0, 0.2, 1))
    #expect(abs(css(0.5) - Easing.cubicBezier(0.4, 0, 0.2, 1)(0.5)) < 1e-12)
    #expect(Easing(named: " steps(7) ") == .steps(7))
    #expect(Easing(named: "spring(0.3, 4)") == .spring(damping: 0.3, frequency: 4))
    #expect(problems(timed("cubicBezier(0.68, -0.55, 0.265, 1.55)")).isEmpty)
    #expect(
      problems(timed("cubicBezier(1.2, 0, 0.2, 1)")) == [
        "timed[0].easing: \"cubicBezier(1.2, 0, 0.2, 1)\": x1 and x2 of cubicBezier must be from 0 to 1 (line 5, column 60)"
      ])
    #expect(
      Easing.problem(with: "steps(0)")
        == "\"steps(0)\": steps takes one whole number from 1 to 1000")
    #expect(Easing.problem(with: "spring(1, 2)") != nil)
    #expect(Easing.problem(with: "wobble(1)")?.contains("cubicBezier(x1, y1, x2, y2)") == true)
  }

  /// The message lists every name, uncut, and suggests the nearest.
  @Test func anUnknownEasingListsEveryNameAndSuggestsOne() throws {
    let message = try #require(Easing.problem(with: "easeInOutt"))
    for name in Easing.names { #expect(message.contains(name), "\(name)") }
    #expect(!message.contains("…"))
    #expect(message.hasSuffix("did you mean \"easeInOut\"?"))
  }

  /// The exporter writes a parameterised easing by its name, and it reads back.
  @Test func parameterisedEasingsSurviveExport() throws {
    let loaded = try load(timed("cubicBezier(0.4, 0, 0.2, 1)")).get()
    let export = try SpecExporter(assetFolder: "files").export(loaded.makeController())
    let easing = try #require(export.spec.timed?.first?.easing)
    #expect(easing == "cubicBezier(0.4, 0.0, 0.2, 1.0)")
    #expect(Easing(named: easing) == .cubicBezier(0.4, 0, 0.2, 1))
    #expect(export.notes.isEmpty, "\(export.notes)")
  }

  @Test func namedColoursAreSwiftsNames() throws {
    for (name, colour) in Color.named {
      #expect(SpecColor.parse(name) == colour, "\(name)")
      #expect(Color(named: name) == colour)
    }
    let text = minimal.replacingOccurrences(
      of: "\"name\": \"title\",", with: "\"name\": \"title\", \"backgroundColor\": \"red\",")
    #expect(problems(text).isEmpty)
    #expect(SpecColor.parse("Red") == nil)
  }
}

@Suite struct SpecKindKeyTests {
  /// An unknown key of an animator says which keys that animator takes.
  @Test func anUnknownAnimatorKeyListsTheAnimatorsKeys() {
    let rotate = minimal.replacingOccurrences(
      of: "{\"name\": \"fade\"}", with: "{\"name\": \"rotate\", \"angle\": 1, \"degrees\": 90}")
    let found = problems(rotate)
    #expect(found.count == 1)
    #expect(
      found.first?.contains("unknown key; a \"rotate\" animator takes \"angle\"") == true,
      "\(found)")
    let follow = minimal.replacingOccurrences(
      of: "{\"name\": \"fade\"}", with: "{\"name\": \"followArc\", \"wobble\": 2}")
    #expect(
      problems(follow).first?.contains("takes no keys of its own") == true, "\(problems(follow))")
  }
}

@Suite struct SpecFileHintTests {
  /// A misspelt file name is told the right one when it sits beside it.
  @Test func aMisspeltFileGetsTheNameBesideIt() {
    let text = minimal.replacingOccurrences(
      of: "\"name\": \"title\",",
      with:
        "\"name\": \"title\", \"children\": [{\"type\": \"image\", \"source\": \"assets/pgae1.svg\", \"frame\": [0, 0, 10, 10]}],"
    )
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.contains("did you mean \"assets/page1.svg\"?") == true, "\(found)")
    let far = text.replacingOccurrences(
      of: "assets/pgae1.svg", with: "assets/completely-different.png")
    #expect(problems(far).first?.contains("did you mean") == false)
  }
}
