import Foundation
import Strata
import StrataFiles
import StrataJSON

extension LottieReader {
  /// The bitmap of the image asset `id` and the size it is drawn at, or `nil` (listed) when
  /// it cannot be read: embedded as base64 data, or a PNG or JPEG file in the animation's
  /// folder (or below it; a path out of it is not followed). Read once, however often used.
  mutating func image(_ id: String, _ value: JSONValue, _ path: String) throws(LottieError)
    -> (RasterImage, Size)?
  {
    if let known = images[id] { return known }
    guard let (asset, assetPath) = assets[id] else {
      throw Self.invalid(path + ".refId", value, "no image asset has the id \"\(id)\"")
    }
    guard case .string(let p)? = asset["p"]?.kind else {
      throw Self.invalid(assetPath, asset, "an image asset needs its file or data \"p\"")
    }
    let read = readImage(p, asset, assetPath)
    images[id] = .some(read)
    return read
  }

  /// The image an asset's `p` names, decoded and sized, or `nil` (listed).
  mutating func readImage(_ p: String, _ asset: JSONValue, _ assetPath: String)
    -> (RasterImage, Size)?
  {
    let bytes: [UInt8]
    var name = "embedded image"
    if p.hasPrefix("data:") {
      guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64"),
        let data = Data(
          base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters)
      else {
        leaveOut(assetPath + ".p", asset, "an embedded image that is not base64 data is not drawn")
        return nil
      }
      bytes = [UInt8](data)
    } else {
      var folder = ""
      if case .string(let u)? = asset["u"]?.kind { folder = u }
      name = folder + p
      let parts = name.split(separator: "/")
      guard let base = baseDirectory, !name.hasPrefix("/"), !parts.contains(".."),
        !name.contains(":")
      else {
        leaveOut(
          assetPath + ".p", asset,
          "the image \"\(name)\" is not read: only files beside the animation (or below) are")
        return nil
      }
      do {
        bytes = try SafeFile.read(base + "/" + name, limit: ImageFile.maximumBytes)
      } catch {
        leaveOut(assetPath + ".p", asset, "cannot read the image \"\(name)\": \(error.reason)")
        return nil
      }
    }
    let raster: RasterImage
    do {
      guard case .raster(let r) = try ImageFile.decode(bytes, path: name).image else {
        leaveOut(assetPath + ".p", asset, "an SVG image asset is not drawn (PNG and JPEG are)")
        return nil
      }
      raster = r
    } catch {
      leaveOut(assetPath + ".p", asset, error.description)
      return nil
    }
    pixels += raster.width * raster.height
    guard pixels <= ImageFile.maximumPixels else {
      leaveOut(
        assetPath, asset,
        "past the images' budget of \(ImageFile.maximumPixels) pixels: the image is not drawn")
      return nil
    }
    let w = (try? Self.number(asset, "w", assetPath)) ?? nil
    let h = (try? Self.number(asset, "h", assetPath)) ?? nil
    var size = Size(width: Double(raster.width), height: Double(raster.height))
    if let w, let h, w.isFinite, h.isFinite, w > 0, h > 0 { size = Size(width: w, height: h) }
    return (raster, size)
  }
}
