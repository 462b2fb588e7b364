import Strata
import StrataAssets
import StrataRender

/// Raw bytes into the SVG importer, and what it makes drawn at 64 × 64 points: the XML reader,
/// the value parsers (paths, transforms, colours, lengths, CSS), `use` expansion, and the
/// rasterizer on whatever geometry comes out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let svg = try? SVGImporter().importSVG(FuzzInput(data, size).all) else { return 0 }
  let frame = Rect(x: 0, y: 0, width: 64, height: 64)
  let node = ImageNode(image: .vector(svg.image), frame: frame, contentMode: .aspectFit)
  _ = try? FrameRenderer(scale: 1).render(Scene(root: node, size: frame.size))
  return 0
}
