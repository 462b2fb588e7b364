import Foundation
import StrataCommand

/// Runs the `strata` tool in process and captures what it writes (safe when the tool writes
/// from several threads).
public func runTool(_ args: [String]) -> (status: Int32, out: String, err: String) {
  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var out = ""
    var err = ""
  }
  let box = Box()
  let tool = Tool(
    output: Tool.Output(
      out: { s in box.lock.withLock { box.out += s } },
      err: { s in box.lock.withLock { box.err += s } }))
  let status = tool.run(args)
  return (status, box.lock.withLock { box.out }, box.lock.withLock { box.err })
}

/// The built `strata` executable, next to the test bundle.
public func strataExecutable() -> URL? {
  var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = dir.appendingPathComponent("strata")
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue
    {
      return candidate
    }
    dir = dir.deletingLastPathComponent()
  }
  return nil
}

/// Why a test support call could not do what it was asked.
public struct TestSupportError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
}

/// Runs the built executable and captures its output.
public func runExecutable(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
  guard let exe = strataExecutable() else {
    throw TestSupportError(description: "the strata executable was not found next to the tests")
  }
  let r = try runCapturing(exe.path, args)
  return (r.status, r.out, r.err)
}
