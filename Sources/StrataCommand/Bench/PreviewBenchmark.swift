import Strata
import StrataExamples
import StrataPreview

/// `strata preview` as a browser tab loads it: frames received per second over loopback while
/// the animals are scrubbed, each frame acknowledged before the next (so the figure is the
/// whole loop: the controller, the raster, the PNG and the socket), as PNG pictures and as
/// the changes of the page's layers, with the bytes a frame of each takes.
struct PreviewBenchmark {
  var quick: Bool

  func run() -> [BenchmarkResult] {
    let source = PreviewSource(name: "animals", defaultPageSize: Size(width: 375, height: 667)) {
      AnimalsTutorial(pageSize: $0)
    }
    var results: [BenchmarkResult] = []
    for (scale, target) in [(1.0, 60.0), (2.0, 30.0), (3.0, 20.0)] {
      let seconds = quick ? 1.0 : 3.0
      guard
        let frames = PreviewMeasure.measure(
          source: source, scale: scale, seconds: seconds, layers: false),
        let layers = PreviewMeasure.measure(
          source: source, scale: scale, seconds: seconds, layers: true)
      else { continue }
      let x = Int(scale)
      results += [
        BenchmarkResult(
          name: "preview.animals.fps@\(x)x", value: frames.framesPerSecond, unit: "fps",
          note: "target >= \(Int(target)); PNG frames received by a client on loopback"),
        BenchmarkResult(
          name: "preview.animals.layers.fps@\(x)x", value: layers.framesPerSecond, unit: "fps",
          note: "target >= 60; layer changes received by a client on loopback"),
        BenchmarkResult(
          name: "preview.animals.layers.bytes.vs.png@\(x)x",
          value: layers.bytesPerFrame / max(1, frames.bytesPerFrame), unit: "x",
          note: "target < 0.05; \(Int(layers.bytesPerFrame)) bytes a frame against "
            + "\(Int(frames.bytesPerFrame)) for a PNG frame"),
      ]
    }
    return results
  }
}
