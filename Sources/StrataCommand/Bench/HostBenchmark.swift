import Strata
import StrataExamples
import StrataHost

/// The retained layer host on the animals swipe (375 × 667, two pages in 120 frames): the
/// time one reconcile takes, and per frame while the pages slide, the mutations sent, the
/// layers created and the contents set anew (each a drawing a host makes unless cached).
struct HostBenchmark {
  var quick: Bool

  func run() -> [BenchmarkResult] {
    let rounds = quick ? 3 : 11
    let tutorial = AnimalsTutorial()
    let positions = (1..<120).map { Double($0) / 60 }
    var totals = HostFrameStatistics()
    let time = medianNanoseconds(rounds: rounds, operationsPerRound: positions.count) {
      let reconciler = Reconciler()
      let tree = HostTree()
      tutorial.setPagePosition(0)
      tutorial.layoutIfNeeded()
      reconciler.reconcile(tutorial.root, into: tree)
      totals = HostFrameStatistics()
      for p in positions {
        tutorial.setPagePosition(p)
        tutorial.layoutIfNeeded()
        reconciler.reconcile(tutorial.root, into: tree)
        let f = reconciler.lastFrame
        totals.created += f.created
        totals.destroyed += f.destroyed
        totals.propertyChanges += f.propertyChanges
        totals.contentChanges += f.contentChanges
        totals.inserted += f.inserted
        totals.removed += f.removed
        totals.nodes += f.nodes
      }
    }
    let frames = Double(positions.count)
    return [
      BenchmarkResult(
        name: "host.reconcile.animals", value: time / 1000, unit: "µs",
        note: "a frame of the swipe: the controller's update and the reconcile"),
      BenchmarkResult(
        name: "host.mutations.per.frame", value: Double(totals.mutations) / frames, unit: "",
        note: "\(Int((Double(totals.nodes) / frames).rounded())) nodes walked"),
      BenchmarkResult(
        name: "host.created.per.frame",
        value: Double(totals.created + totals.destroyed) / frames, unit: "",
        note: "layers created or destroyed while the pages slide"),
      BenchmarkResult(
        name: "host.contents.per.frame", value: Double(totals.contentChanges) / frames, unit: "",
        note: "contents set anew (target 0: the page indicator's dots change as tints)"),
    ]
  }
}
