#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing files so that no path an input names can block, trick or half-write
/// them: the one place Strata's modules open files.
///
/// - **Reads** open without blocking and without following the file's way to a terminal
///   (`O_NONBLOCK | O_NOCTTY`), then check on the open descriptor that it is a regular file:
///   a FIFO, a device such as `/dev/tty` or `/dev/zero`, a socket or a folder is refused at
///   once, and the size limit is checked against the bytes actually read (a file that grows
///   while it is read cannot pass it).
/// - **Writes** go to a temporary file beside the target, created with
///   `O_CREAT | O_EXCL | O_NOFOLLOW` under a fresh random name (so a link planted there is
///   never followed and a name taken is never reused), flushed, then renamed over the target.
///   A target that is a symbolic link is refused unless the caller says to replace it (the
///   link itself is replaced, never what it points to).
public enum SafeFile {
  /// The largest read any caller may ask for (1 GiB).
  public static let readCeiling = 1 << 30

  /// The whole regular file at `path`, at most `limit` bytes.
  ///
  /// - Throws: ``FileError`` naming the path: not found, not a regular file, larger than
  ///   `limit`, or the system's reason.
  public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    let limit = Swift.max(0, Swift.min(limit, readCeiling))
    let fd = try openRegular(path)
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw systemError(path)
      }
      if n == 0 { break }
      guard out.count + n <= limit else {
        throw FileError(
          path: path, kind: .tooLarge(limit: limit), reason: "larger than \(limit) bytes")
      }
      out += chunk[0..<n]
    }
    return out
  }

  /// Opens `path` for reading when it is a regular file (without blocking on anything else);
  /// the caller closes the descriptor.
  public static func openRegular(_ path: String) throws(FileError) -> Int32 {
    guard !path.isEmpty else {
      throw FileError(path: path, kind: .notFound, reason: "an empty path")
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw systemError(path) }
    var s = stat()
    guard fstat(fd, &s) == 0 else {
      let e = systemError(path)
      close(fd)
      throw e
    }
    guard s.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw FileError(
        path: path, kind: .notRegularFile,
        reason: "not a regular file (\(kindName(s.st_mode))); only files are read")
    }
    // Regular files never block; reads go back to the ordinary mode.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// What a file of mode `mode` is, in words.
  static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a file"
    }
  }

  /// Writes `bytes` to `path` atomically (see the type's notes).
  ///
  /// - Parameter replacingSymbolicLinks: when `path` is a symbolic link, replace the link
  ///   (never the file it points to); when false, such a path is refused.
  /// - Throws: ``FileError`` naming the path and the reason.
  public static func write(
    _ bytes: [UInt8], to path: String, replacingSymbolicLinks: Bool = false
  ) throws(FileError) {
    let writer = try AtomicWriter(path: path, replacingSymbolicLinks: replacingSymbolicLinks)
    try writer.write(bytes)
    try writer.commit()
  }

  /// Whether `path` is a symbolic link (not followed).
  public static func isSymbolicLink(_ path: String) -> Bool {
    var s = stat()
    return lstat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFLNK
  }

  /// The folder part of `path` ("." when it has none) and its last component.
  public static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// A fresh temporary name for `name`: `.NAME.tmp-PID-RANDOM`, with the process id (so a
  /// later run can tell a killed writer's leftovers, ``temporaryOwner(_:)``) and 64 random
  /// bits (so nobody can guess it ahead).
  public static func temporaryName(for name: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() as UInt64, radix: 16)
    return ".\(name).tmp-\(getpid())-\(random)"
  }

  /// The process that wrote the temporary file `name` (``temporaryName(for:)``, or the older
  /// `.NAME.tmp-PID`), or `nil` when `name` is not one.
  public static func temporaryOwner(_ name: String) -> Int32? {
    let bytes = Array(name.utf8)
    let marker = Array(".tmp-".utf8)
    guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count,
      let at = (0...(bytes.count - marker.count)).last(where: {
        bytes[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return nil }
    let tail = bytes[(at + marker.count)...].split(
      separator: UInt8(ascii: "-"), maxSplits: 1, omittingEmptySubsequences: false)
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }
    guard let first = tail.first, !first.isEmpty, first.count <= 10, first.allSatisfy(isDigit),
      let pid = Int32(String(decoding: first, as: UTF8.self)), pid > 0
    else { return nil }
    if tail.count == 2 {
      guard !tail[1].isEmpty, tail[1].allSatisfy(isHex) else { return nil }
    }
    return pid
  }

  /// Whether `name` is a temporary file whose writing process no longer runs.
  public static func isStaleTemporary(_ name: String) -> Bool {
    guard let pid = temporaryOwner(name), pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// Opens (creating it when absent) the lock file at `path` for `flock`, refusing a symbolic
  /// link or anything but a regular file there; the caller closes it.
  public static func openLockFile(_ path: String) throws(FileError) -> Int32 {
    let fd = open(path, O_CREAT | O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      if errno == ELOOP {
        throw FileError(
          path: path, kind: .symbolicLink, reason: "the lock file is a symbolic link")
      }
      throw systemError(path)
    }
    var s = stat()
    guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw FileError(path: path, kind: .notRegularFile, reason: "the lock file is not a file")
    }
    return fd
  }

  /// Flushes the folder `folder` itself, so that a rename in it survives a power cut.
  public static func syncFolder(_ folder: String) {
    let dir = open(folder, O_RDONLY | O_CLOEXEC)
    if dir >= 0 {
      fsync(dir)
      close(dir)
    }
  }

  /// Writes all of `bytes` to `fd` (again after an interruption); false when the system
  /// refused, with `errno` saying why.
  static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      done += n
    }
    return true
  }

  /// The error for the current `errno`.
  static func systemError(_ path: String) -> FileError {
    let code = errno
    let reason = String(cString: strerror(code))
    return FileError(path: path, kind: code == ENOENT ? .notFound : .system(code), reason: reason)
  }
}

/// The system's `read`, under a name no method here hides.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

/// The system's `write`, under a name no method here hides.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
