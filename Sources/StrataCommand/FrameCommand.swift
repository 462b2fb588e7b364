import Foundation
import Strata
import StrataRender

extension Tool {
  /// `strata frame <onboarding> [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func frame(_ o: ParsedCommand) throws -> Int32 {
    let onboarding = try o.onboarding()
    let page = try o.double("--page") ?? 0
    let scale = try o.double("--scale") ?? 2
    let size = try o.size("--size") ?? onboarding.defaultPageSize
    let controller = try o.makeController(onboarding, size: size)
    // Positions run from one page of overscroll before the first page to one after the last.
    let last = Double(max(0, controller.pageCount - 1))
    guard (-1...(last + 1)).contains(page) else {
      throw ToolError.badValue(
        option: "--page", value: o.string("--page") ?? "",
        expected: "a position in -1...\(OptionValue.format(last + 1)): '\(onboarding.name)' has "
          + "\(controller.pageCount) page\(controller.pageCount == 1 ? "" : "s"), the last is "
          + "\(OptionValue.format(last))")
    }
    let out = o.string("--out") ?? "frames/\(onboarding.name)/page-\(OptionValue.format(page)).png"
    let svg = o.string("--svg")
    for path in [out] + (svg.map { [$0] } ?? []) { try createParentFolder(of: path) }
    controller.setPagePosition(page)
    let renderer = FrameRenderer(scale: scale)
    let list = try renderer.displayList(for: controller.scene())
    let image = try renderer.render(list)
    try PNGEncoder(mode: o.flag("--small") ? .small : .fastest).write(image, to: out)
    if let svg {
      try AtomicFile.write(Array(SVGWriter().svg(for: list).utf8), to: svg)
    }
    output.out("wrote \(out) (\(image.width)×\(image.height))\(svg.map { " and \($0)" } ?? "")\n")
    return 0
  }

  /// Creates the folder a file will be written into, or says why it cannot.
  func createParentFolder(of path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw RenderError.io(path: folder, reason: "cannot create the folder")
    }
  }
}
