import Foundation
import Strata
import StrataTestSupport
import Testing

// @testable: these tests reach the registry's builders, exporters and keyframe kinds, and the
// checker's walk of one definition.
@testable import StrataSpec

/// The registry is the one place node types and animators are declared: these tests hold the
/// schema, checker, Codable model, builder and exporter to it.
@Suite struct SpecRegistryTests {
  /// A value of `schema`'s shape (for `key`, when the shape depends on it).
  func sample(_ schema: SchemaNode, key: String) -> JSONValue {
    switch schema {
    case .number(_, _, let maximum): return .number(maximum == 1 ? 0.5 : 2.5)
    case .integer: return 3
    case .boolean: return true
    case .string(let values): return .string(values?.last ?? "x")
    case .color: return "#336699"
    case .easing: return "quadOut"
    case .array(.number, 2, 2): return [3, 4]
    case .array(.color, _, _): return ["#336699", "#996633"]
    case .array(.reference("keyframe"), _, _):
      let kind = SpecRegistry.keyframeTracks.first { $0.key == key }?.kind ?? .number
      func value(_ i: Double) -> JSONValue {
        switch kind {
        case .number: return .number(i / 4)
        case .vector: return [.number(i), .number(-i)]
        case .color: return i < 0 ? "#112233" : "#445566"
        }
      }
      return [
        .object([("at", -1), ("value", value(-1))]),
        .object([("at", 1), ("value", value(1)), ("easing", "cubicOut")]),
      ]
    default: return JSONValue(.null)
    }
  }

  /// Every animator, given every parameter, is accepted by the checker, built, and exported
  /// back to the same name and parameters.
  @Test func everyAnimatorBuildsAndExportsWhatItDeclares() throws {
    #expect(SpecRegistry.animators.count == 12)
    for kind in SpecRegistry.animators {
      var spec = AnimatorSpec(name: kind.name)
      for p in kind.variant.fields { spec[p.name] = sample(p.schema, key: p.name) }
      let json = try JSONReader().read(Array(try JSONEncoder().encode(spec)))
      var problems: [SpecProblem] = []
      SpecChecker().walk(json, .reference("animator"), path: "", into: &problems)
      #expect(problems.isEmpty, "\(kind.name): \(problems)")
      #expect(kind.check(spec).isEmpty, "\(kind.name)")
      let animation = try #require(kind.build(spec), "\(kind.name)")
      let exporters = SpecRegistry.animators.filter { $0.export(animation) != nil }.map(\.name)
      #expect(exporters == [kind.name])
      #expect(kind.export(animation) == spec.parameters, "\(kind.name)")
    }
  }

  /// A written animator lists `name` and then its parameters in the order declared, whichever
  /// order they were read in; read by the spec's decoder, a parameter keeps its position.
  @Test func animatorCodableFollowsTheRegistry() throws {
    let text = #"{"followsSide": true, "name": "slide", "offset": [40, 0]}"#
    let read = try JSONReader().read(Array(text.utf8))
    let spec = try JSONValueDecoder().decode(AnimatorSpec.self, from: read)
    #expect(
      spec == AnimatorSpec(name: "slide", parameters: ["offset": [40, 0], "followsSide": true]))
    #expect(spec["offset"]?.position == TextPosition(line: 1, column: 50))
    #expect(try JSONDecoder().decode(AnimatorSpec.self, from: Data(text.utf8)) == spec)
    var tutorial = TutorialSpec(pageSize: SizeSpec(width: 10, height: 10))
    tutorial.layers = LayersSpec()
    tutorial.layers?.wireframe = LayerSpec(animators: [spec])
    let written = SpecLoader.write(tutorial).filter { !$0.isWhitespace }
    #expect(written.contains(#"{"name":"slide","offset":[40,0],"followsSide":true}"#), "\(written)")
  }

  /// NodeSpec's keys are the `node` definition's common keys and every type's keys: one shape
  /// for every node, so adding a type's key to one and not the other fails here.
  @Test func nodeSpecHasTheRegistrysKeys() throws {
    let model = Set(Mirror(reflecting: NodeSpec()).children.compactMap(\.label))
    let node = try #require(SpecSchema.definition("node"))
    #expect(model == Set(node.allFields.map(\.name)))
    #expect(node.variants?.cases.map(\.name) == SpecRegistry.nodes.map(\.name))
    // The type key lists exactly the registry's types.
    if case .string(let values)? = node.fields.first(where: { $0.name == "type" })?.schema {
      #expect(values == SpecRegistry.nodes.map(\.name))
    } else {
      Issue.record("node.type is not a list of names")
    }
  }

  /// A node of every type loads, renders as its type's node, and exports as that type again
  /// (a gradient as the shape it builds).
  @Test func everyNodeTypeExportsAsItself() throws {
    let pages: [(String, String)] = [
      ("group", #"{"frame": [0, 0, 10, 10]}"#),
      (
        "text",
        #"{"type": "text", "frame": [0, 0, 100, 20], "text": {"runs": [{"text": "Hi", "font": {"size": 12}}]}}"#
      ),
      (
        "shape",
        ##"{"type": "shape", "frame": [0, 0, 10, 10], "shape": {"path": "M0 0 L10 0 L10 10 Z", "fill": {"color": "#FF0000"}}}"##
      ),
      (
        "shape",
        ##"{"type": "gradient", "frame": [0, 0, 10, 10], "gradient": {"stops": [{"color": "#000000", "at": 0}, {"color": "#FFFFFF", "at": 1}], "start": [0, 0], "end": [10, 0]}}"##
      ),
      (
        "button",
        #"{"type": "button", "frame": [0, 0, 80, 30], "text": {"runs": [{"text": "Go", "font": {"size": 12}}]}, "action": "go"}"#
      ),
      ("navigation", #"{"type": "navigation", "frame": [0, 0, 80, 30], "role": "skip"}"#),
      (
        "indicator",
        #"{"type": "indicator", "frame": [0, 0, 80, 10], "indicator": {"style": "worm"}}"#
      ),
      (
        "stack",
        #"{"type": "stack", "frame": [0, 0, 80, 80], "stack": {"axis": "horizontal"}, "children": [{"frame": [0, 0, 10, 10]}]}"#
      ),
      (
        "vector",
        ##"{"type": "vector", "frame": [0, 0, 10, 10], "vector": {"size": {"width": 10, "height": 10}, "items": [{"path": "M0 0 L10 10", "stroke": {"color": "#000000"}}]}}"##
      ),
    ]
    let text = """
      {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": \(pages.count),
       "layers": {"wireframe": {"pages": [\(pages.map(\.1).joined(separator: ",\n"))]}}}
      """
    let loaded = try load(text).get()
    let controller = loaded.makeController()
    let export = try SpecExporter(assetFolder: "files").export(controller)
    let exported = try #require(export.spec.layers?.wireframe?.pages)
    #expect(exported.map { $0?.type ?? "group" } == pages.map(\.0))
    #expect(exported[5]?.role == "skip")
    #expect(exported[6]?.indicator?.style == "worm")
  }

  /// The checker knows which kind owns a key, which keys a kind needs, and says nothing of
  /// parameters when the kind itself is unknown.
  @Test func theCheckerReadsTheVariants() throws {
    func problems(_ text: String, _ definition: String) throws -> [String] {
      var found: [SpecProblem] = []
      SpecChecker().walk(
        try JSONReader().read(Array(text.utf8)), .reference(definition), path: "x", into: &found)
      return found.map { "\($0.path): \($0.message)" }
    }
    #expect(
      try problems(#"{"name": "fade", "speed": 2}"#, "animator")
        == [#"x.speed: "speed" belongs to "parallax" animators, not "fade""#])
    #expect(
      try problems(#"{"name": "colorBlend"}"#, "animator")
        == [#"x: a "colorBlend" animator needs "colors""#])
    #expect(
      try problems(#"{"name": "scale", "scale": [{"at": 0, "value": 1}]}"#, "animator")
        == ["x.scale: expected a number, got an array of 1"])
    #expect(
      try problems(#"{"name": "keyframes", "scale": 2}"#, "animator")
        == ["x.scale: expected an array, got 2"])
    // An unknown name is the only problem (its parameters cannot be judged).
    #expect(
      try problems(#"{"name": "fadde", "speed": "fast"}"#, "animator").count == 1)
    // A node without a type is a group: a text key is another type's.
    #expect(
      try problems(#"{"text": {"runs": []}}"#, "node")
        == [#"x.text: "text" belongs to "button", "navigation" or "text" nodes, not "group""#])
    #expect(
      try problems(#"{"type": "navigation"}"#, "node")
        == [#"x: a "navigation" node needs "role""#])
    #expect(
      try problems(#"{"type": "shape", "shpe": {}}"#, "node").first?.contains(
        "did you mean \"shape\"") == true)
  }

  /// The Markdown reference and the JSON Schema list every kind with its keys.
  @Test func theReferenceAndTheJSONSchemaListEveryKind() throws {
    let markdown = SpecSchema.markdownReference
    let schema = SpecSchema.jsonSchema
    for (definition, kinds) in [
      ("node", SpecRegistry.nodes.map(\.variant)),
      ("animator", SpecRegistry.animators.map(\.variant)),
    ] {
      let conditions = try #require(schema["$defs"]?[definition]?["allOf"]?.arrayValue)
      #expect(conditions.count == kinds.count)
      for (kind, condition) in zip(kinds, conditions) {
        #expect(markdown.contains("#### \(definition) `\(kind.name)`"))
        for field in kind.fields {
          #expect(
            condition["then"]?["properties"]?[field.name] != nil, "\(kind.name).\(field.name)")
        }
      }
    }
  }
}

/// The JSON Schema refuses what the checker refuses about kinds (run by jsonschema when it is
/// installed).
@Suite struct SpecRegistrySchemaPeerTests {
  @Test(.enabled(if: Peers.hasJSONSchema, "jsonschema is not installed (pip install jsonschema)"))
  func theJSONSchemaKnowsEachKindsKeys() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = folder.appendingPathComponent("schema.json")
    try JSONWriter.write(SpecSchema.jsonSchema).write(to: schema, atomically: true, encoding: .utf8)
    let python = try #require(findProgram("python3"))
    let check = """
      import json, sys, jsonschema
      v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
      sys.exit(1 if list(v.iter_errors(json.loads(sys.argv[2]))) else 0)
      """
    func valid(_ wireframe: String) throws -> Bool {
      let doc = """
        {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
         "layers": {"wireframe": \(wireframe)}}
        """
      return try runCapturing(python, ["-c", check, schema.path, doc]).status == 0
    }
    #expect(try valid(#"{"animators": [{"name": "parallax", "speed": 0.5}]}"#))
    #expect(try !valid(#"{"animators": [{"name": "fade", "speed": 0.5}]}"#))
    #expect(try !valid(#"{"animators": [{"name": "parallax"}]}"#))
    #expect(try valid(#"{"animators": [{"name": "scale", "scale": 0.8}]}"#))
    #expect(try !valid(#"{"animators": [{"name": "scale", "scale": [{"at": 0, "value": 1}]}]}"#))
    #expect(try valid(#"{"pages": [{"type": "navigation", "role": "next"}]}"#))
    #expect(try !valid(#"{"pages": [{"type": "navigation"}]}"#))
    #expect(try !valid(#"{"pages": [{"type": "text", "role": "next", "text": {"runs": []}}]}"#))
    #expect(try !valid(#"{"pages": [{"action": "go"}]}"#))
    #expect(try valid(#"{"pages": [{"style": {"width": "50%", "margin": "auto", "flex": 1}}]}"#))
    #expect(try !valid(#"{"pages": [{"style": {"width": "50 %"}}]}"#))
    #expect(try !valid(#"{"pages": [{"style": {"flexDirecton": "row"}}]}"#))
  }
}

/// The animator fields of before the registry still read and write the parameters (the test
/// itself is deprecated so that using them is not a warning).
@Suite struct AnimatorSpecDeprecatedFieldsTests {
  @available(*, deprecated)
  @Test func theOldFieldsAreViewsOfTheParameters() throws {
    var slide = AnimatorSpec(name: "slide")
    slide.offset = [40, 0]
    slide.followsSide = true
    #expect(slide.parameters == ["offset": [40, 0], "followsSide": true])
    var keyframes = AnimatorSpec(name: "keyframes")
    keyframes.scale = .keyframes([KeyframeSpec(at: 0, value: .number(1))])
    keyframes.opacity = [KeyframeSpec(at: -1, value: .number(0), easing: "cubicIn")]
    #expect(keyframes.scale == .keyframes([KeyframeSpec(at: 0, value: .number(1))]))
    #expect(keyframes.opacity?.first?.easing == "cubicIn")
    keyframes.scale = .value(2)
    #expect(keyframes["scale"] == 2)
    keyframes.opacity = nil
    #expect(keyframes["opacity"] == nil)
    keyframes.scale = nil
    #expect(
      SpecRegistry.animator(named: "keyframes")?.check(keyframes).map(\.message)
        == ["the \"keyframes\" animator needs at least one track"])
  }
}

/// Defaults are declared once, on the key: an absent key builds what the declared default
/// builds, the exporter leaves a default out, and the docs and JSON Schema show it.
@Suite struct SpecRegistryDefaultsTests {
  @Test func anAbsentParameterIsItsDeclaredDefault() throws {
    var seen = 0
    for kind in SpecRegistry.animators {
      // The required parameters, from a working sample.
      var base = AnimatorSpec(name: kind.name)
      for p in kind.variant.fields where p.isRequired {
        base[p.name] = SpecRegistryTests().sample(p.schema, key: p.name)
      }
      for p in kind.variant.fields {
        guard let d = p.defaultValue else { continue }
        seen += 1
        var given = base
        given[p.name] = d
        let absent = try #require(kind.build(base))
        let explicit = try #require(kind.build(given))
        #expect(kind.export(absent) == kind.export(explicit), "\(kind.name).\(p.name)")
        #expect(kind.parameters(of: explicit)?[p.name] == nil, "\(kind.name).\(p.name)")
        #expect(SpecSchema.markdownReference.contains("Default: `"))
        let schema = SpecSchema.jsonSchema["$defs"]?["animator"]?["allOf"]?.arrayValue?.first {
          $0["if"]?["properties"]?["name"]?["const"] == .string(kind.name)
        }
        #expect(schema?["then"]?["properties"]?[p.name]?["default"] == d)
      }
    }
    #expect(seen == 6)
  }

  @Test func anAbsentNodeKeyIsItsDeclaredDefault() throws {
    let node = try #require(SpecSchema.definition("node"))
    var checked = 0
    for kind in node.variants?.cases ?? [] {
      for field in kind.fields {
        guard let d = field.defaultValue?.stringValue else { continue }
        var spec = NodeSpec(type: kind.name, frame: [0, 0, 10, 10])
        if kind.name == "text" { spec.text = TextSpec(runs: []) }
        if kind.name == "vector" {
          spec.vector = VectorSpec(size: SizeSpec(width: 1, height: 1), items: [])
        }
        var given = spec
        switch field.name {
        case "contentMode": given.contentMode = d
        case "verticalAlignment": given.verticalAlignment = d
        default: Issue.record("a default for \(field.name) is not tested")
        }
        let exporter = SpecExporter(assetFolder: "files")
        func exported(_ n: NodeSpec) throws -> NodeSpec {
          let built = try #require(SpecRegistry.node(named: kind.name)).build(
            n,
            SpecBuilder.NodeContext(
              builder: SpecBuilder(
                loaded: LoadedSpec(
                  spec: TutorialSpec(pageSize: SizeSpec(width: 10, height: 10)), baseDirectory: "/",
                  images: [:], vectors: [:])),
              frame: Rect(x: 0, y: 0, width: 10, height: 10), pageCount: 1, measurer: nil))
          return exporter.node(built, SpecExporter.State())
        }
        #expect(try exported(spec) == exported(given), "\(kind.name).\(field.name)")
        checked += 1
      }
    }
    #expect(checked == 4)
  }
}
