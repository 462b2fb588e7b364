#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one file piece by piece under a fresh temporary name beside it, and renames it into
/// place only on ``commit()``: a reader sees the old file or the whole new one, never a part.
///
/// The temporary file is created with `O_CREAT | O_EXCL | O_NOFOLLOW` (``SafeFile``), so a
/// link planted beside the target is never written through.
public final class AtomicWriter {
  /// The final path.
  public let path: String
  /// The temporary file's path.
  public let temporaryPath: String
  private var fd: Int32

  /// Creates the temporary file beside `path`.
  ///
  /// - Throws: ``FileError``: `path` is a symbolic link (unless `replacingSymbolicLinks`),
  ///   or the temporary file cannot be made.
  public init(path: String, replacingSymbolicLinks: Bool = false) throws(FileError) {
    let (folder, name) = SafeFile.split(path)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw FileError(path: path, kind: .notFound, reason: "no file name")
    }
    if !replacingSymbolicLinks, SafeFile.isSymbolicLink(path) {
      throw FileError(
        path: path, kind: .symbolicLink,
        reason: "is a symbolic link; it is not replaced unless asked to")
    }
    self.path = path
    var made: Int32 = -1
    var temp = ""
    // A clash with a name already there (only by chance, or planted) tries another name.
    for _ in 0..<8 {
      temp =
        (folder == "." && !path.hasPrefix("./") ? "" : folder + (folder == "/" ? "" : "/"))
        + SafeFile.temporaryName(for: name)
      made = open(temp, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0o644)
      if made >= 0 || errno != EEXIST { break }
    }
    guard made >= 0 else { throw SafeFile.systemError(path) }
    temporaryPath = temp
    fd = made
  }

  deinit { cancel() }

  /// Appends bytes.
  public func write(_ bytes: [UInt8]) throws(FileError) {
    guard fd >= 0 else {
      throw FileError(path: path, kind: .system(EBADF), reason: "already closed")
    }
    guard SafeFile.writeAll(bytes, to: fd) else {
      let e = SafeFile.systemError(path)
      cancel()
      throw e
    }
  }

  /// Flushes the file to the disk, renames it into place and flushes the folder (so that the
  /// rename, too, survives a power cut).
  public func commit() throws(FileError) {
    guard fd >= 0 else {
      throw FileError(path: path, kind: .system(EBADF), reason: "already closed")
    }
    let flushed = fsync(fd) == 0
    let e = SafeFile.systemError(path)
    close(fd)
    fd = -1
    guard flushed else {
      unlink(temporaryPath)
      throw e
    }
    guard rename(temporaryPath, path) == 0 else {
      let e = SafeFile.systemError(path)
      unlink(temporaryPath)
      throw e
    }
    // The rename survives a power cut only once the folder itself is flushed.
    SafeFile.syncFolder(SafeFile.split(path).folder)
  }

  /// Abandons the file: the temporary is removed and nothing changes at ``path``.
  public func cancel() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unlink(temporaryPath)
  }
}
