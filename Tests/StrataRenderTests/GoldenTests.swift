import Foundation
import Strata
import StrataExamples
import StrataIO
import StrataRaster
import StrataRender
import StrataTestSupport
import StrataTesting
import StrataText
import Testing

@Suite struct GoldenTests {
  @Test(arguments: Gallery.all.map(\.0))
  func primitiveMatchesItsGolden(name: String) throws {
    let scene = try #require(Gallery.all.first { $0.0 == name }?.1)
    for scale in GoldenCatalog.primitiveScales {
      let image = try FrameRenderer(scale: scale).render(scene)
      #expect(image.width == Int(96 * scale))
      try expectMatchesGolden(image, "\(name)@\(Int(scale))x")
    }
  }

  @Test func renderingIsDeterministic() throws {
    for (_, scene) in Gallery.all {
      let a = try FrameRenderer(scale: 1.5).render(scene)
      let b = try FrameRenderer(scale: 1.5).render(scene)
      #expect(a == b)
    }
  }

  @Test func renderingIntoAReusedBufferGivesTheSamePixels() throws {
    var buffer = RasterImage.placeholder
    for (_, scene) in Gallery.all {
      let renderer = FrameRenderer(scale: 2, background: Color(white: 0.5, alpha: 0.5))
      let list = try renderer.displayList(for: scene)
      try renderer.render(list, into: &buffer)
      #expect(buffer == (try renderer.render(list)))
    }
  }

  @Test func badScalesAndSizesAreErrors() throws {
    let scene = Gallery.all[0].1
    for s in [0.0, -1, .nan, .infinity] {
      #expect(throws: RenderError.self) { try FrameRenderer(scale: s).render(scene) }
    }
    #expect(throws: RenderError.self) { try FrameRenderer(scale: 10_000).render(scene) }
  }
}

@Suite struct SVGTests {
  @Test func svgHasTheExpectedStructure() throws {
    let (_, scene) = try #require(Gallery.all.first { $0.0 == "clips" })
    let svg = SVGWriter().svg(for: try DisplayList(scene: scene, scale: 1))
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("<clipPath"))
    #expect(svg.contains("width=\"96\" height=\"96\""))
    #expect(svg.hasSuffix("</svg>\n"))
    let images = SVGWriter().svg(
      for: try DisplayList(scene: try #require(Gallery.all.first { $0.0 == "images" }).1, scale: 1))
    #expect(images.contains("data:image/png;base64,"))
    #expect(Base64.encode(Array("Strata!".utf8)) == "U3RyYXRhIQ==")
  }

  /// Renders our SVG export with resvg and compares it with our own pixels.
  ///
  /// Two known differences are kept out of the comparison, both on resvg's side of
  /// the line: resvg resamples bitmaps bicubically (with overshoot) where we are
  /// bilinear, so the comparison uses a smooth bitmap instead of the hard-edged
  /// checker; and resvg's anti-aliasing is supersampled, which on 45° edges is off
  /// the exact area by up to about 0.07 (18/255) — so the small, edge-dense gallery
  /// scenes are compared at @2x and @3x, as frames are shown on phones, and the
  /// full-size layers frames at @1x too. See Docs/Rendering.md.
  @Test(.enabled(if: Peers.resvg != nil, "resvg is not on the PATH (pip install resvg-cli)"))
  func resvgDrawsTheSamePicture() throws {
    let resvg = try #require(Peers.resvg)
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var scenes = Gallery.all.map { ($0.0, $0.1, [2.0, 3.0]) }
    scenes.append(("smooth-images", Gallery.smoothImages, [2.0, 3.0]))
    scenes.removeAll { $0.0 == "images" }
    for position in [0.35, 1.8] {
      let layers = LayersExample(pageSize: Size(width: 375, height: 667))
      layers.setPagePosition(position)
      scenes.append(("layers-\(position)", layers.scene(), [1.0, 3.0]))
    }
    for (name, scene, scales) in scenes {
      for scale in scales {
        let list = try DisplayList(scene: scene, scale: scale)
        let (ours, theirs, diff) = try drawnBesideResvg(list, resvg: resvg, in: dir, name: name)
        if diff.mean > 1 || diff.percentile99 > 8 {
          keepForALook(ours, theirs, folder: "strata-svg-compare", name: "\(name)@\(scale)")
        }
        #expect(diff.mean <= 1, "\(name)@\(scale)x: mean difference \(diff.mean)")
        #expect(diff.percentile99 <= 8, "\(name)@\(scale)x: 99th percentile \(diff.percentile99)")
      }
    }
  }
}

@Suite struct FrameSequenceTests {
  @Test func aSwipeRestsAndEasesBetweenPages() {
    let s = FrameSequence.swipe(pages: 3, fps: 10)
    #expect(s.positions.count == 28)  // 2.7 s at 10 fps, both ends
    #expect(s.positions.first == 0 && s.positions.last == 2)
    #expect(s.positions.filter { $0 == 1 }.count >= 5)  // a rest on page 1
    for (a, b) in zip(s.positions, s.positions.dropFirst()) { #expect(b >= a) }
    #expect(FrameSequence.swipe(pages: 3, frameCount: 7).positions.count == 7)
  }

  @Test func absurdRunsAreBounded() {
    #expect(
      FrameSequence.swipe(pages: Int.max, fps: 240).positions.count == FrameSequence.maximumFrames)
    // No pages is one page at rest; a NaN frame rate counts as 60.
    let still = FrameSequence.swipe(pages: 0, fps: .nan).positions
    #expect(still.count == 31 && still.allSatisfy { $0 == 0 })
  }
}

/// Every golden image of this target, from the same lists the tests take their arguments from.
enum GoldenCatalog {
  static let primitiveScales = [1.0, 2.0]
  static var names: Set<String> {
    var names = Set<String>()
    for (name, _) in Gallery.all {
      for scale in primitiveScales { names.insert("\(name)@\(Int(scale))x") }
    }
    for style in PageIndicatorStyle.presets { names.insert("indicator-\(style.name)") }
    for scale in TextRenderingTests.labelScales { names.insert("label@\(Int(scale))x") }
    for name in SVGCorpus.names { names.insert("svg-\(name)") }
    names.insert("colr-v1-showcase")
    return names
  }
}

@Suite struct GoldenCatalogTests {
  /// A golden without a test rots unseen; a test without its golden would record one.
  @Test func everyGoldenHasATestAndEveryTestItsGolden() {
    let audit = goldens.audit(expected: GoldenCatalog.names)
    #expect(audit.unchecked.isEmpty, "goldens no test checks")
    #expect(audit.missing.isEmpty, "tests whose golden is missing")
  }
}

@Suite struct DefaultTextTests {
  @Test func aDisplayListDrawsTextWithoutBeingToldHow() throws {
    let root = Node(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    root.addChild(TextNode(text: TextContent("Hello"), frame: root.bounds))
    let list = try DisplayList(scene: Scene(root: root, size: root.size), scale: 1)
    #expect(list.commands.contains { if case .glyphs = $0 { true } else { false } })
    let silent = try DisplayList(
      scene: Scene(root: root, size: root.size), scale: 1, textShaper: nil)
    #expect(!silent.commands.contains { if case .glyphs = $0 { true } else { false } })
  }
}
