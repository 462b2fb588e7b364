import Strata

/// Breaking items into lines, measuring, truncating and placing them.
extension TextEngine {
  func makeLayout(_ text: TextContent, width: Double, height: Double) -> Layout {
    let maxWidth = width.isNaN ? .infinity : Swift.max(0, width)
    let all = items(text)
    // Break into lines of items.
    var lines: [[Item]] = []
    var current: [Item] = []
    var lastBreak: Int?
    var wrapped = false
    func lineWidth(_ items: ArraySlice<Item>) -> Double {
      var end = items.endIndex
      while end > items.startIndex, items[end - 1].isSpace { end -= 1 }
      var w = 0.0
      for i in items.startIndex..<end { w += items[i].advance + (i < end - 1 ? items[i].kern : 0) }
      return w
    }
    var lineStyles: [Item?] = []
    // The paragraph style of each line: that of its paragraph's first run.
    var lineParagraphs: [TextContent.ParagraphStyle?] = []
    var paragraph = all.first?.paragraph
    var paragraphStarts = true
    func finish(_ items: [Item], style: Item?) {
      lines.append(items)
      lineStyles.append(items.first ?? style)
      lineParagraphs.append(paragraph)
    }
    // sums[k]: the advances and kerns of current's first k items, added in order.
    var sums: [Double] = [0]
    func resum() {
      sums.removeAll(keepingCapacity: true)
      sums.append(0)
      for it in current { sums.append(sums[sums.count - 1] + (it.advance + it.kern)) }
    }
    for item in all {
      if paragraphStarts {
        paragraph = item.paragraph
        paragraphStarts = false
      }
      if item.isNewline {
        finish(current, style: item)
        // A line separator (VT, FF, U+2028) ends the line, not the paragraph.
        paragraphStarts = item.kind == .b
        current = []
        resum()
        lastBreak = nil
        wrapped = false
        continue
      }
      if current.isEmpty && wrapped && item.isSpace { continue }
      current.append(item)
      sums.append(sums[sums.count - 1] + (item.advance + item.kern))
      if item.isSpace {
        if item.breakAfter { lastBreak = current.count - 1 }
        continue
      }
      // The line's width, its last item being no space: the same sum `lineWidth` makes, kept
      // as items come, so a long line costs linear time, not quadratic.
      while sums[current.count - 1] + current[current.count - 1].advance > maxWidth
        && current.count > 1
      {
        if let b = lastBreak, b < current.count - 1 {
          finish(Array(current[...b]), style: nil)
          current = Array(current[(b + 1)...]).drop { $0.isSpace }.map { $0 }
        } else {
          // A word wider than the line: break before its last grapheme cluster; a line that
          // is one cluster stays whole, however wide.
          var cut = current.count - 1
          while cut > 0 && current[cut].continuesCluster { cut -= 1 }
          if cut == 0 { break }
          finish(Array(current[..<cut]), style: nil)
          current = Array(current[cut...])
        }
        resum()
        wrapped = true
        lastBreak = nil
        for (i, it) in current.enumerated() where it.breakAfter && i < current.count - 1 {
          lastBreak = i
        }
      }
      if item.breakAfter { lastBreak = current.count - 1 }
    }
    finish(current, style: all.last)

    // Line metrics.
    func metrics(_ items: [Item], _ style: Item?) -> (ascent: Double, descent: Double, gap: Double)
    {
      var a = 0.0
      var d = 0.0
      var g = 0.0
      let sources = items.isEmpty ? (style.map { [$0] } ?? []) : items
      for it in sources {
        let s = it.size / Double(it.face.unitsPerEm)
        a = Swift.max(a, Double(it.face.ascender) * s)
        d = Swift.max(d, Double(-it.face.descender) * s)
        g = Swift.max(g, Double(it.face.lineGap) * s)
      }
      if sources.isEmpty, let f = text.runs.first.flatMap({ face(for: $0.font) }),
        let size = text.runs.first?.font.size
      {
        let s = size / Double(f.unitsPerEm)
        a = Double(f.ascender) * s
        d = Double(-f.descender) * s
        g = Double(f.lineGap) * s
      }
      return (a, d, g)
    }
    let textMultiple =
      text.lineHeightMultiple.isFinite && text.lineHeightMultiple > 0 ? text.lineHeightMultiple : 1
    var heights: [Double] = []
    var baselines: [Double] = []
    for (i, l) in lines.enumerated() {
      let m = metrics(l, lineStyles[i])
      let multiple = lineParagraphs[i]?.lineHeightMultiple ?? textMultiple
      let h = (m.ascent + m.descent + m.gap) * multiple
      heights.append(h)
      baselines.append((h - (m.ascent + m.descent)) / 2 + m.ascent)
    }
    // How many lines to keep.
    var keep = lines.count
    if text.maximumLines > 0 { keep = Swift.min(keep, text.maximumLines) }
    if height.isFinite {
      var total = 0.0
      var fit = 0
      for h in heights {
        if total + h > height + 0.01 { break }
        total += h
        fit += 1
      }
      keep = Swift.min(keep, Swift.max(1, fit))
    }
    let truncated = keep < lines.count
    if truncated {
      let rest = lines[keep - 1] + lines[keep...].flatMap { $0 }
      if text.truncatesWithEllipsis {
        lines[keep - 1] = truncatedLine(
          rest, mode: text.truncationMode, width: maxWidth, fallback: lines[keep - 1].last)
      }
      lines = Array(lines[..<keep])
      lineParagraphs = Array(lineParagraphs[..<keep])
      heights = Array(heights[..<keep])
      baselines = Array(baselines[..<keep])
    }
    // Place.
    var out: [Line] = []
    var widest = 0.0
    var paragraphLevels: [UInt8] = []
    for (i, l) in lines.enumerated() {
      var x = 0.0
      var placed: [PlacedGlyph] = []
      let base = l.first?.paragraphLevel ?? lineStyles[i]?.paragraphLevel ?? 0
      paragraphLevels.append(base)
      // Visual order (UAX #9, L1–L2). The trailing white space of a right-to-left line comes
      // first, and hangs before the line's start, so that its text still ends at the right.
      var content = l.count
      while content > 0, l[content - 1].isSpace { content -= 1 }
      var order = Array(0..<l.count)
      if l.contains(where: { $0.level > 0 }) {
        order = Bidi.visualOrder(levels: l.map(\.level), kinds: l.map(\.kind), base: base)
      }
      for (j, index) in order.enumerated() {
        let it = l[index]
        placed.append(
          PlacedGlyph(
            face: it.face, size: it.size, color: it.color, glyph: it.glyph, x: x,
            advance: it.advance,
            scalar: it.scalar, characters: it.characters, underline: it.underline,
            strikethrough: it.strikethrough))
        // Kerning belongs between logical neighbours, in whichever order they are drawn.
        var kern = 0.0
        if j < order.count - 1 {
          let next = order[j + 1]
          if next == index + 1 { kern = it.kern } else if next == index - 1 { kern = l[next].kern }
        }
        x += it.advance + kern
      }
      if let first = order.firstIndex(where: { $0 < content }), placed[first].x > 0 {
        let hang = placed[first].x
        for j in placed.indices { placed[j].x -= hang }
      }
      // Marks meet their bases' anchors, wherever the bases were drawn.
      if l.contains(where: { $0.attachment != nil }) {
        var drawnAt = [Int](repeating: 0, count: l.count)
        for (j, index) in order.enumerated() { drawnAt[index] = j }
        for (index, it) in l.enumerated() {
          guard let a = it.attachment, index - a.back >= 0 else { continue }
          let base = placed[drawnAt[index - a.back]]
          placed[drawnAt[index]].x = base.x + a.dx
          placed[drawnAt[index]].yOffset = a.dy
        }
      }
      let w = lineWidth(l[...])
      widest = Swift.max(widest, w)
      out.append(
        Line(glyphs: placed, width: w, baseline: baselines[i], height: heights[i], offset: 0))
    }
    let layoutWidth = maxWidth.isFinite ? maxWidth : widest
    for i in out.indices {
      let free = layoutWidth - out[i].width
      switch lineParagraphs[i]?.alignment ?? text.alignment {
      case .natural where paragraphLevels[i] % 2 == 1: out[i].offset = free
      case .left, .natural: out[i].offset = 0
      case .center: out[i].offset = free / 2
      case .right: out[i].offset = free
      }
    }
    return Layout(
      lines: out, size: Size(width: widest, height: heights.reduce(0, +)), isTruncated: truncated)
  }

  /// The last line shown when text is cut: `rest` (that line and everything after it)
  /// shortened to `width` with an ellipsis at its end, start or middle. The ellipsis takes
  /// the style of the text beside it (`fallback`'s when there is none). No kept part begins
  /// with a space or with a mark cut from its base, and none ends with a space.
  func truncatedLine(
    _ rest: [Item], mode: TextContent.TruncationMode, width: Double, fallback: Item?
  ) -> [Item] {
    func w(_ it: Item) -> Double { it.advance + it.kern }
    func startOfKept(_ k: Int) -> Int {
      var k = k
      while k < rest.count,
        rest[k].isSpace || rest[k].attachment != nil || rest[k].continuesCluster
      {
        k += 1
      }
      return k
    }
    switch mode {
    case .tail:
      guard let style = rest.last ?? fallback else { return rest }
      let ellipsis = ellipsisItems(like: style)
      let ew = ellipsis.reduce(0) { $0 + $1.advance }
      // The longest start of the text, ending in no space, that fits with the ellipsis:
      // one pass over running sums (the widths `lineWidth` gives, to the bit).
      var running: [Double] = [0]
      running.reserveCapacity(rest.count + 1)
      for it in rest { running.append(running[running.count - 1] + w(it)) }
      var k = rest.count
      while k > 0
        && (rest[k - 1].isSpace || running[k - 1] + rest[k - 1].advance + ew > width
          || (k < rest.count && rest[k].continuesCluster))
      {
        k -= 1
      }
      return Array(rest[..<k]) + ellipsis
    case .head:
      var end = rest.count
      while end > 0, rest[end - 1].isSpace { end -= 1 }
      guard let style = rest[..<end].last ?? fallback else { return rest }
      let ellipsis = ellipsisItems(like: style)
      let budget = width - ellipsis.reduce(0) { $0 + w($1) }
      var k = end
      var used = 0.0
      while k > 0, used + rest[k - 1].advance <= budget {
        used += w(rest[k - 1])
        k -= 1
      }
      return ellipsis + rest[startOfKept(k)..<end]
    case .middle:
      var end = rest.count
      while end > 0, rest[end - 1].isSpace { end -= 1 }
      guard let style = rest[..<end].first ?? fallback else { return rest }
      let ellipsis = ellipsisItems(like: style)
      let budget = width - ellipsis.reduce(0) { $0 + w($1) }
      // Grow whichever side is shorter, so the two kept ends come out about even.
      var i = 0
      var j = end
      var left = 0.0
      var right = 0.0
      while i < j {
        let fitsLeft = left + right + w(rest[i]) <= budget
        let fitsRight = left + right + w(rest[j - 1]) <= budget
        if fitsLeft && (left <= right || !fitsRight) {
          left += w(rest[i])
          i += 1
        } else if fitsRight {
          right += w(rest[j - 1])
          j -= 1
        } else {
          break
        }
      }
      var head = i
      while head > 0, rest[head - 1].isSpace || (head < end && rest[head].continuesCluster) {
        head -= 1
      }
      return Array(rest[..<head]) + ellipsis + rest[startOfKept(j)..<end]
    }
  }

  func ellipsisItems(like style: Item) -> [Item] {
    let scale = style.size / Double(style.face.unitsPerEm)
    let g = style.face.glyphID(for: "\u{2026}")
    func item(_ s: Unicode.Scalar, _ glyph: UInt16) -> Item {
      Item(
        scalar: s, face: style.face, size: style.size, color: style.color, glyph: glyph,
        advance: Double(style.face.advance(of: glyph)) * scale, kern: 0, isSpace: false,
        isNewline: false,
        breakAfter: false)
    }
    if g != 0 { return [item("\u{2026}", g)] }
    let dot = style.face.glyphID(for: ".")
    return [item(".", dot), item(".", dot), item(".", dot)]
  }
}
