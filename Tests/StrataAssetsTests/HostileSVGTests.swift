import Foundation
import Strata
import Testing

// @testable: these tests reach internals: DisplayListPlayer.
@testable import StrataAssets
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// SVG files small on disk and huge in work: each budget is a named constant and a typed error.
@Suite struct HostileSVGTests {
  func svg(_ body: String, defs: String = "") -> [UInt8] {
    Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs>\(defs)</defs>\(body)</svg>
      """.utf8)
  }

  func expectOverBudget(_ bytes: [UInt8], _ what: String, limit: Int) {
    do {
      _ = try SVGImporter().importSVG(bytes)
      Issue.record("imported: \(what)")
    } catch {
      guard case .overBudget(let w, let l, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(w.contains(what) && l == limit, "\(error)")
      #expect(error.description.contains("over the importer's budget"))
    }
  }

  func uses(_ ref: String, _ n: Int) -> String {
    (0..<n).map { "<use href=\"#\(ref)\" x=\"\($0 % 7)\" y=\"\($0 / 7)\"/>" }.joined()
  }

  /// Before: three levels of 46 `use`s (4 KB) made 97,336 large opaque rectangles and took
  /// 16.8 s to draw.
  @Test func useExpansionHasABudget() {
    let file = svg(
      uses("b", 46),
      defs: "<rect id=\"r\" width=\"300\" height=\"300\" fill=\"#123456\"/>"
        + "<g id=\"a\">\(uses("r", 46))</g><g id=\"b\">\(uses("a", 46))</g>")
    #expect(file.count < 5_000)
    expectOverBudget(
      file, "elements after <use> expansion", limit: SVGImporter.maximumExpandedElements)
    // Two levels (2,116 rectangles) are well within it.
    let small = svg(
      uses("a", 46),
      defs:
        "<rect id=\"r\" width=\"300\" height=\"300\" fill=\"#123456\"/><g id=\"a\">\(uses("r", 46))</g>"
    )
    #expect((try? SVGImporter().importSVG(small)) != nil)
  }

  /// Before: one `<clipPath>` of 1,000 rectangles used by 1,000 shapes (96 KB) took 45 s and
  /// 423 MB.
  @Test func clipOutlinesHaveABudget() {
    let rects = (0..<1_000).map {
      "<rect x=\"\($0 % 40)\" y=\"\($0 / 40)\" width=\"1\" height=\"1\"/>"
    }
    .joined()
    let shapes = (0..<1_000).map { _ in "<rect width=\"9\" height=\"9\" clip-path=\"url(#c)\"/>" }
      .joined()
    expectOverBudget(
      svg(shapes, defs: "<clipPath id=\"c\">\(rects)</clipPath>"), "clip outlines",
      limit: SVGImporter.maximumClipShapes)
    // Fifty uses of it are fine.
    let few = (0..<50).map { _ in "<rect width=\"9\" height=\"9\" clip-path=\"url(#c)\"/>" }
      .joined()
    #expect(
      (try? SVGImporter().importSVG(svg(few, defs: "<clipPath id=\"c\">\(rects)</clipPath>")))
        != nil)
  }

  /// Before: 100,000 rules × 20,000 elements (2.9 MB) took 54 s. Rules are now found by
  /// their id, class or type, so rules that cannot match cost nothing, and the tests that
  /// remain have a budget.
  @Test func styleSheetsAreIndexedAndHaveABudget() throws {
    let classRules = (0..<100_000).map { ".c\($0){fill:red}" }.joined()
    let elements = String(repeating: "<rect class=\"x\" width=\"1\" height=\"1\"/>", count: 20_000)
    let indexed = try SVGImporter().importSVG(svg("<style>\(classRules)</style>" + elements))
    #expect(indexed.image.items.count > 0)
    // Rules that all match every element still cost one test each: 5,000 × 2,000 is over.
    let typeRules = String(repeating: "rect{fill:blue}", count: 5_000)
    let rects = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 2_000)
    expectOverBudget(
      svg("<style>\(typeRules)</style>" + rects), "selector tests",
      limit: SVGImporter.maximumSelectorTests)
    // Specificity and order still decide.
    let sheet = "#i{fill:#00ff00} rect.k{fill:#0000ff} .k{fill:#ff0000} rect{fill:#ffff00}"
    let styled = try SVGImporter().importSVG(
      svg(
        "<style>\(sheet)</style><rect class=\"k\" width=\"4\" height=\"4\"/><rect id=\"i\" class=\"k\" width=\"4\" height=\"4\"/>"
      ))
    let fills = styled.image.items.compactMap { item -> Color? in
      if case .shape(let s) = item, case .solid(let c)? = s.fill { return c }
      return nil
    }
    #expect(fills == [Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 1, blue: 0)])
  }

  /// Before: a million comments (4 MB) took 19.5 s to strip, one at a time.
  @Test func styleSheetCommentsAreReadInOnePassAndHaveABudget() throws {
    expectOverBudget(
      svg("<style>\(String(repeating: "/**/", count: 1_000_000))</style>"), "comments",
      limit: SVGImporter.maximumCommentBytes)
    let commented = try SVGImporter().importSVG(
      svg("<style>/* a */rect{fill:#0000ff}/* b * / */</style><rect width=\"4\" height=\"4\"/>"))
    guard case .shape(let s)? = commented.image.items.first, case .solid(let c)? = s.fill else {
      Issue.record("no shape")
      return
    }
    #expect(c == Color(red: 0, green: 0, blue: 1))
  }
}

/// The occlusion pass keeps a bounded number of occluders, so each command's search is bounded.
/// Entities and selectors: the XML and CSS features an attacker reaches for.
@Suite struct HostileSVGMarkupTests {
  func doc(_ entities: String, _ body: String) -> [UInt8] {
    Array(
      """
      <!DOCTYPE svg [ \(entities) ]>
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">\(body)</svg>
      """.utf8)
  }

  func malformed(_ bytes: [UInt8]) -> String? {
    do {
      _ = try SVGImporter().importSVG(bytes)
      return nil
    } catch {
      if case .malformed(let why, _) = error { return why }
      return "\(error)"
    }
  }

  /// A "billion laughs": ten levels of ten references would be 10¹⁰ bytes; the expansion
  /// budget (1 MiB) stops it, as a typed error, and it nests no deeper than 8 levels.
  @Test func anEntityBombStopsAtTheBudget() {
    var decls = "<!ENTITY a0 \"hahahahahahahahahaha\">"
    for k in 1...5 {
      decls += "<!ENTITY a\(k) \"" + String(repeating: "&a\(k - 1);", count: 40) + "\">"
    }
    let bomb = doc(decls, "<rect width=\"10\" height=\"10\" id=\"&a5;\"/>")
    do {
      _ = try SVGImporter().importSVG(bomb)
      Issue.record("the bomb was imported")
    } catch {
      guard case .overBudget(let what, let limit, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(what.contains("entity") && limit == SVGImporter.maximumEntityBytes)
    }
    var deep = "<!ENTITY d0 \"x\">"
    for k in 1...12 { deep += "<!ENTITY d\(k) \"&d\(k - 1);\">" }
    #expect(
      malformed(doc(deep, "<rect width=\"1\" height=\"1\" id=\"&d12;\"/>"))?.contains("deeper")
        == true)
  }

  /// An entity that contains itself, a `<` brought into an attribute, an end tag inside an
  /// entity and an undeclared entity are each a typed error naming it; parameter entities and
  /// external ones are passed over.
  @Test func badEntitiesAreTypedErrors() {
    let loop = doc("<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">", "<g id=\"&a;\"/>")
    #expect(malformed(loop)?.contains("refers to itself") == true)
    let lt = doc("<!ENTITY a \"<g/>\">", "<g id=\"&a;\"/>")
    #expect(malformed(lt)?.contains("attribute") == true)
    let endTag = doc("<!ENTITY a \"</g>\">", "<g>&a;</g>")
    #expect(malformed(endTag)?.contains("end tag") == true)
    #expect(malformed(doc("", "<g id=\"&nope;\"/>"))?.contains("&nope;") == true)
    let skipped = doc(
      "<!ENTITY % p \"x\"> %p; <!ENTITY e SYSTEM \"file:///etc/passwd\"> <!ELEMENT g ANY>",
      "<rect width=\"10\" height=\"10\"/>")
    #expect(malformed(skipped) == nil)
    #expect(malformed(doc("<!ENTITY e SYSTEM \"file:///etc/passwd\">", "<g id=\"&e;\"/>")) != nil)
  }

  /// Patterns lay their content out again in every tile. Found by the svg-css fuzz target
  /// (a 3 KB file that took 8.6 s under AddressSanitizer): wide strokes in tiles sheared by
  /// skewX(89°). A transform that squeezes tiles past 1000:1, and tiles past
  /// `maximumPatternTiles` in all, are refused with a note instead of drawn.
  @Test func patternsHaveABudget() throws {
    func body(_ transform: String, _ size: String) -> [UInt8] {
      Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <pattern id="p" patternUnits="userSpaceOnUse" \(size) patternTransform="\(transform)">
        <circle r="3" stroke="red" stroke-width="30"/></pattern>
        <rect width="400" height="400" fill="url(#p)"/></svg>
        """.utf8)
    }
    let sheared = try SVGImporter().importSVG(body("skewX(89)", "width='10' height='10'"))
    #expect(sheared.unsupported.first?.message.contains("1000:1") == true)
    let tiny = try SVGImporter().importSVG(body("scale(1)", "width='2' height='2'"))
    #expect(tiny.unsupported.first?.message.contains("budget") == true)
    let fine = try SVGImporter().importSVG(body("skewX(30)", "width='20' height='20'"))
    #expect(fine.unsupported.isEmpty)
    #expect(Double(fine.image.items.count) >= 1)
    #expect(
      SVGBuilder.stretch(of: Transform(a: 1, b: 0, c: tan(89 * .pi / 180), d: 1, tx: 0, ty: 0))
        > 3_000)
    #expect(abs(SVGBuilder.stretch(of: Transform(scaleX: 4, y: 2)) - 2) < 1e-9)
  }

  /// A path that rises by a subnormal number over 60 pixels made an edge of infinite slope,
  /// whose walk down the rows turned NaN and stopped the program (`strata image` on this
  /// 100-byte file crashed). The edge adds less than a Float holds, and is left out.
  @Test func subnormalRisesDrawInsteadOfCrashing() throws {
    let bytes = Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">\
      <path d="M0 0 L60 4.9e-324 L60 30 L0 30 Z"/></svg>
      """.utf8)
    let svg = try SVGImporter().importSVG(bytes)
    let frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let node = ImageNode(image: .vector(svg.image), frame: frame, contentMode: .aspectFit)
    let image = try FrameRenderer(scale: 1).render(Scene(root: node, size: frame.size))
    #expect(image.pixel(x: 30, y: 15).a == 255 && image.pixel(x: 30, y: 40).a == 0)
  }

  /// A rectangle 4·10⁴⁶ pixels tall is a finite box past any integer: cutting a frame into
  /// bands by work turned its bottom into an Int and stopped the program. Found by the `svg`
  /// fuzz target once it drew every picture in bands as well; now its rows are clamped to the
  /// frame's first, and the bands have the bytes of one thread.
  @Test func boxesPastAnyIntegerAreCutIntoBands() throws {
    let bytes = Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">\
      <rect width="20" height="44444444444444444444444444444444444444444444420" fill="#06d6a0"/>\
      <rect x="30" y="-1e300" width="20" height="2e300" fill="#118ab2"/></svg>
      """.utf8)
    let svg = try SVGImporter().importSVG(bytes)
    let frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let node = ImageNode(image: .vector(svg.image), frame: frame, contentMode: .aspectFit)
    let scene = Scene(root: node, size: frame.size)
    let one = try FrameRenderer(scale: 4).render(scene)
    var renderer = FrameRenderer(scale: 4)
    renderer.threads = 2
    let banded = try renderer.render(scene)
    #expect(banded.pixels == one.pixels)
    #expect(one.pixel(x: 40, y: 200).a == 255 && one.pixel(x: 140, y: 10).a == 255)
  }

  /// Descendant combinators make matching search the ancestors: 30 of them against 60 nested
  /// groups stays inside the selector budget, a typed error when it is not enough.
  @Test func combinatorSearchesHaveTheSelectorBudget() {
    let selector = Array(repeating: "g", count: 30).joined(separator: " ") + " rect"
    let nested =
      String(repeating: "<g>", count: 60) + "<rect width=\"1\" height=\"1\"/>"
      + String(repeating: "</g>", count: 60)
    let rules = (0..<200).map { "\(selector) + g.k\($0)" }.joined(separator: ", ")
    let bytes = Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><style>\(rules) { fill: red }
      \(selector) { fill: green }</style>\(nested)</svg>
      """.utf8)
    do {
      let image = try SVGImporter().importSVG(bytes).image
      // The last matching rule wins.
      #expect(image.shapes.first?.fill == .solid(Color(red8: 0, green8: 128, blue8: 0)))
    } catch {
      guard case .overBudget(let what, _, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(what.contains("selector"))
    }
  }
}

@Suite struct OcclusionBoundTests {
  func list(_ n: Int) -> DisplayList {
    var commands: [DisplayList.Command] = []
    for i in 0..<n {
      let r = Rect(x: Double(i % 5), y: Double(i % 3), width: 200, height: 200)
      commands.append(
        .fill(
          .rect(r), transform: .identity, paint: .solid(Color(white: Double(i % 10) / 10)),
          rule: .nonZero, opacity: 1))
    }
    return DisplayList(width: 210, height: 210, commands: commands)
  }

  func seconds(_ n: Int) throws -> Double {
    let l = list(n)
    let canvas = try Canvas(width: l.width, height: l.height)
    var best = Double.infinity
    for _ in 0..<3 {
      let d = ContinuousClock().measure { canvas.draw(l) }
      best = Swift.min(best, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
    return best
  }

  @Test func tenTimesTheFillsCostAboutTenTimesTheTime() throws {
    let canvas = try Canvas(width: 210, height: 210)
    let player = DisplayListPlayer()
    player.occlusion(list(5_000), on: canvas)
    #expect(player.occluders.count == DisplayListPlayer.maximumOccluders)
    let small = try seconds(1_000)
    let large = try seconds(10_000)
    #expect(large / small < 30, "10× the fills took \(large / small)× the time")
  }

  /// Occluders left out draw a little more, never anything else.
  @Test func theSameBytesWithAndWithoutTheCap() throws {
    let l = list(1_000)
    let capped = try Canvas(width: l.width, height: l.height)
    capped.draw(l)
    let plain = try Canvas(width: l.width, height: l.height)
    drawPlainly(l, into: plain)
    #expect(capped.buffer.pixels == plain.buffer.pixels)
  }
}
