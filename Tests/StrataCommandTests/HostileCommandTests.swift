import Foundation
import Strata
import StrataCommand
import StrataRender
import StrataTestSupport
import Testing

@Suite struct HostileCommandTests {
  func folder() throws -> URL {
    let dir = try temporaryFolder("strata-hostile")
    return dir
  }

  @Test func scriptsAreBoundedBeforeTheyPlay() throws {
    // An hour of waiting: refused up front, naming the statement that crosses the limit.
    let hour = runTool(["render", "animals", "--script", "wait 3600", "--out", "/tmp/never"])
    #expect(hour.status == 2)
    #expect(hour.err.contains("statement 1") && hour.err.contains("600 s"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never"), "a bad script leaves no folder")
    // 20 KB of short waits within the limit, but only five frames asked: five frames made.
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let waits = Array(repeating: "wait 0.29", count: 2000).joined(separator: ";")
    #expect(waits.utf8.count > 19_000)
    let start = ContinuousClock.now
    let five = runTool([
      "render", "animals", "--script", waits, "--frames", "5", "--scale", "0.25", "--out",
      dir.path,
    ])
    #expect(five.status == 0, "\(five.err)")
    #expect(five.out.contains("rendered 5 frames"))
    #expect(ContinuousClock.now - start < .seconds(30))
    // Too many statements.
    let many = Array(repeating: "wait 0", count: GestureScript.maximumStatements + 1)
    #expect(throws: GestureScriptError.self) { try GestureScript(many.joined(separator: ";")) }
  }

  @Test func scriptErrorsAreOneEscapedLine() {
    let r = runTool(["render", "animals", "--script", "wait 1; jump\u{1B}[2J now; wait 2"])
    #expect(r.status == 2)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(!r.err.contains("\u{1B}"), "control characters are escaped: \(r.err)")
    #expect(r.err.contains("\\u{1b}"))
    #expect(r.err.components(separatedBy: "wait 2").count <= 2, "the script is not echoed twice")
  }

  @Test func scriptFilesTakeScriptsPastTheArgumentLimit() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("session.txt")
    try "swipe left\nwait 1\n".write(to: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = runTool([
      "render", "animals", "--script-file", script.path, "--scale", "0.25", "--out", out.path,
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      runTool(["render", "animals", "--script-file", "/nonexistent", "--out", out.path]).status == 2
    )
  }

  @Test func rerunsClearTheirOwnFilesAndStaleTemporaries() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let mine = dir.appendingPathComponent("notes.txt")
    try "keep me".write(to: mine, atomically: true, encoding: .utf8)
    // A temporary file of a process that is gone, and one of a process that still runs (us).
    let stale = dir.appendingPathComponent(".frame-0003.png.tmp-2147483000")
    let live = dir.appendingPathComponent(".notes.txt.tmp-\(getpid())")
    for f in [stale, live] { try Data([1]).write(to: f) }
    let base = ["render", "animals", "--scale", "0.25", "--out", dir.path]
    #expect(runTool(base + ["--frames", "9"]).status == 0)
    #expect(runTool(base + ["--frames", "5"]).status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(files.filter { $0.hasPrefix("frame-") }.count == 5, "no frames left from the first run")
    #expect(files.contains("notes.txt"), "files a render does not own are left alone")
    #expect(!files.contains(stale.lastPathComponent), "a dead process's temporary is removed")
    #expect(files.contains(live.lastPathComponent), "a live one is not")
  }

  @Test func anSVGThatCannotBeWrittenStopsTheFrameBeforeThePNG() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = dir.appendingPathComponent("f.png").path
    let r = runTool(["frame", "layers", "--out", png, "--svg", "/dev/null/x/f.svg"])
    #expect(r.status != 0)
    #expect(!FileManager.default.fileExists(atPath: png))
  }

  @Test(.enabled(if: strataExecutable() != nil, "the strata executable was not built"))
  func terminationExitsWith143AndInterruptionWith130() throws {
    for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
      let dir = try folder()
      defer { try? FileManager.default.removeItem(at: dir) }
      guard let executable = strataExecutable() else { return }
      let p = Process()
      p.executableURL = executable
      p.arguments = ["render", "animals", "--frames", "2000", "--scale", "1", "--out", dir.path]
      p.standardError = Pipe()
      p.standardOutput = Pipe()
      try p.run()
      // Wait until frames are being written, then signal.
      let deadline = ContinuousClock.now + .seconds(20)
      while ContinuousClock.now < deadline,
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter({
          $0.hasPrefix("frame-")
        }).count < 2
      {
        usleep(20_000)
      }
      kill(p.processIdentifier, signal)
      p.waitUntilExit()
      #expect(p.terminationStatus == status, "signal \(signal)")
      let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      #expect(!left.contains { $0.contains(".tmp-") }, "only whole files: \(left)")
    }
  }
}

@Suite struct DeterminismTests {
  /// A reference recorded by one process matches the frame another process renders, byte for
  /// byte: nothing in a frame depends on the process, the thread or the time.
  @Test(.enabled(if: strataExecutable() != nil, "the strata executable was not built"))
  func twoProcessesRenderTheSameBytes() throws {
    guard let executable = strataExecutable() else { return }
    let dir = try temporaryFolder("strata-determinism")
    defer { try? FileManager.default.removeItem(at: dir) }
    var files: [Data] = []
    for run in 0..<2 {
      let out = dir.appendingPathComponent("run-\(run).png").path
      let p = Process()
      p.executableURL = executable
      p.arguments = ["frame", "animals", "--page", "1.37", "--scale", "1", "--out", out]
      p.standardOutput = Pipe()
      try p.run()
      p.waitUntilExit()
      #expect(p.terminationStatus == 0)
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0] == files[1])
    #expect(files[0].count > 10_000)
  }
}

@Suite struct SheetSizeTests {
  /// A sheet too big for the pixel limit is refused before any frame is rendered (its frames
  /// alone would have fitted).
  @Test func anOversizedSheetIsRefusedUpFront() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-sheet-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool([
      "render", "animals", "--size", "7000x7000", "--scale", "1", "--frames", "2", "--out",
      dir.path,
    ])
    #expect(r.status == 1)
    #expect(r.err.contains("100000000"), "\(r.err)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    #expect(!files.contains { $0.hasPrefix("frame-") }, "no frame was rendered first")
  }
}

/// Writes that fail part-way, and spec paths that reach out of their folder.
@Suite struct HostileFilesCommandTests {
  func folder() throws -> URL { try HostileCommandTests().folder() }

  /// Before: a full disk during `export` left a partial folder. Here the process is stopped
  /// by the file-size limit (SIGXFSZ) on its first large file, as a full disk would stop it.
  @Test func anExportStoppedPartWayLeavesNoPartialFolder() throws {
    let exe = try #require(strataExecutable(), "the strata executable was not found")
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("animals.json").path
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/bash")
    p.arguments = ["-c", "ulimit -f 64; exec \"$0\" export animals --out \"$1\"", exe.path, out]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus != 0, "the export was not stopped")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(!left.contains("animals-files"), "a partial folder: \(left)")
    #expect(!left.contains("animals.json"))
    // A later export in the same folder completes, whole.
    let again = runTool(["export", "animals", "--out", out])
    #expect(again.status == 0, "\(again.err)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("animals-files").path)
    #expect(files.count > 3)
  }
}
