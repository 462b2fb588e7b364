import Strata
import StrataRender

/// Helpers shared by the fuzz targets: reading the fuzzer's bytes.
struct FuzzInput {
  private var bytes: [UInt8]
  private var position = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  }

  var all: [UInt8] { bytes }
  var isEmpty: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  /// The next 16-bit big-endian number.
  mutating func u16() -> Int { Int(byte()) << 8 | Int(byte()) }

  /// The next 32-bit big-endian number.
  mutating func u32() -> Int { u16() << 16 | u16() }

  /// The next `n` bytes (fewer past the end).
  mutating func take(_ n: Int) -> [UInt8] {
    let end = Swift.min(bytes.count, position + Swift.max(0, n))
    defer { position = end }
    return position < end ? Array(bytes[position..<end]) : []
  }

  /// What is left.
  mutating func rest() -> [UInt8] { take(bytes.count - position) }
}

/// Draws `scene` at `scale` whole on one thread and in bands on two — the coarse stage's bins,
/// prepared outlines and shadow masks, and the bands' cuts — and treats a difference in their
/// bytes as a finding. At @4x a 64-point picture is 256 rows: four bands (outlines reaching
/// all four are binned).
func drawWholeAndInBands(_ scene: Scene, scale: Double) {
  guard let whole = try? FrameRenderer(scale: scale).render(scene) else { return }
  var banded = FrameRenderer(scale: scale)
  banded.threads = 2
  let bands = try? banded.render(scene)
  precondition(bands?.pixels == whole.pixels, "the frame drawn in bands differs from the whole")
}

func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
func be32(_ v: Int) -> [UInt8] {
  [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}

/// Everything text layout asks of a face.
func exercise(_ bytes: [UInt8]) {
  for index in 0..<Swift.min(4, FontFace.faceCount(in: bytes)) {
    guard let face = try? FontFace(data: bytes, index: index) else { continue }
    for scalar in "Ag fi,Ω€".unicodeScalars {
      let g = face.glyphID(for: scalar)
      _ = face.advance(of: g)
      _ = try? face.outline(of: g)
      _ = face.kerning(g, face.glyphID(for: "V"))
    }
    for g in 0..<Swift.min(face.glyphCount, 64) { _ = try? face.outline(of: UInt16(g)) }
    // Drawn: colour glyphs (COLR's paint graphs, sbix and CBDT bitmaps) go through the
    // renderer, small.
    let catalog = FontCatalog()
    catalog.add(face)
    let text = TextContent("AgB", font: Font(family: face.familyName, size: 12))
    let node = TextNode(text: text, frame: Rect(x: 0, y: 0, width: 40, height: 16))
    _ = try? FrameRenderer(scale: 1, textShaper: TextEngine(catalog: catalog)).render(
      Scene(root: node, size: Size(width: 40, height: 16)))
  }
}

/// LeakSanitizer paused and resumed: for one-time global tables that it cannot follow (Swift
/// keeps enum cases in pointer spare bits), built once with it paused.
@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()
