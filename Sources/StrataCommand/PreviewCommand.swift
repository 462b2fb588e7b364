import Foundation
import Strata
import StrataPreview
import StrataSpec
import Synchronization

extension Tool {
  /// `strata preview <onboarding | spec.json> [--port N] [--scale S]`: see its ``CommandSpec``.
  func preview(_ o: ParsedCommand) throws -> Int32 {
    let name = o.positional.first ?? ""
    let source: PreviewSource
    if name.hasSuffix(".json") {
      // Checked once before serving; afterwards every save is loaded again, and problems go
      // to the page.
      let first = try o.specOnboarding(name)
      let anyPath = o.flag("--any-path")
      // The spec and the files it names, as of the last load that succeeded.
      let files = WatchedFiles([name])
      source = PreviewSource(
        name: first.name, defaultPageSize: first.defaultPageSize,
        watchedFiles: { files.list.withLock { $0 } },
        makeController: { size in
          switch SpecLoader.load(file: name, allowsFilesOutsideFolder: anyPath) {
          case .success(let loaded):
            files.list.withLock { $0 = [name] + Tool.files(of: loaded) }
            return Onboarding(spec: loaded, name: first.name).makeController(size, nil)
          case .failure(let error): throw error
          }
        })
    } else {
      let onboarding = try o.onboarding()
      source = PreviewSource(name: onboarding.name, defaultPageSize: onboarding.defaultPageSize) {
        onboarding.makeController($0, nil)
      }
    }
    let server = PreviewServer(
      source: source,
      configuration: PreviewServer.Configuration(
        port: UInt16(try o.integer("--port")), scale: try o.number("--scale")))
    do {
      _ = try server.start()
    } catch {
      throw ToolError.badValue(
        option: "--port", value: String(try o.integer("--port")), expected: error.description)
    }
    installInterruptHandlers()
    output.out("previewing \(source.name) at \(server.address) — Ctrl-C stops\n")
    server.run { interruptRequested }
    output.out("stopped\n")
    return 0
  }
}

/// The files a spec preview watches, shared between the loads and the sessions.
final class WatchedFiles: Sendable {
  let list: Mutex<[String]>
  init(_ files: [String]) { list = Mutex(files) }
}
