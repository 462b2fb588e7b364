import Strata
import StrataExamples
import StrataPreview

/// `strata preview` as a browser tab loads it: frames received per second over loopback while
/// the animals are scrubbed, each frame acknowledged before the next (so the figure is the
/// whole loop: the controller, the raster, the PNG and the socket).
struct PreviewBenchmark {
  var quick: Bool

  func run() -> [BenchmarkResult] {
    let source = PreviewSource(name: "animals", defaultPageSize: Size(width: 375, height: 667)) {
      AnimalsTutorial(pageSize: $0)
    }
    return [(1.0, 60.0), (2.0, 30.0)].compactMap { scale, target in
      PreviewMeasure.framesPerSecond(source: source, scale: scale, seconds: quick ? 1 : 3).map {
        BenchmarkResult(
          name: "preview.animals.fps@\(Int(scale))x", value: $0, unit: "fps",
          note: "target >= \(Int(target)); frames received by a client on loopback")
      }
    }
  }
}
