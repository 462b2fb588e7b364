import Foundation
import Strata
import StrataAssets

/// Finds an example's asset folder: in the resources SwiftPM copies beside the program, or
/// else beside the example's source file (for a program moved away from its resources, run
/// inside the package).
enum ExampleAssets {
  /// The resource bundle's name for StrataExamples.
  static let bundleName = "Strata_StrataExamples"

  /// The catalogue of `folder` (a folder of resources), found where it holds `marker`, or why
  /// it was not found. `sourceFile` is the `#filePath` of a file beside the source folder.
  static func catalog(folder: String, marker: String, sourceFile: String) -> Result<
    AssetCatalog, AssetError
  > {
    let candidates = self.candidates(folder: folder, sourceFile: sourceFile)
    for directory in candidates {
      let catalog = AssetCatalog(directory: directory)
      if let names = try? catalog.names(), names.contains(marker) { return .success(catalog) }
    }
    return .failure(.unreadableFolder(candidates.map(\.path).joined(separator: ", ")))
  }

  /// The file `name` in the resource folder `folder`, where it is found first, or `nil`.
  static func file(_ name: String, folder: String, sourceFile: String) -> String? {
    for directory in candidates(folder: folder, sourceFile: sourceFile) {
      let path = directory.appendingPathComponent(name).path
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    return nil
  }

  /// Where a resource folder may be: in the bundles SwiftPM makes beside the program, then
  /// beside the source file.
  static func candidates(folder: String, sourceFile: String) -> [URL] {
    var candidates: [URL] = []
    let main = Bundle.main
    for base in [main.resourceURL, main.bundleURL, main.executableURL?.deletingLastPathComponent()]
    {
      guard let base else { continue }
      for ext in ["resources", "bundle"] {
        let bundle = base.appendingPathComponent("\(bundleName).\(ext)")
        candidates.append(bundle.appendingPathComponent(folder))
        candidates.append(bundle.appendingPathComponent("Contents/Resources/\(folder)"))
      }
    }
    candidates.append(
      URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(folder))
    return candidates
  }

  /// The image `name` of `catalog` at its best (vectors at any scale, bitmaps at @3x), or `nil`.
  static func image(_ name: String, in catalog: Result<AssetCatalog, AssetError>) -> Image? {
    guard case .success(let c) = catalog else { return nil }
    return try? c.image(named: name, scale: 3)
  }
}
