import StrataFiles

/// Writes a file piece by piece under a temporary name, and renames it into place only when
/// ``commit()`` is called, so that a reader never sees a partial file (``AtomicWriter``, with
/// errors as ``RenderError/file(_:)``).
public final class AtomicFileWriter {
  /// The final path.
  public var path: String { writer.path }
  private let writer: AtomicWriter

  /// Opens a temporary file beside `path`.
  ///
  /// - Throws: ``RenderError/file(_:)`` when it cannot be created, or when `path` is
  ///   a symbolic link.
  public init(path: String) throws(RenderError) {
    do {
      writer = try AtomicWriter(path: path)
    } catch {
      throw .file(error)
    }
  }

  /// Appends bytes.
  public func write(_ bytes: [UInt8]) throws(RenderError) {
    do {
      try writer.write(bytes)
    } catch {
      throw .file(error)
    }
  }

  /// Flushes the file to disk and renames it into place.
  public func commit() throws(RenderError) {
    do {
      try writer.commit()
    } catch {
      throw .file(error)
    }
  }

  /// Abandons the file: the temporary is removed and nothing appears at ``path``.
  public func cancel() { writer.cancel() }
}
