/// Why something could not be rendered, decoded or written.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A canvas or image larger than the pixel limit, or with a size that is not positive.
  case invalidSize(width: Int, height: Int, limit: Int)
  /// A scale factor that is not positive and finite.
  case invalidScale(Double)
  /// A PNG that could not be decoded: what was wrong, and where (a chunk name or a byte offset).
  case malformedPNG(reason: String, at: String)
  /// A file that could not be written or read.
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
    case .io(let path, let reason):
      return "\(path): \(reason)"
    }
  }
}
