import Foundation
import Strata
import StrataExamples
@_spi(Benchmarks) import StrataIO
import StrataRender

/// A tutorial with all seven layers as the renderer benchmark wants them: a gradient
/// background, a large transformed bitmap, shapes with alpha, and the masked static
/// content with a shadow.
final class RenderBenchTutorial: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, WireframeDataSource, InnerWireframeDataSource,
  StaticContentDataSource, LabelDataSource, IconDataSource, DynamicBackgroundAnimator,
  WireframeAnimator
{
  static let photo: RasterImage? = {
    // A 600×400 bitmap with smooth colour changes, made in code.
    let w = 600
    let h = 400
    var px = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        px[i] = UInt8((x * 255) / w)
        px[i + 1] = UInt8((y * 255) / h)
        px[i + 2] = UInt8(((x + y) * 127) / (w + h) + 64)
      }
    }
    return RasterImage(width: w, height: h, pixels: px, scale: 1)
  }()

  init() {
    super.init(pageSize: Size(width: 390, height: 844))
    preferredRoundnessHeight = 12
    preferredStaticContentHeight = 844 * 0.4
  }
  var numberOfPages: Int { 3 }
  func staticBackground() -> Node? {
    ShapeNode(
      path: .rect(Rect(x: 0, y: 0, width: 390, height: 844)),
      fill: .linearGradient(
        Gradient(colors: [
          Color(red: 0.1, green: 0.2, blue: 0.4), Color(red: 0.9, green: 0.5, blue: 0.3),
        ]),
        start: .zero, end: Point(x: 0, y: 844)))
  }
  func dynamicBackground(at page: Int) -> Node? {
    ImageNode(image: Self.photo.map { .raster($0) }, contentMode: .aspectFill)
  }
  func wireframe(at page: Int) -> Node? {
    let n = Node(frame: Rect(x: 0, y: 0, width: 200, height: 400))
    n.backgroundColor = Color(white: 0.1, alpha: 0.85)
    n.cornerRadius = 30
    n.position.y -= 120
    return n
  }
  func innerWireframe(at page: Int) -> Node? {
    let n = ShapeNode(
      path: .circle(center: Point(x: 80, y: 80), radius: 70),
      fill: .solid(Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.7)),
      stroke: .solid(.white), strokeStyle: StrokeStyle(width: 4))
    return n
  }
  func staticContent() -> Node? {
    let n = Node()
    n.backgroundColor = .white
    let button = Node(frame: Rect(x: 60, y: 230, width: 270, height: 50))
    button.backgroundColor = Color(white: 0.23)
    button.cornerRadius = 8
    button.shadow = Shadow(color: .black, opacity: 0.5, offset: Vector(dx: 0, dy: 6), radius: 15)
    n.addChild(button)
    return n
  }
  func label(at page: Int) -> Node? {
    let n = Node(frame: Rect(x: 0, y: 0, width: 280, height: 60))
    n.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.5)
    n.cornerRadius = 12
    return n
  }
  func icon(at page: Int) -> Node? {
    ShapeNode(
      path: .circle(center: Point(x: 28, y: 28), radius: 28),
      fill: .solid(Color(red: 0.9, green: 0.3, blue: 0.35)))
  }
  func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    let p = transition.position(of: page)
    node.alpha = Swift.max(0, 1 - p * p)
    node.transform = Transform(translationX: -175 * p, y: 0).thenScaled(x: 1.1, y: 1.1)
  }
  func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
    node.transform = Transform(rotation: transition.arc.angle(atX: transition.centerX(of: page)))
  }
}

/// Rasterizing and encoding a 1170×2532 frame, and resvg on the same frame's SVG when it is installed.
struct RenderBenchmark {
  var quick: Bool
  /// A folder to write each frame's SVG export into (`<prefix>.svg`), for peers to render.
  var svgFolder: String? = nil

  func run() -> [BenchmarkResult] {
    let tutorial = RenderBenchTutorial()
    tutorial.setPagePosition(0.4)
    let animals = AnimalsTutorial(pageSize: Size(width: 390, height: 844))
    animals.setPagePosition(0.4)
    return measure(tutorial.scene(), prefix: "render", fpsTarget: true)
      + measure(animals.scene(), prefix: "render.animals", fpsTarget: false)
      + sequence("animals", AnimalsTutorial(pageSize: Size(width: 390, height: 844)))
      + sequence("swiper", SwiperExample(pageSize: Size(width: 390, height: 844)))
  }

  /// A swipe from the first page to the second at @3x and 60 frames per second (rests
  /// included), each frame drawn and encoded on one thread as `strata render` does: with a
  /// render cache, so repeated frames are copied and unchanged groups composited.
  func sequence(_ name: String, _ controller: TutorialController) -> [BenchmarkResult] {
    let swipe = FrameSequence.swipe(pages: 2)
    var stats = RenderCache.Statistics()
    let t = timing(rounds: quick ? 1 : 3, operationsPerRound: swipe.positions.count) {
      let cache = RenderCache()
      var renderer = FrameRenderer(scale: 3)
      renderer.cache = cache
      var image = RasterImage.placeholder
      for p in swipe.positions {
        controller.setPagePosition(p)
        guard let list = try? renderer.displayList(for: controller.scene()),
          (try? renderer.render(list, into: &image)) != nil
        else { return }
        if cache.attachments(of: list)["png"] == nil {
          cache.attach(["png": PNGEncoder(mode: .fastest).encode(image)], to: list)
        }
      }
      stats = cache.statistics
    }
    return [
      BenchmarkResult(
        name: "render.sequence.\(name).fps", value: 1e9 / t.median, unit: "fps",
        note:
          "\(swipe.positions.count) frames: \(stats.frameHits) copied, "
          + "\(stats.groupHits) groups reused; one thread")
    ]
  }

  /// Raster (into a reused frame buffer, as a frame sequence does), encode, and resvg on the SVG
  /// export, for one scene at @3x.
  func measure(_ scene: Scene, prefix: String, fpsTarget: Bool) -> [BenchmarkResult] {
    let renderer = FrameRenderer(scale: 3)
    guard let list = try? renderer.displayList(for: scene), let frame = try? renderer.render(list)
    else { return [] }
    let rounds = quick ? 3 : 11
    var target = frame
    let rasterTiming = timing(rounds: rounds, operationsPerRound: 1) {
      try? renderer.render(list, into: &target)
    }
    var raster: Double { rasterTiming.median }
    // The polygons Blend2D's replay in Benchmarks/peers.py fills, drawn by Strata: the two
    // rasterizers on the same geometry (see PolygonReplay).
    let polygons = PolygonReplay.polygons(of: list)
    let polygonTiming = timing(rounds: rounds, operationsPerRound: 1) {
      try? renderer.render(polygons, into: &target)
    }
    // The same frame with its rows in bands on two threads (the bytes are the same).
    var banded = renderer
    banded.threads = 2
    let bandedTiming = timing(rounds: rounds, operationsPerRound: 1) {
      try? banded.render(list, into: &target)
    }
    var bytes = 0
    let encodeTiming = timing(rounds: rounds, operationsPerRound: 1) {
      bytes = PNGEncoder(mode: .fastest).encode(frame).count
    }
    var encode: Double { encodeTiming.median }
    let encode2Timing = timing(rounds: rounds, operationsPerRound: 1) {
      _ = PNGEncoder(mode: .fastest, threads: 2).encode(frame)
    }
    let filterTiming = timing(rounds: rounds, operationsPerRound: 1) {
      _ = PNGEncoder.filteredRows(frame, channels: 3, mode: .fastest)
    }
    let rows = PNGEncoder.filteredRows(frame, channels: 3, mode: .fastest)
    let deflateTiming = timing(rounds: rounds, operationsPerRound: 1) {
      _ = rows.withUnsafeBufferPointer { RowDeflate.zlib($0, stride: frame.width * 3 + 1, bpp: 3) }
    }
    let adlerTiming = timing(rounds: rounds, operationsPerRound: 1) {
      _ = rows.withUnsafeBufferPointer { Adler32.checksum($0) }
    }
    var tokenCount = 0
    let tokenizeTiming = timing(rounds: rounds, operationsPerRound: 1) {
      tokenCount = rows.withUnsafeBufferPointer {
        RowDeflate.tokenizeOnly($0, stride: frame.width * 3 + 1, bpp: 3)
      }
    }
    var zlibBytes = 0
    let zlibTiming = timing(rounds: rounds, operationsPerRound: 1) {
      zlibBytes = PNGEncoder(mode: .fast).encode(frame).count
    }
    var zlib: Double { zlibTiming.median }
    let size = "\(list.width)x\(list.height)"
    var results = [
      .timing("\(prefix).raster.\(size)", rasterTiming, unit: "ms"),
      BenchmarkResult(
        name: "\(prefix).raster.fps", value: 1e9 / raster, unit: "fps",
        note: fpsTarget ? "target >= 60" : ""),
      .timing(
        "\(prefix).polygons.raster.\(size)", polygonTiming, unit: "ms",
        note: "the polygons of Blend2D's replay (Benchmarks/peers.py), one thread"),
      .timing("\(prefix).encode.\(size)", encodeTiming, unit: "ms"),
      .timing("\(prefix).encode.filter.\(size)", filterTiming, unit: "ms"),
      .timing("\(prefix).encode.deflate.\(size)", deflateTiming, unit: "ms"),
      .timing("\(prefix).encode.adler.\(size)", adlerTiming, unit: "ms"),
      .timing(
        "\(prefix).encode.tokenize.\(size)", tokenizeTiming, unit: "ms",
        note: "\(tokenCount) tokens"),
      .timing("\(prefix).encode.zlib1.\(size)", zlibTiming, unit: "ms"),
      BenchmarkResult(
        name: "\(prefix).encode.speedup.vs.zlib1", value: zlib / encode, unit: "x",
        note: "target >= 3"),
      BenchmarkResult(
        name: "\(prefix).encode.size.vs.zlib1", value: Double(bytes) / Double(max(1, zlibBytes)),
        unit: "x", note: "\(bytes) bytes"),
      BenchmarkResult(
        name: "\(prefix).total.\(size)", value: (raster + encode) / 1e6, unit: "ms",
        note: "raster + encode, one thread; target <= 8.3 (120 Hz)"),
      .timing("\(prefix).raster.2threads.\(size)", bandedTiming, unit: "ms"),
      BenchmarkResult(
        name: "\(prefix).raster.2threads.speedup", value: raster / bandedTiming.median, unit: "x",
        note: "one thread's time / two threads'"),
      .timing("\(prefix).encode.2threads.\(size)", encode2Timing, unit: "ms"),
      BenchmarkResult(
        name: "\(prefix).total.2threads.\(size)",
        value: (bandedTiming.median + encode2Timing.median) / 1e6, unit: "ms",
        note: "raster + encode, each on two threads"),
    ]
    if let svgFolder {
      let path = (svgFolder as NSString).appendingPathComponent("\(prefix).svg")
      try? AtomicFile.write(Array(SVGWriter().svg(for: list).utf8), to: path)
      // The drawing commands too, for renderers that replay them (Blend2D in peers.sh).
      try? AtomicFile.write(
        Array(DisplayListJSONWriter().json(for: list).utf8),
        to: (svgFolder as NSString).appendingPathComponent("\(prefix).json"))
    }
    if let resvg = resvgTime(list, rounds: quick ? 2 : 5) {
      results.append(
        BenchmarkResult(name: "\(prefix).resvg.\(size)", value: resvg / 1e6, unit: "ms"))
      results.append(
        BenchmarkResult(
          name: "\(prefix).total.vs.resvg", value: (raster + encode) / resvg, unit: "x",
          note: "target < 1"))
    }
    return results
  }

  /// The median time resvg takes to render the SVG export to PNG, if resvg is on the PATH.
  func resvgTime(_ list: DisplayList, rounds: Int) -> Double? {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("frame.svg")
    let png = dir.appendingPathComponent("frame.png")
    guard
      (try? SVGWriter().svg(for: list).write(to: svg, atomically: true, encoding: .utf8)) != nil,
      let exe = ExternalTool.find("resvg")
    else { return nil }
    var failed = false
    let t = medianNanoseconds(rounds: rounds, operationsPerRound: 1) {
      if ExternalTool.run(exe, [svg.path, png.path]) != 0 { failed = true }
    }
    return failed ? nil : t
  }
}

/// Finds and runs programs on the PATH.
enum ExternalTool {
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  @discardableResult
  static func run(_ exe: String, _ args: [String]) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: exe)
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return -1 }
    p.waitUntilExit()
    return p.terminationStatus
  }
}
