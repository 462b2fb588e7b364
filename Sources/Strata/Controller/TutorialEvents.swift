/// Something that happened in a ``TutorialController``, at a time of its clock.
///
/// Subscribe with ``TutorialEventStream/subscribe(_:)`` (as many subscribers as you like) or
/// iterate ``TutorialEventStream/stream()`` with Swift concurrency; the delegate hears the same
/// things. Times come from the controller's interaction clock (``TutorialController/time``), so
/// a scripted session gives the same stream every run.
public enum TutorialEvent: Hashable, Sendable {
  /// A button was tapped: its action identifier, its name, and the page shown when it was.
  case tap(action: String, button: String?, page: Int)
  /// The page nearest the centre changed.
  case pageChanged(from: Int, to: Int)
  /// A finger started dragging the pages, from `page`.
  case dragBegan(page: Int)
  /// The finger let go; the pages are heading for `targetPage`.
  case dragEnded(targetPage: Int)
  /// The pages came to rest on `page`: after a drag or a fling once the motion stops, and
  /// after ``TutorialController/scroll(toPage:animated:duration:easing:)`` (animated or not)
  /// once it lands. Scrubbing the position (``TutorialController/setPagePosition(_:)``,
  /// ``TutorialController/setContentOffset(_:)``: any position, a page or between two) sends
  /// ``pageChanged(from:to:)`` when the page changes but never `settled`.
  case settled(page: Int)
  /// In the discrete swipe mode, a finger swiped (before anything it starts).
  case swiped(direction: SwipeDirection)
  /// Autoplay turned the page (``TutorialController/autoplay``).
  case autoplayTurned(from: Int, to: Int)
  /// A done button finished the onboarding.
  case finished
  /// A skip button finished the onboarding early.
  case skipped
  /// The host took the onboarding away before it ended, on `page`
  /// (``TutorialController/leave()``): a show-once record keeps the page to start from.
  case left(page: Int)
  /// The pages were not moved: a swipe, button, autoplay turn or assistive action was refused
  /// on `page` (for ``NavigationRefusal/requiredStep``, the step Skip stops at), and why.
  case navigationBlocked(page: Int, reason: NavigationRefusal, by: NavigationTrigger)
  /// What a screen reader should say now (the page the pages came to rest on), when
  /// ``AccessibilitySettings/announcesPageChanges`` is on.
  case announcement(String)

  /// The event's name in JSON and logs (`tap`, `pageChanged`, …).
  public var name: String {
    switch self {
    case .tap: return "tap"
    case .pageChanged: return "pageChanged"
    case .dragBegan: return "dragBegan"
    case .dragEnded: return "dragEnded"
    case .settled: return "settled"
    case .swiped: return "swiped"
    case .autoplayTurned: return "autoplayTurned"
    case .finished: return "finished"
    case .skipped: return "skipped"
    case .left: return "left"
    case .navigationBlocked: return "navigationBlocked"
    case .announcement: return "announcement"
    }
  }
}

/// An event and the time it happened, in seconds of the controller's clock.
public struct TutorialEventRecord: Hashable, Sendable, CustomStringConvertible {
  /// When, in seconds of ``TutorialController/time``.
  public var time: Double
  /// What.
  public var event: TutorialEvent

  /// Creates a record.
  public init(time: Double, event: TutorialEvent) {
    self.time = time
    self.event = event
  }

  /// The record as one line of JSON: `{"time":1.25,"event":"tap","action":"login","page":2}`.
  public var json: String {
    var fields = ["\"time\":\(Self.number(time))", "\"event\":\"\(event.name)\""]
    switch event {
    case .tap(let action, let button, let page):
      fields.append("\"action\":\(Self.quote(action))")
      if let button { fields.append("\"button\":\(Self.quote(button))") }
      fields.append("\"page\":\(page)")
    case .pageChanged(let from, let to), .autoplayTurned(let from, let to):
      fields += ["\"from\":\(from)", "\"to\":\(to)"]
    case .dragBegan(let page): fields.append("\"page\":\(page)")
    case .dragEnded(let target): fields.append("\"targetPage\":\(target)")
    case .settled(let page), .left(let page): fields.append("\"page\":\(page)")
    case .navigationBlocked(let page, let reason, let trigger):
      fields += [
        "\"page\":\(page)", "\"reason\":\"\(reason.rawValue)\"", "\"by\":\"\(trigger.rawValue)\"",
      ]
    case .swiped(let direction): fields.append("\"direction\":\"\(direction.rawValue)\"")
    case .finished, .skipped: break
    case .announcement(let text): fields.append("\"text\":\(Self.quote(text))")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The record as its line of JSON (see ``json``).
  public var description: String { json }

  /// A time with at most six decimals (clock times are sums of frame steps).
  static func number(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 1_000_000).rounded() / 1_000_000
    if r == r.rounded(), Swift.abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }

  /// A JSON string literal.
  static func quote(_ s: String) -> String { JSONLiteral.string(s) }
}

/// A controller's events, for any number of subscribers.
///
/// ```swift
/// let token = controller.events.subscribe { record in print(record.event) }
/// // …
/// token.cancel()
/// ```
public final class TutorialEventStream {
  /// A subscription; ``cancel()`` it (or let the stream end) to stop hearing events.
  public final class Subscription {
    fileprivate weak var stream: TutorialEventStream?
    fileprivate let id: Int

    fileprivate init(stream: TutorialEventStream, id: Int) {
      self.stream = stream
      self.id = id
    }

    /// Stops the handler from being called.
    public func cancel() { stream?.handlers.removeAll { $0.id == id } }
  }

  fileprivate var handlers: [(id: Int, handler: (TutorialEventRecord) -> Bool)] = []
  private var nextID = 0

  /// Creates an empty stream (a controller makes its own).
  public init() {}

  /// Calls `handler` with every event from now on, in order, on the controller's thread.
  ///
  /// The subscription lasts until ``Subscription/cancel()`` is called or the stream is
  /// released with its controller. Dropping the returned token does not end it (the result
  /// may be discarded for a handler that lives as long as the controller): keep the token to
  /// stop listening earlier.
  @discardableResult
  public func subscribe(_ handler: @escaping (TutorialEventRecord) -> Void) -> Subscription {
    add {
      handler($0)
      return true
    }
  }

  /// The events from now on as an asynchronous sequence. It ends when the consumer stops
  /// iterating (the subscription is dropped at the next event) or when the stream is released.
  public func stream() -> AsyncStream<TutorialEventRecord> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: TutorialEventRecord.self, bufferingPolicy: .unbounded)
    let subscription = add { record in
      if case .terminated = continuation.yield(record) { return false }
      return true
    }
    finishers.append((subscription.id, continuation))
    return stream
  }

  private var finishers: [(id: Int, continuation: AsyncStream<TutorialEventRecord>.Continuation)] =
    []

  deinit { for f in finishers { f.continuation.finish() } }

  private func add(_ handler: @escaping (TutorialEventRecord) -> Bool) -> Subscription {
    nextID += 1
    handlers.append((nextID, handler))
    return Subscription(stream: self, id: nextID)
  }

  /// Hands `record` to every subscriber; those that have gone are dropped.
  public func send(_ record: TutorialEventRecord) {
    var gone: [Int] = []
    for (id, handler) in handlers where !handler(record) { gone.append(id) }
    if !gone.isEmpty {
      handlers.removeAll { gone.contains($0.id) }
      finishers.removeAll { gone.contains($0.id) }
    }
  }

  /// How many subscribers there are.
  public var subscriberCount: Int { handlers.count }
}
