import Strata
import StrataExamples
import StrataRender

extension Tool {
  /// `strata frame <example> [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func frame(_ o: ParsedCommand) throws -> Int32 {
    let example = try o.example()
    let page = try o.double("--page") ?? 0
    let scale = try o.double("--scale") ?? 1
    let size = try o.size("--size") ?? example.defaultPageSize
    let out = o.string("--out") ?? "\(example.name).png"
    let controller = example.makeController(size)
    controller.setPagePosition(page)
    let renderer = FrameRenderer(scale: scale)
    let list = try renderer.displayList(for: controller.scene())
    let image = try renderer.render(list)
    try PNGEncoder(mode: .small).write(image, to: out)
    if let svg = o.string("--svg") {
      try AtomicFile.write(Array(SVGWriter().svg(for: list).utf8), to: svg)
    }
    output.out(
      "wrote \(out) (\(image.width)×\(image.height))\(o.string("--svg").map { " and \($0)" } ?? "")\n"
    )
    return 0
  }
}
