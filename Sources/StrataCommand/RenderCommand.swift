import Dispatch
import Foundation
import Strata
import StrataFiles
import StrataRender
import Synchronization

/// The signal that asked the run to stop (SIGINT or SIGTERM), or 0; workers stop taking frames
/// when it is set, and the command exits with 128 + the signal, as a shell expects.
let interruptSignal = Atomic<Int32>(0)

/// Whether a signal asked the run to stop.
var interruptRequested: Bool { interruptSignal.load(ordering: .relaxed) != 0 }

/// What a render run will do, worked out before any frame is drawn: the options, the frames'
/// states, where each file goes, and which frames the contact sheet shows.
struct RenderPlan: Sendable {
  let onboarding: Onboarding
  /// The parsed command, to build each worker's controller the same way.
  let command: ParsedCommand
  let size: Size
  let scale: Double
  let fps: Double
  let jobs: Int
  let out: String
  let svg: Bool
  /// Every frame's state, in order.
  let states: [FrameState]
  /// The frame size in pixels.
  let width: Int
  let height: Int
  let pageCount: Int
  /// The animation is the frames shrunk by this whole factor (the whole part of the scale).
  let animationFactor: Int
  /// The sheet's thumbnails are the frames shrunk by this whole factor (about half a point
  /// per pixel).
  let thumbnailFactor: Int
  /// The frames the contact sheet shows, in its order.
  let sheetFrames: [Int]
  let sheet: ContactSheet

  /// How long the run lasts, in seconds: the animation plays it in this time whatever the
  /// number of frames.
  let duration: Double
  /// Where `--events` writes the session's events as JSON Lines, if asked.
  let eventsPath: String?
  /// How the frames' PNG files are compressed (`--small`: zlib at level 9).
  let pngMode: PNGEncoder.Mode
  /// The scripted session's events, in order, with times from the controller's clock.
  let events: [TutorialEventRecord]
  /// Whether the frames are a session played in time (a script, or the onboarding's own
  /// session), not a swipe through page positions.
  let isSession: Bool
  /// The caption under each of the sheet's frames.
  let sheetCaptions: [String]

  init(_ o: ParsedCommand) throws {
    command = o
    onboarding = try o.onboarding()
    scale = try o.number("--scale")
    size = try o.size("--size") ?? onboarding.defaultPageSize
    fps = try o.number("--fps")
    jobs = try o.int("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    out = o.string("--out") ?? "frames/\(onboarding.name)"
    svg = o.flag("--svg")
    pngMode = o.flag("--small") ? .small : .fastest
    // Refuse sizes beyond the pixel limit before doing anything.
    width = Int((size.width * scale).rounded(.up))
    height = Int((size.height * scale).rounded(.up))
    try RasterImage.validate(width: width, height: height)

    let probe = try o.makeController(onboarding, size: size)
    pageCount = probe.pageCount
    let frames = try o.int("--frames")
    var states: [FrameState]
    var duration: Double
    let scripted = try Self.scriptText(o)
    eventsPath = o.string("--events")
    if eventsPath != nil && scripted == nil {
      throw ToolError.badValue(
        option: "--events", value: eventsPath ?? "",
        expected: "a --script or --script-file whose session's events it records")
    }
    var recorded: [TutorialEventRecord] = []
    isSession = scripted != nil || onboarding.defaultScript != nil
    if let text = scripted ?? onboarding.defaultScript {
      probe.events.subscribe { recorded.append($0) }
      let own = scripted == nil
      states = try Self.play(text, own: own, on: probe, fps: fps)
      // The session lasts as long whatever the number of frames: --frames samples it.
      duration = Double(states.count) / fps
      if let frames, frames != states.count {
        if frames > states.count {
          // Played again, finely enough to give every frame a moment of its own.
          let finer = try o.makeController(onboarding, size: size)
          states = try Self.play(
            text, own: own, on: finer,
            fps: min(1000, fps * Double(frames) / Double(states.count) + 1))
        }
        states = Self.resample(states, to: frames)
      }
    } else {
      let swipe = FrameSequence.swipe(pages: max(1, pageCount), fps: fps, frameCount: frames)
      // The controller's own state at each position: its held states and what it keeps.
      states = swipe.positions.map { probe.frameState(atPagePosition: $0) }
      // The swipe lasts as long with 9 frames as with 163: only the sampling changes.
      duration = FrameSequence.swipeDuration(pages: max(1, pageCount))
    }
    self.states = states
    self.duration = duration
    events = recorded
    animationFactor = max(1, Int(scale.rounded(.down)))
    thumbnailFactor = max(1, Int((scale * 2).rounded(.down)))
    let seconds = OptionValue.format((duration * 10).rounded() / 10)
    if isSession {
      // A session may go anywhere: show a dozen moments evenly spread over it, by time (and
      // page, when there are pages to tell apart).
      let n = min(12, states.count)
      let picks = (0..<n).map { n == 1 ? 0 : $0 * (states.count - 1) / (n - 1) }
      let start = states.first?.time ?? 0
      let pages = pageCount
      sheetCaptions = picks.map { i in
        let t = String(format: "%.2f s", states[i].time - start)
        return pages > 1
          ? "\(t) · page \(ContactSheet.format((states[i].pagePosition * 100).rounded() / 100))" : t
      }
      sheet = ContactSheet(
        positions: picks.map { states[$0].pagePosition }, columns: 4,
        title: scripted != nil
          ? "\(onboarding.name) · a scripted session of \(seconds) s in \(states.count) frames"
          : "\(onboarding.name) · its own session of \(seconds) s in \(states.count) frames")
      sheetFrames = picks
    } else {
      sheet = ContactSheet(
        positions: ContactSheet.quarterPositions(pages: pageCount),
        columns: min(5, max(3, pageCount)),
        title: "\(onboarding.name) · a swipe of \(seconds) s in \(states.count) frames")
      let picks = sheet.nearestFrames(in: states.map(\.pagePosition))
      sheetFrames = picks
      sheetCaptions = picks.map { "page \(ContactSheet.format(states[$0].pagePosition))" }
    }
    // The sheet's size is known now: refuse it before any frame is drawn.
    try sheet.validate(
      cellWidth: max(1, width / thumbnailFactor), cellHeight: max(1, height / thumbnailFactor),
      cells: sheetFrames.count)
  }

  /// How long each frame shows in the animation: the sampling step of the run, so that the
  /// animation lasts as long as the run whatever the number of frames.
  var frameDuration: Double {
    isSession || count < 2
      ? duration / Double(max(1, count))
      : duration / Double(count - 1)
  }

  var count: Int { states.count }

  /// Every frame's state of `text` played on `controller` at `fps`, from its start until the
  /// pages rest (the session is checked against GestureScript.maximumDuration first). The
  /// onboarding's `own` session, written left to right, is mirrored for a right-to-left layout.
  static func play(_ text: String, own: Bool, on controller: TutorialController, fps: Double)
    throws -> [FrameState]
  {
    var played: [FrameState] = []
    do {
      try controller.play(try session(text, own: own, for: controller), fps: fps) {
        played.append($0)
      }
    } catch {
      throw ToolError.badScript(error.description)
    }
    return played
  }

  /// The script of `text`; the onboarding's `own` session mirrored for a right-to-left layout
  /// (a script the user wrote is played as written).
  static func session(_ text: String, own: Bool, for controller: TutorialController)
    throws(GestureScriptError) -> GestureScript
  {
    let script = try GestureScript(text)
    return own && controller.layoutDirection == .rightToLeft
      ? script.mirrored(width: controller.pageSize.width) : script
  }

  /// `count` states spread evenly over `states`, first and last included.
  static func resample(_ states: [FrameState], to count: Int) -> [FrameState] {
    guard count > 1, states.count > 1 else { return Array(states.prefix(max(1, count))) }
    return (0..<count).map { states[$0 * (states.count - 1) / (count - 1)] }
  }

  /// The script's text, from --script or --script-file (not both); `nil` for the swipe.
  static func scriptText(_ o: ParsedCommand) throws -> String? {
    let inline = o.string("--script")
    guard let path = o.string("--script-file") else { return inline }
    guard inline == nil else {
      throw ToolError.badValue(
        option: "--script-file", value: path, expected: "no --script beside it")
    }
    do {
      let bytes = try AtomicFile.read(path, limit: GestureScript.maximumLength)
      return String(decoding: bytes, as: UTF8.self)
    } catch {
      throw ToolError.badValue(option: "--script-file", value: path, expected: "\(error)")
    }
  }

  /// The path of frame `i`'s file with extension `ext`.
  func framePath(_ i: Int, _ ext: String) -> String {
    let digits = max(4, String(count - 1).count)
    let n = String(i)
    return "\(out)/frame-\(String(repeating: "0", count: max(0, digits - n.count)) + n).\(ext)"
  }

  /// Creates the output folder, or says why it cannot, and clears what an earlier run left:
  /// the files a run owns there (`frame-*.png`, `frame-*.svg`, `contact-sheet.png`,
  /// `animation.png`) and the temporary files of runs that were killed (their process is gone).
  func prepareFolder() throws {
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw FileError.creatingFolder(out, error)
    }
    guard FileManager.default.isWritableFile(atPath: out) else {
      throw FileError(path: out, kind: .system(EACCES), reason: "the folder is not writable")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
    for name in names where Self.isOwned(name) || Self.isStaleTemporary(name) {
      try? FileManager.default.removeItem(atPath: "\(out)/\(name)")
    }
  }

  /// Whether a file in the output folder is one a render writes.
  static func isOwned(_ name: String) -> Bool {
    (name.hasPrefix("frame-") && (name.hasSuffix(".png") || name.hasSuffix(".svg"))
      && name.dropFirst(6).prefix { $0.isNumber }.count >= 4)
      || name == "contact-sheet.png" || name == "animation.png"
      || (name.hasPrefix("accessibility-page-") && name.hasSuffix(".json"))
  }

  /// Whether a file is the temporary file of an atomic write whose process no longer runs
  /// (`.NAME.tmp-PID-RANDOM`, or the older `.NAME.tmp-PID`, left by a SIGKILL).
  static func isStaleTemporary(_ name: String) -> Bool { SafeFile.isStaleTemporary(name) }
}

extension Tool {
  /// `strata render <example> [options]`: see its ``CommandSpec`` in ``Tool/commands``. Plans
  /// the run, renders the frames on `--jobs` workers (each writes its frames' files and hands
  /// the image to the sink), then writes the contact sheet.
  func render(_ o: ParsedCommand) throws -> Int32 {
    let plan = try RenderPlan(o)
    try plan.prepareFolder()
    installInterruptHandlers()
    let start = ContinuousClock.now
    let sink = try FrameSink(plan: plan)
    let progress = Progress(total: plan.count, output: output, showing: isatty(2) != 0)
    try renderFrames(plan, into: sink, progress: progress)
    progress.finish()
    if interruptRequested {
      let signal = interruptSignal.load(ordering: .relaxed)
      output.err(
        "strata: \(signal == SIGTERM ? "terminated" : "interrupted") after \(progress.done) of "
          + "\(plan.count) frames; every file written is whole\n")
      return 128 + signal
    }
    try PNGEncoder(mode: o.flag("--small") ? .small : .fastest).write(
      try sink.finish(), to: "\(plan.out)/contact-sheet.png")
    var trees = 0
    if o.flag("--accessibility") {
      // What a screen reader finds on each page at rest.
      let controller = try o.makeController(plan.onboarding, size: plan.size)
      // One file a page, for the first thousand pages at most.
      for page in 0..<min(controller.pageCount, 1000) {
        controller.setPagePosition(Double(page))
        try AtomicFile.write(
          Array(controller.accessibilityTree().json.utf8),
          to: "\(plan.out)/accessibility-page-\(page).json")
        trees += 1
      }
    }
    if let path = plan.eventsPath {
      try createParentFolder(of: path)
      try AtomicFile.write(Array(plan.events.map { $0.json + "\n" }.joined().utf8), to: path)
    }

    let elapsed = ContinuousClock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let workers = min(plan.jobs, plan.count)
    output.out(
      "rendered \(plan.count) frames (\(plan.width)×\(plan.height)) to \(plan.out)/ in \(String(format: "%.1f", seconds)) s "
        + "(\(String(format: "%.1f", Double(plan.count) / max(seconds, 1e-9))) frames per second) "
        + "with \(workers) job\(workers == 1 ? "" : "s")\(plan.svg ? " (PNG and SVG)" : ""); "
        + "contact-sheet.png and animation.png "
        + "(\(max(1, plan.width / plan.animationFactor))×\(max(1, plan.height / plan.animationFactor)))"
        + (plan.eventsPath.map { "; \(plan.events.count) events to \($0)" } ?? "")
        + (trees > 0 ? "; \(trees) accessibility trees" : "") + "\n"
    )
    return 0
  }

  /// Renders every frame of `plan` on its workers. Workers take frames in order from a shared
  /// counter and never run more than a few frames ahead of the animation, so the frames held
  /// in memory stay a small multiple of the job count, whatever the run's length.
  private func renderFrames(_ plan: RenderPlan, into sink: FrameSink, progress: Progress) throws {
    let next = Atomic<Int>(0)
    let failure = Mutex<Error?>(nil)
    let workers = min(plan.jobs, plan.count)
    let window = 4 * workers
    // Frames and groups that repeat are drawn once, and a repeated frame's file is not
    // encoded again (the same display list gives the same bytes).
    let cache =
      plan.command.flag("--no-cache")
      ? RenderCache(frameLimit: 0, groupByteLimit: 0) : RenderCache(frameLimit: 2 * workers)
    let encoding = "png-\(plan.pngMode.rawValue)"
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      // Each worker has its own controller (controllers are not shared between threads) and
      // its own frame buffer. Frames are pure functions of their state, so the bytes do not
      // depend on which worker renders which frame.
      guard let controller = try? plan.command.makeController(plan.onboarding, size: plan.size)
      else { return }
      var renderer = FrameRenderer(scale: plan.scale)
      renderer.cache = cache
      var image = RasterImage.placeholder
      // One scene per worker, updated in place frame after frame (its nodes' memory is reused).
      var scene = controller.scene()
      while true {
        if interruptRequested || failure.withLock({ $0 != nil }) { return }
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < plan.count else { return }
        while i >= sink.written + window, failure.withLock({ $0 == nil }),
          !interruptRequested
        {
          usleep(500)
        }
        do {
          controller.show(plan.states[i])
          controller.updateScene(&scene)
          let list = try renderer.displayList(for: scene)
          try renderer.render(list, into: &image)
          // A repeated frame's file and animation frame are kept with it.
          let kept = cache.attachments(of: list)
          var made: [String: [UInt8]] = [:]
          let png = kept[encoding] ?? PNGEncoder(mode: plan.pngMode).encode(image)
          if kept[encoding] == nil { made[encoding] = png }
          try AtomicFile.write(png, to: plan.framePath(i, "png"))
          if plan.svg {
            try AtomicFile.write(
              Array(SVGWriter().svg(for: list).utf8), to: plan.framePath(i, "svg"))
          }
          let small =
            try kept["animation"].map {
              try RasterImage(width: sink.animationWidth, height: sink.animationHeight, pixels: $0)
            } ?? sink.animationFrame(of: image)
          if kept["animation"] == nil { made["animation"] = small.pixels }
          cache.attach(made, to: list)
          try sink.submit(i, image, small: small)
          progress.advance()
        } catch {
          failure.withLock { if $0 == nil { $0 = error } }
          return
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Makes SIGINT and SIGTERM set ``interruptSignal`` instead of ending the process.
  func installInterruptHandlers() {
    interruptSignal.store(0, ordering: .relaxed)
    signal(SIGINT) { interruptSignal.store($0, ordering: .relaxed) }
    signal(SIGTERM) { interruptSignal.store($0, ordering: .relaxed) }
    // A parent may have started us with these signals blocked; take them.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
