import Strata
import StrataAssets
import StrataRender

#if canImport(Glibc)
  import Glibc
#endif

/// SVG documents with style sheets and DTD entities, built from the bytes: selectors (types,
/// classes, ids, `*`, attribute tests, compounds, lists, every combinator, pseudo-classes read
/// and not), declarations of the properties SVG reads with good and bad values (`hsl()`,
/// `!important`, CSS transforms with units), comments (closed and not), at-rules; entities
/// (text, markup, nested, looping, undeclared) used in attributes and content; patterns (tiny,
/// empty, singular, inheriting, drawing what uses them) and focal-radius gradients; and
/// elements that use the classes and ids, nest viewports, `use` them and clip by them.
/// Imported, then drawn at 64 × 64 points. (Not also in bands, as the svg target draws: these
/// documents stroke and fill everything with pattern tiles, and drawn twice at a size that
/// makes bands, 2.5–4 s under AddressSanitizer, they time out.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  func pick<T>(_ options: [T]) -> T { options[Int(input.byte()) % options.count] }
  let types = ["rect", "circle", "path", "g", "use", "*", "svg", "ellipse"]
  let properties = [
    "fill", "stroke", "stroke-width", "opacity", "fill-opacity", "display", "clip-path",
    "fill-rule", "stroke-dasharray", "transform", "color", "overflow", "stop-color",
    "font-size", "stroke-linecap", "visibility",
  ]
  let values = [
    "red", "#0f0", "#00ff0080", "none", "url(#c0)", "url(#g0) blue", "2", "-1", "1e309", "50%",
    "evenodd", "inline", "currentColor", "rgb(1,2,3)", "5 3", "rotate(30)", "inherit", "!important",
    "green !important", "hsl(999, 200%, 25%)", "hsla(1turn, 5%, 50%, 50%)", "rgb(0, 50%, 0)",
    "#0f0 icc-color(x, 1)", "translate(3px, 1e3px) rotate(2rad)", "&e0;", "visible", "hidden",
    "url(#p0)", "url(#p1) red", "url(#r0)", "2em", "-3ex", "0 4",
  ]
  var css = ""
  for _ in 0..<(Int(input.byte()) % 24) {
    switch input.byte() % 8 {
    case 0: css += "/*" + String(repeating: "x", count: Int(input.byte()) % 8) + pick(["*/", ""])
    case 1: css += "@media screen { rect { fill: red } } "
    default:
      var selectors: [String] = []
      for _ in 0...(Int(input.byte()) % 3) {
        var s = pick(types)
        if input.byte() % 2 == 0 { s += ".k\(input.byte() % 4)" }
        if input.byte() % 4 == 0 { s = "#i\(input.byte() % 4)" }
        if input.byte() % 4 == 0 {
          s += pick([
            " > rect", " g", "[x]", ":hover", " + circle", " ~ g", ":first-child", "[id^=i]",
            "[class~=\"k1\"]", "[x|=a]", " > > g", "[", " *", "~", "g:first-child > *",
          ])
        }
        selectors.append(s)
      }
      var body = ""
      for _ in 0..<(Int(input.byte()) % 4) { body += "\(pick(properties)): \(pick(values)); " }
      css += selectors.joined(separator: ",") + " { " + body + "} "
    }
  }
  var elements = ""
  for i in 0..<(Int(input.byte()) % 24) {
    let name = pick(["rect", "circle", "g", "use", "path", "svg", "symbol"])
    var attributes = " class=\"k\(input.byte() % 4) k\(input.byte() % 4)\" id=\"i\(i % 4)\""
    switch name {
    case "rect": attributes += " width=\"\(input.byte() % 64)\" height=\"\(input.byte() % 64)\""
    case "circle": attributes += " cx=\"32\" cy=\"32\" r=\"\(input.byte() % 40)\""
    case "use":
      attributes += " href=\"#i\(input.byte() % 4)\" x=\"\(input.byte() % 9)\""
      if input.byte() % 2 == 0 { attributes += " width=\"\(Int(input.byte()) - 20)%\"" }
    case "svg", "symbol":
      attributes +=
        " x=\"\(input.byte() % 9)\" width=\"\(Int(input.byte()) - 8)\" viewBox=\"0 0 \(input.byte()) 9\""
    case "path": attributes += " d=\"M0 0L\(input.byte()) \(input.byte())Z\""
    default: break
    }
    if input.byte() % 4 == 0 { attributes += " clip-path=\"url(#c0)\"" }
    if input.byte() % 4 == 0 { attributes += " style=\"\(pick(properties)): \(pick(values))\"" }
    if input.byte() % 8 == 0 { attributes += " fill=\"&e\(input.byte() % 3);\"" }
    elements +=
      ["g", "svg", "symbol"].contains(name)
      ? "<\(name)\(attributes)><rect width=\"99\" height=\"9\"/>\(pick(["", "&m;", "&e1;"]))</\(name)>"
      : "<\(name)\(attributes)/>"
  }
  // Entities: text, markup, one inside another, maybe a loop, maybe one never declared.
  var dtd = "<!ENTITY e0 \"\(pick(values))\"><!ENTITY e1 \"&e0;\">"
  dtd += pick([
    "<!ENTITY m \"<rect width='&e1;' height='5'/>\">", "<!ENTITY m \"&m;\">",
    "<!ENTITY m \"</g>\">", "<!ENTITY % p \"x\"> %p;", "",
  ])
  if input.byte() % 2 == 0 { dtd += "<!ENTITY e2 \"&e1;&e1;&e1;&e1;\">" }
  let svg =
    "<!DOCTYPE svg [\(dtd)]>"
    + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><defs>"
    + "<clipPath id=\"c0\"><rect class=\"k1\" width=\"30\" height=\"30\"/></clipPath>"
    + "<linearGradient id=\"g0\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
    + "<radialGradient id=\"r0\" fr=\"\(pick(["0.2", "0.7", "0.5"]))\" fx=\"\(pick(["0.5", "2", "-9"]))\">"
    + "<stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></radialGradient>"
    + "<pattern id=\"p0\" width=\"\(pick(["0.3", "0", "1e-3", "40"]))\" height=\"0.2\""
    + " patternTransform=\"\(pick(["rotate(20)", "scale(0)", "skewX(89)"]))\">"
    + "<rect class=\"k1\" width=\"3\" height=\"3\"/><use href=\"#i\(input.byte() % 4)\"/></pattern>"
    + "<pattern id=\"p1\" href=\"#p\(input.byte() % 2)\" viewBox=\"0 0 5 5\"/></defs>"
    + "<style>\(css)</style>\(elements)</svg>"
  // STRATA_FUZZ_PRINT=1 prints the document, to turn a finding into a test.
  if getenv("STRATA_FUZZ_PRINT") != nil { print(svg) }
  guard let imported = try? SVGImporter().importSVG(Array(svg.utf8)) else { return 0 }
  let frame = Rect(x: 0, y: 0, width: 64, height: 64)
  let node = ImageNode(image: .vector(imported.image), frame: frame, contentMode: .aspectFit)
  _ = try? FrameRenderer(scale: 1).render(Scene(root: node, size: frame.size))
  return 0
}
