import Foundation
import Strata
import StrataFiles
import StrataIO

/// One image file read into an ``Image``: PNG, JPEG or SVG, told apart by their first bytes
/// (and, for SVG, by being XML), whatever the file is called.
public enum ImageFile {
  /// The formats Strata reads.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF or EXIF).
    case jpeg
    /// Scalable Vector Graphics, the subset ``SVGImporter`` reads.
    case svg
  }

  /// The largest file read, in bytes.
  public static let maximumBytes = 256 << 20

  /// The budget of a decoded bitmap, in pixels (2^25, about 33.5 million: 8192 × 4096, or a
  /// 6000 × 5000 photograph): a PNG or JPEG that declares more is refused from its header,
  /// before any pixel memory is taken, so one image costs at most 128 MiB decoded (and about
  /// twice that while it is turned to its EXIF orientation).
  public static let maximumPixels = 1 << 25

  /// The format of `bytes`, or `nil` when it is none Strata reads.
  public static func format(of bytes: [UInt8]) -> Format? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    // XML: an optional byte order mark, white space, then '<'.
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: "<") { return .svg }
    return nil
  }

  /// An image decoded from `bytes`; a bitmap's point size is its pixel size divided by
  /// `scale` (2 for an `@2x` file). `path` names the data in errors. What an SVG leaves out
  /// is in the notes.
  public static func decode(_ bytes: [UInt8], scale: Double = 1, path: String) throws(AssetError)
    -> (image: Image, notes: [SVGDiagnostic])
  {
    guard let format = format(of: bytes) else {
      throw .unreadable(path: path, reason: "not a PNG, JPEG or SVG file")
    }
    let pixels: RasterImage
    switch format {
    case .svg:
      do {
        let svg = try SVGImporter().importSVG(bytes)
        return (.vector(svg.image), svg.unsupported)
      } catch {
        throw .unreadable(path: path, reason: error.description)
      }
    case .png:
      do {
        pixels = try PNGDecoder(pixelLimit: maximumPixels).decode(bytes)
      } catch {
        throw .unreadable(path: path, reason: error.description)
      }
    case .jpeg:
      pixels = try JPEGDecoder().decode(bytes, path: path)
    }
    let s = scale.isFinite && scale > 0 ? scale : 1
    guard let raster = pixels.withScale(s) else {
      throw .unreadable(path: path, reason: "no pixels")
    }
    return (.raster(raster), [])
  }

  /// The image in the file at `path` (see ``decode(_:scale:path:)``).
  public static func load(_ path: String, scale: Double = 1) throws(AssetError)
    -> (image: Image, notes: [SVGDiagnostic])
  {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: maximumBytes)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    return try decode(bytes, scale: scale, path: path)
  }
}
