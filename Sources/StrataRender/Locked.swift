#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock around a value, for the renderer's few shared state: the rasterizer
/// pool, the font catalogue and the glyph caches.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private var mutex = pthread_mutex_t()

  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(&mutex, nil)
  }

  deinit { pthread_mutex_destroy(&mutex) }

  /// Runs `body` with exclusive access to the value.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body(&value)
  }
}

/// One value kept for the next user, such as working memory a renderer hands from frame to
/// frame: whoever takes it has it alone until giving it back; meanwhile others start afresh.
package final class Spare<Value: Sendable>: Sendable {
  private let kept = Locked<Value?>(nil)

  package init() {}

  /// The kept value, if no one holds it.
  package func take() -> Value? {
    kept.withLock { k in
      defer { k = nil }
      return k
    }
  }

  /// Keeps `value` for the next taker.
  package func give(_ value: Value) {
    kept.withLock { $0 = value }
  }
}
