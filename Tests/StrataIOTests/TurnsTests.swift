import Testing

@testable import StrataIO

/// Records what a job's items saw: which item ran, as which worker, and whether two threads
/// ever held one worker number at once.
private final class Record: TurnJob, @unchecked Sendable {
  let items: Int
  let workers: Int
  private let state = Locked(State())
  /// Work done per item, so that threads overlap.
  let spin: Int

  struct State {
    var runs: [Int] = []
    var busyWorkers: Set<Int> = []
    var clashes = 0
    var outOfRange = 0
  }

  init(items: Int, workers: Int, spin: Int = 2_000) {
    self.items = items
    self.workers = workers
    self.spin = spin
    state.withLock { $0.runs = Array(repeating: 0, count: items) }
  }

  func take(worker: Int, item: Int) {
    state.withLock {
      if !(0..<workers).contains(worker) { $0.outOfRange += 1 }
      if !$0.busyWorkers.insert(worker).inserted { $0.clashes += 1 }
    }
    var x = UInt64(item)
    for _ in 0..<spin { x = x &* 6_364_136_223_846_793_005 &+ 1 }
    state.withLock {
      $0.runs[item] += x == 42 ? 2 : 1
      $0.busyWorkers.remove(worker)
    }
  }

  /// Every item ran once, as a worker in range, and no worker number ran twice at once.
  var isSound: Bool {
    state.withLock { $0.runs.allSatisfy { $0 == 1 } && $0.clashes == 0 && $0.outOfRange == 0 }
  }
}

@Suite struct TurnsTests {
  @Test(arguments: [(1, 1), (5, 2), (64, 2), (300, 4), (7, 16), (3, 100)])
  func everyItemRunsOnceAsOneWorkerAtATime(items: Int, workers: Int) {
    let job = Record(items: items, workers: workers)
    takeTurns(count: items, workers: workers, job: job)
    #expect(job.isSound)
    // The closure form too.
    let other = Record(items: items, workers: workers)
    takeTurns(count: items, workers: workers) { other.take(worker: $0, item: $1) }
    #expect(other.isSound)
  }

  /// A job whose items take turns themselves (the kept threads are then busy: the inner calls
  /// run on Dispatch's threads) and jobs started from several threads at once all finish,
  /// every item once.
  @Test func nestedAndConcurrentCallsFinish() async {
    final class Nested: TurnJob, @unchecked Sendable {
      let inner = (0..<6).map { _ in Record(items: 40, workers: 3, spin: 500) }
      func take(worker: Int, item: Int) {
        takeTurns(count: 40, workers: 3, job: inner[item])
      }
    }
    let nested = Nested()
    takeTurns(count: 6, workers: 2, job: nested)
    let allSound = nested.inner.allSatisfy { $0.isSound }
    #expect(allSound)

    let jobs = (0..<8).map { _ in Record(items: 50, workers: 2, spin: 300) }
    await withTaskGroup(of: Void.self) { group in
      for job in jobs {
        group.addTask { for _ in 0..<20 { takeTurns(count: 1, workers: 2, job: job) } }
        group.addTask { takeTurns(count: 50, workers: 2, job: job) }
      }
    }
    // Each job had its 50 items taken once by the big call; the single-item calls ran item 0
    // twenty more times.
    for job in jobs {
      let runs = job.runsOfEachItem
      #expect(runs[0] == 21 && runs.dropFirst().allSatisfy { $0 == 1 })
    }
  }

  /// Many short jobs one after another (as the frames of a swipe hand out their bands) on the
  /// kept threads: none is lost or run twice.
  @Test func manyJobsInARow() {
    for k in 0..<500 {
      let job = Record(items: 2 + k % 9, workers: 2 + k % 3, spin: 50)
      takeTurns(count: job.items, workers: job.workers, job: job)
      #expect(job.isSound, "job \(k)")
    }
  }
}

extension Record {
  fileprivate var runsOfEachItem: [Int] { state.withLock { $0.runs } }
}
