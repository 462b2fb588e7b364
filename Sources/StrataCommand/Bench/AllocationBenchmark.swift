import Strata
import StrataExamples
import StrataRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Heap allocations per frame of the animals swipe at @3x, in the steady state (two passes
/// warm every cache): updating the scene and its display list in place, and rasterizing it —
/// on the calling thread, and in bands on two threads (as a host draws single frames).
/// Counting needs the library `Benchmarks/allocations.sh` preloads; without it the group says
/// so.
struct AllocationBenchmark {
  var quick: Bool

  /// The allocations so far, when the counting library is loaded.
  static func count() -> Int? {
    #if os(Linux)
      typealias Counter = @convention(c) () -> Int
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "strata_allocation_count")
      else { return nil }
      return unsafeBitCast(symbol, to: Counter.self)()
    #else
      return nil
    #endif
  }

  func run() -> [BenchmarkResult] {
    guard Self.count() != nil else {
      return [
        BenchmarkResult(
          name: "allocations", value: .nan, unit: "",
          note: "not counted: run Benchmarks/allocations.sh (Linux, glibc)")
      ]
    }
    let tutorial = AnimalsTutorial(pageSize: Size(width: 390, height: 844))
    let renderer = FrameRenderer(scale: 3)
    // The same frames drawn in bands on two threads, as a host or a preview draws a frame.
    var banded = FrameRenderer(scale: 3)
    banded.threads = 2
    var frame = RasterImage.placeholder
    // --quick: every twelfth frame of the swipe.
    let swipe = FrameSequence.swipe(pages: 2).positions
    let positions = quick ? stride(from: 0, to: swipe.count, by: 12).map { swipe[$0] } : swipe
    // One scene and one list, updated in place frame after frame (as a sequence keeps them),
    // from the swipe's last frame: both passes go from its end back to its start first.
    tutorial.setPagePosition(positions.last ?? 0)
    var scene = tutorial.scene()
    var list = DisplayList(width: 1, height: 1, commands: [])
    var totals = (scene: 0, list: 0, raster: 0, bands: 0)
    for pass in 0..<3 {
      for p in positions {
        tutorial.setPagePosition(p)
        let a0 = Self.count() ?? 0
        tutorial.updateScene(&scene)
        let a1 = Self.count() ?? 0
        guard (try? renderer.updateDisplayList(&list, for: scene)) != nil else { return [] }
        let a2 = Self.count() ?? 0
        try? renderer.render(list, into: &frame)
        let a3 = Self.count() ?? 0
        try? banded.render(list, into: &frame)
        let a4 = Self.count() ?? 0
        // The first passes fill the caches (glyphs, layers, buffers) and settle which kept node
        // serves which (a node shown again takes the spare that fits it best, and the first
        // pass can still grow one); the third is counted.
        if pass == 2 {
          totals.scene += a1 - a0
          totals.list += a2 - a1
          totals.raster += a3 - a2
          totals.bands += a4 - a3
        }
      }
    }
    let n = Double(positions.count)
    let note = "animals swipe at @3x, \(positions.count) frames, steady state"
    return [
      BenchmarkResult(
        name: "allocations.scene", value: Double(totals.scene) / n, unit: "allocs/frame", note: note
      ),
      BenchmarkResult(
        name: "allocations.displaylist", value: Double(totals.list) / n, unit: "allocs/frame"),
      BenchmarkResult(
        name: "allocations.raster", value: Double(totals.raster) / n, unit: "allocs/frame"),
      BenchmarkResult(
        name: "allocations.raster.2threads", value: Double(totals.bands) / n,
        unit: "allocs/frame", note: "drawn in bands on two threads"),
    ]
  }
}
