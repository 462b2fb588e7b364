import Foundation
import StrataCommand
import StrataRecords
import StrataTestSupport
import Testing

/// `strata records`, and the file store under processes that are killed or write at once.
@Suite struct RecordsCommandTests {
  func folder() throws -> URL { try RenderCommandTests.folder() }

  @Test func setShowDecideAndReset() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("records.json").path
    #expect(runTool(["records", file]).out == "no records in \(file)\n")
    let set = runTool(["records", file, "welcome", "--version", "2", "--page", "1"])
    #expect(set.status == 0 && set.out == "welcome: version 2, not finished, last page 1\n")
    #expect(runTool(["records", file, "welcome", "--page", "+2"]).out.contains("last page 3"))
    #expect(
      runTool(["records", file, "welcome", "--decide", "--version", "2"]).out
        == "show: welcome version 2 from page 3\n")
    _ = runTool(["records", file, "welcome", "--outcome", "skipped"])
    #expect(
      runTool(["records", file, "welcome", "--decide", "--version", "2"]).out.hasPrefix("skip"))
    #expect(
      runTool([
        "records", file, "welcome", "--decide", "--version", "2", "--rule", "untilCompleted",
      ])
      .out.hasPrefix("show"))
    #expect(runTool(["records", file]).out == "welcome: version 2, skipped, last page 3\n")
    #expect(runTool(["records", file, "welcome", "--reset"]).out == "removed welcome\n")
    #expect(runTool(["records", file, "welcome"]).out == "no record of welcome\n")
    let bad = runTool(["records", file, "welcome", "--outcome", "done"])
    #expect(bad.status != 0 && bad.err.contains("completed, skipped or none"))
  }

  /// Before: `lastPage + 1` trapped (arithmetic overflow) on a hand-made file.
  @Test func movingAPageOfIntMaxOnSaturates() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("records.json").path
    let json =
      #"{"format": 1, "records": [{"identifier": "w", "version": 1, "lastPage": \#(Int.max)}]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let moved = runTool(["records", file, "w", "--page", "+1"])
    #expect(moved.status == 0)
    #expect(moved.out.contains("last page \(OnboardingRecord.maximumPage)"), "\(moved.out)")
  }

  @Test func aCorruptFileIsReportedAndReadAsEmpty() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("records.json").path
    try Data("{\"format\": 1, \"rec".utf8).write(to: URL(fileURLWithPath: file))
    let r = runTool(["records", file])
    #expect(r.status == 0 && r.out.contains("no records"))
    #expect(r.err.contains("not onboarding records") && r.err.contains("read as no records"))
  }

  /// A writer killed at any moment leaves the file whole: before or after a change, never
  /// half of one. Each round starts a process that moves the page on a million times and
  /// kills it after a random few milliseconds; the file must read cleanly, and the page never
  /// goes back.
  @Test func aWriterKilledMidWriteNeverLeavesABrokenFile() throws {
    let exe = try #require(strataExecutable(), "the strata executable was not found")
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("records.json").path
    var last = 0
    var generator = SystemRandomNumberGenerator()
    for round in 0..<30 {
      let p = Process()
      p.executableURL = exe
      p.arguments = ["records", file, "n", "--version", "1", "--page", "+1", "--repeat", "1000000"]
      p.standardOutput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      try p.run()
      usleep(UInt32.random(in: 30_000...150_000, using: &generator))
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      let store = FileRecordStore(path: file)
      let page = store.record(for: "n")?.lastPage ?? 0
      #expect(store.lastProblem == nil, "round \(round): \(String(describing: store.lastProblem))")
      #expect(page >= last, "round \(round): the page went back from \(last) to \(page)")
      last = page
    }
    // The writers did write: the page moved on across the rounds.
    #expect(last > 30)
    // A last write clears the temporary files the killed writers left.
    #expect(runTool(["records", file, "n", "--page", "+1"]).status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(left.sorted() == ["records.json", "records.json.lock"], "\(left)")
  }

  /// Two processes changing the same record at once both keep every change (the file lock).
  @Test func twoProcessesWritingAtOnceLoseNoUpdate() throws {
    let exe = try #require(strataExecutable(), "the strata executable was not found")
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("records.json").path
    let writers = (0..<2).map { _ -> Process in
      let p = Process()
      p.executableURL = exe
      p.arguments = ["records", file, "n", "--version", "1", "--page", "+1", "--repeat", "300"]
      p.standardOutput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      return p
    }
    for w in writers { try w.run() }
    for w in writers { w.waitUntilExit() }
    #expect(writers.allSatisfy { $0.terminationStatus == 0 })
    #expect(FileRecordStore(path: file).record(for: "n")?.lastPage == 600)
  }
}
