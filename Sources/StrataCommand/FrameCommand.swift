import Foundation
import Strata
import StrataFiles
import StrataRender

extension Tool {
  /// `strata frame <onboarding> [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func frame(_ o: ParsedCommand) throws -> Int32 {
    let onboarding = try o.onboarding()
    let scale = try o.number("--scale")
    let size = try o.size("--size") ?? onboarding.defaultPageSize
    let controller = try o.makeController(onboarding, size: size)
    let page = try showAsAsked(controller, o, onboarding: onboarding)
    let time = try o.double("--time")
    let out =
      o.string("--out")
      ?? "frames/\(onboarding.name)/page-\(OptionValue.format(page))"
      + (time.map { "-at-\(OptionValue.format($0))s" } ?? "") + ".png"
    let svg = o.string("--svg")
    for path in [out] + (svg.map { [$0] } ?? []) { try createParentFolder(of: path) }
    var renderer = FrameRenderer(scale: scale)
    renderer.threads = try o.int("--threads") ?? FrameRenderer.processorCount
    let list = try renderer.displayList(for: controller.scene())
    let image = try renderer.render(list)
    try PNGEncoder(mode: o.flag("--small") ? .small : .fastest, threads: renderer.threads).write(
      image, to: out)
    if let svg {
      try AtomicFile.write(Array(SVGWriter().svg(for: list).utf8), to: svg)
    }
    output.out("wrote \(out) (\(image.width)×\(image.height))\(svg.map { " and \($0)" } ?? "")\n")
    return 0
  }

  /// Brings `controller` to what `--page` and `--time` ask, as `frame` and `tree` show it, and
  /// returns the page position asked for, clamped to what the onboarding can show (a note
  /// says so when it was clamped).
  ///
  /// `--time T` is the moment T seconds into the onboarding's own session
  /// (``Onboarding/defaultScript``), played from `--page`; for an onboarding without one, the
  /// clock at T with the pages at rest (what its timed animations and autoplay show then).
  func showAsAsked(_ controller: TutorialController, _ o: ParsedCommand, onboarding: Onboarding)
    throws -> Double
  {
    let asked = try o.number("--page")
    let range = controller.pagePositionRange
    let page = asked.clamped(to: range)
    if page != asked {
      let pages = controller.pageCount
      output.err(
        "strata: --page \(OptionValue.format(asked)) shows \(OptionValue.format(page)): "
          + "'\(onboarding.name)' has \(pages) page\(pages == 1 ? "" : "s") and shows positions "
          + "\(OptionValue.format(range.lowerBound))...\(OptionValue.format(range.upperBound))"
          + (range.lowerBound == 0 ? " (it does not bounce)" : "") + "\n")
    }
    controller.setPagePosition(page)
    guard let time = try o.double("--time") else { return page }
    let start = controller.time
    if let text = onboarding.defaultScript, time > 0 {
      // Frames at exact multiples of T / k: frame k falls on T itself.
      let k = max(1, Int((time * 240).rounded(.up)))
      let fps = Double(k) / time
      do {
        // Below a millisecond, only the first frame: the clock goes the rest of the way.
        try controller.play(
          try RenderPlan.session(text, own: true, for: controller), fps: min(fps, 1000),
          frameLimit: fps > 1000 ? 1 : k + 1
        ) { _ in }
      } catch {
        throw ToolError.badScript(error.description)
      }
    }
    controller.advance(to: start + time)
    return page
  }
  /// Creates the folder a file will be written into, or says why it cannot.
  func createParentFolder(of path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw FileError.creatingFolder(folder, error)
    }
  }
}

extension FileError {
  /// Why Foundation could not create the folder `path`: the system's error number when it
  /// gives one.
  static func creatingFolder(_ path: String, _ error: any Error) -> FileError {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    let code = underlying.map { Int32(truncatingIfNeeded: $0.code) } ?? EIO
    return FileError(path: path, kind: .system(code), reason: "cannot create the folder")
  }
}
