import Strata

/// Keyframe look-ups on tracks of 10 and 10,000 keyframes: the cost should grow with the
/// logarithm of the count (about 4× here, 13.3 / 3.3 halvings), not with the count (1000×).
struct KeyframeBenchmark {
  var quick: Bool

  func measure(count: Int) -> Double {
    guard
      let track = try? Keyframes(
        (0..<count).map { Keyframe(Double($0), Double($0 % 7), easing: .cubicInOut) })
    else { return 0 }
    let n = 100_000
    var sink = 0.0
    let ns = medianNanoseconds(rounds: quick ? 3 : 9, operationsPerRound: n) {
      var t = 0.37
      let span = Double(count - 1)
      for _ in 0..<n {
        sink += track.value(at: t)
        t += 0.618_034 * span
        if t > span { t -= span }
      }
    }
    if sink.isNaN { print("") }  // keeps the work from being optimised away
    return ns
  }

  func run() -> [BenchmarkResult] {
    let small = measure(count: 10)
    let large = measure(count: 10_000)
    return [
      BenchmarkResult(name: "keyframes.value.10", value: small, unit: "ns"),
      BenchmarkResult(name: "keyframes.value.10000", value: large, unit: "ns"),
      BenchmarkResult(
        name: "keyframes.value.ratio", value: large / small, unit: "x",
        note: "logarithmic: about 4, not 1000"),
    ]
  }
}
