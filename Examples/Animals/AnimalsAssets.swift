import Foundation
import Strata
import StrataAssets

/// The animals onboarding's files in `Examples/Animals/Assets/`: the bear cub (an SVG
/// illustration) and the blue jay (a JPEG photograph at @3x), read through an
/// ``AssetCatalog`` as an app would read its own.
///
/// The folder is copied beside the `strata` program as the package's resources; a program
/// moved away from them falls back to the source tree, and without either the prints show
/// their plain background (``missing`` says why).
enum AnimalsAssets {
  /// The resource folder's name inside the bundle SwiftPM makes for StrataExamples.
  static let bundleName = "Strata_StrataExamples"

  /// The catalogue of the assets, or why there is none.
  static let catalog: Result<AssetCatalog, AssetError> = {
    var candidates: [URL] = []
    let main = Bundle.main
    for base in [main.resourceURL, main.bundleURL, main.executableURL?.deletingLastPathComponent()]
    {
      guard let base else { continue }
      for ext in ["resources", "bundle"] {
        let bundle = base.appendingPathComponent("\(bundleName).\(ext)")
        candidates.append(bundle.appendingPathComponent("Assets"))
        candidates.append(bundle.appendingPathComponent("Contents/Resources/Assets"))
      }
    }
    // Where this file is: for a program run from its build folder inside the package.
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Assets"))
    for folder in candidates {
      let catalog = AssetCatalog(directory: folder)
      if let names = try? catalog.names(), names.contains("bear") { return .success(catalog) }
    }
    return .failure(.unreadableFolder(candidates.map(\.path).joined(separator: ", ")))
  }()

  /// The image `name` (vector images at any scale, bitmaps at their best), or `nil`.
  static func image(_ name: String) -> Image? {
    guard case .success(let catalog) = catalog else { return nil }
    return try? catalog.image(named: name, scale: 3)
  }

  /// Why the assets cannot be shown, or `nil` when they can.
  static var missing: AssetError? {
    switch catalog {
    case .success(let c):
      return (try? c.image(named: "bear", scale: 3)) == nil
        ? .missing(name: "bear", folder: c.directory.path, available: (try? c.names()) ?? []) : nil
    case .failure(let e): return e
    }
  }

  /// The bear cub illustration.
  static let bear = image("bear")
  /// The blue jay photograph.
  static let blueJay = image("blue-jay")
}
