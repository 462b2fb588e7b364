import Foundation
import StrataCommand
import StrataRender
import StrataTestSupport
import Testing

/// `strata render` reuses repeated frames and unchanged groups; `--no-cache` draws every frame
/// in full. The files are the same byte for byte.
@Suite struct RenderCacheCommandTests {
  /// Every file of a render of `example`, by name, with and without the cache.
  func files(_ example: String, cached: Bool) throws -> [String: Data] {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool(
      ["render", example, "--out", dir.path, "--frames", "24", "--scale", "1", "--jobs", "2"]
        + (cached ? [] : ["--no-cache"]))
    #expect(r.status == 0, "\(r.err)")
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
      out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
    }
    return out
  }

  /// The animals (whose rests repeat whole frames) and the swiper (whose cross-fading
  /// illustrations are unchanged groups).
  @Test(arguments: ["animals", "swiper"])
  func theCachedRenderHasTheBytesOfTheUncachedOne(example: String) throws {
    let cached = try files(example, cached: true)
    let uncached = try files(example, cached: false)
    #expect(cached.count == 26)
    #expect(cached.keys.sorted() == uncached.keys.sorted())
    for (name, bytes) in cached { #expect(bytes == uncached[name], "\(example): \(name)") }
  }
}

/// `strata frame --threads N` draws the frame in bands of rows on N threads: the file is the
/// same whatever N is.
@Suite struct FrameThreadsCommandTests {
  @Test func aFrameOnSeveralThreadsIsTheSameFile() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var files: [Data] = []
    for n in [1, 2, 5] {
      let out = dir.appendingPathComponent("t\(n).png").path
      let r = runTool([
        "frame", "animals", "--page", "0.6", "--scale", "2", "--threads", "\(n)", "--out", out,
      ])
      #expect(r.status == 0, "\(r.err)")
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0].count > 10_000)
    #expect(files[1] == files[0] && files[2] == files[0])
    #expect(runTool(["frame", "animals", "--threads", "0"]).status != 0)
  }
}
