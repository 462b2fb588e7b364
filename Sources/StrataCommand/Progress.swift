import Foundation
import Synchronization

/// Counts finished frames and, on a terminal, shows a progress line.
final class Progress: Sendable {
  struct State {
    var done = 0
    var lastPrint = ContinuousClock.now
  }

  let total: Int
  let output: Tool.Output
  let showing: Bool
  let start = ContinuousClock.now
  private let state = Mutex(State())

  init(total: Int, output: Tool.Output, showing: Bool) {
    self.total = total
    self.output = output
    self.showing = showing
  }

  var done: Int { state.withLock { $0.done } }

  func advance() {
    let line: String? = state.withLock { s in
      s.done += 1
      let now = ContinuousClock.now
      guard showing, now - s.lastPrint > .milliseconds(100) || s.done == total else { return nil }
      s.lastPrint = now
      let elapsed =
        Double((now - start).components.seconds) + Double((now - start).components.attoseconds)
        / 1e18
      let rate = elapsed > 0 ? Double(s.done) / elapsed : 0
      let left = rate > 0 ? Double(total - s.done) / rate : 0
      return String(format: "\rframe %d/%d · %.1f fps · %.1f s left ", s.done, total, rate, left)
    }
    if let line { output.err(line) }
  }

  func finish() {
    if showing { output.err("\n") }
  }
}
