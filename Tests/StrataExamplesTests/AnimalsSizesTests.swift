import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

/// The common screens: small, classic, current and large phones, a phone in landscape, a tablet.
let commonSizes: [Size] = [
  Size(width: 320, height: 568), Size(width: 375, height: 667), Size(width: 390, height: 844),
  Size(width: 430, height: 932), Size(width: 667, height: 375), Size(width: 1024, height: 768),
]

/// The rectangle a node covers on screen (untransformed nodes only need their ancestors').
func screenRect(_ node: Node) -> Rect {
  node.transformToRoot.apply(to: node.bounds)
}

@Suite struct AnimalsSizesTests {
  /// The golden frames: each size at rest on page 0 and mid-swipe at 1.25.
  @Test(arguments: commonSizes)
  func everySizeMatchesItsGoldens(size: Size) throws {
    for position in GoldenCatalog.sizePositions {
      let t = AnimalsTutorial(pageSize: size)
      let image = try FrameRenderer(scale: 1).render(t, pagePosition: position)
      try goldens.check(image, named: GoldenCatalog.sizeName(size, position))
    }
  }

  /// Wherever the pages stand, every background that shows at all covers the whole screen: no
  /// band of the static background shows while a scene lags behind its page.
  @Test(arguments: commonSizes)
  func backgroundsCoverTheScreenThroughTheSwipe(size: Size) throws {
    let t = AnimalsTutorial(pageSize: size)
    let screen = Rect(origin: .zero, size: size)
    for step in -6...46 {
      let position = Double(step) / 20
      t.setPagePosition(position)
      _ = t.scene()
      for page in 0..<3 {
        guard let p = t.page(page), p.container.parent != nil,
          let background = p.dynamicBackground, background.alpha >= 0.05
        else { continue }
        let art = background.children.first ?? background
        let r = screenRect(art)
        #expect(
          r.minX <= screen.minX + 1e-9 && r.maxX >= screen.maxX - 1e-9 && r.minY <= 0
            && r.maxY >= size.height - 1e-9,
          "\(size) at \(position): page \(page)'s scene covers \(r)")
      }
    }
  }

  /// The scenes' hills, ground and trees run the whole width of the drawing, at every size.
  @Test(arguments: commonSizes)
  func sceneryRunsToBothEdges(size: Size) throws {
    let t = AnimalsTutorial(pageSize: size)
    for page in 0..<3 {
      let scene = try #require(t.page(page)?.dynamicBackground?.children.first as? ImageNode)
      guard case .vector(let art)? = scene.image else {
        Issue.record("page \(page)'s scene is not a vector drawing")
        continue
      }
      #expect(art.size.width > 375, "wider than the design, for the overscan")
      let grounded = art.shapes.filter { $0.path.bounds.maxY >= 667 }
      #expect(grounded.count >= 2, "page \(page)")
      for shape in grounded {
        let b = shape.path.bounds
        #expect(
          b.minX <= 0 && b.maxX >= art.size.width, "page \(page) at \(size): a shape spans \(b)")
      }
    }
  }

  /// Text stays readable and wraps by width; the button keeps a readable, tappable size; the
  /// label, the page dots and the button do not overlap and stay on the card.
  @Test(arguments: commonSizes)
  func theCardIsLaidOutForTheScreen(size: Size) throws {
    let t = AnimalsTutorial(pageSize: size)
    t.setPagePosition(0)
    _ = t.scene()
    let label = try #require(t.page(0)?.label as? TextNode)
    #expect(!AnimalsTutorial.body.contains("\n"), "the body wraps by width, not by hand")
    for run in label.text.runs {
      #expect(run.font.size >= 13, "\(size): \(run.font.size) pt text")
    }
    let measured = try #require(t.textMeasurer).size(of: label.text, width: label.size.width)
    #expect(measured.width <= label.size.width + 1e-9)
    #expect(measured.height <= label.size.height + 1e-9, "\(size): the label is cut")
    #expect(label.size.width <= min(size.width, 26 * 17.5) + 1e-9)
    let button = try #require(t.root.descendant(named: "LET'S START"))
    var found: Node?
    t.root.forEachInSubtree { if $0 is PageIndicatorNode { found = $0 } }
    let indicator = try #require(found)
    let b = screenRect(button)
    let d = screenRect(indicator)
    let l = screenRect(label)
    #expect(b.width >= 240 && b.width <= 420 && b.height >= 44, "\(size): button \(b)")
    #expect(l.maxY <= d.minY, "\(size): label \(l) over the dots \(d)")
    #expect(d.maxY <= b.minY, "\(size): dots \(d) over the button \(b)")
    #expect(b.maxY <= size.height - 16)
    #expect(l.minY >= t.roundnessArc.top + t.roundnessArc.height)
  }
}
