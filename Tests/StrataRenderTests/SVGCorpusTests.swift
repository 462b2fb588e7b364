import Foundation
import Strata
import StrataAssets
import StrataIO
import StrataRaster
import StrataRender
import StrataTestSupport
import StrataTesting
import StrataText
import Testing

/// The hand-written SVG files of `Fixtures/svg`, one per feature group of the import subset.
enum SVGCorpus {
  static let folder = testDirectory.appendingPathComponent("Fixtures/svg")
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
  }()
  static let scale = 2.0

  /// The file's picture as Strata draws it: the imported image at its own size.
  static func render(_ name: String) throws -> RasterImage {
    let svg = try SVGImporter(strict: true).importFile(
      folder.appendingPathComponent("\(name).svg").path)
    return try render(svg.image, scale: scale)
  }

  static func render(_ image: VectorImage, scale: Double) throws -> RasterImage {
    let node = ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: image.size))
    return try FrameRenderer(scale: scale).render(Scene(root: node, size: image.size))
  }
}

@Suite struct SVGCorpusTests {
  @Test func theCorpusIsThere() {
    #expect(SVGCorpus.names.count >= 12)
  }

  /// Every corpus file imports with nothing left out, and draws as its golden.
  @Test(arguments: SVGCorpus.names)
  func corpusFileMatchesItsGolden(name: String) throws {
    try expectMatchesGolden(try SVGCorpus.render(name), "svg-\(name)")
  }

  /// resvg's rendering of the same files, within the tolerance of the SVG export comparison
  /// (mean ≤ 1, 99th percentile ≤ 8, in 0…255 per channel).
  @Test(.enabled(if: Peers.resvg != nil, "resvg is not on the PATH (pip install resvg-cli)"))
  func resvgDrawsTheCorpusTheSame() throws {
    let resvg = try #require(Peers.resvg)
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in SVGCorpus.names {
      let ours = try SVGCorpus.render(name)
      let png = dir.appendingPathComponent("\(name).png")
      let svg = SVGCorpus.folder.appendingPathComponent("\(name).svg")
      #expect(try runProgram(resvg, ["-w", "\(ours.width)", svg.path, png.path]) == 0)
      let theirs = try PNGDecoder().decodeFile(png.path)
      let diff = ImageDifference(ours, theirs)
      if diff.mean > 1 || diff.percentile99 > 8 {
        keepForALook(ours, theirs, folder: "strata-svg-corpus", name: name)
      }
      #expect(diff.mean <= 1, "\(name): mean difference \(diff.mean)")
      #expect(diff.percentile99 <= 8, "\(name): 99th percentile \(diff.percentile99)")
    }
  }
}

@Suite struct SVGRoundTripTests {
  /// A drawing that uses what the import brings to vector images: groups with opacity,
  /// transforms and clips (a union of two outlines), a focal gradient under a stretch,
  /// reflected and repeated spreads, and dashes.
  static let features: VectorImage = {
    let stops = [
      Gradient.Stop(Color(red: 0.9, green: 0.2, blue: 0.4), at: 0),
      Gradient.Stop(Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.7), at: 0.5),
      Gradient.Stop(Color(red: 0.1, green: 0.3, blue: 0.9), at: 1),
    ]
    let focal = Paint.radial(
      RadialGradient(
        Gradient(stops: stops, spread: .reflect), center: Point(x: 30, y: 30), radius: 12,
        focus: Point(x: 24, y: 26), transform: Transform(scaleX: 1.5, y: 0.8)))
    let repeated = Paint.linearGradient(
      Gradient(stops: stops, spread: .repeat), start: Point(x: 60, y: 0), end: Point(x: 72, y: 6))
    let union = VectorImage.Clip(shapes: [
      .init(path: .circle(center: Point(x: 70, y: 20), radius: 14)),
      .init(path: .rect(Rect(x: 60, y: 24, width: 30, height: 20)), rule: .evenOdd),
    ])
    return VectorImage(
      size: Size(width: 100, height: 60),
      items: [
        .shape(.init(path: .rect(Rect(x: 2, y: 2, width: 50, height: 52)), fill: focal)),
        .group(
          .init(
            items: [
              .shape(.init(path: .rect(Rect(x: 50, y: 0, width: 50, height: 60)), fill: repeated))
            ],
            clip: union)),
        .group(
          .init(
            items: [
              .shape(
                .init(path: .circle(center: Point(x: 0, y: 0), radius: 8), fill: .solid(.black))),
              .shape(
                .init(
                  path: .circle(center: Point(x: 6, y: 0), radius: 8),
                  stroke: .solid(Color(red: 0.2, green: 0.6, blue: 0.3)),
                  strokeStyle: StrokeStyle(width: 3, cap: .round, dash: [4, 3], dashPhase: 1))),
            ], transform: Transform(rotation: 0.4).thenTranslated(x: 40, y: 44), opacity: 0.6)),
      ])
  }()

  /// Strata's SVG export of a display list, imported again, draws the same pixels (colours
  /// are written with 8 bits a channel, so a channel may differ by one).
  @Test func ourExportImportedBackDrawsTheSamePicture() throws {
    var scenes = Gallery.all.filter {
      ["fill-rules", "strokes", "gradients", "group-opacity", "clips", "borders"].contains($0.0)
    }
    let node = ImageNode(
      image: .vector(Self.features), frame: Rect(x: 0, y: 0, width: 100, height: 60))
    scenes.append(("vector-features", Scene(root: node, size: Size(width: 100, height: 60))))
    for (name, scene) in scenes {
      let list = try DisplayList(scene: scene, scale: 2)
      let ours = try FrameRenderer().render(list)
      let svg = SVGWriter().svg(for: list)
      let back = try SVGImporter(strict: true).importSVG(Array(svg.utf8))
      #expect(back.image.size == Size(width: Double(list.width), height: Double(list.height)))
      let again = try SVGCorpus.render(back.image, scale: 1)
      let diff = ImageDifference(ours, again)
      #expect(diff.maximum <= 1, "\(name): \(diff)")
    }
  }
}
