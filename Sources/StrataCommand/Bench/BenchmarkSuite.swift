import Strata

/// One measured result.
struct BenchmarkResult {
  var name: String
  var value: Double
  var unit: String
  var note: String = ""
  /// For a timing: how many rounds were measured, and the fastest and slowest, in `unit`.
  var rounds = 1
  var minimum: Double? = nil
  var maximum: Double? = nil

  /// A timing, from the samples `medianNanoseconds` kept, in `unit` (`ms` or `us`).
  static func timing(_ name: String, _ t: Timing, unit: String, note: String = "")
    -> BenchmarkResult
  {
    let scale = unit == "ms" ? 1e6 : unit == "us" ? 1e3 : unit == "s" ? 1e9 : 1
    return BenchmarkResult(
      name: name, value: t.median / scale, unit: unit, note: note, rounds: t.rounds,
      minimum: t.minimum / scale, maximum: t.maximum / scale)
  }

  /// One JSON object: name, rounds, median, min, max, unit.
  var json: String {
    func n(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
    return "{\"name\":\(JSONLiteral.string(name)),\"rounds\":\(rounds),\"median\":\(n(value)),"
      + "\"min\":\(n(minimum ?? value)),\"max\":\(n(maximum ?? value)),\"unit\":\(JSONLiteral.string(unit))}"
  }
}

/// A measured time: the median, fastest and slowest of its rounds, in nanoseconds per operation.
struct Timing {
  var median: Double
  var minimum: Double
  var maximum: Double
  var rounds: Int
}

/// Runs the project's benchmarks and prints a table and one machine-readable line per result:
/// `BENCH name=<name> value=<number> unit=<unit>`.
struct BenchmarkSuite {
  var quick: Bool
  var filter: String?

  /// The groups `--filter` chooses from.
  static let groupNames = [
    "controller", "render", "text", "keyframes", "layout", "host", "preview", "allocations",
    "lottie",
  ]

  /// One JSON object per result instead of the table.
  var json = false
  /// Where the render group writes its frames' SVG exports, if anywhere.
  var svgFolder: String? = nil

  func run(output: Tool.Output) {
    var results: [BenchmarkResult] = []
    let groups: [(String, () -> [BenchmarkResult])] = [
      ("controller", { ControllerBenchmark(quick: quick).run() }),
      ("render", { RenderBenchmark(quick: quick, svgFolder: svgFolder).run() }),
      ("text", { TextBenchmark(quick: quick).run() }),
      ("keyframes", { KeyframeBenchmark(quick: quick).run() }),
      ("layout", { LayoutBenchmark(quick: quick).run() }),
      ("host", { HostBenchmark(quick: quick).run() }),
      ("preview", { PreviewBenchmark(quick: quick).run() }),
      ("allocations", { AllocationBenchmark(quick: quick).run() }),
      ("lottie", { LottieBenchmark(quick: quick).run() }),
    ]
    for (name, body) in groups where filter.map({ name.contains($0) }) ?? true {
      results += body()
    }
    if json {
      for r in results { output.out(r.json + "\n") }
      return
    }
    let nameWidth = Swift.max(10, results.map(\.name.count).max() ?? 0)
    output.out(
      "benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
        + "value".leftPadded(to: 14) + "  unit\n")
    for r in results {
      output.out(
        r.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
          + format(r.value).leftPadded(to: 14) + "  " + r.unit
          + (r.note.isEmpty ? "" : "  (\(r.note))") + "\n")
    }
    for r in results {
      output.out("BENCH name=\(r.name) value=\(format(r.value)) unit=\(r.unit)\n")
    }
  }

  func format(_ v: Double) -> String {
    if v >= 100 { return String(Int(v.rounded())) }
    let scaled = (v * 1000).rounded() / 1000
    return String(scaled)
  }
}

extension String {
  func leftPadded(to n: Int) -> String {
    count >= n ? self : String(repeating: " ", count: n - count) + self
  }
}

/// Times `body` over repeated rounds and returns the median nanoseconds per operation.
func medianNanoseconds(rounds: Int, operationsPerRound: Int, _ body: () -> Void) -> Double {
  timing(rounds: rounds, operationsPerRound: operationsPerRound, body).median
}

/// The median, fastest and slowest time of `rounds` runs of `body`, per operation.
func timing(rounds: Int, operationsPerRound: Int, _ body: () -> Void) -> Timing {
  var samples: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    let d = clock.measure(body)
    let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    samples.append(ns / Double(Swift.max(1, operationsPerRound)))
  }
  samples.sort()
  guard let first = samples.first, let last = samples.last else {
    return Timing(median: 0, minimum: 0, maximum: 0, rounds: 0)
  }
  return Timing(
    median: samples[samples.count / 2], minimum: first, maximum: last, rounds: samples.count)
}
