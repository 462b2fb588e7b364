import Strata
import StrataIO

/// Glyphs of one face, size and colour, placed on their baselines in a node's coordinates.
public struct GlyphRun: Hashable, Sendable {
  /// The face.
  public var face: FontFace
  /// The size in points (the em height).
  public var size: Double
  /// The colour.
  public var color: Color
  /// The glyph ids.
  public var glyphs: [UInt16]
  /// The baseline origin of each glyph.
  public var positions: [Point]
  /// Underlines and strikethrough lines, filled with the run's colour.
  public var decorations: [Rect]

  /// Creates a run.
  public init(
    face: FontFace, size: Double, color: Color, glyphs: [UInt16] = [], positions: [Point] = [],
    decorations: [Rect] = []
  ) {
    self.face = face
    self.size = size
    self.color = color
    self.glyphs = glyphs
    self.positions = positions
    self.decorations = decorations
  }

  /// The transform from font units (y up) to the run's space for the glyph at `index`.
  public func glyphTransform(_ index: Int) -> Transform {
    let s = size / Double(face.unitsPerEm)
    let p = positions[index]
    return Transform(a: s, b: 0, c: 0, d: -s, tx: p.x, ty: p.y)
  }

  /// Every glyph's outline in the run's space, as one path.
  public func path(cache: GlyphCache? = nil) -> Path {
    var out = Path()
    for i in glyphs.indices {
      let outline =
        cache?.outline(face, glyphs[i]) ?? ((try? face.outline(of: glyphs[i])) ?? Path())
      out.append(outline.applying(glyphTransform(i)))
    }
    for r in decorations { out.append(.rect(r)) }
    return out
  }
}

/// Remembers glyph outlines and their rasterized coverage, keyed by face, glyph, device size
/// and subpixel x position (quarter pixels), so repeated text costs a copy, not a rasterization.
///
/// Safe to share between threads. When it holds more than ``limit`` masks it starts afresh.
public final class GlyphCache: Sendable {
  /// The most coverage masks kept.
  public static let limit = 16_384

  /// What a coverage mask is kept under: face, glyph, size in 1/64 device pixels and quarter-pixel
  /// x offset.
  package struct MaskKey: Hashable {
    package init(face: ObjectIdentifier, glyph: UInt16, size64: Int, subpixel: Int) {
      self.face = face
      self.glyph = glyph
      self.size64 = size64
      self.subpixel = subpixel
    }
    package var face: ObjectIdentifier
    package var glyph: UInt16
    package var size64: Int
    package var subpixel: Int
  }

  struct OutlineKey: Hashable {
    var face: ObjectIdentifier
    var glyph: UInt16
  }

  /// A glyph's coverage: `width × height` bytes, placed with its top-left at
  /// (origin.x + left, origin.y + top) in whole device pixels.
  package struct Mask: Sendable {
    package init(left: Int, top: Int, width: Int, height: Int, coverage: [UInt8]) {
      self.left = left
      self.top = top
      self.width = width
      self.height = height
      self.coverage = coverage
    }
    package var left: Int
    package var top: Int
    package var width: Int
    package var height: Int
    package var coverage: [UInt8]
  }

  private let masks = Locked([MaskKey: Mask]())
  private let outlines = Locked([OutlineKey: Path]())
  private let counters = Locked((hits: 0, misses: 0))

  /// Creates an empty cache.
  public init() {}

  /// How many mask look-ups were answered from the cache, and how many rasterized.
  public var statistics: (hits: Int, misses: Int) { counters.withLock { $0 } }

  /// The outline of `glyph` in font units (empty for a malformed glyph).
  public func outline(_ face: FontFace, _ glyph: UInt16) -> Path {
    let key = OutlineKey(face: ObjectIdentifier(face), glyph: glyph)
    if let p = outlines.withLock({ $0[key] }) { return p }
    let p = (try? face.outline(of: glyph)) ?? Path()
    outlines.withLock {
      if $0.count > Self.limit { $0.removeAll() }
      $0[key] = p
    }
    return p
  }

  /// The coverage mask kept under `key`, counted as a hit or a miss.
  package func keptMask(_ key: MaskKey) -> Mask? {
    let m = masks.withLock { $0[key] }
    counters.withLock {
      if m != nil { $0.hits += 1 } else { $0.misses += 1 }
    }
    return m
  }

  /// Keeps `mask` under `key` (starting afresh past ``limit``).
  package func keep(_ mask: Mask, for key: MaskKey) {
    masks.withLock {
      if $0.count > Self.limit { $0.removeAll() }
      $0[key] = mask
    }
  }
}
