import Strata

/// The flexbox engine on a tree of 200 boxes (a column of 10 rows of 19 leaves, some with
/// measured content): a first layout, a pass that changes nothing, a pass after one leaf
/// changes, and a pass after the size changes (a rotation). The unchanged pass should cost
/// next to nothing and the one-leaf pass a small part of the first.
struct LayoutBenchmark {
  var quick: Bool

  /// The tree, and the leaf that changes.
  static func tree() -> (FlexBox, FlexBox) {
    var style = FlexStyle()
    style.padding = FlexEdges(all: .points(8))
    let root = FlexBox(style: style)
    var changing = root
    for i in 0..<10 {
      var rowStyle = FlexStyle()
      rowStyle.flexDirection = .row
      rowStyle.flexWrap = .wrap
      rowStyle.columnGap = 4
      let row = FlexBox(style: rowStyle)
      for j in 0..<19 {
        var leafStyle = FlexStyle()
        leafStyle.flexGrow = Double(1 + j % 3)
        leafStyle.margin = FlexEdges(all: .points(2))
        let leaf = FlexBox(style: leafStyle)
        let words = 3 + (i * 19 + j) % 7
        // Text-like content: words of 18 points in lines 14 points high.
        leaf.measure = { w, _ in
          let perLine = w.limit.map { Swift.max(1, Int($0 / 18)) } ?? words
          return Size(
            width: Double(Swift.min(words, perLine)) * 18,
            height: Double((words + perLine - 1) / perLine) * 14)
        }
        row.addChild(leaf)
        if i == 4 && j == 9 { changing = leaf }
      }
      root.addChild(row)
    }
    return (root, changing)
  }

  func run() -> [BenchmarkResult] {
    let rounds = quick ? 5 : 21
    let (root, leaf) = Self.tree()
    var width = 375.0
    // Fresh trees made ahead, so that the first layout's time is the layout's alone.
    var fresh = (0..<(rounds + 2)).map { _ in Self.tree().0 }
    let first = medianNanoseconds(rounds: rounds, operationsPerRound: 1) {
      fresh.popLast()?.calculateLayout(width: 375, height: 812)
    }
    root.calculateLayout(width: 375, height: 812)
    let unchanged = medianNanoseconds(rounds: rounds, operationsPerRound: 100) {
      for _ in 0..<100 { root.calculateLayout(width: 375, height: 812) }
    }
    var grow = 1.0
    let oneLeaf = medianNanoseconds(rounds: rounds, operationsPerRound: 20) {
      for _ in 0..<20 {
        grow = grow == 1 ? 2 : 1
        leaf.style.flexGrow = grow
        root.calculateLayout(width: 375, height: 812)
      }
    }
    let leafWork = root.lastPass.computed
    let resize = medianNanoseconds(rounds: rounds, operationsPerRound: 10) {
      for _ in 0..<10 {
        width = width == 375 ? 812 : 375
        root.calculateLayout(width: width, height: width == 375 ? 812 : 375)
      }
    }
    return [
      BenchmarkResult(name: "layout.flex.200.first", value: first / 1000, unit: "µs"),
      BenchmarkResult(
        name: "layout.flex.200.unchanged", value: unchanged / 1000, unit: "µs",
        note: "kept layouts: no box laid out again"),
      BenchmarkResult(
        name: "layout.flex.200.oneleaf", value: oneLeaf / 1000, unit: "µs",
        note: "\(leafWork) boxes laid out again"),
      BenchmarkResult(name: "layout.flex.200.resize", value: resize / 1000, unit: "µs"),
      BenchmarkResult(
        name: "layout.flex.200.oneleaf.ratio", value: oneLeaf / first, unit: "x",
        note: "a small part of a first layout"),
    ]
  }
}
