import Foundation
import StrataFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records in one JSON file, safe against crashes and against other processes.
///
/// - **Atomic writes.** A change is written to a temporary file beside the records, flushed
///   to the disk, and renamed over them (then the folder is flushed), so the file holds the
///   records before the change or after it, whatever moment the process is killed at.
/// - **No lost updates.** ``update(_:_:)`` holds an exclusive lock (`flock`) on a lock file
///   beside the records from reading them to renaming the new file, so two processes (an app
///   and its extension) that change records at once both keep their change.
/// - **No links followed.** The temporary file is made with `O_EXCL | O_NOFOLLOW` under a fresh
///   random name, the lock file is opened with `O_NOFOLLOW`, and a records path that is a
///   symbolic link is not replaced (``update(_:_:)`` throws), so a link planted beside the
///   records cannot turn a write into one somewhere else.
/// - **Bad files are absent, not fatal.** A file that is not JSON, not the format, larger than
///   ``sizeLimit`` or unreadable reads as no records; the problem is reported to `report` and
///   kept in ``lastProblem``, and the next write replaces the file.
///
/// The file is `{"format": 1, "records": [{"identifier", "version", "outcome", "lastPage"}]}`.
public final class FileRecordStore: OnboardingRecordStore, @unchecked Sendable {
  /// Why records could not be read.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file is larger than the store reads.
    case tooLarge(path: String, size: Int, limit: Int)
    /// The file is not the records' JSON.
    case corrupt(path: String, reason: String)
    /// A record could not be written.
    case unwritable(path: String, reason: String)

    /// One line naming the file and the reason.
    public var description: String {
      switch self {
      case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
      case .tooLarge(let path, let size, let limit):
        return "\(path): \(size) bytes, more than the \(limit) records are read from"
      case .corrupt(let path, let reason): return "\(path): not onboarding records: \(reason)"
      case .unwritable(let path, let reason): return "\(path): cannot be written: \(reason)"
      }
    }
  }

  /// The records file.
  public let path: String
  /// The largest file read (1 MiB: about ten thousand records).
  public let sizeLimit: Int
  private let report: @Sendable (Problem) -> Void
  private let lock = RecordLock()
  private var problem: Problem?

  /// A store of the records in `path` (the file need not exist; its folder must). Problems
  /// reading it go to `report` as well as to ``lastProblem``.
  public init(
    path: String, sizeLimit: Int = 1 << 20, report: @escaping @Sendable (Problem) -> Void = { _ in }
  ) {
    self.path = path
    self.sizeLimit = sizeLimit
    self.report = report
  }

  /// The last problem met reading the file, if any.
  public var lastProblem: Problem? { lock.locked { problem } }

  /// The record of `identifier`, or `nil` when there is none or the file cannot be read.
  public func record(for identifier: String) -> OnboardingRecord? {
    allRecords()[identifier]
  }

  /// Every record in the file; none when it is missing or cannot be read.
  public func allRecords() -> [String: OnboardingRecord] {
    lock.locked { load() }
  }

  /// Reads, changes and writes back the record of `identifier` under the file lock.
  ///
  /// - Throws: ``Problem/unwritable(path:reason:)`` when the lock or the new file cannot be
  ///   made; the records are then as they were.
  @discardableResult
  public func update(_ identifier: String, _ body: (inout OnboardingRecord?) -> Void) throws
    -> OnboardingRecord?
  {
    try lock.locked {
      let fd: Int32
      do {
        fd = try SafeFile.openLockFile(path + ".lock")
      } catch let error as FileError {
        throw Problem.unwritable(path: path + ".lock", reason: error.reason)
      }
      defer { close(fd) }
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else {
          throw Problem.unwritable(path: path + ".lock", reason: Self.reason())
        }
      }
      defer { flock(fd, LOCK_UN) }
      var records = load()
      var record = records[identifier]
      body(&record)
      record?.identifier = identifier
      records[identifier] = record
      try write(records)
      return record
    }
  }

  // MARK: The file

  struct File: Codable {
    var format: Int
    var records: [OnboardingRecord]
  }

  /// The records, or none (and the problem noted) when the file cannot be read.
  private func load() -> [String: OnboardingRecord] {
    let data: Data
    do {
      data = Data(try SafeFile.read(path, limit: sizeLimit))
    } catch {
      switch error.kind {
      case .notFound: return [:]
      case .tooLarge:
        return fail(.tooLarge(path: path, size: Self.size(of: path), limit: sizeLimit))
      default: return fail(.unreadable(path: path, reason: error.reason))
      }
    }
    switch Self.decode(data, path: path) {
    case .success(let records): return records
    case .failure(let problem): return fail(problem)
    }
  }

  /// The records in a file's bytes, or why they are not records.
  static func decode(_ data: Data, path: String) -> Result<[String: OnboardingRecord], Problem> {
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      guard file.format == 1 else {
        return .failure(.corrupt(path: path, reason: "format \(file.format), this version reads 1"))
      }
      return .success(
        Dictionary(file.records.map { ($0.identifier, $0) }, uniquingKeysWith: { $1 }))
    } catch {
      return .failure(.corrupt(path: path, reason: Self.describe(error)))
    }
  }

  /// Decodes untrusted bytes as a records file and decides every record found, moving each
  /// record's page on as `strata records --page +N` does: the fuzz target `records` calls it.
  @_spi(Fuzzing) public static func readUntrusted(_ bytes: [UInt8]) {
    guard case .success(let records) = decode(Data(bytes), path: "fuzz") else { return }
    for var r in records.values {
      _ = OnboardingRecord.decide(r, version: r.version, pageCount: r.lastPage)
      r.moveLastPage(by: Int.max)
      r.moveLastPage(by: Int.min)
    }
  }

  private func fail(_ p: Problem) -> [String: OnboardingRecord] {
    problem = p
    report(p)
    return [:]
  }

  /// Writes `records` through the one atomic writer (`SafeFile.write`: a temporary file,
  /// flushed, renamed over the records, the folder flushed).
  private func write(_ records: [String: OnboardingRecord]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let file = File(format: 1, records: records.values.sorted { $0.identifier < $1.identifier })
    let bytes = [UInt8](try encoder.encode(file))
    do {
      try SafeFile.write(bytes, to: path)
    } catch {
      throw Problem.unwritable(path: path, reason: error.reason)
    }
    let (folder, name) = SafeFile.split(path)
    removeStaleTemporaries(in: folder, name: name)
  }

  /// Removes the temporary files of writers that were killed (their process is gone), under
  /// the lock, so that crashes do not leave files behind for ever.
  private func removeStaleTemporaries(in folder: String, name: String) {
    let prefix = ".\(name).tmp-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for n in names where n.hasPrefix(prefix) && SafeFile.isStaleTemporary(n) {
      unlink(folder + "/" + n)
    }
  }

  static func reason() -> String { String(cString: strerror(errno)) }

  /// The size of the file at `path` as the system reports it (0 when it cannot say).
  static func size(of path: String) -> Int {
    var s = stat()
    return stat(path, &s) == 0 ? Int(s.st_size) : 0
  }

  static func describe(_ error: Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let c): return c.debugDescription
    case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
      let at = c.codingPath.map(\.stringValue).joined(separator: ".")
      return "\(c.debugDescription) at \(at.isEmpty ? "the top" : at)"
    default: return "\(error)"
    }
  }
}

/// A mutual-exclusion lock for the stores' state.
final class RecordLock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func locked<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}
