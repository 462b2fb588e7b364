import Dispatch
import Foundation
import Strata
import StrataExamples
import StrataRender
import Synchronization

/// Set by SIGINT and SIGTERM; workers stop taking frames when it is set.
let interruptRequested = Atomic<Bool>(false)

extension Tool {
  /// `strata render <example> [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func render(_ o: ParsedCommand) throws -> Int32 {
    let example = try o.example()
    let name = example.name
    let scale = try o.double("--scale") ?? 2
    let size = try o.size("--size") ?? example.defaultPageSize
    let fps = try o.double("--fps") ?? 60
    let frames = try o.int("--frames")
    let jobs = try o.int("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let out = o.string("--out") ?? "frames/\(name)"
    let svg = o.flag("--svg")

    // Refuse sizes beyond the pixel limit before doing anything.
    let width = Int((size.width * scale).rounded(.up))
    let height = Int((size.height * scale).rounded(.up))
    try PixelBuffer.validate(width: width, height: height)
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw RenderError.io(path: out, reason: "cannot create the folder")
    }
    guard FileManager.default.isWritableFile(atPath: out) else {
      throw RenderError.io(path: out, reason: "the folder is not writable")
    }

    let probe = example.makeController(size)
    // The frames: a scripted session, played once to find every frame's state, or the default swipe.
    var frameStates: [FrameState]
    if let text = o.string("--script") {
      let script: GestureScript
      do {
        script = try GestureScript(text)
      } catch {
        throw ToolError.badValue(option: "--script", value: text, expected: error.description)
      }
      frameStates = probe.play(script, fps: fps)
      if let frames, frames < frameStates.count { frameStates = Array(frameStates.prefix(frames)) }
    } else {
      frameStates = FrameSequence.swipe(
        pages: probe.pageCount == 0 ? 1 : probe.pageCount, fps: fps, frameCount: frames
      ).positions.map { FrameState(pagePosition: $0) }
    }
    let states = frameStates
    let count = states.count
    let digits = max(4, String(count - 1).count)
    @Sendable func framePath(_ i: Int, _ ext: String) -> String {
      let n = String(i)
      return "\(out)/frame-\(String(repeating: "0", count: max(0, digits - n.count)) + n).\(ext)"
    }

    installInterruptHandlers()
    let start = ContinuousClock.now
    let progress = Progress(total: count, output: output, showing: isatty(2) != 0)
    let failure = Mutex<Error?>(nil)
    let workers = min(jobs, count)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      // Each worker has its own controller (controllers are not shared between threads)
      // and holds one frame at a time. Frames are pure functions of the position, so the
      // bytes do not depend on which worker renders which frame.
      let controller = example.makeController(size)
      let renderer = FrameRenderer(scale: scale)
      var image = PixelBuffer.placeholder
      for i in stride(from: worker, to: count, by: workers) {
        if interruptRequested.load(ordering: .relaxed) || failure.withLock({ $0 != nil }) { return }
        do {
          controller.show(states[i])
          let list = try renderer.displayList(for: controller.scene())
          try renderer.render(list, into: &image)
          try PNGEncoder(mode: .fast).write(image, to: framePath(i, "png"))
          if svg {
            try AtomicFile.write(Array(SVGWriter().svg(for: list).utf8), to: framePath(i, "svg"))
          }
          progress.advance()
        } catch {
          failure.withLock { if $0 == nil { $0 = error } }
          return
        }
      }
    }
    progress.finish()
    if let error = failure.withLock({ $0 }) { throw error }
    if interruptRequested.load(ordering: .relaxed) {
      output.err(
        "strata: interrupted after \(progress.done) of \(count) frames; every file written is whole\n"
      )
      return 130
    }

    // The contact sheet and the animation.
    let sheet = try ContactSheet(
      positions: ContactSheet.quarterPositions(pages: probe.pageCount),
      columns: min(5, max(3, probe.pageCount)),
      thumbnailScale: 0.5, title: "\(name) · \(count) frames at \(Int(fps)) fps"
    ).render(example.makeController(size))
    try PNGEncoder(mode: .small).write(sheet, to: "\(out)/contact-sheet.png")
    let factor = max(1, Int(scale.rounded(.down)))
    let apng = try APNGWriter(
      path: "\(out)/animation.png", width: max(1, width / factor), height: max(1, height / factor),
      frameCount: count,
      fps: Int(fps.rounded()))
    for i in 0..<count {
      if interruptRequested.load(ordering: .relaxed) { return 130 }
      try apng.append(PNGDecoder().decodeFile(framePath(i, "png")).downsampled(by: factor))
    }
    try apng.finish()

    let seconds =
      Double((ContinuousClock.now - start).components.seconds)
      + Double((ContinuousClock.now - start).components.attoseconds) / 1e18
    output.out(
      "rendered \(count) frames (\(width)×\(height)) to \(out)/ in \(String(format: "%.1f", seconds)) s "
        + "with \(workers) job\(workers == 1 ? "" : "s")\(svg ? " (PNG and SVG)" : ""); "
        + "contact-sheet.png and animation.png (\(max(1, width / factor))×\(max(1, height / factor)))\n"
    )
    return 0
  }

  private func installInterruptHandlers() {
    interruptRequested.store(false, ordering: .relaxed)
    signal(SIGINT) { _ in interruptRequested.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in interruptRequested.store(true, ordering: .relaxed) }
    // A parent may have started us with these signals blocked; take them.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}

/// Counts finished frames and, on a terminal, shows a progress line.
final class Progress: Sendable {
  struct State {
    var done = 0
    var lastPrint = ContinuousClock.now
  }

  let total: Int
  let output: Tool.Output
  let showing: Bool
  let start = ContinuousClock.now
  private let state = Mutex(State())

  init(total: Int, output: Tool.Output, showing: Bool) {
    self.total = total
    self.output = output
    self.showing = showing
  }

  var done: Int { state.withLock { $0.done } }

  func advance() {
    let line: String? = state.withLock { s in
      s.done += 1
      let now = ContinuousClock.now
      guard showing, now - s.lastPrint > .milliseconds(100) || s.done == total else { return nil }
      s.lastPrint = now
      let elapsed =
        Double((now - start).components.seconds) + Double((now - start).components.attoseconds)
        / 1e18
      let rate = elapsed > 0 ? Double(s.done) / elapsed : 0
      let left = rate > 0 ? Double(total - s.done) / rate : 0
      return String(format: "\rframe %d/%d · %.1f fps · %.1f s left ", s.done, total, rate, left)
    }
    if let line { output.err(line) }
  }

  func finish() {
    if showing { output.err("\n") }
  }
}
