import Foundation
import Strata
import StrataAssets
import StrataRender

extension Tool {
  /// `strata image FILE [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func image(_ o: ParsedCommand) throws -> Int32 {
    let file = o.positional.first ?? ""
    let scale = try o.number("--scale")
    // A bitmap named name@2x.png is 2 pixels per point, as the asset catalogue reads it.
    let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    let fileScale = AssetCatalog.scales.last { stem.hasSuffix("@\($0)x") } ?? 1
    let bytes: [UInt8]
    do {
      bytes = try AtomicFile.read(file, limit: ImageFile.maximumBytes)
    } catch {
      throw AssetError.unreadable(path: file, reason: error.description)
    }
    let format = ImageFile.format(of: bytes)
    let image: Image
    let notes: [String]
    var kind = format?.rawValue.uppercased() ?? "image"
    if format == nil, bytes.first(where: { ![9, 10, 13, 32].contains($0) }) == UInt8(ascii: "{") {
      // A Lottie animation: its frame --frame (the in-point by default).
      let read = try LottieImporter(strict: o.flag("--strict")).importLottie(bytes)
      let frame = read.animation.clampedFrame(
        try o.double("--frame") ?? read.animation.frames.lowerBound)
      image = .vector(read.animation.image(atFrame: frame))
      notes = read.unsupported.map(\.description)
      kind = "Lottie frame \(OptionValue.format(frame))"
    } else {
      let decoded = try ImageFile.decode(bytes, scale: Double(fileScale), path: file)
      image = decoded.0
      notes = decoded.1.map(\.description)
    }
    if o.flag("--strict"), !notes.isEmpty {
      throw AssetError.unreadable(
        path: file, reason: "not supported: " + notes.joined(separator: "; "))
    }
    for n in notes { output.err("strata: \(file): \(n)\n") }
    let size = try o.size("--size") ?? image.size
    let node = ImageNode(
      image: image, frame: Rect(origin: .zero, size: size), contentMode: .aspectFit)
    let scene = Scene(root: node, size: size)
    var renderer = FrameRenderer(scale: scale)
    renderer.threads = try o.int("--threads") ?? FrameRenderer.processorCount
    let pixels = try renderer.render(try renderer.displayList(for: scene))
    let out = o.string("--out") ?? "frames/images/\(stem).png"
    try createParentFolder(of: out)
    try PNGEncoder(mode: .small).write(pixels, to: out)
    let points = "\(OptionValue.format(size.width))×\(OptionValue.format(size.height)) pt"
    output.out(
      "wrote \(out) (\(pixels.width)×\(pixels.height) px: \(kind) "
        + "at \(points), @\(OptionValue.format(scale))x)"
        + (notes.isEmpty ? "" : "; \(notes.count) thing\(notes.count == 1 ? "" : "s") not drawn")
        + "\n")
    return 0
  }
}
