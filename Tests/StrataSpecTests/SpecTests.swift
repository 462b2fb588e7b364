import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTestSupport
import Testing

// @testable: these tests reach internals: SpecTemplateOptions, SpecBuilder.
@testable import StrataSpec

/// The folder of this test target, and the example specs.
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let specsDirectory = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Examples/Specs")
let exampleSpecs = ["animals", "cards", "swiper", "template"]

/// Loads `text` as a spec in a temporary folder (so relative paths resolve there).
func load(_ text: String, in folder: URL? = nil) -> Result<LoadedSpec, SpecError> {
  SpecLoader.load(Array(text.utf8), baseDirectory: (folder ?? specsDirectory).path)
}

/// The problems of `text`, as lines.
func problems(_ text: String, in folder: URL? = nil) -> [String] {
  switch load(text, in: folder) {
  case .success: return []
  case .failure(let e): return e.problems.map(\.description)
  }
}

/// A small valid spec with one label page, for variations.
let minimal = """
  {
    "strata": 1,
    "pageSize": {"width": 375, "height": 667},
    "pageCount": 3,
    "layers": {
      "labels": {
        "pages": [
          {"type": "text", "name": "title", "frame": [0, 0, 300, 0],
           "text": {"runs": [{"text": "Hello", "font": {"size": 20, "weight": "bold"}}]}}
        ],
        "animators": [{"name": "fade"}]
      }
    }
  }
  """

@Suite struct SpecCheckTests {
  @Test func theMinimalSpecLoads() throws {
    let loaded = try load(minimal).get()
    #expect(loaded.spec.pageCount == 3)
    let controller = loaded.makeController()
    #expect(controller.pageCount == 3)
  }

  @Test func messagesNameThePathTheValueAndThePosition() {
    let text = minimal.replacingOccurrences(of: "\"size\": 20", with: "\"size\": -3")
    #expect(
      problems(text) == [
        "layers.labels.pages[0].text.runs[0].font.size: expected a positive number up to 1000, got -3 (line 9, column 63)"
      ])
  }

  @Test func allProblemsAreReportedAtOnce() {
    let text = """
      {
        "strata": 2,
        "pageSize": {"width": 0, "heigth": 10},
        "pageCount": "three",
        "layers": {"labels": {"pagez": []}, "icons": {"animators": [{"name": "fadde"}]}},
        "options": {"layoutDirection": "rtl"}
      }
      """
    let found = problems(text)
    #expect(
      found == [
        "strata: expected a whole number from 1 to 1, got 2 (line 2, column 13)",
        "pageSize.width: expected a positive number up to 10000, got 0 (line 3, column 25)",
        "pageSize.heigth: unknown key; did you mean \"height\"? (line 3, column 28)",
        "pageSize: missing the required key \"height\" (line 3, column 15)",
        "pageCount: expected a whole number from 1 to 1000, got \"three\" (line 4, column 16)",
        "layers.labels.pagez: unknown key; did you mean \"pages\"? (line 5, column 25)",
        "layers.icons.animators[0].name: \"fadde\" is not one of \"fade\", \"crossFade\", \"parallax\", \"slide\", \"scale\", \"rotate\", \"tiltAlongArc\", \"followArc\", \"colorBlend\", \"circularReveal\", \"slideTransition\", \"keyframes\"; did you mean \"fade\"? (line 5, column 72)",
        "options.layoutDirection: \"rtl\" is not one of \"leftToRight\", \"rightToLeft\" (line 6, column 34)",
      ], "\(found.joined(separator: "\n"))")
  }

  @Test func whatTheSchemaCannotSee() throws {
    let folder = try temporaryFolder("strata-spec")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]).write(
      to: folder.appendingPathComponent("broken.png"))
    let text = """
      {
        "strata": 1,
        "pageSize": {"width": 375, "height": 667},
        "pageCount": 2,
        "navigation": {"policies": {"5": "locked"}},
        "layers": {
          "staticContent": {"pages": []},
          "wireframe": {"pages": [
            {"type": "image", "source": "missing.png"},
            {"type": "image", "source": "broken.png", "text": {"runs": [{"text": "x", "font": {"size": 9}}]}},
            {"type": "text"}
          ], "animators": [
            {"name": "parallax"},
            {"name": "fade", "speed": 2},
            {"name": "keyframes", "opacity": [{"at": 0, "value": 1}, {"at": 0, "value": 0}]}
          ]}
        },
        "timed": [{"target": "titel", "tracks": [{"kind": "alpha", "values": [0, 1], "times": [0]}], "duration": 1}]
      }
      """
    let found = problems(text, in: folder)
    let expected = [
      "layers.wireframe.pages[2]: page index 2 is out of range: pageCount is 2 (line 11, column 7)",
      "layers.wireframe.pages[0].source: no file at \"missing.png\"",
      "layers.wireframe.pages[1].text: \"text\" belongs to \"button\", \"navigation\" or \"text\" nodes, not \"image\" (line 10, column 49)",
      "layers.wireframe.pages[1].source: cannot read the image \"broken.png\"",
      "layers.wireframe.pages[2]: a \"text\" node needs \"text\" (line 11, column 7)",
      "layers.wireframe.animators[0]: a \"parallax\" animator needs \"speed\" (line 13, column 7)",
      "layers.wireframe.animators[1].speed: \"speed\" belongs to \"parallax\" animators, not \"fade\" (line 14, column 24)",
      "layers.wireframe.animators[2].opacity[1].at: a keyframe at 0 is already given (line 15, column 71)",
      "layers.staticContent.pages: staticContent has one node: use \"node\" (line 7, column 32)",
      "navigation.policies.5: page index 5 is out of range: pageCount is 2 (line 5, column 36)",
      "timed[0].target: no node is named \"titel\"",
      "timed[0].tracks[0].times: 1 times for 2 values (line 18, column 89)",
    ]
    #expect(found.count == expected.count, "\(found.joined(separator: "\n"))")
    for e in expected {
      #expect(
        found.contains { $0.hasPrefix(e.components(separatedBy: " (line").first ?? e) },
        "missing: \(e)\n\(found.joined(separator: "\n"))")
    }
    for e in expected where e.contains("(line") {
      #expect(found.contains(e), "\(e)\n\(found.joined(separator: "\n"))")
    }
  }

  @Test func everyExampleSpecLoads() throws {
    for name in exampleSpecs {
      let result = SpecLoader.load(file: specsDirectory.appendingPathComponent("\(name).json").path)
      #expect(throws: Never.self, "\(name)") { try result.get() }
    }
  }

  /// Spec → model → spec: writing a loaded spec and reading it back gives the same spec, and
  /// Foundation's JSONDecoder reads the written text to the same value.
  @Test func roundTrip() throws {
    for name in exampleSpecs {
      let path = specsDirectory.appendingPathComponent("\(name).json").path
      let spec = try SpecLoader.load(file: path).get().spec
      let written = SpecLoader.write(spec)
      let again = try SpecLoader.load(Array(written.utf8), baseDirectory: specsDirectory.path).get()
        .spec
      #expect(again == spec, "\(name)")
      #expect(try JSONDecoder().decode(TutorialSpec.self, from: Data(written.utf8)) == spec)
      #expect(SpecLoader.write(again) == written)
    }
  }

  /// The model → spec direction: exporting a controller built from a spec gives that spec's
  /// nodes back.
  @Test func exportingASpecControllerGivesItsSpec() throws {
    let loaded = try SpecLoader.load(file: specsDirectory.appendingPathComponent("cards.json").path)
      .get()
    let export = try SpecExporter(assetFolder: "cards-files").export(loaded.makeController())
    #expect(export.spec.layers?.labels == loaded.spec.layers?.labels)
    #expect(export.spec.layers?.staticContent?.node == loaded.spec.layers?.staticContent?.node)
    #expect(export.spec.pageCount == loaded.spec.pageCount)
  }

  /// Every key the schema lists is a key of the Codable model: a document with every key
  /// (made from the schema) survives decoding and encoding whole.
  @Test func theSchemaAndTheModelAgree() throws {
    func sample(_ s: SchemaNode, depth: Int) -> Any {
      switch s {
      case .number(let minimum, let exclusiveMinimum, let maximum):
        let low = minimum ?? exclusiveMinimum.map { $0 + 0.5 } ?? 0.5
        return Swift.min(low, maximum ?? low)
      case .integer(let minimum, _): return minimum ?? 1
      case .boolean: return true
      case .string(let values): return values?.first ?? "x"
      case .color: return "#112233"
      case .easing: return "cubicBezier(0.4, 0, 0.2, 1)"
      case .pathData: return "M0 0 L1 1 Z"
      case .length: return "50%"
      case .file: return "f.png"
      case .array(let item, let minCount, _):
        return Array(repeating: sample(item, depth: depth), count: Swift.max(1, minCount))
      case .nullable(let inner): return sample(inner, depth: depth)
      case .map(let item, let keys): return [keys?.first ?? "0": sample(item, depth: depth)]
      case .anyOf(let options): return sample(options[0], depth: depth)
      case .reference(let name):
        guard depth < 8, let d = SpecSchema.definition(name) else { return [String: Any]() }
        return sample(.object(d), depth: depth + 1)
      case .object(let o):
        var out: [String: Any] = [:]
        // Deep down (nodes hold nodes), only the required keys; every kind's keys at once
        // (the model holds them all; the checker would refuse the mix).
        for f in o.allFields where depth < 3 || f.isRequired {
          out[f.name] = sample(f.schema, depth: depth)
        }
        return out
      }
    }
    guard let spec = SpecSchema.definition("spec") else { return }
    let document = sample(.object(spec), depth: 0)
    let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    let decoded = try JSONDecoder().decode(TutorialSpec.self, from: data)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let back = try JSONSerialization.jsonObject(with: encoder.encode(decoded))
    let original = try JSONSerialization.jsonObject(with: data)
    #expect(
      NSDictionary(dictionary: back as? [String: Any] ?? [:]).isEqual(
        to: original as? [String: Any] ?? [:]))
    func keys(_ v: Any, _ path: String, into out: inout Set<String>) {
      if let d = v as? [String: Any] {
        for (k, x) in d {
          out.insert("\(path).\(k)")
          keys(x, "\(path).\(k)", into: &out)
        }
      } else if let a = v as? [Any] {
        for x in a { keys(x, path, into: &out) }
      }
    }
    var a = Set<String>()
    var b = Set<String>()
    keys(original, "", into: &a)
    keys(back, "", into: &b)
    #expect(a.subtracting(b).sorted() == [], "keys the model drops")
  }
}

@Suite struct SpecRenderTests {
  func render(_ controller: TutorialController, at position: Double) throws -> RasterImage {
    controller.setPagePosition(position)
    return try FrameRenderer(scale: 1).render(controller.scene())
  }

  /// The animals spec draws the same pixels as the Swift animals, at rest and mid-swipe; so do
  /// the cards and swiper specs.
  @Test(arguments: ["animals", "cards", "swiper"])
  func specsDrawTheirSwiftOnboardings(_ name: String) throws {
    let loaded = try SpecLoader.load(
      file: specsDirectory.appendingPathComponent("\(name).json").path
    ).get()
    let swift: TutorialController
    switch name {
    case "animals": swift = AnimalsTutorial()
    case "cards": swift = CardsExample()
    default: swift = SwiperExample()
    }
    let spec = loaded.makeController()
    for position in [0, 0.5, 1, 1.4, 2] {
      let a = try render(spec, at: position)
      let b = try render(swift, at: position)
      #expect(a.pixels == b.pixels, "\(name) at \(position)")
    }
  }

  @Test func theTemplateShortFormBuildsATemplate() throws {
    let loaded = try SpecLoader.load(
      file: specsDirectory.appendingPathComponent("template.json").path
    ).get()
    let controller = loaded.makeController()
    #expect(controller is TemplateOnboarding)
    #expect(controller.pageCount == 3)
    let options = SpecTemplateOptions(
      spec: try #require(loaded.spec.template), builder: SpecBuilder(loaded: loaded))
    #expect(options.measure(.bottomPanelHeight) == 270)
    #expect(options.color(.paginationItem) == Color(red8: 0x3A, green8: 0x3A, blue8: 0x8C))
    #expect(options.backgroundImage != nil)
  }

  @Test func navigationAutoplayAndWrapAround() throws {
    let text = minimal.replacingOccurrences(
      of: "\"pageCount\": 3,",
      with:
        "\"pageCount\": 3, \"navigation\": {\"autoplay\": 2, \"wrapAround\": true, \"policies\": {\"1\": \"forwardOnly\"}},"
    )
    let controller = try #require(try load(text).get().makeController() as? SpecTutorial)
    #expect(controller.navigationPolicy(at: 1) == .forwardOnly)
    #expect(controller.navigationPolicy(at: 0) == .free)
    var pages: [Int] = []
    for step in 1...80 {
      controller.advance(to: Double(step) * 0.1)
      if pages.last != controller.currentPage { pages.append(controller.currentPage) }
    }
    // The pages go round: on from the last page to the first, never back through page 1.
    #expect(Array(pages.prefix(4)) == [0, 1, 2, 0], "\(pages)")
    #expect(controller.isCircular)
  }

  @Test func navigationHoldsEveryPagerSwitch() throws {
    let text = minimal.replacingOccurrences(
      of: "\"pageCount\": 3,",
      with: """
        "pageCount": 3, "navigation": {"wrapAround": true, "axis": "vertical", "requiredPages": [1],
          "leaveCheckTimeout": 4, "autoplay": 2, "autoplayPageIntervals": {"1": 5},
          "autoplayResumeAfter": 1, "autoplayEnd": "stop", "autoplayReducedMotion": "jump"},
        """)
    let loaded = try load(text).get()
    let c = try #require(loaded.makeController() as? SpecTutorial)
    #expect(c.isCircular && c.pagingAxis == .vertical && c.leaveCheckTimeout == 4)
    #expect(c.navigationPolicy(at: 1).isRequired && !c.navigationPolicy(at: 0).isRequired)
    #expect(
      c.autoplay
        == Autoplay(
          interval: 2, pageIntervals: [1: 5], resumeAfterTouch: 1, end: .stop,
          reducedMotion: .jump))
    // What is exported loads back the same.
    let exported = try SpecExporter(assetFolder: "files").export(c).spec.navigation
    #expect(exported == loaded.spec.navigation)
  }

  @Test func navigationPageIndicesAreChecked() {
    let text = minimal.replacingOccurrences(
      of: "\"pageCount\": 3,",
      with: """
        "pageCount": 3, "navigation": {"requiredPages": [3], "autoplay": 1,
          "autoplayPageIntervals": {"7": 2}, "axis": "diagonal"},
        """)
    let found = problems(text)
    #expect(
      found.contains { $0.hasPrefix("navigation.requiredPages[0]: page index 3") }, "\(found)")
    #expect(found.contains { $0.hasPrefix("navigation.axis") }, "\(found)")
  }

}

@Suite struct SpecDocsTests {
  /// Docs/Spec.md lists every key of every definition, under the definition's heading.
  @Test func theReferenceListsEveryKey() throws {
    let docs = try String(
      contentsOf: specsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/Spec.md"), encoding: .utf8)
    #expect(
      docs.hasSuffix(SpecSchema.markdownReference), "regenerate with strata schema --markdown")
    for d in SpecSchema.definitions {
      let heading = try #require(docs.range(of: "### `\(d.name)`"), "\(d.name)")
      let section = docs[heading.upperBound...].prefix { $0 != "#" }
      for f in d.fields {
        #expect(section.contains("| `\(f.name)`"), "\(d.name).\(f.name)")
      }
    }
  }

  /// JSON allows a key twice; a spec that does it is told where both are, and the last counts.
  @Test func aKeyGivenTwiceIsAProblemWithBothPositions() throws {
    let text = minimal.replacingOccurrences(
      of: "\"pageSize\": {\"width\": 375,", with: "\"pageSize\": {\"width\": 375, \"width\": 400,")
    #expect(
      problems(text) == [
        "pageSize.width: the key \"width\" is given twice, first at line 3, column 16; the last counts (line 3, column 30)"
      ])
  }

  @Test func colourAndPathMessages() throws {
    #expect(
      problems(
        minimal.replacingOccurrences(
          of: "\"name\": \"title\",", with: "\"name\": \"title\", \"backgroundColor\": \"#zz\","))
        == [
          "layers.labels.pages[0].backgroundColor: \"#zz\" is not a colour: write #RRGGBB or #RRGGBBAA, color(srgb R G B / A) from 0 to 1, or a name: clear, black, white, gray, red, green, blue, orange, yellow, purple, pink, teal, brown (line 8, column 62)"
        ])
    #expect(
      SpecColor.parse("color(srgb 0.1 0.2 0.3 / 0.5)")
        == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
    #expect(SpecColor.parse("color(srgb 0.1 0.2 / 0.5)") == nil)
    #expect(SpecColor.format(Color(white: 0.1)) == "color(srgb 0.1 0.1 0.1)")
    #expect(SpecColor.format(Color(red8: 1, green8: 2, blue8: 255, alpha8: 128)) == "#0102FF80")
    if case .failure(let e) = SpecPathData.parse("M 1") {
      #expect(e.description == "path data: M needs two numbers at character 4")
    } else {
      Issue.record("M 1 parsed")
    }
    let path = try? SpecPathData.parse("M0 0 h10 v10 H0 Z m 1 1 l 2 0 q 1 1 2 2 c 0 1 1 1 1 0 z")
      .get()
    #expect(path.map { SpecPathData.parse(SpecPathData.format($0)) == .success($0) } == true)
    // The spec reads all of SVG's path data (it shares the importer's reader): arcs and the
    // smooth curves too, written back as cubics and quadratics that read back the same.
    let arcs = try SpecPathData.parse("M0 0 A10 10 0 0 1 20 0 S 30 10 40 0 T 60 0").get()
    #expect(arcs.elements.count > 4)
    #expect(SpecPathData.parse(SpecPathData.format(arcs)) == .success(arcs))
  }
}

@Suite struct GradientNodeTests {
  @Test func aGradientNodeFillsItsFrame() throws {
    let text = minimal.replacingOccurrences(
      of: "\"layers\": {",
      with: """
        "layers": {"staticBackground": {"node": {"type": "gradient", "frame": [0, 0, 375, 667],
          "gradient": {"stops": [{"color": "#FF0000", "at": 0}, {"color": "#0000FF", "at": 1}],
                       "start": [0, 0], "end": [0, 667]}}},
        """)
    let controller = try load(text).get().makeController()
    let image = try FrameRenderer(scale: 1).render(controller.scene())
    let top = Array(image.pixels[0..<4])
    let bottom = Array(image.pixels[(image.pixels.count - 4)...])
    #expect(top[0] > 240 && top[2] < 15, "\(top)")
    #expect(bottom[2] > 240 && bottom[0] < 15, "\(bottom)")
    let missing = text.replacingOccurrences(
      of: "\"start\": [0, 0], \"end\": [0, 667]", with: "\"spread\": \"pad\"")
    #expect(problems(missing).first?.contains("a gradient needs \"start\" and \"end\"") == true)
  }
}

@Suite struct AssetNameTests {
  @Test func imagesByAssetName() throws {
    let text = minimal.replacingOccurrences(
      of: "\"pageCount\": 3,",
      with: """
        "pageCount": 3, "assets": "assets",
        """
    ).replacingOccurrences(
      of: "\"layers\": {",
      with: """
        "layers": {"staticBackground": {"node": {"type": "image", "asset": "bear", "frame": [0, 0, 100, 100]}},
        """)
    let loaded = try load(text).get()
    #expect(loaded.images["asset:bear"] != nil)
    let missing = text.replacingOccurrences(of: "\"asset\": \"bear\"", with: "\"asset\": \"beer\"")
    let found = problems(missing)
    #expect(found.count == 1)
    #expect(found.first?.contains("layers.staticBackground.node.asset: ") == true, "\(found)")
    #expect(found.first?.contains("bear") == true, "the folder's names are listed: \(found)")
    let both = text.replacingOccurrences(
      of: "\"asset\": \"bear\"", with: "\"asset\": \"bear\", \"source\": \"x.png\"")
    #expect(problems(both).first?.contains("needs \"source\" or \"asset\" (one of them)") == true)
  }
}

@Suite struct ExampleSpecAssetsTests {
  /// The example specs keep the files they name in their own folder (a spec may only read
  /// inside it): these copies must stay the examples' own files.
  @Test func theSpecsCopiesAreTheExamplesFiles() throws {
    let examples = specsDirectory.deletingLastPathComponent()
    let pairs = [
      ("bear.svg", "Animals/Assets/bear.svg"),
      ("blue-jay@3x.jpg", "Animals/Assets/blue-jay@3x.jpg"),
      ("page1.svg", "Swiper/Illustrations/page1.svg"),
      ("page2.svg", "Swiper/Illustrations/page2.svg"),
      ("page3.svg", "Swiper/Illustrations/page3.svg"),
    ]
    for (copy, original) in pairs {
      let a = try Data(contentsOf: specsDirectory.appendingPathComponent("assets/" + copy))
      let b = try Data(contentsOf: examples.appendingPathComponent(original))
      #expect(a == b, "Examples/Specs/assets/\(copy) differs from Examples/\(original)")
    }
  }
}
