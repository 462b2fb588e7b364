import Strata
import StrataAssets

/// The animals onboarding's files in `Examples/Animals/Assets/`: the bear cub (an SVG
/// illustration) and the blue jay (a JPEG photograph at @3x), read through an
/// ``AssetCatalog`` as an app would read its own.
///
/// The folder is copied beside the `strata` program as the package's resources; without it
/// the prints show their plain background.
enum AnimalsAssets {
  /// The catalogue of the assets, or why there is none.
  static let catalog = ExampleAssets.catalog(
    folder: "Assets", marker: "bear", sourceFile: #filePath)

  /// The bear cub illustration.
  static let bear = ExampleAssets.image("bear", in: catalog)
  /// The blue jay photograph.
  static let blueJay = ExampleAssets.image("blue-jay", in: catalog)
}
