import Foundation

/// Where the files a spec names are, and whether it may read them.
extension SpecValidator {
  /// The file's full path.
  func resolve(_ source: String) -> String {
    source.hasPrefix("/") ? source : (baseDirectory as NSString).appendingPathComponent(source)
  }

  /// The file's full path when it may be read: inside the spec's folder once `..` and links
  /// are resolved (or anywhere, when not ``confined``); else a problem at `path` and nil.
  mutating func permitted(_ source: String, _ path: String) -> String? {
    let full = resolve(source)
    guard confined else { return full }
    func real(_ p: String) -> String? {
      guard let r = realpath(p, nil) else { return nil }
      defer { free(r) }
      return String(cString: r)
    }
    // A file that does not exist yet is judged by its folder; the missing file is reported
    // by the caller.
    let target =
      real(full)
      ?? real((full as NSString).deletingLastPathComponent).map {
        ($0 as NSString).appendingPathComponent((full as NSString).lastPathComponent)
      }
    guard let base = real(baseDirectory), let target,
      target == base || target.hasPrefix(base == "/" ? "/" : base + "/")
    else {
      problem(
        path,
        "\"\(source)\" is outside the spec's folder; files a spec names must be in its folder "
          + "(strata: --any-path allows others)")
      return nil
    }
    return full
  }
}
