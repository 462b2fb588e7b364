import Strata
import StrataAssets
import StrataRender

/// Raw bytes into the Lottie importer, and three frames of what it makes drawn at 64 × 64
/// points: the JSON reader, properties and keyframes, layers, parents, shapes and paints, and
/// the rasterizer on whatever geometry comes out; the middle frame drawn whole on one thread
/// and in bands on two, a difference in their bytes being a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let read = try? LottieImporter().importLottie(FuzzInput(data, size).all) else { return 0 }
  let animation = read.animation
  let frame = Rect(x: 0, y: 0, width: 64, height: 64)
  let span = animation.frames
  for (k, f) in [span.lowerBound, (span.lowerBound + span.upperBound) / 2, span.upperBound - 0.25]
    .enumerated()
  {
    let node = ImageNode(
      image: .vector(animation.image(atFrame: f)), frame: frame, contentMode: .aspectFit)
    let scene = Scene(root: node, size: frame.size)
    // The middle frame also whole and in bands, at @4x.
    if k == 1 {
      drawWholeAndInBands(scene, scale: 4)
    } else {
      _ = try? FrameRenderer(scale: 1).render(scene)
    }
  }
  return 0
}
