import StrataFiles

/// Writes files so that a reader never sees half of one, and reads only regular files: the
/// render module's face of ``SafeFile`` (errors as ``RenderError/file(_:)``).
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically: a temporary file beside it, created under a fresh
  /// random name that follows no link, flushed, then renamed over it. A `path` that is a
  /// symbolic link is refused unless `replacingSymbolicLinks` is set.
  ///
  /// - Throws: ``RenderError/file(_:)`` naming the path and the reason.
  public static func write(
    _ bytes: [UInt8], to path: String, replacingSymbolicLinks: Bool = false
  ) throws(RenderError) {
    do {
      try SafeFile.write(bytes, to: path, replacingSymbolicLinks: replacingSymbolicLinks)
    } catch {
      throw .file(error)
    }
  }

  /// Reads a whole regular file of at most `limit` bytes; FIFOs, devices, sockets and folders
  /// are refused at once, without blocking.
  public static func read(_ path: String, limit: Int = 1 << 30) throws(RenderError) -> [UInt8] {
    do {
      return try SafeFile.read(path, limit: limit)
    } catch {
      throw .file(error)
    }
  }
}
