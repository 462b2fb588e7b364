import Foundation
import PackagePlugin

/// Turns the Swift snippets of README.md and Docs/*.md into a Swift file of the target it is
/// applied to, at build time, so the documentation's code is compiled and run by the tests as
/// it is written today.
@main
struct DocSnippetsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let docs = root.appending(path: "Docs")
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs.path())) ?? []
    let inputs =
      [root.appending(path: "README.md")]
      + pages.filter { $0.hasSuffix(".md") }.sorted().map { docs.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "Snippets.swift")
    return [
      .buildCommand(
        displayName: "Compiling the documentation's snippets",
        executable: try context.tool(named: "doc-snippets").url,
        arguments: [root.path(), output.path()], inputFiles: inputs, outputFiles: [output])
    ]
  }
}
