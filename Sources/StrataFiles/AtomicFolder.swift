#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole folder of files so that it appears complete or not at all: the files go to a
/// temporary folder beside the target (``SafeFile/temporaryName(for:)``), and ``commit()``
/// renames it into place, replacing a folder of that name that was there. A full disk or a
/// crash part-way leaves the old folder as it was (and, after a crash, a temporary folder
/// that ``SafeFile/isStaleTemporary(_:)`` recognises).
public final class AtomicFolder {
  /// The final path.
  public let path: String
  /// The temporary folder's path, where ``write(_:to:)`` puts files until ``commit()``.
  public let temporaryPath: String
  private var isOpen = true

  /// Creates the temporary folder beside `path`.
  ///
  /// - Throws: ``FileError``: `path` is a symbolic link, or the folder cannot be made.
  public init(path: String) throws(FileError) {
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    let (folder, name) = SafeFile.split(trimmed)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw FileError(path: path, kind: .notFound, reason: "no folder name")
    }
    if SafeFile.isSymbolicLink(trimmed) {
      throw FileError(
        path: path, kind: .symbolicLink, reason: "is a symbolic link; it is not replaced")
    }
    self.path = trimmed
    let prefix =
      folder == "." && !trimmed.hasPrefix("./") ? "" : folder + (folder == "/" ? "" : "/")
    var made = ""
    for _ in 0..<8 {
      let candidate = prefix + SafeFile.temporaryName(for: name)
      if mkdir(candidate, 0o755) == 0 {
        made = candidate
        break
      }
      guard errno == EEXIST else { throw SafeFile.systemError(path) }
    }
    guard !made.isEmpty else { throw SafeFile.systemError(path) }
    temporaryPath = made
  }

  deinit { cancel() }

  /// Writes `bytes` to `relativePath` inside the folder (its own folders are made as needed).
  ///
  /// - Throws: ``FileError``: a path that leaves the folder (`..`, absolute), or the system's
  ///   reason. Any failure abandons the folder (as ``cancel()``): the old one stays.
  public func write(_ bytes: [UInt8], to relativePath: String) throws(FileError) {
    let parts = relativePath.split(separator: "/")
    guard isOpen, !relativePath.hasPrefix("/"), !parts.isEmpty,
      !parts.contains(where: { $0 == ".." || $0 == "." })
    else {
      cancel()
      throw FileError(
        path: relativePath, kind: .outsideFolder(path), reason: "not a path inside \(path)")
    }
    var dir = temporaryPath
    for part in parts.dropLast() {
      dir += "/" + part
      if mkdir(dir, 0o755) != 0 && errno != EEXIST {
        let e = SafeFile.systemError(dir)
        cancel()
        throw e
      }
    }
    let full = temporaryPath + "/" + relativePath
    let fd = open(full, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let e = SafeFile.systemError(full)
      cancel()
      throw e
    }
    defer { close(fd) }
    guard SafeFile.writeAll(bytes, to: fd), fsync(fd) == 0 else {
      let e = SafeFile.systemError(full)
      cancel()
      throw e
    }
  }

  /// Puts the folder in place: a folder already at ``path`` is moved aside, the new one
  /// renamed in, and the old one removed.
  ///
  /// - Throws: ``FileError`` when a rename fails (the old folder is then back in place).
  public func commit() throws(FileError) {
    guard isOpen else {
      throw FileError(path: path, kind: .system(EBADF), reason: "already committed or cancelled")
    }
    var s = stat()
    var aside: String?
    if lstat(path, &s) == 0 {
      guard s.st_mode & S_IFMT == S_IFDIR else {
        cancel()
        throw FileError(
          path: path, kind: .notRegularFile,
          reason: "is \(SafeFile.kindName(s.st_mode)), not a folder; it is not replaced")
      }
      let (folder, name) = SafeFile.split(path)
      let moved = folder + "/" + SafeFile.temporaryName(for: name)
      guard rename(path, moved) == 0 else {
        let e = SafeFile.systemError(path)
        cancel()
        throw e
      }
      aside = moved
    }
    guard rename(temporaryPath, path) == 0 else {
      let e = SafeFile.systemError(path)
      if let aside { rename(aside, path) }
      cancel()
      throw e
    }
    isOpen = false
    SafeFile.syncFolder(SafeFile.split(path).folder)
    if let aside { SafeFile.removeTree(aside) }
  }

  /// Abandons the folder: the temporary folder and all in it are removed.
  public func cancel() {
    guard isOpen else { return }
    isOpen = false
    SafeFile.removeTree(temporaryPath)
  }
}

extension SafeFile {
  /// Removes `path` and, when it is a folder, everything in it; symbolic links are removed,
  /// never followed.
  public static func removeTree(_ path: String) {
    var s = stat()
    guard lstat(path, &s) == 0 else { return }
    guard s.st_mode & S_IFMT == S_IFDIR else {
      unlink(path)
      return
    }
    if let dir = opendir(path) {
      var names: [String] = []
      while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
          $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(dir)
      for name in names { removeTree(path + "/" + name) }
    }
    rmdir(path)
  }
}
