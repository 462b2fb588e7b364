import Foundation
import Strata
import StrataFiles
import StrataRender
import StrataSpec

extension Onboarding {
  /// An onboarding from a spec file: named after the file, at the spec's page size.
  public init(spec loaded: LoadedSpec, name: String) {
    let size = Size(width: loaded.spec.pageSize.width, height: loaded.spec.pageSize.height)
    self.init(
      name: name, summary: "the spec \(name).json", defaultPageSize: size,
      defaultScript: Self.defaultScript(of: loaded.spec),
      makeController: { loaded.makeController(pageSize: $0) })
  }
}

extension Onboarding {
  /// The session `strata render` plays for a spec whose pages turn by themselves or one swipe
  /// at a time: its autoplay running once round the pages (at most a minute), or a discrete
  /// swipe to each page; `nil` (the swipe through every page) for pages that follow the finger.
  static func defaultScript(of spec: TutorialSpec) -> String? {
    let pages = max(1, spec.resolvedPageCount)
    if let interval = spec.navigation?.autoplay, interval.isFinite, interval > 0 {
      return "wait \(OptionValue.format(min(60, interval * Double(pages) + 0.5)))"
    }
    if spec.navigation?.swipeMode == "discrete" {
      return Array(repeating: "swipe left; wait 0.8", count: min(pages, 50)).joined(
        separator: "; ")
    }
    return nil
  }
}

extension ParsedCommand {
  /// The onboarding of a spec file named by the first argument (a path ending in `.json`).
  func specOnboarding(_ path: String) throws -> Onboarding {
    switch SpecLoader.load(file: path, allowsFilesOutsideFolder: flag("--any-path")) {
    case .success(let loaded):
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      return Onboarding(spec: loaded, name: name)
    case .failure(let error): throw error
    }
  }
}

extension Tool {
  /// `strata validate FILE`: every problem of a spec, or "ok".
  func validate(_ o: ParsedCommand) -> Int32 {
    let path = o.positional.first ?? ""
    switch SpecLoader.load(file: path, allowsFilesOutsideFolder: o.flag("--any-path")) {
    case .success(let loaded):
      let s = loaded.spec
      output.out(
        "\(path): ok — \(s.resolvedPageCount) page\(s.resolvedPageCount == 1 ? "" : "s") at "
          + "\(OptionValue.format(s.pageSize.width))×\(OptionValue.format(s.pageSize.height)), "
          + "\(loaded.images.count) image\(loaded.images.count == 1 ? "" : "s"), "
          + "\(loaded.vectors.count) drawing\(loaded.vectors.count == 1 ? "" : "s")"
          + (loaded.animations.isEmpty
            ? ""
            : ", \(loaded.animations.count) animation\(loaded.animations.count == 1 ? "" : "s")")
          + "\n")
      return 0
    case .failure(let error):
      output.err(error.description + "\n")
      output.err("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")\n")
      return 1
    }
  }

  /// `strata schema`: the format's JSON Schema (or, with `--markdown`, its key reference).
  func schema(_ o: ParsedCommand) -> Int32 {
    output.out(
      o.flag("--markdown") ? SpecSchema.markdownReference : JSONWriter.write(SpecSchema.jsonSchema))
    return 0
  }

  /// `strata export <onboarding> --out F.json`: an onboarding built in code as a spec.
  func export(_ o: ParsedCommand) throws -> Int32 {
    let onboarding = try o.onboarding()
    let size = try o.size("--size") ?? onboarding.defaultPageSize
    let controller = try o.makeController(onboarding, size: size)
    let out = o.string("--out") ?? "\(onboarding.name).json"
    let base = ((out as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = (out as NSString).deletingLastPathComponent
    let export = try SpecExporter(assetFolder: "\(base)-files").export(controller)
    try createParentFolder(of: out)
    // The files folder appears whole or not at all (a full disk part-way leaves the old one),
    // and the spec that names them is written after them.
    if !export.files.isEmpty {
      let files =
        folder.isEmpty
        ? "\(base)-files" : (folder as NSString).appendingPathComponent("\(base)-files")
      let staged = try AtomicFolder(path: files)
      for file in export.files {
        try staged.write(file.bytes, to: String(file.path.dropFirst("\(base)-files/".count)))
      }
      try staged.commit()
    }
    try AtomicFile.write(Array(SpecLoader.write(export.spec).utf8), to: out)
    output.out(
      "wrote \(out) and \(export.files.count) file\(export.files.count == 1 ? "" : "s") in \(base)-files\n"
    )
    for note in export.notes { output.out("note: \(note)\n") }
    return 0
  }

  /// `strata watch FILE.json --page P`: renders the frame and a contact sheet each time the
  /// file (or a file it names) changes, printing problems instead of stopping.
  func watch(_ o: ParsedCommand) throws -> Int32 {
    let path = o.positional.first ?? ""
    let page = try o.number("--page")
    let scale = try o.number("--scale")
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let out = o.string("--out") ?? "frames/\(name)/watch.png"
    let sheetPath = ((out as NSString).deletingPathExtension) + "-sheet.png"
    let limit = try o.int("--renders")
    try createParentFolder(of: out)
    var renders = 0
    let stopAt = try o.double("--seconds").map { Date().addingTimeInterval($0) }
    // The spec at once (when it is there), then every save of it or of a file it names.
    var files = FileChanges(watching: [path], seen: false)
    output.out(
      "watching \(path) (page \(OptionValue.format(page))); writing \(out) — Ctrl-C stops\n")
    while limit.map({ renders < $0 }) ?? true {
      if let stopAt, Date() >= stopAt { break }
      let changed = files.changes().compactMap { $0.stamp?.modificationTime }.max()
        .map { Date(timeIntervalSince1970: $0) }
      if let saved = changed {
        let started = Date()
        // How long after the save the change was seen (the poll is every 20 ms).
        let seen = renders == 0 ? nil : Int((started.timeIntervalSince(saved) * 1000).rounded())
        switch SpecLoader.load(file: path, allowsFilesOutsideFolder: o.flag("--any-path")) {
        case .success(let loaded):
          files.replace(with: [path] + Self.files(of: loaded))
          do {
            let controller = loaded.makeController(pageSize: try o.size("--size"))
            let last = Double(max(0, controller.pageCount - 1))
            controller.setPagePosition(min(max(page, -1), last + 1))
            let renderer = FrameRenderer(scale: scale)
            let image = try renderer.render(try renderer.displayList(for: controller.scene()))
            try PNGEncoder(mode: .fastest).write(image, to: out)
            let sheet = ContactSheet(
              positions: ContactSheet.quarterPositions(pages: controller.pageCount),
              columns: min(5, max(3, controller.pageCount)), title: name)
            try PNGEncoder(mode: .fastest).write(
              try sheet.render(loaded.makeController(pageSize: try o.size("--size"))), to: sheetPath
            )
            let ms = Int((Date().timeIntervalSince(started) * 1000).rounded())
            output.out(
              "rendered \(out) and \(sheetPath) in \(ms) ms"
                + (seen.map { " (change seen \($0) ms after the save)" } ?? "") + "\n")
          } catch {
            output.err("strata: \(error)\n")
          }
        case .failure(let error):
          output.err(error.description + "\n")
          output.out(
            "\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); still watching\n"
          )
        }
        renders += 1
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return 0
  }

  /// The files a spec reads, full paths.
  static func files(of loaded: LoadedSpec) -> [String] {
    (Array(loaded.images.keys) + Array(loaded.vectors.keys) + Array(loaded.animations.keys))
      .filter { !$0.hasPrefix("asset:") }.map {
        $0.hasPrefix("/") ? $0 : (loaded.baseDirectory as NSString).appendingPathComponent($0)
      }
  }
}
