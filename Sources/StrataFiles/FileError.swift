/// Why a file could not be read or written: the path, what kind of failure, and one line
/// saying why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The path names no file.
    case notFound
    /// The path names something that is not a regular file (a FIFO, a device, a socket, a
    /// folder): it is refused before any byte is read, so nothing can block.
    case notRegularFile
    /// The file holds more bytes than the limit the caller gave.
    case tooLarge(limit: Int)
    /// The path is a symbolic link, and the write was not told to replace links.
    case symbolicLink
    /// The path leaves the folder it must stay in.
    case outsideFolder(String)
    /// The system refused; the `errno` value.
    case system(Int32)
  }

  /// The path the error is about.
  public var path: String
  /// What went wrong.
  public var kind: Kind
  /// One line saying why.
  public var reason: String

  /// Creates an error.
  public init(path: String, kind: Kind, reason: String) {
    self.path = path
    self.kind = kind
    self.reason = reason
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}
