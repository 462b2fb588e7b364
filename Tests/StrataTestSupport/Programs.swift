import Foundation

// What several test targets need to run programs and keep files: one copy, shared through this
// target (a plain library target that only test targets depend on).

/// Finds a program on the PATH.
public func findProgram(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let p = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: p) { return p }
  }
  return nil
}

/// Runs a program, its output thrown away, and returns its exit status.
@discardableResult
public func runProgram(_ exe: String, _ args: [String], stdin: String? = nil) throws -> Int32 {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: exe)
  p.arguments = args
  p.standardOutput = FileHandle.nullDevice
  p.standardError = FileHandle.nullDevice
  let input = Pipe()
  if stdin != nil { p.standardInput = input }
  try p.run()
  if let stdin {
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
  }
  p.waitUntilExit()
  return p.terminationStatus
}

/// What a program prints on standard output and standard error, and its exit status. The two
/// pipes are read at once, so a program that fills one while the other is read does not stall.
public func runCapturing(_ exe: String, _ args: [String]) throws -> (
  out: String, err: String, status: Int32
) {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: exe)
  p.arguments = args
  let out = Pipe()
  let err = Pipe()
  p.standardOutput = out
  p.standardError = err
  try p.run()
  final class Box: @unchecked Sendable { var data = Data() }
  let errBox = Box()
  let done = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    errBox.data = err.fileHandleForReading.readDataToEndOfFile()
    done.signal()
  }
  let o = out.fileHandleForReading.readDataToEndOfFile()
  done.wait()
  p.waitUntilExit()
  return (
    String(decoding: o, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self),
    p.terminationStatus
  )
}

/// What Python prints for `args` (a script and its arguments), and its exit status; status -1
/// when there is no Python.
public func runPython(_ args: [String]) throws -> (out: String, status: Int32) {
  guard let python = Peers.python else { return ("", -1) }
  let r = try runCapturing(python, args)
  return (r.out, r.status)
}

/// A fresh temporary folder, named `prefix-` and a random UUID.
public func temporaryFolder(_ prefix: String = "strata-tests") throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
