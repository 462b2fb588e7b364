import Foundation
import Strata
import StrataTestSupport
import StrataTesting
import Testing

/// Random flex trees laid out by Strata and by Chromium's CSS flexbox, with Yoga's defaults
/// written out in CSS (column, no shrink, `align-content: flex-start`, border-box, no automatic
/// minimum size): every box's frame must agree.
///
/// Leaves have sizes of their own (a browser measures text differently); containers have
/// widths and are as tall as their style, their parent or their children make them. Run when
/// Chromium is installed.
@Suite struct FlexChromiumTests {
  /// A random tree: the box, and its CSS.
  struct Generated {
    var box: FlexBox
    var css: String
    var children: [Generated]
  }

  struct Maker {
    var random: SeededRandomNumberGenerator
    /// Whether boxes may be aligned by their baselines (off, the trees are those the first
    /// test has always drawn).
    var baselines = false

    mutating func pick<T>(_ values: [T]) -> T {
      values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func length(percent: Bool = true, auto: Bool = true) -> (FlexLength, String) {
      var options: [(FlexLength, String)] = []
      let n = Double(Int.random(in: 0...12, using: &random) * 10)
      options.append((.points(n), "\(Int(n))px"))
      if percent {
        let p = Double(pick([10, 25, 50, 100]))
        options.append((.percent(p), "\(Int(p))%"))
      }
      if auto { options.append((.auto, "auto")) }
      return pick(options)
    }

    /// A random box; `inBaselineRow` when an ancestor may line its children's baselines up (a
    /// row whose lines run from the top), where its baseline comes from its first child: such
    /// a box neither reverses nor wraps upwards (browsers take a reversed box's baseline from
    /// the child first on screen; see FlexLayout.baseline(of:size:)).
    mutating func make(depth: Int, isRoot: Bool, inBaselineRow: Bool = false) -> Generated {
      var s = FlexStyle()
      var css = [
        "display:flex", "box-sizing:border-box", "position:relative", "flex-shrink:0",
        "min-width:0", "min-height:0", "flex-direction:column", "align-content:flex-start",
        "border-style:solid", "border-width:0", "border-color:transparent",
      ]
      let isLeaf = depth >= (baselines ? 2 : 3) || chance(0.35)
      // Whether this box lines its children's baselines up (a row whose lines run down).
      var baselineRow = false
      if isRoot {
        s.width = .points(300)
        s.height = .points(200)
        css += ["width:300px", "height:200px"]
        if chance(0.3) {
          s.direction = .rtl
          css.append("direction:rtl")
        }
      }
      if !isLeaf {
        s.flexDirection = pick(inBaselineRow ? [.row, .column] : FlexDirection.allCases)
        css.append("flex-direction:\(s.flexDirection.rawValue)")
        if chance(0.4) {
          s.flexWrap = pick(inBaselineRow ? [.wrap] : [.wrap, .wrapReverse])
          css.append("flex-wrap:\(s.flexWrap.rawValue)")
        }
        s.justifyContent = pick(FlexJustify.allCases)
        css.append("justify-content:\(s.justifyContent.rawValue)")
        baselineRow =
          baselines
          && (s.flexDirection == .row || s.flexDirection == .rowReverse)
          && s.flexWrap != .wrapReverse
        s.alignItems = pick(
          [.flexStart, .center, .flexEnd, .stretch] + (baselineRow ? [.baseline] : []))
        css.append("align-items:\(s.alignItems.rawValue)")
        s.alignContent = pick([
          .flexStart, .center, .flexEnd, .stretch, .spaceBetween, .spaceAround, .spaceEvenly,
        ])
        css.append("align-content:\(s.alignContent.rawValue)")
        if chance(0.3) {
          let g = Double(pick([0, 4, 10]))
          s.gap = g
          css.append("gap:\(Int(g))px")
        }
        if chance(0.4) {
          let p = Double(pick([0, 5, 10]))
          s.padding = FlexEdges(all: .points(p))
          css.append("padding:\(Int(p))px")
        }
        if chance(0.3) {
          let b = Double(pick([1, 3]))
          s.border = FlexEdges(all: .points(b))
          css.append("border-width:\(Int(b))px")
        }
      }
      if !isRoot {
        // Widths are given: how a browser finds a row's intrinsic width from flex bases
        // (CSS Flexbox §9.9) differs between browsers and from Yoga; heights may come from
        // the content.
        let (w, wc) = length(auto: false)
        // In baseline trees heights are points or auto: where a child overflows a percentage
        // height, Chromium's baselines part from the specification's.
        let (h, hc) = length(percent: !baselines, auto: !isLeaf)
        s.width = w
        s.height = h
        css += ["width:\(wc)", "height:\(hc)"]
        if chance(0.4) {
          let g = Double(pick([1, 2]))
          s.flexGrow = g
          css.append("flex-grow:\(Int(g))")
        }
        if chance(0.3) {
          s.flexShrink = 1
          css.append("flex-shrink:1")
        }
        if chance(0.2) {
          let (b, bc) = length(auto: false)
          s.flexBasis = b
          css.append("flex-basis:\(bc)")
        }
        if chance(0.2) {
          s.alignSelf = pick(
            [.flexStart, .center, .flexEnd, .stretch] + (inBaselineRow ? [.baseline] : []))
          css.append("align-self:\(s.alignSelf.rawValue)")
        }
        if chance(0.2) {
          let (m, mc) = length(percent: false, auto: false)
          s.maxWidth = m
          css.append("max-width:\(mc)")
        }
        if chance(0.2) {
          let (m, mc) = length(percent: false, auto: false)
          s.minHeight = m
          css.append("min-height:\(mc)")
        }
        if chance(0.3) {
          let m = Double(pick([2, 5, 10]))
          let edge = pick(["left", "right", "top", "bottom"])
          switch edge {
          case "left": s.margin.left = .points(m)
          case "right": s.margin.right = .points(m)
          case "top": s.margin.top = .points(m)
          default: s.margin.bottom = .points(m)
          }
          css.append("margin-\(edge):\(Int(m))px")
        }
        if chance(0.1) {
          s.margin.left = .auto
          css.append("margin-left:auto")
        }
        if baselines {
          // Baseline trees keep every box in the flow where it was laid out.
        } else if chance(0.12) {
          s.position = .absolute
          css.append("position:absolute")
          if chance(0.7) {
            let v = Double(pick([0, 5, 20]))
            s.insets.left = .points(v)
            css.append("left:\(Int(v))px")
          }
          if chance(0.5) {
            let v = Double(pick([0, 5, 20]))
            s.insets.bottom = .points(v)
            css.append("bottom:\(Int(v))px")
          }
        } else if chance(0.1) {
          s.insets.top = .points(7)
          css.append("top:7px")
        }
        if chance(0.05) {
          s.display = .none
          css.append("display:none")
        }
      }
      let children =
        isLeaf
        ? []
        : (0..<Int.random(in: 1...4, using: &random)).map { _ in
          make(
            depth: depth + 1, isRoot: false,
            inBaselineRow: inBaselineRow || baselineRow)
        }
      return Generated(
        box: FlexBox(style: s, children: children.map(\.box)), css: css.joined(separator: ";"),
        children: children)
    }
  }

  func html(_ g: Generated) -> String {
    "<div style=\"\(g.css)\">" + g.children.map(html).joined() + "</div>"
  }

  /// Every box's frame in its parent, depth first.
  func frames(_ g: Generated) -> [Rect] {
    [g.box.frame] + g.children.flatMap(frames)
  }

  @Test(.enabled(if: Peers.chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func randomTreesMatchABrowser() throws {
    var maker = Maker(random: SeededRandomNumberGenerator(seed: 36))
    try compareWithChromium((0..<800).map { _ in maker.make(depth: 0, isRoot: true) })
  }

  /// Baseline alignment (§8.5, §9.4.8): rows whose items line up their first baselines (of
  /// boxes without text: their bottom edges, or their first child's baseline), items aligned
  /// by baseline in a column (their own start), in trees like the first test's.
  @Test(.enabled(if: Peers.chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func baselinesMatchABrowser() throws {
    var maker = Maker(random: SeededRandomNumberGenerator(seed: 3608), baselines: true)
    let trees = (0..<400).map { _ in maker.make(depth: 0, isRoot: true) }
    // Items lined up by baseline in rows, with a baseline not at their top: enough to matter.
    var lined = 0
    func count(_ g: Generated) {
      let row = g.box.style.flexDirection == .row || g.box.style.flexDirection == .rowReverse
      for c in g.box.children where row {
        let a = c.style.alignSelf == .auto ? g.box.style.alignItems : c.style.alignSelf
        if a == .baseline { lined += 1 }
      }
      g.children.forEach(count)
    }
    trees.forEach(count)
    #expect(lined > 150, "\(lined) items aligned by baseline")
    try compareWithChromium(trees)
  }

  func compareWithChromium(_ trees: [Generated]) throws {
    for t in trees { t.box.calculateLayout(width: nil, height: nil) }
    // STRATA_FLEX_TREE=n prints tree n's frames, to read beside the tree a failure shows.
    if let n = ProcessInfo.processInfo.environment["STRATA_FLEX_TREE"].flatMap(Int.init) {
      for (i, f) in frames(trees[n]).enumerated() { print("FLEX \(i) \(f)") }
    }
    let page = """
      <!doctype html><html><body style="margin:0">
      \(trees.enumerated().map { "<div class=\"t\" style=\"position:absolute;left:0;top:\($0.offset * 400)px\">\(html($0.element))</div>" }.joined(separator: "\n"))
      <script>
      function walk(e, out) {
        const b = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
        const hidden = getComputedStyle(e).display === 'none';
        out.push(hidden ? [0, 0, 0, 0] : [b.x - p.x, b.y - p.y, b.width, b.height]);
        for (const c of e.children) walk(c, out);
      }
      const all = [];
      for (const t of document.querySelectorAll('.t')) { const out = []; walk(t.firstElementChild, out); all.push(out); }
      document.body.setAttribute('data-out', JSON.stringify(all));
      </script></body></html>
      """
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("flex.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let chromium = try #require(Peers.chromium)
    let (out, _, status) = try runCapturing(
      chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", file.absoluteString])
    #expect(status == 0)
    let marker = "data-out=\""
    let start = try #require(out.range(of: marker))
    let rest = out[start.upperBound...]
    let json = String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]).replacingOccurrences(
      of: "&quot;", with: "\"")
    let browser = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[[Double]]])
    #expect(browser.count == trees.count)
    var mismatches = 0
    for (k, (tree, theirs)) in zip(trees, browser).enumerated() {
      let ours = frames(tree)
      // The root sits at its own origin in both. Chromium keeps lengths in 64ths of a pixel,
      // rounding at every level, so a tenth of a point is the same place.
      for (i, (a, b)) in zip(ours, theirs).enumerated() where i > 0 {
        let same =
          abs(a.minX - b[0]) < 0.1 && abs(a.minY - b[1]) < 0.1 && abs(a.width - b[2]) < 0.1
          && abs(a.height - b[3]) < 0.1
        if !same {
          mismatches += 1
          if mismatches
            <= (ProcessInfo.processInfo.environment["STRATA_FLEX_SHOW"].flatMap(Int.init) ?? 5)
          {
            Issue.record("tree \(k), box \(i): ours \(a), Chromium \(b)\n\(html(tree))")
          }
        }
      }
    }
    #expect(mismatches == 0)
  }
}
