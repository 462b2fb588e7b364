import Strata
import Testing

/// A box with a style made by `configure`, and children.
func flex(_ children: [FlexBox] = [], _ configure: (inout FlexStyle) -> Void = { _ in }) -> FlexBox
{
  var style = FlexStyle()
  configure(&style)
  return FlexBox(style: style, children: children)
}

/// A box `w` × `h` points.
func fixed(_ w: Double, _ h: Double, _ configure: (inout FlexStyle) -> Void = { _ in }) -> FlexBox {
  flex([]) {
    $0.width = .points(w)
    $0.height = .points(h)
    configure(&$0)
  }
}

/// The frames of `box`'s children.
func frames(_ box: FlexBox) -> [Rect] { box.children.map(\.frame) }

func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
  Rect(x: x, y: y, width: w, height: h)
}

/// The flexbox engine against the CSS Flexible Box Layout Module Level 1 specification
/// (https://www.w3.org/TR/css-flexbox-1/), section by section, with Yoga's defaults.
@Suite struct FlexLayoutTests {
  /// Yoga's defaults: a column, children stretched across it, stacked from the top.
  @Test func defaultsAreAColumnThatStretches() {
    let root = flex([fixed(50, 20) { $0.width = .auto }, fixed(50, 30) { $0.width = .auto }])
    root.calculateLayout(width: 200, height: 100)
    #expect(root.frame == r(0, 0, 200, 100))
    #expect(frames(root) == [r(0, 0, 200, 20), r(0, 20, 200, 30)])
  }

  /// §9.7: free space shared by grow factors from a zero basis (`flex: n` as React Native
  /// reads it).
  @Test func growSharesFreeSpace() {
    let row = flex([flex { $0.flex = 1 }, flex { $0.flex = 2 }]) { $0.flexDirection = .row }
    row.calculateLayout(width: 300, height: 40)
    #expect(frames(row) == [r(0, 0, 100, 40), r(100, 0, 200, 40)])
  }

  /// §9.7: negative free space shared by shrink factors scaled by the basis; Yoga's default
  /// shrink of 0 lets items overflow.
  @Test func shrinkIsWeightedByBasis() {
    let shrinking = flex([
      fixed(100, 10) { $0.flexShrink = 1 }, fixed(300, 10) { $0.flexShrink = 1 },
    ]) { $0.flexDirection = .row }
    shrinking.calculateLayout(width: 200, height: 10)
    // 200 too much, taken 1:3 (100 × 1 : 300 × 1).
    #expect(frames(shrinking) == [r(0, 0, 50, 10), r(50, 0, 150, 10)])
    let rigid = flex([fixed(150, 10), fixed(150, 10)]) { $0.flexDirection = .row }
    rigid.calculateLayout(width: 200, height: 10)
    #expect(frames(rigid) == [r(0, 0, 150, 10), r(150, 0, 150, 10)])
  }

  /// §9.7 step 4: an item that reaches its maximum is frozen and the rest share what is left.
  @Test func clampedItemsFreezeAndTheRestShare() {
    let row = flex([
      flex {
        $0.flexGrow = 1
        $0.maxWidth = .points(50)
      }, flex { $0.flexGrow = 1 },
      flex { $0.flexGrow = 1 },
    ]) { $0.flexDirection = .row }
    row.calculateLayout(width: 300, height: 10)
    #expect(frames(row).map(\.width) == [50, 125, 125])
    let minimum = flex([
      flex {
        $0.flexShrink = 1
        $0.width = .points(200)
        $0.minWidth = .points(180)
      }, fixed(100, 10) { $0.flexShrink = 1 },
    ]) {
      $0.flexDirection = .row
    }
    minimum.calculateLayout(width: 200, height: 10)
    #expect(frames(minimum).map(\.width) == [180, 20])
  }

  /// §9.5 and CSS Box Alignment §5.3: every justify-content value, with the fallback of
  /// the space-* values when space runs short.
  @Test func justifyContent() {
    let expected: [FlexJustify: [Double]] = [
      .flexStart: [0, 20], .center: [40, 60], .flexEnd: [80, 100], .spaceBetween: [0, 100],
      .spaceAround: [20, 80], .spaceEvenly: [26.666666666666668, 73.33333333333334],
    ]
    for (mode, xs) in expected {
      let row = flex([fixed(20, 10), fixed(20, 10)]) {
        $0.flexDirection = .row
        $0.justifyContent = mode
      }
      row.calculateLayout(width: 120, height: 10)
      #expect(frames(row).map(\.origin.x) == xs, "\(mode)")
    }
    let short = flex([fixed(80, 10), fixed(80, 10)]) {
      $0.flexDirection = .row
      $0.justifyContent = .spaceAround
    }
    short.calculateLayout(width: 120, height: 10)
    // Negative space: space-around falls back to safe centre, the start when overflowing.
    #expect(frames(short).map(\.origin.x) == [0, 80])
  }

  /// §9.4 step 11 and §8.3: align-items and align-self, stretch only for an auto cross size.
  @Test func alignItemsAndSelf() {
    let row = flex([
      flex { $0.width = .points(10) }, fixed(10, 20) { $0.alignSelf = .center },
      fixed(10, 20) { $0.alignSelf = .flexEnd }, fixed(10, 20) { $0.alignSelf = .flexStart },
      fixed(10, 20),
    ]) { $0.flexDirection = .row }
    row.calculateLayout(width: 100, height: 60)
    #expect(frames(row).map(\.origin.y) == [0, 20, 40, 0, 0])
    #expect(frames(row).map(\.height) == [60, 20, 20, 20, 20])
  }

  /// §9.3 and §9.6: wrapping into lines, align-content across them, wrap-reverse stacking
  /// lines from the cross end.
  @Test func wrapAndAlignContent() {
    func grid(_ configure: @escaping (inout FlexStyle) -> Void) -> [Rect] {
      let box = flex((0..<5).map { _ in fixed(40, 20) }) {
        $0.flexDirection = .row
        $0.flexWrap = .wrap
        configure(&$0)
      }
      box.calculateLayout(width: 100, height: 100)
      return frames(box)
    }
    #expect(
      grid { _ in } == [
        r(0, 0, 40, 20), r(40, 0, 40, 20), r(0, 20, 40, 20), r(40, 20, 40, 20), r(0, 40, 40, 20),
      ])
    #expect(grid { $0.alignContent = .flexEnd }.map(\.origin.y) == [40, 40, 60, 60, 80])
    #expect(grid { $0.alignContent = .spaceBetween }.map(\.origin.y) == [0, 0, 40, 40, 80])
    #expect(grid { $0.alignContent = .center }.map(\.origin.y) == [20, 20, 40, 40, 60])
    // Stretch: each line 100 / 3 tall; items of fixed height stay at the line's start.
    #expect(grid { $0.alignContent = .stretch }[2].origin.y == 100.0 / 3)
    #expect(grid { $0.flexWrap = .wrapReverse }.map(\.origin.y) == [80, 80, 60, 60, 40])
    #expect(
      grid {
        $0.columnGap = 10
        $0.rowGap = 5
      }.map(\.origin) == [
        Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 0, y: 25), Point(x: 50, y: 25),
        Point(x: 0, y: 50),
      ])
  }

  /// §5.1: the reverse directions, and a row following the writing direction (right to left:
  /// the row starts at the right; in a column, cross-start is the right).
  @Test func reverseAndRightToLeft() {
    func xs(_ d: FlexDirection, _ dir: LayoutDirection, align: FlexAlign = .flexStart) -> [Double] {
      let box = flex([fixed(10, 10), fixed(20, 10)]) {
        $0.flexDirection = d
        $0.alignItems = align
      }
      box.calculateLayout(width: 100, height: 100, direction: dir)
      return d.rawValue.hasPrefix("row") ? frames(box).map(\.origin.x) : frames(box).map(\.origin.y)
    }
    #expect(xs(.row, .leftToRight) == [0, 10])
    #expect(xs(.rowReverse, .leftToRight) == [90, 70])
    #expect(xs(.row, .rightToLeft) == [90, 70])
    #expect(xs(.rowReverse, .rightToLeft) == [0, 10])
    #expect(xs(.columnReverse, .leftToRight) == [90, 80])
    let column = flex([fixed(10, 10)]) { $0.alignItems = .flexStart }
    column.calculateLayout(width: 100, height: 100, direction: .rightToLeft)
    #expect(column.children[0].frame.origin.x == 90)
    // A child's own direction overrides its parent's.
    let inner = flex([fixed(10, 10)]) {
      $0.flexDirection = .row
      $0.direction = .ltr
    }
    let outer = flex([inner]) { $0.flexDirection = .row }
    inner.style.width = .points(50)
    outer.calculateLayout(width: 100, height: 20, direction: .rightToLeft)
    #expect(inner.frame.origin.x == 50 && inner.children[0].frame.origin.x == 0)
  }

  /// §8.1: auto margins take the free space before justify-content; margin shorthands resolve
  /// most specific first (start over left, horizontal over all).
  @Test func marginsAutoAndShorthands() {
    let centred = flex([fixed(20, 20) { $0.margin = FlexEdges(all: .auto) }]) {
      $0.flexDirection = .row
    }
    centred.calculateLayout(width: 100, height: 60)
    #expect(centred.children[0].frame == r(40, 20, 20, 20))
    let pushed = flex([fixed(20, 20), fixed(20, 20) { $0.margin.left = .auto }]) {
      $0.flexDirection = .row
    }
    pushed.calculateLayout(width: 100, height: 20)
    #expect(frames(pushed).map(\.origin.x) == [0, 80])
    var edges = FlexEdges(all: .points(1))
    edges.horizontal = .points(2)
    edges.left = .points(3)
    edges.start = .points(4)
    let box = flex([
      flex {
        $0.margin = edges
        $0.height = .points(10)
      }
    ])
    box.calculateLayout(width: 100, height: 100)
    // left: start (4); right: horizontal (2); top: all (1).
    #expect(box.children[0].frame == r(4, 1, 94, 10))
    box.calculateLayout(width: 100, height: 100, direction: .rightToLeft)
    // Right to left, start is the right edge: right 4, left 3 (left beats horizontal).
    #expect(box.children[0].frame == r(3, 1, 93, 10))
  }

  /// Border-box sizing (Yoga), padding and borders inside the size; percentages of padding and
  /// margin against the containing block's width (CSS 2 §8.3–8.4), of sizes against the same
  /// axis; a percentage of an unknown size is auto (§9.8).
  @Test func paddingBorderAndPercentages() {
    let box = flex([
      flex {
        $0.width = .percent(50)
        $0.height = .percent(25)
      },
      flex {
        $0.margin.top = .percent(10)
        $0.height = .points(5)
      },
    ]) {
      $0.padding = FlexEdges(all: .points(10))
      $0.border = FlexEdges(all: .points(5))
    }
    box.calculateLayout(width: 230, height: 430)
    // Inner box 200 × 400, starting at (15, 15).
    #expect(frames(box) == [r(15, 15, 100, 100), r(15, 135, 200, 5)])
    let unknown = flex([
      flex {
        $0.height = .percent(50)
        $0.width = .points(10)
      }
    ]) { $0.alignItems = .flexStart }
    unknown.calculateLayout(width: 100, height: nil)
    #expect(unknown.children[0].frame.height == 0 && unknown.frame.height == 0)
  }

  /// §4.1: absolutely positioned children are out of the flow, placed by insets in the padding
  /// box, sized by two opposite insets; without insets, by justify-content and their alignment.
  @Test func absolutePositioning() {
    let box = flex([
      fixed(50, 50),
      fixed(10, 10) {
        $0.position = .absolute
        $0.insets.right = .points(5)
        $0.insets.bottom = .points(5)
      },
      flex {
        $0.position = .absolute
        $0.insets.left = .points(10)
        $0.insets.right = .points(10)
        $0.height = .points(4)
      },
      fixed(20, 20) { $0.position = .absolute },
      fixed(50, 50),
    ]) {
      $0.border = FlexEdges(all: .points(2))
      $0.justifyContent = .center
      $0.alignItems = .center
    }
    box.calculateLayout(width: 104, height: 204)
    let f = frames(box)
    #expect(f[0] == r(27, 52, 50, 50) && f[4] == r(27, 102, 50, 50))
    #expect(f[1] == r(87, 187, 10, 10))
    #expect(f[2] == r(12, 100, 80, 4))
    #expect(f[3] == r(42, 92, 20, 20))
  }

  /// Relative insets move a box from where the flow put it, without moving the others.
  @Test func relativeOffsets() {
    let box = flex([
      fixed(10, 10) {
        $0.insets.left = .points(5)
        $0.insets.top = .points(-3)
      }, fixed(10, 10),
    ])
    box.calculateLayout(width: 100, height: 100)
    #expect(frames(box) == [r(5, -3, 10, 10), r(0, 10, 10, 10)])
  }

  /// Aspect ratio gives the size not given; display none takes no space and hides children.
  @Test func aspectRatioAndDisplayNone() {
    let hidden = fixed(30, 30)
    let box = flex([
      flex { $0.aspectRatio = 2 },
      flex([hidden]) {
        $0.display = .none
        $0.height = .points(99)
      },
      flex {
        $0.width = .points(20)
        $0.aspectRatio = 0.5
        $0.alignSelf = .flexStart
      },
    ])
    box.calculateLayout(width: 100, height: 500)
    #expect(frames(box) == [r(0, 0, 100, 50), .zero, r(0, 50, 20, 40)])
    #expect(hidden.frame == .zero)
  }

  /// Content measured at the width offered: text-like leaves wrap, and their container's
  /// height follows.
  @Test func measuredContentWraps() {
    // Ten words of 20 points, 10 points a line.
    func words() -> FlexBox {
      let leaf = FlexBox()
      leaf.measure = { w, _ in
        let perLine = w.limit.map { Swift.max(1, Int($0 / 20)) } ?? 10
        let lines = (10 + perLine - 1) / perLine
        return Size(width: Double(Swift.min(10, perLine)) * 20, height: Double(lines) * 10)
      }
      return leaf
    }
    let column = flex([words()]) { $0.padding = FlexEdges(horizontal: .points(10)) }
    column.calculateLayout(width: 120, height: nil)
    #expect(column.children[0].frame == r(10, 0, 100, 20))
    #expect(column.frame.height == 20)
    let unbounded = flex([words()]) { $0.alignItems = .flexStart }
    unbounded.calculateLayout(width: nil, height: nil)
    #expect(unbounded.frame.size == Size(width: 200, height: 10))
  }

  /// Incremental layout: nothing changed costs nothing; one leaf changed lays out its path to
  /// the root and gives what a fresh layout gives.
  @Test func incrementalLayoutRedoesOnlyThePath() {
    func tree() -> (FlexBox, FlexBox) {
      var target: FlexBox?
      let root = flex(
        (0..<10).map { i in
          flex(
            (0..<19).map { j in
              let leaf = fixed(10, Double(1 + (i + j) % 5)) { $0.flexGrow = 1 }
              if i == 3 && j == 7 { target = leaf }
              return leaf
            }
          ) { $0.flexDirection = .row }
        })
      return (root, target ?? root)
    }
    let (root, leaf) = tree()
    root.calculateLayout(width: 375, height: 667)
    #expect(root.lastPass.computed > 200)
    root.calculateLayout(width: 375, height: 667)
    #expect(root.lastPass.computed == 0)
    leaf.style.height = .points(30)
    root.calculateLayout(width: 375, height: 667)
    #expect(root.lastPass.computed <= 10, "\(root.lastPass)")
    let (fresh, freshLeaf) = tree()
    freshLeaf.style.height = .points(30)
    fresh.calculateLayout(width: 375, height: 667)
    func all(_ b: FlexBox) -> [Rect] { [b.frame] + b.children.flatMap(all) }
    #expect(all(root) == all(fresh))
    // A size change (rotation) lays out again and matches a fresh layout at that size.
    root.calculateLayout(width: 667, height: 375)
    fresh.calculateLayout(width: 667, height: 375)
    #expect(all(root) == all(fresh))
  }

  /// Bad input never traps: NaN, infinite and negative lengths, zero ratios, cycles, and very
  /// deep or wide trees (deeper than ``FlexBox/maximumDepth`` gets empty frames).
  @Test func badInputIsClamped() {
    let box = flex([
      flex {
        $0.width = .points(.nan)
        $0.height = .points(-10)
        $0.flexGrow = .infinity
      },
      flex {
        $0.aspectRatio = 0
        $0.margin = FlexEdges(all: .points(.infinity))
        $0.padding.left = .points(-5)
      },
      flex {
        $0.flexBasis = .percent(.nan)
        $0.gap = -.infinity
      },
    ]) {
      $0.flexDirection = .row
      $0.gap = .nan
    }
    box.calculateLayout(width: .nan, height: -5)
    for f in [box.frame] + frames(box) {
      #expect(f.width.isFinite && f.height.isFinite && f.width >= 0 && f.height >= 0, "\(f)")
    }
    // A cycle is refused.
    let a = FlexBox()
    let b = FlexBox()
    a.addChild(b)
    b.addChild(a)
    #expect(a.parent == nil && b.children.isEmpty)
    // Wide: 10,000 children; deep: a chain of 10,000.
    let wide = flex((0..<10_000).map { _ in fixed(1, 1) }) {
      $0.flexDirection = .row
      $0.flexWrap = .wrap
    }
    wide.calculateLayout(width: 375, height: nil)
    #expect(wide.children.last?.frame == r(249, 26, 1, 1))
    let deep = FlexBox()
    var tip = deep
    for _ in 0..<10_000 {
      let next = FlexBox()
      tip.addChild(next)
      tip = next
    }
    tip.style.height = .points(10)
    deep.calculateLayout(width: 100, height: nil)
    #expect(deep.frame.width == 100)
    #expect(tip.frame == .zero)
  }
}
