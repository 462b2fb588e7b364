import Foundation
import Strata
import StrataRender

/// The sum of alpha over the image, in pixels (255 = one fully covered pixel).
public func coveredArea(_ b: RasterImage) -> Double {
  var s = 0
  for i in stride(from: 3, to: b.pixels.count, by: 4) { s += Int(b.pixels[i]) }
  return Double(s) / 255
}

/// A canvas filled with one shape, for coverage checks.
public func render(width: Int = 64, height: Int = 64, _ draw: (Canvas) -> Void) throws
  -> RasterImage
{
  let c = try Canvas(width: width, height: height)
  draw(c)
  return c.buffer
}

/// Keeps two pictures that differ in the temporary folder's `folder`, for a look.
public func keepForALook(
  _ ours: RasterImage, _ theirs: RasterImage, folder: String, name: String, peer: String = "resvg"
) {
  let keep = FileManager.default.temporaryDirectory.appendingPathComponent(folder)
  try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
  try? PNGEncoder().write(ours, to: keep.appendingPathComponent("\(name)-strata.png").path)
  try? PNGEncoder().write(theirs, to: keep.appendingPathComponent("\(name)-\(peer).png").path)
}

/// The DejaVu fonts only (the fresh machine has them), so text tests do not depend on what
/// else is installed.
public let dejaVuCatalog = FontCatalog(searchPaths: ["/usr/share/fonts/truetype/dejavu"])

/// DejaVu Sans, which the fresh machine has.
public let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// Draws a list command by command, with no occlusion pass.
public func drawPlainly(_ list: DisplayList, into canvas: Canvas) {
  let cache = GlyphCache()
  for c in list.commands {
    switch c {
    case .beginGroup(let o, let b): canvas.pushGroup(opacity: o, bounds: b)
    case .endGroup: canvas.popGroup()
    case .beginClip(let p, let t, let r): canvas.pushClip(p, transform: t, rule: r)
    case .beginClipUnion(let shapes, let t): canvas.pushClip(union: shapes, transform: t)
    case .endClip: canvas.popClip()
    case .beginMask: canvas.pushMask(visible: canvas.bounds)
    case .endMask(let mode, let inverted):
      canvas.popMask(luminance: mode == .luminance, inverted: inverted)
    case .fill(let p, let t, let paint, let rule, let o):
      canvas.fill(p, transform: t, paint: paint, rule: rule, opacity: o)
    case .stroke(let p, let t, let paint, let style, let o):
      canvas.stroke(p, transform: t, paint: paint, style: style, opacity: o)
    case .image(let img, let t, let o): canvas.drawImage(img, transform: t, opacity: o)
    case .shadow(let p, let t, let color, let offset, let sigma, let o):
      canvas.drawShadow(
        of: p, transform: t, color: color, offset: offset, sigma: sigma, opacity: o)
    case .glyphs(let run, let t, let o):
      canvas.drawGlyphs(run, transform: t, opacity: o, cache: cache)
    }
  }
}
