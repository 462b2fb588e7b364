import Strata
import StrataIO
import StrataRaster
import StrataText

/// Draws colour glyphs of `COLR` version 1 into bitmaps in device pixels, so that every paint
/// the format has (gradients of three kinds with their extend modes, glyph clips, transforms,
/// all 28 composite modes) is drawn exactly, on every screen, as one image.
///
/// Each paint is drawn into a layer of premultiplied colours (32-bit floats) the size of the
/// glyph's box, and layers meet by the composite mode's formula. Gradients interpolate their
/// stops premultiplied in sRGB, and layers composite in sRGB, as browsers draw COLR glyphs.
/// A glyph's outline clips by its exact-area coverage (the same rasterizer as every fill).
struct ColorGlyphPainter {
  typealias Layer = [SIMD4<Float>]

  let face: FontFace
  let foreground: Color
  let width: Int
  let height: Int

  /// A drawn glyph: its bitmap and the device pixel of the bitmap's top left corner.
  struct Picture: Sendable {
    var image: RasterImage
    var x: Int
    var y: Int
  }

  /// The largest bitmap one glyph may take, in pixels.
  static let maximumPixels = 1 << 22
  /// The most layer pixels drawing one glyph may hold at once (16 bytes each: 256 MB).
  static let maximumLayerPixels = 1 << 24
  /// The most layer pixels drawing one glyph may fill in all (about a second's work).
  static let maximumWork = 1 << 28

  /// What drawing `paint` takes: the most layers it holds at once, and the layers it fills.
  static func cost(of paint: ColorPaint) -> (peakLayers: Int, layers: Int) {
    switch paint {
    case .none, .solid, .linear, .radial, .sweep: return (1, 1)
    case .glyph(_, let child), .transform(_, let child): return cost(of: child)
    case .layers(let children):
      // The result is held while each child draws (and the child's layer while it blends).
      var peak = 1
      var total = 1
      for c in children {
        let k = cost(of: c)
        peak = Swift.max(peak, 1 + k.peakLayers)
        total = total.addingReportingOverflow(k.layers).partialValue
      }
      return (peak, Swift.min(total, Int.max / 2))
    case .composite(_, let source, let backdrop):
      // The source is held while the backdrop draws, then both while they combine.
      let s = cost(of: source)
      let b = cost(of: backdrop)
      return (
        Swift.max(s.peakLayers, 1 + b.peakLayers, 3),
        Swift.min(s.layers.addingReportingOverflow(b.layers).partialValue, Int.max / 2) + 1
      )
    }
  }

  struct Key: Hashable {
    var face: ObjectIdentifier
    var glyph: UInt16
    var transform: Transform
    var foreground: Color
  }
  /// Pictures by face, glyph, transform (its fraction of a pixel to 1/16) and text colour.
  static let kept = KeptValues<Key, Picture?>(limit: 512)

  /// The picture of `glyph` under `transform` (font units, y up, to device pixels), or nil
  /// when the glyph is not a colour glyph of version 1, is unbounded, or is too large.
  static func picture(
    of glyph: UInt16, face: FontFace, transform: Transform, foreground: Color
  ) -> Picture? {
    guard let paints = face.colorPaints, let paint = paints.paint(of: glyph) else { return nil }
    // The whole pixels of the origin move the picture; only the fraction changes its pixels.
    let ox = (transform.tx * 16).rounded(.down) / 16
    let oy = (transform.ty * 16).rounded(.down) / 16
    let wholeX = ox.rounded(.down)
    let wholeY = oy.rounded(.down)
    let local = Transform(
      a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: ox - wholeX,
      ty: oy - wholeY)
    let key = Key(
      face: ObjectIdentifier(face), glyph: glyph,
      transform: local, foreground: foreground)
    guard
      let made = kept.value(
        for: key,
        make: {
          render(paint, box: paints.clipBox(of: glyph), face: face, local, foreground)
        })
    else { return nil }
    guard let x = Int(exactly: wholeX).map({ $0 + made.x }),
      let y = Int(exactly: wholeY).map({ $0 + made.y })
    else { return nil }
    return Picture(image: made.image, x: x, y: y)
  }

  /// Draws `paint` under `t` into a bitmap covering its bounds (the clip box, when the font
  /// gives one, clips it).
  static func render(
    _ paint: ColorPaint, box: Rect?, face: FontFace, _ t: Transform, _ foreground: Color
  ) -> Picture? {
    let extent: Rect?
    if let box {
      extent = t.apply(to: box)
    } else {
      extent = bounds(of: paint, t, face: face)
    }
    guard let e = extent, e.width.isFinite, e.height.isFinite, e.width > 0, e.height > 0
    else { return nil }
    let x0 = Int(e.minX.rounded(.down))
    let y0 = Int(e.minY.rounded(.down))
    let w = Int(e.maxX.rounded(.up)) - x0
    let h = Int(e.maxY.rounded(.up)) - y0
    guard w > 0, h > 0, w.multipliedReportingOverflow(by: h).partialValue <= maximumPixels,
      w < 1 << 15, h < 1 << 15
    else { return nil }
    // A hostile font may nest paints so that drawing holds many layers at once, or draws
    // thousands of layers: refuse what would pass the memory or work budgets.
    let cost = Self.cost(of: paint)
    let work = cost.layers.multipliedReportingOverflow(by: w * h)
    guard cost.peakLayers * w * h <= maximumLayerPixels, !work.overflow,
      work.partialValue <= maximumWork
    else { return nil }
    let painter = ColorGlyphPainter(face: face, foreground: foreground, width: w, height: h)
    let shifted = t.thenTranslated(x: Double(-x0), y: Double(-y0))
    var layer = painter.draw(paint, shifted)
    if let box { painter.clip(&layer, to: Path.rect(box), shifted) }
    return Picture(image: painter.image(layer), x: x0, y: y0)
  }

  /// The device bounds of what `paint` draws under `t`; nil when it is unbounded.
  static func bounds(of paint: ColorPaint, _ t: Transform, face: FontFace) -> Rect? {
    switch paint {
    case .none: return .zero
    case .solid, .linear, .radial, .sweep: return nil
    case .glyph(let g, _):
      guard let outline = try? face.outline(of: g), !outline.isEmpty else { return .zero }
      return t.apply(to: outline.bounds)
    case .transform(let m, let child): return bounds(of: child, m.concatenating(t), face: face)
    case .layers(let children):
      var r = Rect.zero
      for c in children {
        guard let b = bounds(of: c, t, face: face) else { return nil }
        r = r.union(b)
      }
      return r
    case .composite(let mode, let source, let backdrop):
      let s = bounds(of: source, t, face: face)
      let b = bounds(of: backdrop, t, face: face)
      switch mode {
      case .clear: return .zero
      case .source, .sourceOut: return s
      case .destination, .destinationOut: return b
      case .sourceIn, .destinationIn:
        guard let s else { return b }
        guard let b else { return s }
        return s.intersection(b)
      default:
        guard let s, let b else { return nil }
        return s.union(b)
      }
    }
  }

  /// Draws one paint under `t` (its space to the bitmap's pixels).
  func draw(_ paint: ColorPaint, _ t: Transform) -> Layer {
    let count = width * height
    switch paint {
    case .none:
      return Layer(repeating: .zero, count: count)
    case .solid(let ink):
      return Layer(repeating: premultiplied(ink), count: count)
    case .layers(let children):
      var out = Layer(repeating: .zero, count: count)
      for c in children {
        let top = draw(c, t)
        for i in 0..<count { out[i] = top[i] + out[i] * (1 - top[i].w) }
      }
      return out
    case .glyph(let g, let child):
      var layer = draw(child, t)
      if let outline = try? face.outline(of: g) {
        clip(&layer, to: outline, t)
      } else {
        layer = Layer(repeating: .zero, count: count)
      }
      return layer
    case .transform(let m, let child):
      return draw(child, m.concatenating(t))
    case .composite(let mode, let source, let backdrop):
      let s = draw(source, t)
      let b = draw(backdrop, t)
      var out = Layer(repeating: .zero, count: count)
      for i in 0..<count { out[i] = Self.composite(mode, s[i], b[i]) }
      return out
    case .linear, .radial, .sweep:
      return gradient(paint, t)
    }
  }

  /// Multiplies `layer` by the coverage of `path` under `t`.
  func clip(_ layer: inout Layer, to path: Path, _ t: Transform) {
    guard let canvas = try? Canvas(width: width, height: height) else { return }
    canvas.fill(path, transform: t, paint: .solid(.white))
    let pixels = canvas.buffer.pixels
    for i in 0..<(width * height) {
      layer[i] *= Float(pixels[4 * i + 3]) / 255
    }
  }

  /// A colour of the palette or the text's, premultiplied.
  func premultiplied(_ ink: ColorStop.Ink) -> SIMD4<Float> {
    let c: Color
    switch ink {
    case .color(let color): c = color
    case .foreground(let alpha): c = foreground.withAlpha(foreground.alpha * alpha)
    }
    let a = Float(c.alpha.isFinite ? Swift.min(1, Swift.max(0, c.alpha)) : 0)
    return SIMD4(Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a)
  }

  /// The bitmap of a layer: 8-bit premultiplied, rounded.
  func image(_ layer: Layer) -> RasterImage {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for (i, p) in layer.enumerated() {
      let a = Swift.min(1, Swift.max(0, p.w))
      let q = SIMD4(
        Swift.min(a, Swift.max(0, p.x)), Swift.min(a, Swift.max(0, p.y)),
        Swift.min(a, Swift.max(0, p.z)), a)
      for k in 0..<4 { bytes[4 * i + k] = UInt8((q[k] * 255).rounded()) }
    }
    return RasterImage(unchecked: width, height: height, pixels: bytes)
  }
}
