import Strata
import StrataAssets
import StrataRender

/// Raw bytes into the SVG importer, and what it makes drawn at 64 × 64 points at @4x: the XML
/// reader, the value parsers (paths, transforms, colours, lengths, CSS), `use` expansion, and
/// the rasterizer on whatever geometry comes out. The picture is drawn twice — whole on one
/// thread, and in four bands on two threads (the coarse stage's bins, prepared outlines and
/// shadow masks) — and the two must have the same bytes: a difference is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let svg = try? SVGImporter().importSVG(FuzzInput(data, size).all) else { return 0 }
  let frame = Rect(x: 0, y: 0, width: 64, height: 64)
  let node = ImageNode(image: .vector(svg.image), frame: frame, contentMode: .aspectFit)
  drawWholeAndInBands(Scene(root: node, size: frame.size), scale: 4)
  return 0
}
