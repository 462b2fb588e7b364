import Strata
import StrataIO

#if canImport(CJPEG)
  import CJPEG
#elseif canImport(ImageIO)
  import CoreGraphics
  import Foundation
  import ImageIO
#endif

/// Decodes JPEG files: baseline and progressive, greyscale, YCbCr and CMYK (Adobe's inverted
/// convention), with the EXIF orientation applied, into premultiplied RGBA.
///
/// On Linux it decodes through the system's libjpeg-turbo (errors come back as ``AssetError``
/// instead of ending the process); on Apple platforms, where libjpeg is not a system library,
/// through ImageIO.
public struct JPEGDecoder: Sendable {
  /// The largest image decoded, in pixels; larger ones are refused before any pixel memory is
  /// allocated.
  public let pixelLimit: Int

  /// The most scans a file may have (a progressive file has about ten; each scan is a pass
  /// over the whole image).
  public static let maximumScans = 500
  /// The most decoding work, in scans × pixels: a file of many scans of a large image is
  /// stopped before it costs more than this.
  public static let workBudget = 1 << 31

  /// A decoder with a pixel limit (``ImageFile/maximumPixels`` by default, at most
  /// ``RasterImage/pixelLimit``).
  public init(pixelLimit: Int = ImageFile.maximumPixels) {
    self.pixelLimit = Swift.min(pixelLimit, RasterImage.pixelLimit)
  }

  /// Decodes a JPEG file's bytes.
  ///
  /// - Throws: ``AssetError/unreadable(path:reason:)`` (with `path` "JPEG data") saying what
  ///   libjpeg found wrong, or that the size exceeds the limit.
  public func decode(_ bytes: [UInt8], path: String = "JPEG data") throws(AssetError)
    -> RasterImage
  {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
      throw .unreadable(path: path, reason: "not a JPEG (no start-of-image marker)")
    }
    #if canImport(CJPEG)
      var image = bytes.withUnsafeBufferPointer {
        strata_jpeg_decode(
          $0.baseAddress, $0.count, pixelLimit, Self.maximumScans, Self.workBudget)
      }
      defer { strata_jpeg_free(&image) }
      guard image.ok == 1, let samples = image.pixels else {
        let message = withUnsafeBytes(of: image.message) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        throw .unreadable(path: path, reason: message.isEmpty ? "undecodable JPEG" : message)
      }
      let w = Int(image.width)
      let h = Int(image.height)
      let n = Int(image.components)
      var rgba = [UInt8](repeating: 255, count: w * h * 4)
      for p in 0..<(w * h) {
        let s = samples + p * n
        switch n {
        case 1:
          rgba[p * 4] = s[0]
          rgba[p * 4 + 1] = s[0]
          rgba[p * 4 + 2] = s[0]
        case 4:
          // Adobe writes CMYK inverted: the stored value is 255 − ink.
          let inverted = image.adobe_inverted == 1
          let k = Int(inverted ? s[3] : 255 - s[3])
          for c in 0..<3 {
            let v = Int(inverted ? s[c] : 255 - s[c])
            rgba[p * 4 + c] = UInt8((v * k + 127) / 255)
          }
        default:
          rgba[p * 4] = s[0]
          rgba[p * 4 + 1] = s[1]
          rgba[p * 4 + 2] = s[2]
        }
      }
      // The samples go before the turn, so at most two copies of the image are held at once.
      strata_jpeg_free(&image)
      let upright = Orientation(exifIn: bytes).apply(rgba, width: w, height: h)
      rgba = []
      do {
        return try RasterImage(width: upright.width, height: upright.height, pixels: upright.pixels)
      } catch {
        throw .unreadable(path: path, reason: error.description)
      }
    #elseif canImport(ImageIO)
      // ImageIO decodes and applies nothing else; the orientation is applied below as on Linux.
      guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil),
        let cg = CGImageSourceCreateImageAtIndex(source, 0, nil), cg.width * cg.height <= pixelLimit
      else { throw .unreadable(path: path, reason: "undecodable JPEG, or over the pixel limit") }
      var rgba = [UInt8](repeating: 0, count: cg.width * cg.height * 4)
      let drawn = rgba.withUnsafeMutableBytes { raw -> Bool in
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
          let context = CGContext(
            data: raw.baseAddress, width: cg.width, height: cg.height, bitsPerComponent: 8,
            bytesPerRow: cg.width * 4, space: space,
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return false }
        context.draw(cg, in: CGRect(x: 0, y: 0, width: cg.width, height: cg.height))
        return true
      }
      guard drawn else { throw .unreadable(path: path, reason: "cannot draw the JPEG") }
      let upright = Orientation(exifIn: bytes).apply(rgba, width: cg.width, height: cg.height)
      do {
        return try RasterImage(width: upright.width, height: upright.height, pixels: upright.pixels)
      } catch {
        throw .unreadable(path: path, reason: error.description)
      }
    #else
      throw .unsupported(path: path)
    #endif
  }
}

/// The EXIF orientation of a JPEG (1 to 8, 1 upright), and turning pixels upright.
struct Orientation: Hashable {
  var value: Int

  /// The orientation in the APP1 Exif segment of `bytes`, or 1.
  init(exifIn bytes: [UInt8]) {
    value = Self.read(bytes) ?? 1
  }

  init(_ value: Int) { self.value = (1...8).contains(value) ? value : 1 }

  private static func read(_ b: [UInt8]) -> Int? {
    var p = 2
    while p + 4 <= b.count, b[p] == 0xFF {
      let marker = b[p + 1]
      if marker == 0xDA || marker == 0xD9 { return nil }  // image data: no EXIF before it
      let length = Int(b[p + 2]) << 8 | Int(b[p + 3])
      guard length >= 2, p + 2 + length <= b.count else { return nil }
      if marker == 0xE1, length >= 16, Array(b[(p + 4)..<(p + 10)]) == Array("Exif\0\0".utf8) {
        return tiffOrientation(Array(b[(p + 10)..<(p + 2 + length)]))
      }
      p += 2 + length
    }
    return nil
  }

  private static func tiffOrientation(_ t: [UInt8]) -> Int? {
    guard t.count >= 8 else { return nil }
    let little = t[0] == 0x49
    func u16(_ i: Int) -> Int? {
      guard i + 2 <= t.count else { return nil }
      return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
    }
    func u32(_ i: Int) -> Int? {
      guard let a = u16(i), let b = u16(i + 2) else { return nil }
      return little ? a | b << 16 : a << 16 | b
    }
    guard let ifd = u32(4), let count = u16(ifd) else { return nil }
    for e in 0..<Swift.min(count, 512) {
      let entry = ifd + 2 + 12 * e
      guard let tag = u16(entry) else { return nil }
      if tag == 0x0112 { return u16(entry + 8) }
    }
    return nil
  }

  /// `pixels` (RGBA, `width` × `height`) turned upright: mirrored and/or rotated as the
  /// orientation says (5 to 8 swap the width and height).
  func apply(_ pixels: [UInt8], width: Int, height: Int) -> (
    pixels: [UInt8], width: Int, height: Int
  ) {
    guard value != 1 else { return (pixels, width, height) }
    let swaps = value >= 5
    let ow = swaps ? height : width
    let oh = swaps ? width : height
    var out = [UInt8](repeating: 0, count: pixels.count)
    for y in 0..<oh {
      for x in 0..<ow {
        // The stored pixel shown at (x, y).
        let (sx, sy): (Int, Int)
        switch value {
        case 2: (sx, sy) = (width - 1 - x, y)
        case 3: (sx, sy) = (width - 1 - x, height - 1 - y)
        case 4: (sx, sy) = (x, height - 1 - y)
        case 5: (sx, sy) = (y, x)
        case 6: (sx, sy) = (y, height - 1 - x)
        case 7: (sx, sy) = (width - 1 - y, height - 1 - x)
        default: (sx, sy) = (width - 1 - y, x)  // 8
        }
        let s = (sy * width + sx) * 4
        let d = (y * ow + x) * 4
        out[d] = pixels[s]
        out[d + 1] = pixels[s + 1]
        out[d + 2] = pixels[s + 2]
        out[d + 3] = pixels[s + 3]
      }
    }
    return (out, ow, oh)
  }
}
