import Dispatch

/// Runs `body(worker, item)` for every item in `0..<count` on up to `workers` threads, which
/// take the items in turn (a worker whose items are quick takes more); on the calling thread
/// when one worker is enough. `worker` is in `0..<workers`, and no two threads run with the
/// same one at once, so it can index per-worker scratch memory.
package func takeTurns(
  count: Int, workers: Int, _ body: @Sendable (_ worker: Int, _ item: Int) -> Void
) {
  guard count > 0 else { return }
  let threads = Swift.min(Swift.max(1, workers), count)
  if threads == 1 {
    for item in 0..<count { body(0, item) }
    return
  }
  let next = Locked(0)
  DispatchQueue.concurrentPerform(iterations: threads) { worker in
    while true {
      let item = next.withLock { n -> Int in
        defer { n += 1 }
        return n
      }
      guard item < count else { return }
      body(worker, item)
    }
  }
}
