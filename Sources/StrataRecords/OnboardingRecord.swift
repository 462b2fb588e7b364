/// Whether a reader has seen an onboarding: its identifier and content version, how it ended
/// (completed, skipped, or not yet), and the last page reached.
///
/// ```swift
/// let store = try FileRecordStore(path: "/path/to/Application Support/onboarding.json")
/// let record = store.record(for: "welcome")
/// switch OnboardingRecord.decide(record, version: 2) {
/// case .skip: break                                   // completed this version
/// case .show(let page): tutorial.setPagePosition(Double(page))
/// }
/// ```
public struct OnboardingRecord: Hashable, Sendable, Codable {
  /// How an onboarding ended.
  public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
    /// The reader went through to the end (``TutorialEvent/finished``).
    case completed
    /// The reader left early (``TutorialEvent/skipped``).
    case skipped
  }

  /// Which onboarding (`"welcome"`, `"whats-new"`).
  public var identifier: String
  /// The content version the record is about: raise it when the onboarding changes enough to
  /// be shown again.
  public var version: Int
  /// How it ended; `nil` while the reader has not finished it (they left the app mid-way).
  public var outcome: Outcome?
  /// The last page the reader came to rest on, clamped to 0...``maximumPage`` (also when read
  /// from a file, so no arithmetic on it can overflow).
  public var lastPage: Int {
    didSet { lastPage = Self.clampedPage(lastPage) }
  }

  /// The largest page a record keeps: the last page of the largest onboarding a controller
  /// shows (`TutorialController.maximumPageCount` − 1).
  public static let maximumPage = (1 << 31) - 1

  /// `page` within 0...``maximumPage``.
  public static func clampedPage(_ page: Int) -> Int { Swift.min(Swift.max(0, page), maximumPage) }

  /// Moves ``lastPage`` on by `pages` (negative moves it back), saturating at both ends.
  public mutating func moveLastPage(by pages: Int) {
    let (sum, overflow) = lastPage.addingReportingOverflow(pages)
    lastPage = overflow ? (pages > 0 ? Self.maximumPage : 0) : sum
  }

  /// Creates a record.
  public init(identifier: String, version: Int, outcome: Outcome? = nil, lastPage: Int = 0) {
    self.identifier = identifier
    self.version = version
    self.outcome = outcome
    self.lastPage = Self.clampedPage(lastPage)
  }

  private enum CodingKeys: String, CodingKey {
    case identifier, version, outcome, lastPage
  }

  /// Reads a record, clamping its ``lastPage`` (a hand-edited file may say anything).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    identifier = try c.decode(String.self, forKey: .identifier)
    version = try c.decode(Int.self, forKey: .version)
    outcome = try c.decodeIfPresent(Outcome.self, forKey: .outcome)
    lastPage = Self.clampedPage(try c.decode(Int.self, forKey: .lastPage))
  }

  /// When an onboarding shows again.
  public enum ShowRule: String, Hashable, Sendable, CaseIterable {
    /// Until it was completed: skipping it shows it again next time.
    case untilCompleted
    /// Until it was completed or skipped (the usual "show once").
    case untilFinished
    /// Every time (for development).
    case always
  }

  /// What to do with an onboarding.
  public enum Decision: Hashable, Sendable {
    /// Do not show it.
    case skip
    /// Show it, starting at this page.
    case show(startPage: Int)
  }

  /// Whether to show onboarding `version` given its `record`, and from which page:
  ///
  /// - never seen (no record), or seen in an older version: show it from the first page;
  /// - seen in this version (or a newer one, after a downgrade) and finished as the rule
  ///   requires: skip it;
  /// - seen in this version and left mid-way: show it again, resuming at the last page reached
  ///   (when `resume` is true; clamped to `pageCount` when given).
  public static func decide(
    _ record: OnboardingRecord?, version: Int, rule: ShowRule = .untilFinished,
    resume: Bool = true, pageCount: Int? = nil
  ) -> Decision {
    guard rule != .always, let record, record.version >= version else {
      return .show(startPage: 0)
    }
    switch (record.outcome, rule) {
    case (.completed?, _), (.skipped?, .untilFinished): return .skip
    default:
      guard resume, record.outcome == nil else { return .show(startPage: 0) }
      let last =
        pageCount.map { Swift.min(record.lastPage, Swift.max(0, $0 - 1)) } ?? record.lastPage
      return .show(startPage: Swift.max(0, last))
    }
  }
}

/// Where records are kept. Reads never fail: a record that cannot be read is absent (and the
/// store reports why); writes throw when they cannot be made.
public protocol OnboardingRecordStore: Sendable {
  /// The record of `identifier`, or `nil` when there is none (or it could not be read).
  func record(for identifier: String) -> OnboardingRecord?
  /// Every record, by identifier.
  func allRecords() -> [String: OnboardingRecord]
  /// Changes the record of `identifier` as one step: no other writer's change is lost between
  /// reading it and writing it back. `body` gets the current record (`nil` when absent) and
  /// sets it (`nil` removes it). Returns the record written.
  @discardableResult
  func update(_ identifier: String, _ body: (inout OnboardingRecord?) -> Void) throws
    -> OnboardingRecord?
}

extension OnboardingRecordStore {
  /// Saves `record`, replacing the one of its identifier.
  public func save(_ record: OnboardingRecord) throws {
    try update(record.identifier) { $0 = record }
  }

  /// Removes the record of `identifier` (so the onboarding shows again).
  public func remove(_ identifier: String) throws {
    try update(identifier) { $0 = nil }
  }
}

/// Records in memory, for tests and previews.
public final class MemoryRecordStore: OnboardingRecordStore, @unchecked Sendable {
  private var records: [String: OnboardingRecord]
  private let lock = RecordLock()

  /// Creates a store holding `records`.
  public init(_ records: [OnboardingRecord] = []) {
    self.records = Dictionary(records.map { ($0.identifier, $0) }, uniquingKeysWith: { $1 })
  }

  /// The record of `identifier`.
  public func record(for identifier: String) -> OnboardingRecord? {
    lock.locked { records[identifier] }
  }

  /// Every record.
  public func allRecords() -> [String: OnboardingRecord] { lock.locked { records } }

  /// Changes the record of `identifier` under the store's lock.
  @discardableResult
  public func update(_ identifier: String, _ body: (inout OnboardingRecord?) -> Void)
    -> OnboardingRecord?
  {
    lock.locked {
      var r = records[identifier]
      body(&r)
      r?.identifier = identifier
      records[identifier] = r
      return r
    }
  }
}
