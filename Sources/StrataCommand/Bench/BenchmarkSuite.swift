import Strata

/// One measured result.
struct BenchmarkResult {
  var name: String
  var value: Double
  var unit: String
  var note: String = ""
}

/// Runs the project's benchmarks and prints a table and one machine-readable line per result:
/// `BENCH name=<name> value=<number> unit=<unit>`.
struct BenchmarkSuite {
  var quick: Bool
  var filter: String?

  /// The groups `--filter` chooses from.
  static let groupNames = ["controller", "render", "text", "keyframes"]

  func run(output: Tool.Output) {
    var results: [BenchmarkResult] = []
    let groups: [(String, () -> [BenchmarkResult])] = [
      ("controller", { ControllerBenchmark(quick: quick).run() }),
      ("render", { RenderBenchmark(quick: quick).run() }),
      ("text", { TextBenchmark(quick: quick).run() }),
      ("keyframes", { KeyframeBenchmark(quick: quick).run() }),
    ]
    for (name, body) in groups where filter.map({ name.contains($0) }) ?? true {
      results += body()
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
  var samples: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    let d = clock.measure(body)
    let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    samples.append(ns / Double(Swift.max(1, operationsPerRound)))
  }
  samples.sort()
  return samples[samples.count / 2]
}
