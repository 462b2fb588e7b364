#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tells one saved version of a file from the next: its inode (an atomic save makes a
/// new file), its size and its modification time to the nanosecond.
public struct FileStamp: Hashable, Sendable {
  /// The file's inode number.
  public var inode: UInt64
  /// Its size in bytes.
  public var size: Int64
  /// Its modification time: whole seconds since 1970 …
  public var seconds: Int
  /// … and nanoseconds past them.
  public var nanoseconds: Int

  /// Creates a stamp.
  public init(inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
    self.inode = inode
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// The stamp of the file at `path` (links followed), or `nil` when there is none.
  public static func of(_ path: String) -> FileStamp? {
    var s = stat()
    guard stat(path, &s) == 0 else { return nil }
    #if canImport(Glibc)
      let time = s.st_mtim
    #else
      let time = s.st_mtimespec
    #endif
    return FileStamp(
      inode: UInt64(s.st_ino), size: Int64(s.st_size), seconds: Int(time.tv_sec),
      nanoseconds: Int(time.tv_nsec))
  }

  /// The modification time in seconds since 1970.
  public var modificationTime: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}

/// Notices files being saved: it keeps each watched file's ``FileStamp`` and, asked, says which
/// changed since the last look (a file that appears or disappears has changed too). The one
/// way the preview and `strata watch` see a save.
public struct FileChanges: Sendable {
  /// The last stamp of each watched file (`nil`: not there at the last look).
  private var stamps: [String: FileStamp?] = [:]
  /// The watched files, in the order given.
  public private(set) var paths: [String] = []

  /// Watches `paths`. With `seen` (the default) their present state is taken as seen, so only
  /// later saves count; without it, the files there now are reported at the first look.
  public init(watching paths: [String] = [], seen: Bool = true) {
    if seen {
      watch(paths)
    } else {
      for p in paths where stamps[p] == nil {
        stamps[p] = .some(nil)
        self.paths.append(p)
      }
    }
  }

  /// Watches `paths` from now on, besides the files already watched; the present state of
  /// new ones is taken as seen.
  public mutating func watch(_ paths: [String]) {
    for p in paths where stamps[p] == nil {
      stamps[p] = .some(FileStamp.of(p))
      self.paths.append(p)
    }
  }

  /// Watches exactly `paths`: files no longer named are dropped, new ones taken as seen.
  public mutating func replace(with paths: [String]) {
    let keep = Set(paths)
    for p in self.paths where !keep.contains(p) { stamps[p] = nil }
    self.paths.removeAll { !keep.contains($0) }
    watch(paths)
  }

  /// The watched files that changed since the last look, with their new stamps (`nil` for a
  /// file that is gone), in watching order; each change is reported once.
  public mutating func changes() -> [(path: String, stamp: FileStamp?)] {
    var out: [(path: String, stamp: FileStamp?)] = []
    for p in paths {
      let now = FileStamp.of(p)
      if stamps[p] != .some(now) {
        stamps[p] = .some(now)
        out.append((p, now))
      }
    }
    return out
  }
}
