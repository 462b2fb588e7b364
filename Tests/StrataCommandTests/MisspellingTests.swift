import Foundation
import StrataTestSupport
import Testing

/// The package's directory and the folder of the built Strata module, if there is one.
private let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

private let strataModules: URL? = {
  let build = packageDirectory.appendingPathComponent(".build")
  let candidates =
    ["debug/Modules", "debug"].map { build.appendingPathComponent($0) }
    + ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).map {
      build.appendingPathComponent($0).appendingPathComponent("debug/Modules")
    }
  return candidates.first {
    FileManager.default.fileExists(atPath: $0.appendingPathComponent("Strata.swiftmodule").path)
  }
}()

/// Type-checks `source` against the built Strata module; returns the exit status and what the
/// compiler said.
private func typeCheck(_ source: String) throws -> (Int32, String) {
  let dir = try temporaryFolder("strata-typecheck")
  defer { try? FileManager.default.removeItem(at: dir) }
  let file = dir.appendingPathComponent("main.swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "swiftc", "-typecheck", "-swift-version", "6", "-I", strataModules?.path ?? ".", file.path,
  ]
  let pipe = Pipe()
  process.standardError = pipe
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

@Suite struct MisspellingTests {
  /// A data source that adopts a layer's protocol and misspells its method does not compile,
  /// where it used to compile and never be called.
  @Test(.enabled(if: strataModules != nil, "the Strata module has not been built in .build"))
  func misspeltLayerMethodsDoNotCompile() throws {
    let correct = """
      import Strata
      final class Welcome: TutorialController, LabelDataSource, IconDataSource, LabelAnimator {
        var numberOfPages: Int { 3 }
        func label(at page: Int) -> Node? { nil }
        func icon(at page: Int) -> Node? { nil }
        func animateLabel(_ node: Node, page: Int, transition: PageTransition) {}
      }
      """
    let (ok, said) = try typeCheck(correct)
    #expect(ok == 0, "the correct spelling should compile: \(said)")
    for (wrong, right) in [
      ("func labels(at page: Int)", "func label(at page: Int)"),
      ("func icon(for page: Int)", "func icon(at page: Int)"),
      ("func animateLabels(_ node", "func animateLabel(_ node"),
    ] {
      let (status, message) = try typeCheck(correct.replacingOccurrences(of: right, with: wrong))
      #expect(status != 0, "\(wrong) compiled")
      #expect(message.contains("error:") && message.contains("protocol"), "\(message)")
    }
  }

  /// Core Graphics' names, which compose the other way round, do not compile; they point to
  /// the `pre…` form that does what they do in Core Graphics.
  @Test(.enabled(if: strataModules != nil, "the Strata module has not been built in .build"))
  func coreGraphicsTransformNamesPointToTheirOrder() throws {
    for call in ["translatedBy(x: 1, y: 2)", "scaledBy(x: 2, y: 2)", "rotated(by: 1)"] {
      let (status, message) = try typeCheck(
        "import Strata\nlet t = Transform(rotation: 0.5).\(call)\n")
      #expect(status != 0, "\(call) compiled")
      #expect(message.contains("unavailable") && message.contains("pre"), "\(message)")
    }
    let (ok, said) = try typeCheck(
      "import Strata\nlet t = Transform(rotation: 0.5).preTranslated(x: 1, y: 2).thenScaled(x: 2, y: 2)\n"
    )
    #expect(ok == 0, "\(said)")
  }
}
