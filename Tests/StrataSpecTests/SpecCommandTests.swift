import Foundation
import StrataCommand
import StrataSpec
@_exported import StrataTestSupport
import Testing

@Suite struct SpecCommandTests {
  @Test func validateSaysOkOrListsEveryProblem() throws {
    let ok = runTool(["validate", specsDirectory.appendingPathComponent("animals.json").path])
    #expect(ok.status == 0)
    #expect(ok.out.contains("ok — 3 pages at 375×667, 2 images, 8 drawings"), "\(ok.out)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json")
    try minimal.replacingOccurrences(
      of: "\"size\": 20", with: "\"size\": -3, \"colour\": \"#000000\""
    )
    .write(to: bad, atomically: true, encoding: .utf8)
    let result = runTool(["validate", bad.path])
    #expect(result.status == 1)
    #expect(
      result.err.contains(
        "\(bad.path): layers.labels.pages[0].text.runs[0].font.size: expected a positive number"))
    #expect(result.err.contains("font.colour: unknown key"))
    #expect(result.err.contains("2 problems"))
  }

  @Test func frameAndRenderTakeASpec() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = specsDirectory.appendingPathComponent("cards.json").path
    let png = folder.appendingPathComponent("f.png").path
    #expect(runTool(["frame", spec, "--page", "1.5", "--scale", "1", "--out", png]).status == 0)
    #expect(FileManager.default.fileExists(atPath: png))
    let r = runTool([
      "render", spec, "--frames", "3", "--scale", "1", "--out",
      folder.appendingPathComponent("r").path,
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("r/contact-sheet.png").path))
    // A broken spec is a clear error, not a crash.
    let bad = folder.appendingPathComponent("bad.json")
    try "{\"strata\": 1}".write(to: bad, atomically: true, encoding: .utf8)
    let b = runTool(["frame", bad.path])
    #expect(b.status == 1)
    #expect(b.err.contains("missing the required key \"pageSize\""))
  }

  @Test func schemaIsJSONWithEveryDefinition() throws {
    let r = runTool(["schema"])
    #expect(r.status == 0)
    let schema = try JSONReader().read(r.out)
    #expect(schema["$schema"]?.kind == .string("https://json-schema.org/draft/2020-12/schema"))
    for d in SpecSchema.definitions { #expect(schema["$defs"]?[d.name] != nil, "\(d.name)") }
  }

  @Test(.enabled(if: Peers.hasJSONSchema, "jsonschema is not installed (pip install jsonschema)"))
  func exampleSpecsValidateAgainstTheSchema() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = folder.appendingPathComponent("schema.json")
    try runTool(["schema"]).out.write(to: schema, atomically: true, encoding: .utf8)
    let python = try #require(findProgram("python3"))
    let check = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      v = jsonschema.Draft202012Validator(schema)
      errors = list(v.iter_errors(json.load(open(sys.argv[2]))))
      for e in errors: print(list(e.absolute_path), e.message, file=sys.stderr)
      sys.exit(1 if errors else 0)
      """
    var files = exampleSpecs.map { specsDirectory.appendingPathComponent("\($0).json").path }
    files += ["animals-files/drawing-1.json"].map { specsDirectory.appendingPathComponent($0).path }
    for file in files.prefix(exampleSpecs.count) {
      let (_, err, status) = try runCapturing(python, ["-c", check, schema.path, file])
      #expect(status == 0, "\(file): \(err)")
    }
    // And a broken spec does not.
    let bad = folder.appendingPathComponent("bad.json")
    try minimal.replacingOccurrences(of: "\"size\": 20", with: "\"size\": -3").write(
      to: bad, atomically: true, encoding: .utf8)
    #expect(try runCapturing(python, ["-c", check, schema.path, bad.path]).status == 1)
  }

  /// `strata watch` renders, re-renders when the file changes (saying how soon after the save
  /// it saw it), prints a broken save's problems and keeps going.
  @Test func watchRerendersOnChange() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("w.json")
    try minimal.write(to: spec, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("w.png").path
    final class Box: @unchecked Sendable {
      let lock = NSLock()
      var out = ""
      var err = ""
      var text: (String, String) { lock.withLock { (out, err) } }
    }
    let box = Box()
    let tool = Tool(
      output: Tool.Output(
        out: { s in box.lock.withLock { box.out += s } },
        err: { s in box.lock.withLock { box.err += s } }))
    let task = Task.detached {
      tool.run([
        "watch", spec.path, "--page", "0.2", "--scale", "1", "--out", out, "--renders", "3",
        "--seconds", "120",
      ])
    }
    func waitFor(_ condition: () -> Bool) async throws {
      for _ in 0..<3000 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }
    func rendered() -> Int {
      box.text.0.components(separatedBy: "\n").filter { $0.hasPrefix("rendered") }.count
    }
    try await waitFor { rendered() == 1 }
    let first = try Data(contentsOf: URL(fileURLWithPath: out))
    // A broken save: its problems, and the watcher goes on.
    try "{\"strata\": 1".write(to: spec, atomically: true, encoding: .utf8)
    try await waitFor { box.text.0.contains("still watching") }
    // A good save with different text: a new frame.
    try minimal.replacingOccurrences(of: "Hello", with: "Changed").write(
      to: spec, atomically: true, encoding: .utf8)
    let status = await task.value
    let (text, errors) = box.text
    #expect(status == 0)
    #expect(errors.contains("the document ends where"), "\(errors)")
    let renders = text.components(separatedBy: "\n").filter { $0.hasPrefix("rendered") }
    #expect(renders.count == 2, "\(text)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != first)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("w-sheet.png").path))
    // The change was seen within 100 ms of the save (the watcher polls every 20 ms).
    let seen = renders.last.flatMap { line in
      line.range(of: "seen ").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) ?? 9999 }
    }
    #expect((seen ?? 9999) <= 100, "\(renders)")
  }

  @Test func exportWritesASpecThatLoads() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("layers.json").path
    let r = runTool(["export", "layers", "--out", out])
    #expect(r.status == 0, "\(r.err)")
    #expect(throws: Never.self) { try SpecLoader.load(file: out).get() }
  }
}
