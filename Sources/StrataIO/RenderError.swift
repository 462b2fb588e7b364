import StrataFiles

/// Why something could not be rendered, decoded or written.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A canvas or image larger than the pixel limit, or with a size that is not positive.
  case invalidSize(width: Int, height: Int, limit: Int)
  /// A scale factor that is not positive and finite.
  case invalidScale(Double)
  /// A PNG that could not be decoded: what was wrong, and where (a chunk name or a byte offset).
  case malformedPNG(reason: String, at: String)
  /// A file that could not be written or read: the path, the kind of failure (the `errno`
  /// value among them) and why.
  case file(FileError)
  /// An animated PNG used out of order: no frames, or more or fewer than announced.
  case invalidAnimation(path: String, reason: String)
  /// A file that could not be written or read.
  @available(*, deprecated, message: "no longer thrown: I/O failures are .file(FileError)")
  case io(path: String, reason: String)

  /// One line saying what was wrong.
  public var description: String {
    switch self {
    case .invalidSize(let w, let h, let limit):
      return
        "size \(w)×\(h) is not allowed (each side must be at least 1 and the area at most \(limit) pixels)"
    case .invalidScale(let s):
      return "scale \(s) is not a positive finite number"
    case .malformedPNG(let reason, let at):
      return "malformed PNG at \(at): \(reason)"
    case .file(let error):
      return error.description
    case .invalidAnimation(let path, let reason):
      return "\(path): \(reason)"
    default:
      // `.io`, deprecated and no longer thrown, described as it was: "path: reason".
      let payload = Mirror(reflecting: self).children.first?.value
      guard let (path, reason) = payload as? (path: String, reason: String) else {
        return "input/output error"
      }
      return "\(path): \(reason)"
    }
  }
}
