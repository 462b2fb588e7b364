import Strata
import StrataExamples
import StrataRender

extension Tool {
  /// `strata frame <example> [--page P] [--scale S] [--size WxH] [--out F.png] [--svg F.svg]`
  func frame(_ args: [String]) throws -> Int32 {
    let o = try Options(
      args, command: "frame", valued: ["--page", "--scale", "--size", "--out", "--svg"])
    guard let name = o.positional.first else {
      throw ToolError.missingArgument("an example name", command: "frame")
    }
    if o.positional.count > 1 {
      throw ToolError.unexpectedArgument(o.positional[1], command: "frame")
    }
    guard let example = Example.named(name) else { throw ToolError.unknownExample(name) }
    let page = try o.double("--page", default: 0, range: -1_000_000...1_000_000)
    let scale = try o.double("--scale", default: 1, range: 0.01...100)
    let size = try o.size("--size", default: example.defaultPageSize)
    let out = o.string("--out") ?? "\(name).png"
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
