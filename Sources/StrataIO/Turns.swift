import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body(worker, item)` for every item in `0..<count` on up to `workers` threads, which
/// take the items in turn (a worker whose items are quick takes more); on the calling thread
/// when one worker is enough. `worker` is in `0..<workers`, and no two threads run with the
/// same one at once, so it can index per-worker scratch memory.
///
/// The calling thread is worker 0; the others are threads kept for the purpose
/// (``TurnWorkers``), started the first time they are needed. While they serve one caller,
/// another (or a `body` that itself takes turns) runs on Dispatch's threads instead. This form
/// boxes its closure on every call; ``takeTurns(count:workers:job:)``, with a job the caller
/// keeps, allocates nothing (what a frame drawn on several threads uses).
package func takeTurns(
  count: Int, workers: Int, _ body: @Sendable (_ worker: Int, _ item: Int) -> Void
) {
  guard count > 0 else { return }
  let threads = Swift.min(Swift.max(1, workers), count)
  if threads == 1 {
    for item in 0..<count { body(0, item) }
    return
  }
  let done = withoutActuallyEscaping(body) { body in
    TurnWorkers.shared.run(count: count, threads: threads, job: ClosureJob(body))
  }
  if !done { takeTurnsOnDispatch(count: count, threads: threads, body) }
}

/// Work that ``takeTurns(count:workers:job:)`` hands out, item by item: `take(worker:item:)`
/// runs on the thread that is `worker` for the call, as the closure of
/// ``takeTurns(count:workers:_:)`` does. Being an object the caller keeps, it goes to the kept
/// threads without allocating anything (a closure would be boxed on every call).
package protocol TurnJob: AnyObject, Sendable {
  /// Does item `item` as worker `worker`.
  func take(worker: Int, item: Int)
}

/// ``takeTurns(count:workers:_:)`` for a job the caller keeps from call to call.
package func takeTurns(count: Int, workers: Int, job: some TurnJob) {
  guard count > 0 else { return }
  let threads = Swift.min(Swift.max(1, workers), count)
  if threads == 1 {
    for item in 0..<count { job.take(worker: 0, item: item) }
    return
  }
  if TurnWorkers.shared.run(count: count, threads: threads, job: job) { return }
  takeTurnsOnDispatch(count: count, threads: threads) { job.take(worker: $0, item: $1) }
}

/// A closure as a ``TurnJob``.
private final class ClosureJob: TurnJob {
  let body: @Sendable (Int, Int) -> Void
  init(_ body: @escaping @Sendable (Int, Int) -> Void) { self.body = body }
  func take(worker: Int, item: Int) { body(worker, item) }
}

/// ``takeTurns(count:workers:_:)`` on Dispatch's threads.
@inline(never)
private func takeTurnsOnDispatch(
  count: Int, threads: Int, _ body: @Sendable (_ worker: Int, _ item: Int) -> Void
) {
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

/// Threads kept for ``takeTurns(count:workers:_:)``: each waits for the next job, takes a
/// worker number, takes items until none is left, and waits again. One job at a time; the
/// threads live as long as the process (at most ``most``).
package final class TurnWorkers: @unchecked Sendable {
  /// The workers of the process.
  package static let shared = TurnWorkers()

  /// The most threads kept: more workers than this share them.
  static let most = 63

  // Everything below is read and written with `lock` held.
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when a job starts, and when the last helper of a job is done.
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Threads started so far.
  private var started = 0
  /// Whether a job holds the workers.
  private var busy = false
  /// Counts the jobs started: a thread whose last job was this one waits for the next.
  private var generation = 0
  /// The job: its work, its items, the next item to take.
  private var job: (any TurnJob)?
  private var count = 0
  private var next = 0
  /// How many threads help the caller with this job, how many have joined it, how many are
  /// still in it.
  private var helpers = 0
  private var joined = 0
  private var running = 0

  private init() {
    pthread_mutex_init(lock, nil)
    pthread_cond_init(wake, nil)
    pthread_cond_init(done, nil)
  }

  /// Runs `job` over `count` items on the calling thread and `threads − 1` kept ones, and
  /// returns true when done; false at once when another job holds the workers or no thread
  /// could be started.
  func run(count: Int, threads: Int, job: any TurnJob) -> Bool {
    pthread_mutex_lock(lock)
    guard !busy else {
      pthread_mutex_unlock(lock)
      return false
    }
    let helpers = Swift.min(threads - 1, Self.most)
    while started < helpers {
      guard startThread() else { break }
      started += 1
    }
    guard started > 0 else {
      pthread_mutex_unlock(lock)
      return false
    }
    busy = true
    self.job = job
    self.count = count
    next = 0
    self.helpers = Swift.min(helpers, started)
    joined = 0
    running = self.helpers
    generation &+= 1
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(lock)
    takeItems(worker: 0, job)
    pthread_mutex_lock(lock)
    while running > 0 { pthread_cond_wait(done, lock) }
    // No helper holds the job any more: a closure's must not outlive the call.
    self.job = nil
    busy = false
    pthread_mutex_unlock(lock)
    return true
  }

  /// Takes the job's items one at a time until none is left.
  private func takeItems(worker: Int, _ job: any TurnJob) {
    while true {
      pthread_mutex_lock(lock)
      let item = next
      let count = self.count
      next += 1
      pthread_mutex_unlock(lock)
      guard item < count else { return }
      job.take(worker: worker, item: item)
    }
  }

  /// What a kept thread does: wait for a job with room for it, help with it, wait again.
  fileprivate func serve() {
    pthread_mutex_lock(lock)
    // A thread is started for the job being posted, which cannot end without it.
    var seen = generation &- 1
    while true {
      while generation == seen { pthread_cond_wait(wake, lock) }
      seen = generation
      guard joined < helpers else { continue }
      joined += 1
      help(worker: joined)
      running -= 1
      if running == 0 { pthread_cond_signal(done) }
    }
  }

  /// Takes the job's items as `worker`; called and returning with the lock held. The job is
  /// let go before this returns, before the caller can learn that it is done.
  private func help(worker: Int) {
    guard let job else { return }
    pthread_mutex_unlock(lock)
    takeItems(worker: worker, job)
    pthread_mutex_lock(lock)
  }

  /// Starts one more kept thread; false when the system refuses.
  private func startThread() -> Bool {
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let made = pthread_create(
      &thread, nil,
      { context in
        #if canImport(Darwin)
          let workers = Unmanaged<TurnWorkers>.fromOpaque(context).takeRetainedValue()
        #else
          guard let context else { return nil }
          let workers = Unmanaged<TurnWorkers>.fromOpaque(context).takeRetainedValue()
        #endif
        workers.serve()
        return nil
      }, context)
    guard made == 0 else {
      Unmanaged<TurnWorkers>.fromOpaque(context).release()
      return false
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return true
  }
}
