#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file piece by piece under a temporary name, and renames it into place only when
/// ``commit()`` is called, so that a reader never sees a partial file.
public final class AtomicFileWriter {
  /// The final path.
  public let path: String
  private let temp: String
  private var file: UnsafeMutablePointer<FILE>?

  /// Opens a temporary file beside `path`.
  ///
  /// - Throws: ``RenderError/io(path:reason:)`` when it cannot be created.
  public init(path: String) throws(RenderError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temp = (dir.isEmpty ? "" : dir + "/") + ".\(name).tmp-\(getpid())"
    guard let f = fopen(temp, "wb") else { throw .io(path: path, reason: AtomicFile.reason()) }
    file = f
  }

  deinit { cancel() }

  /// Appends bytes.
  public func write(_ bytes: [UInt8]) throws(RenderError) {
    guard let f = file else { throw .io(path: path, reason: "already closed") }
    let n = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    guard n == bytes.count else { throw .io(path: path, reason: AtomicFile.reason()) }
  }

  /// Flushes the file to disk and renames it into place.
  public func commit() throws(RenderError) {
    guard let f = file else { throw .io(path: path, reason: "already closed") }
    file = nil
    let ok = fflush(f) == 0 && fsync(fileno(f)) == 0
    fclose(f)
    guard ok, rename(temp, path) == 0 else {
      let why = AtomicFile.reason()
      unlink(temp)
      throw .io(path: path, reason: why)
    }
  }

  /// Abandons the file: the temporary is removed and nothing appears at ``path``.
  public func cancel() {
    if let f = file {
      fclose(f)
      unlink(temp)
      file = nil
    }
  }
}
