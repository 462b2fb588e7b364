import Foundation
import StrataCommand
import StrataTestSupport
import Testing

@Suite struct BenchJSONTests {
  /// `strata bench --json` prints one object per result with its rounds and spread.
  @Test func oneObjectPerResult() throws {
    let r = runTool(["bench", "--quick", "--filter", "keyframes", "--json"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(Set(object.keys) == ["name", "rounds", "median", "min", "max", "unit"], "\(line)")
      let median = try #require(object["median"] as? Double)
      let low = try #require(object["min"] as? Double)
      let high = try #require(object["max"] as? Double)
      #expect(low <= median && median <= high, "\(line)")
    }
  }
}

@Suite struct AllocationCountTests {
  /// Without the counting library the group says it cannot count, rather than report zero.
  @Test func withoutTheCounterNothingIsClaimed() throws {
    let r = runTool(["bench", "--filter", "allocations", "--json"])
    #expect(r.status == 0)
    #expect(r.out.contains("\"median\":null"))
    let table = runTool(["bench", "--filter", "allocations"])
    #expect(table.out.contains("Benchmarks/allocations.sh"))
  }

  /// Benchmarks/allocation-counter.c, preloaded, counts what a frame allocates: the group then
  /// reports scene, display list and raster figures per frame.
  @Test func theCounterCountsFrames() throws {
    let exe = try #require(strataExecutable())
    guard let figures = try Self.allocationsPerFrame(running: exe) else { return }
    #expect(
      Set(figures.keys) == [
        "allocations.scene", "allocations.displaylist", "allocations.raster",
        "allocations.raster.2threads",
      ])
    for (name, value) in figures { #expect(value.isFinite && value >= 0, "\(name)") }
    // A debug build allocates in code the optimiser removes: the counter sees it.
    #expect((figures["allocations.displaylist"] ?? 0) > 0)
    print("allocations per frame:", figures.sorted { $0.key < $1.key })
  }

  /// In the steady state of a swipe, building a frame's display list (updated in place) and
  /// rasterizing it allocate nothing: the renderer's kept canvas holds every buffer, clip mask,
  /// cover and layer the next frame needs, and the list keeps its memory. The same holds for
  /// frames drawn in bands on two threads (as a host draws them): the band split, the coarse
  /// stage's jobs and each band's canvas are kept, and the threads are kept ones. Counted
  /// on the optimised build (a debug build allocates in code the optimiser removes), which
  /// `.ci/run` builds first; without one as new as the sources the test says it was skipped.
  @Test func rasterizingAFrameAllocatesNothingInTheSteadyState() throws {
    guard let exe = Self.freshReleaseExecutable() else {
      print(
        "skipped: no optimised strata as new as the sources (swift build -c release --product strata)"
      )
      return
    }
    guard let figures = try Self.allocationsPerFrame(running: exe) else { return }
    print("allocations per frame (optimised build):", figures.sorted { $0.key < $1.key })
    #expect(figures["allocations.scene"] == 0)
    #expect(figures["allocations.raster"] == 0)
    #expect(figures["allocations.raster.2threads"] == 0)
    #expect(figures["allocations.displaylist"] == 0)
  }

  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `.build/release/strata`, if it is newer than every source file and the manifest.
  static func freshReleaseExecutable() -> URL? {
    let exe = root.appendingPathComponent(".build/release/strata")
    let files = FileManager.default
    guard let built = (try? files.attributesOfItem(atPath: exe.path))?[.modificationDate] as? Date
    else { return nil }
    var sources = [root.appendingPathComponent("Package.swift")]
    if let walk = files.enumerator(
      at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
    {
      for case let url as URL in walk { sources.append(url) }
    }
    for url in sources {
      let changed = (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
      if let changed, changed > built { return nil }
    }
    return exe
  }

  /// The figures of `exe bench --quick --filter allocations` under the counting library, or
  /// nil (having said why) where it cannot be built or loaded.
  static func allocationsPerFrame(running exe: URL) throws -> [String: Double]? {
    #if os(Linux)
      guard let compiler = ["clang", "cc", "gcc"].lazy.compactMap(findTool).first else {
        print("skipped: no C compiler to build the allocation counter")
        return nil
      }
      let library = FileManager.default.temporaryDirectory
        .appendingPathComponent(
          "strata-counter-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).so")
      defer { try? FileManager.default.removeItem(at: library) }
      let build = Process()
      build.executableURL = URL(fileURLWithPath: compiler)
      build.arguments = [
        "-O2", "-shared", "-fPIC",
        root.appendingPathComponent("Benchmarks/allocation-counter.c").path, "-o", library.path,
      ]
      try build.run()
      build.waitUntilExit()
      try #require(build.terminationStatus == 0)
      let p = Process()
      p.executableURL = exe
      p.arguments = ["bench", "--quick", "--filter", "allocations", "--json"]
      p.environment = ProcessInfo.processInfo.environment.merging(["LD_PRELOAD": library.path]) {
        $1
      }
      let out = Pipe()
      p.standardOutput = out
      try p.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      #expect(p.terminationStatus == 0)
      var figures: [String: Double] = [:]
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let name = try #require(object["name"] as? String)
        figures[name] = object["median"] as? Double
      }
      return figures
    #else
      print("skipped: allocations are counted on Linux with glibc only")
      return nil
    #endif
  }
}

/// The path of an executable named `name` on the PATH, if there is one.
private func findTool(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let path = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}
