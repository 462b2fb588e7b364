#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader never sees half of one: a temporary file beside the
/// target, flushed, then renamed over it.
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: ``RenderError/io(path:reason:)`` naming the path and the system's reason.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
    let slash = path.lastIndex(of: "/")
    let dir = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw .io(path: path, reason: "no file name") }
    let temp = (dir.isEmpty ? "" : dir + "/") + ".\(name).tmp-\(getpid())"
    guard let f = fopen(temp, "wb") else { throw .io(path: path, reason: Self.reason()) }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    let flushed = fflush(f) == 0 && fsync(fileno(f)) == 0
    fclose(f)
    guard written == bytes.count, flushed else {
      let why = reason()
      unlink(temp)
      throw .io(path: path, reason: why)
    }
    guard rename(temp, path) == 0 else {
      let why = reason()
      unlink(temp)
      throw .io(path: path, reason: why)
    }
  }

  /// Reads a whole file.
  public static func read(_ path: String, limit: Int = 1 << 30) throws(RenderError) -> [UInt8] {
    guard let f = fopen(path, "rb") else { throw .io(path: path, reason: reason()) }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, f) }
      if n > 0 { out += chunk[0..<n] }
      if out.count > limit { throw .io(path: path, reason: "larger than \(limit) bytes") }
      if n < chunk.count { break }
    }
    if ferror(f) != 0 { throw .io(path: path, reason: "read error") }
    return out
  }

  static func reason() -> String {
    String(cString: strerror(errno))
  }
}
