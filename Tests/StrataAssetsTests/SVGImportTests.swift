import Foundation
import Strata
import Testing

// @testable: these tests reach internals: SVGValues.
@testable import StrataAssets
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// The image of a small SVG document (its body inside an `<svg>` of 100 × 100).
private func importBody(_ body: String, strict: Bool = false, attributes: String = "")
  throws -> SVGImport
{
  try SVGImporter(strict: strict).importSVG(
    Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"\(attributes)>\(body)</svg>"
        .utf8))
}

@Suite struct SVGImportTests {
  @Test func pathDataReadsEveryCommandAndCompactNumbers() throws {
    // Relative, implicit repeats, numbers run together ("1.5.5" is 1.5 and .5; "-1-2" two).
    let (p, error) = SVGValues.pathData("m1.5.5l1-2 3,4h1v-1zM0 0c1 1 2 2 3 3s4 4 5 5q1 1 2 2t3 3")
    #expect(error == nil)
    let ends = p.elements.compactMap { e -> Point? in
      switch e {
      case .move(let q), .line(let q), .quad(let q, _), .cubic(let q, _, _): return q
      case .close: return nil
      }
    }
    #expect(
      Array(ends.prefix(5)) == [
        Point(x: 1.5, y: 0.5), Point(x: 2.5, y: -1.5), Point(x: 5.5, y: 2.5),
        Point(x: 6.5, y: 2.5), Point(x: 6.5, y: 1.5),
      ])
    #expect(ends.last == Point(x: 13, y: 13))
    // S reflects the last control point: (2,2) about (3,3) is (4,4).
    guard case .cubic(_, let c1, _) = p.elements[8] else {
      Issue.record("the S segment is a cubic")
      return
    }
    #expect(c1 == Point(x: 4, y: 4))
  }

  @Test func aBadPathKeepsWhatCameBeforeTheError() {
    let (p, error) = SVGValues.pathData("M0 0 L10 10 L20 x L30 30")
    #expect(p.elements.count == 2)
    #expect(error?.contains("L needs two numbers") == true)
    #expect(SVGValues.pathData("L10 10").error?.contains("start with") == true)
  }

  @Test func arcsFollowTheEndpointParameterisation() {
    // A half circle of radius 10 from (0,0) to (20,0), sweeping through y = -10 (sweep 1 is
    // clockwise on screen, so it bulges upwards here).
    let (p, _) = SVGValues.pathData("M0 0 A10 10 0 0 1 20 0")
    let b = p.bounds
    #expect(abs(b.minY + 10) < 0.01 && abs(b.maxY) < 0.01)
    #expect(abs(b.width - 20) < 1e-9)
    // Radii too small are scaled up until the arc fits: a half circle again.
    let (q, _) = SVGValues.pathData("M0 0 A1 1 0 0 0 20 0")
    #expect(abs(q.bounds.maxY - 10) < 0.01)
    // A zero radius is a line.
    #expect(SVGValues.pathData("M0 0 A0 5 0 0 0 20 0").path.elements.count == 2)
  }

  @Test func transformListsApplyRightToLeft() throws {
    let t = try #require(SVGValues.transform("translate(10 20) scale(2)"))
    #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 22))
    let r = try #require(SVGValues.transform("rotate(90, 10, 10)"))
    let p = r.apply(to: Point(x: 20, y: 10))
    #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 20) < 1e-9)
    let m = try #require(SVGValues.transform("matrix(1,2,3,4,5,6)"))
    #expect(m == Transform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    let k = try #require(SVGValues.transform("skewX(45)"))
    #expect(abs(k.apply(to: Point(x: 0, y: 1)).x - 1) < 1e-9)
    #expect(SVGValues.transform("rotate(") == nil)
    #expect(SVGValues.transform("spin(3)") == nil)
    #expect(SVGValues.transform("scale(1e400)") == nil)
  }

  @Test func coloursInEveryNotation() {
    let c = Color(red8: 0x66, green8: 0x33, blue8: 0x99)
    for text in ["#663399", "#663399ff", "rgb(102, 51, 153)", "rebeccapurple", "RebeccaPurple"] {
      #expect(SVGColor.parse(text) == c, "\(text)")
    }
    #expect(SVGColor.parse("#fff") == Color(red: 1, green: 1, blue: 1))
    #expect(SVGColor.parse("#f008")?.alpha == Double(0x88) / 255)
    #expect(SVGColor.parse("rgba(255,0,0,0.5)") == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(SVGColor.parse("rgb(100%, 0%, 50%)") == Color(red: 1, green: 0, blue: 0.5))
    #expect(SVGColor.parse("transparent")?.alpha == 0)
    for bad in ["#ggg", "#12345", "rgb(1,2)", "nocolour", ""] {
      #expect(SVGColor.parse(bad) == nil, "\(bad)")
    }
  }

  @Test func lengthsInEveryUnit() {
    #expect(SVGValues.length("1in") == 96)
    #expect(abs((SVGValues.length("25.4mm") ?? 0) - 96) < 1e-9)
    #expect(SVGValues.length("12pt") == 16)
    #expect(SVGValues.length("50%", percentOf: 300) == 150)
    #expect(SVGValues.length("2em") == 32)
    #expect(SVGValues.length("3furlongs") == nil)
  }

  @Test func theCascadeOrdersAttributesSheetsAndStyle() throws {
    let svg = try importBody(
      """
      <style>.a { fill: #00ff00 } #b { fill: #0000ff } rect { fill: #ff0000; stroke: #000000 }</style>
      <rect width="10" height="10" fill="#123456" stroke-width="2"/>
      <rect class="a" width="10" height="10" fill="#123456"/>
      <rect class="a" id="b" width="10" height="10"/>
      <rect class="a" width="10" height="10" style="fill: #ffffff"/>
      """)
    let fills = svg.image.shapes.map(\.fill)
    #expect(
      fills == [
        .solid(Color(red: 1, green: 0, blue: 0)), .solid(Color(red: 0, green: 1, blue: 0)),
        .solid(Color(red: 0, green: 0, blue: 1)), .solid(Color(red: 1, green: 1, blue: 1)),
      ])
    #expect(svg.image.shapes[0].strokeStyle.width == 2)
    #expect(svg.unsupported.isEmpty)
  }

  @Test func inheritanceCurrentColorAndOpacityFolding() throws {
    let svg = try importBody(
      """
      <g fill="currentColor" color="#ff0000" stroke-width="3">
        <rect x="20" y="20" width="10" height="10" opacity="0.5"/>
        <rect x="20" y="20" width="10" height="10" stroke="blue" opacity="0.5"/>
      </g>
      """)
    let shapes = svg.image.shapes
    #expect(shapes.first?.fill == .solid(Color(red: 1, green: 0, blue: 0)))
    #expect(shapes.first?.opacity == 0.5, "one paint: the opacity folds into the shape")
    // Fill and stroke together: a group composites them as one picture.
    guard case .group(let g) = svg.image.items.last else {
      Issue.record("a shape with fill, stroke and opacity is a group")
      return
    }
    #expect(g.opacity == 0.5 && g.items.count == 1)
  }

  @Test func whatIsNotDrawnIsListedWithItsLine() throws {
    let svg = try importBody(
      """

      <text x="1" y="1">Hello</text>
      <rect width="10" height="10" filter="url(#f)"/>
      <image href="x.png" width="1" height="1"/>
      <rect width="10" height="10" fill="url(#nowhere)"/>
      <path d="M0 0 L10 10 Z Q"/>
      <metadata><foo/></metadata>
      <sodipodi:namedview xmlns:sodipodi="x"/>
      <blink/>
      """)
    let lines = svg.unsupported.map { "\($0.line) \($0.element)" }
    #expect(lines == ["2 text", "3 rect", "4 image", "5 rect", "6 path", "9 blink"])
    #expect(svg.unsupported[0].description == "line 2: <text>: <text> is not drawn")
    #expect(svg.unsupported[3].message.contains("#nowhere"))
    #expect(svg.image.shapes.count == 2, "the filtered rect and the partial path still draw")
    do {
      _ = try importBody("<text>Hi</text>", strict: true)
      Issue.record("strict mode refuses what it cannot draw")
    } catch let error as SVGError {
      guard case .unsupported(let notes) = error else {
        Issue.record("expected .unsupported, got \(error)")
        return
      }
      #expect(notes.map(\.element) == ["text"])
    } catch {
      Issue.record("expected an SVGError, got \(error)")
    }
  }

  @Test func malformedFilesAreErrorsWithTheirLine() {
    let cases: [(String, String)] = [
      ("<svg>\n<rect>\n</svg>", "line 3"),
      ("<svg width='1' height='1'><rect width=1/></svg>", "not quoted"),
      ("<svg><!-- open", "comment is not closed"),
      ("<svg a='&bogus;'/>", "unknown entity"),
      ("<html/>", "not <svg>"),
      ("", "no root element"),
      ("<svg/><svg/>", "after the root"),
      ("<svg width='10qq' height='1'/>", "not a length"),
      ("<svg width='0' height='1'/>", "not positive"),
      ("<svg width='100000' height='1'/>", "larger than"),
    ]
    for (text, expected) in cases {
      do {
        _ = try SVGImporter().importSVG(Array(text.utf8))
        Issue.record("\(text) is an error")
      } catch {
        #expect(error.description.contains(expected), "\(text): \(error.description)")
      }
    }
  }

  @Test func nestingElementsAndExpansionAreBounded() {
    let deep =
      "<svg>" + String(repeating: "<g>", count: SVGImporter.maximumDepth + 1)
      + String(repeating: "</g>", count: SVGImporter.maximumDepth + 1) + "</svg>"
    #expect(throws: SVGError.tooDeep(limit: SVGImporter.maximumDepth, line: 1)) {
      try SVGImporter().importSVG(Array(deep.utf8))
    }
    let many = "<svg>" + String(repeating: "<g/>", count: SVGImporter.maximumElements) + "</svg>"
    #expect(throws: SVGError.tooManyElements(limit: SVGImporter.maximumElements, line: 1)) {
      try SVGImporter().importSVG(Array(many.utf8))
    }
    // Each level uses the one before it ten times: 10^8 rectangles if nothing stopped it.
    var body = "<defs><rect id='l0' width='1' height='1'/>"
    for level in 1...8 {
      body += "<g id='l\(level)'>"
      body += String(repeating: "<use href='#l\(level - 1)'/>", count: 10)
      body += "</g>"
    }
    body += "</defs><use href='#l8'/>"
    do {
      _ = try importBody(body)
      Issue.record("10^8 rectangles imported")
    } catch {
      guard case .overBudget(_, let limit, _)? = error as? SVGError else {
        Issue.record("\(error)")
        return
      }
      #expect(limit == SVGImporter.maximumExpandedElements)
    }
    // A use that contains itself is cut, and said.
    let loop = try? importBody("<g id='a'><rect width='1' height='1'/><use href='#a'/></g>")
    #expect(loop?.image.shapes.count == 1)
    #expect(loop?.unsupported.first?.message.contains("loop is cut") == true)
  }

  @Test func contentPastTheViewportIsCutOnceAndOnlyWhenNeeded() throws {
    // Inside: no clip at all.
    let inside = try importBody("<circle cx='50' cy='50' r='40'/>")
    #expect(inside.image.items.count == 1 && inside.image.shapes.count == 1)
    guard case .shape = inside.image.items[0] else {
      Issue.record("no group for content inside the viewport")
      return
    }
    // Past the edge: one clip to the viewport.
    let past = try importBody("<circle cx='50' cy='120' r='40'/>")
    guard case .group(let g) = past.image.items.first else {
      Issue.record("a group clips content past the viewport")
      return
    }
    #expect(g.clip?.regions.count == 1)
    // Already clipped inside by the file: not clipped again.
    let clipped = try importBody(
      """
      <defs><clipPath id='c'><rect width='100' height='100'/></clipPath></defs>
      <g clip-path='url(#c)'><circle cx='50' cy='120' r='40'/></g>
      """)
    guard case .group(let own) = clipped.image.items.first, clipped.image.items.count == 1 else {
      Issue.record("the file's own clip group")
      return
    }
    #expect(own.clip?.regions.count == 1)
    #expect(own.items.allSatisfy { if case .shape = $0 { true } else { false } })
  }

  @Test func viewBoxSizesAndDefaults() throws {
    let wide = try SVGImporter().importSVG(
      Array("<svg viewBox='0 0 40 20'><rect width='40' height='20'/></svg>".utf8))
    #expect(wide.image.size == Size(width: 40, height: 20))
    let half = try SVGImporter().importSVG(
      Array("<svg width='80' viewBox='0 0 40 20'/>".utf8))
    #expect(half.image.size == Size(width: 80, height: 40))
    // No size and no viewBox: CSS Images 3 §4.3's default object size.
    let none = try SVGImporter().importSVG(Array("<svg/>".utf8))
    #expect(none.image.size == Size(width: 300, height: 150))
    // A zero size disables rendering and a negative one is an error (SVG 1.1 §7.1): both
    // are refused with the size named, as nothing could be drawn at that size.
    for size in ["width='0' height='10'", "width='-50' height='-100'"] {
      #expect {
        _ = try SVGImporter().importSVG(
          Array("<svg \(size)><rect width='9' height='9'/></svg>".utf8))
      } throws: { error in
        guard case .invalidSize(let why)? = error as? SVGError else { return false }
        return why.contains("not positive")
      }
    }
  }

  @Test func linearGradientsStayExactUnderAnyTransform() throws {
    // A bounding-box gradient on a 100 × 50 rectangle at (0, 0): x from 0 to 100.
    let g = Gradient(colors: [.black, .white])
    let box = Transform(scaleX: 100, y: 50)
    let paint = try #require(
      SVGBuilder.linear(g, Point(x: 0, y: 0), Point(x: 1, y: 0), through: box))
    #expect(paint == .linearGradient(g, start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))
    // Rotated 45° in the unit square and stretched: t is still affine, compare at points.
    let m = Transform(rotation: .pi / 4).concatenating(box)
    guard
      case .linearGradient(_, let s, let e)? = SVGBuilder.linear(
        g, Point(x: 0, y: 0), Point(x: 1, y: 0), through: m)
    else {
      Issue.record("a linear gradient stays linear")
      return
    }
    func t(_ p: Point) -> Double {
      let d = e - s
      return ((p - s).dx * d.dx + (p - s).dy * d.dy) / d.lengthSquared
    }
    let inv = try #require(m.inverted())
    for p in [Point(x: 10, y: 5), Point(x: 70, y: 20), Point(x: -3, y: 44)] {
      let q = inv.apply(to: p)
      #expect(abs(t(p) - q.x) < 1e-9)
    }
  }
}
