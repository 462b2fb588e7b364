import DocSnippetsCore
import Foundation
import Strata
import StrataCommand
import StrataExamples
import StrataRender
import StrataSpec
import StrataTestSupport
import Testing

/// Records the delegate's taps.
final class DocTapLog: TutorialDelegate {
  var actions: [String] = []
  func tutorialController(_ c: TutorialController, didTapButton id: String) { actions.append(id) }
}

@Suite struct DocsTests {
  /// The package's folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The doc-snippets tool's reader, on this package.
  let reader = DocReader(root: DocsTests.root)

  /// Every Swift block is compiled, or is an excerpt found verbatim in the file it names, or is
  /// a manifest.
  @Test func excerptsAreInTheFilesTheyName() throws {
    var excerpts = 0
    for block in reader.allBlocks where block.language == "swift" {
      guard let marker = block.marker, marker.hasPrefix("snippet: excerpt ") else { continue }
      excerpts += 1
      let file = String(marker.dropFirst("snippet: excerpt ".count))
      let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      let lines = Set(
        source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
      for line in block.body where !line.trimmingCharacters(in: .whitespaces).isEmpty {
        #expect(
          lines.contains(line.trimmingCharacters(in: .whitespaces)),
          "\(block.file):\(block.line): '\(line)' is not in \(file)")
      }
    }
    #expect(excerpts >= 1)
  }

  /// Every script the docs show does what the prose says: `<!-- script: ONBOARDING; ends on
  /// page N; taps ACTION -->` above it.
  @Test func everyDocumentedScriptDoesWhatItsProseSays() throws {
    let scripts = reader.allBlocks.filter { $0.marker?.hasPrefix("script: ") ?? false }
    #expect(scripts.count >= 2)
    for block in scripts {
      let parts = (block.marker ?? "").dropFirst("script: ".count).split(separator: ";")
        .map { $0.trimmingCharacters(in: .whitespaces) }
      let onboarding = try #require(Onboarding.examples.first { $0.name == parts.first })
      let controller = onboarding.makeController(onboarding.defaultPageSize, nil)
      let log = DocTapLog()
      controller.delegate = log
      let frames = try controller.play(try GestureScript(block.body.joined(separator: "\n")))
      for claim in parts.dropFirst() {
        if claim.hasPrefix("ends on page ") {
          let page = Double(claim.dropFirst("ends on page ".count)) ?? -1
          #expect(frames.last?.pagePosition == page, "\(block.file):\(block.line): \(claim)")
        } else if claim.hasPrefix("taps ") {
          #expect(
            log.actions.contains(String(claim.dropFirst(5))),
            "\(block.file):\(block.line): \(claim), but the taps were \(log.actions)")
        } else {
          Issue.record("\(block.file):\(block.line): a claim the test cannot check: \(claim)")
        }
      }
    }
  }

  /// Every JSON block of the docs is JSON, and every one that is a whole spec (it has the
  /// `strata` key) loads without a problem, its files read from `Examples/Specs` (where the
  /// example specs' files are), and renders its first page. A block that is deliberately a
  /// part of a spec says so with `<!-- json: fragment -->` above it.
  @Test func everyJSONBlockIsValidAndEverySpecLoadsAndRenders() throws {
    let blocks = reader.allBlocks.filter { $0.language == "json" }
    var specs = 0
    for block in blocks {
      let place = "\(block.file):\(block.line)"
      let bytes = Array(block.body.joined(separator: "\n").utf8)
      let value: JSONValue
      do {
        value = try JSONReader().read(bytes)
      } catch {
        Issue.record("\(place): not JSON: \(error)")
        continue
      }
      if block.marker == "json: fragment" { continue }
      guard case .object(let members) = value.kind, members.contains(where: { $0.key == "strata" })
      else {
        Issue.record("\(place): not a whole spec; mark a part with <!-- json: fragment -->")
        continue
      }
      specs += 1
      let folder = Self.root.appendingPathComponent("Examples/Specs").path
      switch SpecLoader.load(bytes, baseDirectory: folder) {
      case .failure(let error): Issue.record("\(place): \(error)")
      case .success(let loaded):
        let controller = loaded.makeController()
        let frame = try FrameRenderer(scale: 1).render(controller.scene())
        #expect(frame.width == Int(loaded.spec.pageSize.width), "\(place)")
        #expect(Set(frame.pixels).count > 2, "\(place): the first page draws something")
      }
    }
    #expect(specs >= 2)
  }

  /// Every shell line of the docs that is safe to run here runs and succeeds: the `strata`
  /// commands (through the tool in process, the package's paths made absolute), with what they write
  /// sent to a temporary folder and long renders cut to three frames. Left out, and said why:
  /// `swift test` (this very suite), `watch` and `preview` (they run until stopped), and the
  /// usage summaries in brackets.
  @Test func everySafeShellLineRuns() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-doc-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    var ran = 0
    for block in reader.allBlocks where block.language == "sh" {
      for raw in block.body {
        let line = raw.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        var words = line.split(separator: " ").map(String.init)
        if words.starts(with: ["swift", "run", "-c", "release"]) { words.removeFirst(4) }
        guard words.first == "strata", words.count > 1, !line.contains("[") else { continue }
        words.removeFirst()
        if let redirect = words.firstIndex(of: ">") { words.removeSubrange(redirect...) }
        let command = words[0]
        if command == "watch" || command == "preview" { continue }
        // Outputs go to the temporary folder; renders are cut short.
        let out = temporary.appendingPathComponent("\(ran)").path
        if let at = words.firstIndex(of: "--out"), at + 1 < words.count {
          words[at + 1] = out + "-" + URL(fileURLWithPath: words[at + 1]).lastPathComponent
        } else if command == "render" {
          words += ["--out", out]
        } else if command == "frame" || command == "export" {
          words += ["--out", out + (command == "frame" ? ".png" : ".json")]
        }
        if command == "render" { words += ["--frames", "3", "--scale", "1"] }
        // Paths in the package, from its folder (the tests may run from another).
        words = words.map {
          $0.hasPrefix("Examples/") ? Self.root.appendingPathComponent($0).path : $0
        }
        let result = runTool(words)
        #expect(
          result.status == 0,
          "\(block.file):\(block.line): strata \(words.joined(separator: " ")): \(result.err)")
        ran += 1
      }
    }
    #expect(ran >= 6)
  }

  /// Every command in the docs runs the release build, as the README's do.
  @Test func everyCommandInTheDocsUsesTheReleaseBuild() {
    for file in reader.files {
      let text =
        (try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8))
        ?? ""
      for line in text.components(separatedBy: "\n") where line.contains("swift run ") {
        #expect(line.contains("swift run -c release"), "\(file): \(line)")
      }
    }
  }
}
