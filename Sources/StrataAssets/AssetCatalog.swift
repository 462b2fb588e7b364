import Foundation
import Strata

/// Images by name from a folder, as `UIImage(named:)` finds them in an asset bundle: for a
/// render at scale 2, `welcome@2x.png` is preferred to `welcome@3x.png`, `welcome@1x.png` or
/// `welcome.png` (which counts as @1x).
///
/// ```swift
/// let assets = AssetCatalog(directory: URL(fileURLWithPath: "Assets"))
/// let hero = try assets.image(named: "welcome", scale: 2)   // an Image for an ImageNode
/// ```
///
/// The variant chosen is the smallest whose scale is at least the render's, or else the
/// largest there is: drawing a sharper image smaller loses nothing, drawing a blurrier one
/// larger does. Its point size is its pixel size divided by its own scale, whichever variant
/// is chosen, so layout does not change with the screen.
///
/// Formats: PNG and JPEG (photographs; see ``JPEGDecoder``) and SVG (illustrations; see
/// ``SVGImporter``). An SVG answers every scale, since it is drawn from its outlines; with
/// `name.svg` beside `name@2x.png`, the SVG is used. ``loadImage(named:scale:)`` also gives
/// what an SVG leaves out; `strata image FILE` prints it.
public struct AssetCatalog: Sendable {
  /// The folder of the images.
  public let directory: URL

  /// The scales a file name can carry (`@1x`, `@2x`, `@3x`).
  public static let scales = [1, 2, 3]
  /// The file extensions read.
  public static let supportedExtensions = ["png", "jpg", "jpeg", "svg"]

  /// A catalogue of the images in `directory`.
  public init(directory: URL) { self.directory = directory }

  /// One file of the folder, read as name, scale and extension.
  struct Variant: Hashable {
    var name: String
    var scale: Int
    var ext: String
    var file: String
  }

  /// Every image file of the folder, by name.
  func variants() throws(AssetError) -> [String: [Variant]] {
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      throw .unreadableFolder(directory.path)
    }
    var out: [String: [Variant]] = [:]
    for file in files {
      guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { continue }
      let ext = file[file.index(after: dot)...].lowercased()
      guard Self.supportedExtensions.contains(ext) else { continue }
      var name = String(file[..<dot])
      var scale = 1
      for s in Self.scales where name.hasSuffix("@\(s)x") {
        scale = s
        name.removeLast(3)
      }
      out[name, default: []].append(Variant(name: name, scale: scale, ext: ext, file: file))
    }
    return out
  }

  /// The names the folder has images for, sorted.
  public func names() throws(AssetError) -> [String] { try variants().keys.sorted() }

  /// The file that answers `name` at `scale` (see the type's notes); its path and scale.
  public func file(named name: String, scale: Double) throws(AssetError) -> (
    path: String, scale: Int
  ) {
    let all = try variants()
    guard let candidates = all[name], !candidates.isEmpty else {
      throw .missing(name: name, folder: directory.path, available: all.keys.sorted())
    }
    let wanted = scale.isFinite ? scale : 1
    // A vector file draws sharply at every scale: it answers any scale, before bitmaps.
    if let vector = candidates.first(where: { $0.ext == "svg" }) {
      return (directory.appendingPathComponent(vector.file).path, vector.scale)
    }
    let sorted = candidates.sorted { ($0.scale, $0.file) < ($1.scale, $1.file) }
    let chosen = sorted.first { Double($0.scale) >= wanted } ?? sorted[sorted.count - 1]
    return (directory.appendingPathComponent(chosen.file).path, chosen.scale)
  }

  /// The image `name` for a render at `scale`, ready for an ``ImageNode``.
  ///
  /// - Throws: ``AssetError`` naming the folder and the names it has when `name` is missing, or
  ///   the file and what is wrong with it.
  public func image(named name: String, scale: Double) throws(AssetError) -> Image {
    try loadImage(named: name, scale: scale).image
  }

  /// The image `name` for a render at `scale`, with what an SVG file leaves out (see
  /// ``SVGImport/unsupported``).
  public func loadImage(named name: String, scale: Double) throws(AssetError) -> (
    image: Image, notes: [SVGDiagnostic]
  ) {
    let (path, fileScale) = try file(named: name, scale: scale)
    return try ImageFile.load(path, scale: Double(fileScale))
  }
}

/// Why an asset could not be had.
public enum AssetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No image of that name: the folder, and the names it has.
  case missing(name: String, folder: String, available: [String])
  /// The folder cannot be listed.
  case unreadableFolder(String)
  /// The file is there but cannot be decoded.
  case unreadable(path: String, reason: String)
  /// The file is in a format this version does not read yet.
  case unsupported(path: String)

  /// One line saying what and where.
  public var description: String {
    switch self {
    case .missing(let name, let folder, let available):
      let names = available.isEmpty ? "no images" : available.joined(separator: ", ")
      return "no image named '\(name)' in \(folder) (it has: \(names))"
    case .unreadableFolder(let folder): return "cannot read the folder \(folder)"
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .unsupported(let path): return "\(path): this format is not supported yet"
    }
  }
}
