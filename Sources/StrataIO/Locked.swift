#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock around a value, for the renderer's few shared state: the rasterizer
/// pool, the font catalogue and the glyph caches.
///
/// Its methods are inlinable: the caches and pools of the text and raster modules take it on
/// hot paths, where an unspecialised generic call across the module boundary would cost a
/// closure context per use.
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline var value: Value
  @usableFromInline var mutex = pthread_mutex_t()

  @inlinable package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(&mutex, nil)
  }

  deinit { pthread_mutex_destroy(&mutex) }

  /// Runs `body` with exclusive access to the value.
  @inlinable package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body(&value)
  }
}

/// One value kept for the next user, such as working memory a renderer hands from frame to
/// frame: whoever takes it has it alone until giving it back; meanwhile others start afresh.
package final class Spare<Value: Sendable>: Sendable {
  @usableFromInline let kept = Locked<Value?>(nil)

  @inlinable package init() {}

  /// The kept value, if no one holds it.
  @inlinable package func take() -> Value? {
    kept.withLock { k in
      defer { k = nil }
      return k
    }
  }

  /// Keeps `value` for the next taker.
  @inlinable package func give(_ value: Value) {
    kept.withLock { $0 = value }
  }
}

/// Values worked out once per key and kept behind a lock, at most `limit` of them (past it the
/// cache starts again, so it never pins much memory). A key not equal to itself (NaN in it)
/// would never be found again, so its value is not kept.
package final class KeptValues<Key: Hashable, Value>: @unchecked Sendable {
  @usableFromInline struct State {
    @usableFromInline var values: [Key: Value] = [:]
    @usableFromInline var hits = 0
    @usableFromInline var misses = 0
    @inlinable init() {}
  }
  @usableFromInline let kept = Locked(State())
  /// How many values are kept at most.
  package let limit: Int

  @inlinable package init(limit: Int) {
    self.limit = limit
  }

  /// The value kept for `key`, or `make()`'s, kept for the next time.
  @inlinable package func value(for key: Key, make: () -> Value) -> Value {
    if let found = kept.withLock({ s -> Value? in
      let v = s.values[key]
      if v != nil { s.hits += 1 }
      return v
    }) {
      return found
    }
    let made = make()
    kept.withLock { s in
      s.misses += 1
      // A key not equal to itself (a NaN in it) could never be found again.
      guard key == key else { return }
      if s.values.count >= limit { s.values.removeAll(keepingCapacity: true) }
      s.values[key] = made
    }
    return made
  }

  /// How often a value was found, and how often it had to be made.
  package var counts: (hits: Int, misses: Int) { kept.withLock { ($0.hits, $0.misses) } }
}
