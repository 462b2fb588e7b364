import Strata

/// Lays out ``TextContent`` with TrueType fonts: font selection and fallback, kerning, line
/// breaking, alignment, line height, truncation with an ellipsis — and shapes it into glyph
/// runs for the renderer.
///
/// Lines break after spaces and hyphens; a word wider than the line is broken between
/// characters; `\n` (and U+2028) starts a new line. Spaces at the end of a line take no
/// width, and a line that wraps does not start with spaces.
///
/// ```swift
/// let engine = TextEngine()
/// var text = TextContent("ELEPHANTS", font: .system(size: 20, weight: .black))
/// text.append("\nOur prints are the perfect way to enjoy your best memories!", font: .system(size: 15))
/// let size = engine.size(of: text, width: 280)   // the label's intrinsic size
/// ```
public final class TextEngine: TextShaper, TextMeasurer, Sendable {
  /// The fonts used.
  public let catalog: FontCatalog
  private let faces = Locked([Font: FontFace]())
  /// The face found for a character its font lacks (or none), by character and font.
  private let fallbacks = Locked([FallbackKey: FontFace?]())

  struct FallbackKey: Hashable {
    var scalar: Unicode.Scalar
    var font: Font
  }
  /// Laid-out text by content and box: a label is laid out once, not once per frame and use
  /// (measuring it, drawing it).
  private let layouts = Locked(LayoutCache())

  /// The most layouts kept (an onboarding shows a handful of labels at a time); past it the
  /// cache starts again, so a long text does not pin much memory.
  public static let layoutCacheLimit = 64

  struct LayoutKey: Hashable {
    var text: TextContent
    var width: Double
    var height: Double
  }

  struct LayoutCache {
    var entries: [LayoutKey: Layout] = [:]
    var hits = 0
    var misses = 0
  }

  /// How often a layout was found in the cache, and how often it had to be made.
  var layoutCacheCounts: (hits: Int, misses: Int) {
    layouts.withLock { ($0.hits, $0.misses) }
  }

  /// Creates an engine over a font catalogue.
  public init(catalog: FontCatalog = .shared) {
    self.catalog = catalog
  }

  /// One glyph placed on a line.
  public struct PlacedGlyph: Hashable, Sendable {
    /// The face.
    public var face: FontFace
    /// The size in points.
    public var size: Double
    /// The colour.
    public var color: Color
    /// The glyph id.
    public var glyph: UInt16
    /// The x of its origin from the line's start.
    public var x: Double
    /// Its advance, with letter spacing and kerning.
    public var advance: Double
    /// The character it shows.
    public var scalar: Unicode.Scalar
    /// The characters it shows when they are not just ``scalar``: more than one for a
    /// ligature, none for the second glyph of a character drawn with two; `nil` otherwise.
    public var characters: [Unicode.Scalar]? = nil
    /// How far it is raised above the baseline (a mark on its base), in points.
    public var yOffset: Double = 0
    /// Whether it is underlined.
    public var underline: Bool = false
    /// Whether it is struck through.
    public var strikethrough: Bool = false
  }

  /// One laid-out line.
  public struct Line: Hashable, Sendable {
    /// The glyphs, in order (trailing spaces included).
    public var glyphs: [PlacedGlyph]
    /// The width without trailing spaces.
    public var width: Double
    /// The distance from the line's top to its baseline.
    public var baseline: Double
    /// The height of the line box (with the line height multiple).
    public var height: Double
    /// How far the line starts from the left of the layout width (alignment).
    public var offset: Double
    /// The characters of the line, in the order they are drawn.
    public var string: String {
      String(
        String.UnicodeScalarView(glyphs.flatMap { $0.characters ?? [$0.scalar] }))
    }
  }

  /// The result of a layout.
  public struct Layout: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The width of the widest line and the sum of the line heights.
    public var size: Size
    /// Whether text was cut off (by the line limit or the height).
    public var isTruncated: Bool
  }

  struct Item {
    var scalar: Unicode.Scalar
    var face: FontFace
    var size: Double
    var color: Color
    var glyph: UInt16
    var advance: Double
    var kern: Double
    var isSpace: Bool
    var isNewline: Bool
    var breakAfter: Bool
    var underline = false
    var strikethrough = false
    /// The paragraph style of the run the item comes from.
    var paragraph: TextContent.ParagraphStyle?
    /// The letter spacing of its run.
    var spacing = 0.0
    /// The characters it shows, when more or fewer than its own scalar (a ligature, the second
    /// glyph of a decomposed character).
    var characters: [Unicode.Scalar]? = nil
    /// For a mark attached to a base: how many items back the base is, and the mark's offset
    /// from the base's origin, in points (y up).
    var attachment: (back: Int, dx: Double, dy: Double)? = nil
    /// Its bidirectional type, embedding level, and its paragraph's level.
    var kind = Bidi.Kind.l
    var level: UInt8 = 0
    var paragraphLevel: UInt8 = 0
  }

  /// The face for `font` (cached).
  public func face(for font: Font) -> FontFace? {
    if let f = faces.withLock({ $0[font] }) { return f }
    guard let f = catalog.face(for: font) else { return nil }
    faces.withLock { $0[font] = f }
    return f
  }

  func items(_ text: TextContent) -> [Item] {
    var out: [Item] = []
    for run in text.runs {
      guard let face = face(for: run.font) else { continue }
      let size = run.font.size
      var prevCR = false
      for scalar in run.string.unicodeScalars {
        let newline =
          scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
        if scalar == "\n" && prevCR {
          prevCR = false
          continue
        }
        prevCR = scalar == "\r"
        let isSpace = scalar == " " || scalar == "\t" || scalar == "\u{00A0}"
        let invisible = !newline && Bidi.isInvisible(scalar)
        var itemFace = face
        var glyph =
          newline ? 0 : face.glyphID(for: scalar == "\t" || scalar == "\u{00A0}" ? " " : scalar)
        if invisible { glyph = 0 }
        if glyph == 0, !newline, !isSpace, !invisible, scalar.value >= 32,
          let fallback = fallbackFace(for: scalar, like: run.font), fallback != face
        {
          itemFace = fallback
          glyph = fallback.glyphID(for: scalar)
        }
        let scale = size / Double(itemFace.unitsPerEm)
        let spacing = run.letterSpacing ?? text.letterSpacing
        let advance =
          newline || invisible ? 0 : Double(itemFace.advance(of: glyph)) * scale + spacing
        out.append(
          Item(
            scalar: scalar, face: itemFace, size: size, color: run.color, glyph: glyph,
            advance: advance, kern: 0,
            isSpace: isSpace, isNewline: newline,
            breakAfter: isSpace || scalar == "-" || scalar == "\u{2010}", underline: run.underline,
            strikethrough: run.strikethrough, paragraph: run.paragraphStyle, spacing: spacing,
            kind: Bidi.kind(of: scalar)))
      }
    }
    out = Self.shape(out)
    LineBreaks.mark(&out)
    Self.resolveLevels(&out, base: text.baseDirection)
    if text.isKerningEnabled {
      for i in out.indices.dropLast() {
        let a = out[i]
        let b = out[i + 1]
        guard !a.isNewline, !b.isNewline, a.face == b.face, a.size == b.size else { continue }
        out[i].kern = Double(a.face.kerning(a.glyph, b.glyph)) * a.size / Double(a.face.unitsPerEm)
      }
    }
    return out
  }

  /// The OpenType script tag of a character, `nil` for characters common to every script.
  static func script(of c: Unicode.Scalar) -> String? { FontCatalog.cascadeScript(of: c) }

  /// The lookups of `features` for `script` in `face` (kept by the face: its plans do not change).
  static func plan(_ face: FontFace, _ script: String, _ features: [String]) -> [(
    index: Int, feature: UInt8
  )] {
    if let found = face.plans.withLock({ $0[script] }) { return found }
    let made = face.substitution.lookups(script: script, features: features)
    face.plans.withLock { $0[script] = made }
    return made
  }

  /// The features shaping applies to every glyph (Arabic adds its joining forms).
  static let commonFeatures = ["ccmp", "locl", "rlig", "liga", "clig", "calt"]

  /// Substitutes glyphs from each face's `GSUB`, a segment of one face, size and script at a
  /// time: Arabic joining forms, required and standard ligatures, contextual forms. Marks take
  /// no advance.
  static func shape(_ input: [Item]) -> [Item] {
    var items = input
    var i = 0
    while i < items.count {
      let first = items[i]
      if first.isNewline {
        i += 1
        continue
      }
      // The segment: one face and size, no newline, one script (common characters join the
      // script around them).
      var script = script(of: first.scalar)
      var j = i + 1
      while j < items.count, !items[j].isNewline, items[j].face === first.face,
        items[j].size == first.size
      {
        if let s = Self.script(of: items[j].scalar) {
          if script == nil { script = s } else if s != script { break }
        }
        j += 1
      }
      let range = i..<j
      let face = first.face
      let tag = script ?? "latn"
      let plan = Self.plan(face, tag, tag == "arab" ? arabicFeatures : commonFeatures)
      let forms: [String?] =
        tag == "arab" ? ArabicJoining.forms(items[range].map(\.scalar)) : []
      var buffer = [ShapingGlyph]()
      buffer.reserveCapacity(range.count)
      var hasMark = false
      for k in range {
        let g = items[k].glyph
        if face.isMark(g) { hasMark = true }
        let form = forms.isEmpty ? 0 : (forms[k - i].map(GlyphSubstitution.featureBit) ?? 0)
        buffer.append(ShapingGlyph(glyph: g, cluster: k - i, features: 1 | form))
      }
      if !plan.isEmpty { face.substitution.apply(plan, to: &buffer) }
      // Nothing substituted and no marks: the segment stands as it was.
      if !hasMark, buffer.count == range.count,
        !zip(buffer, items[range]).contains(where: { $0.glyph != $1.glyph || face.isMark($0.glyph) }
        )
      {
        i = j
        continue
      }
      let segment = Array(items[range])
      let attached = face.markPositioning.attachments(
        script: tag, glyphs: buffer.map(\.glyph), isMark: face.isMark)
      var shaped: [Item] = []
      shaped.reserveCapacity(buffer.count)
      for (k, g) in buffer.enumerated() {
        var item = segment[Swift.min(g.cluster, segment.count - 1)]
        // The characters a glyph stands for: up to the next glyph's first character.
        let next = k + 1 < buffer.count ? buffer[k + 1].cluster : segment.count
        if k > 0, buffer[k - 1].cluster == g.cluster {
          item.characters = []
        } else if next > g.cluster + 1 {
          item.characters = segment[g.cluster..<Swift.min(next, segment.count)].map(\.scalar)
        }
        let scale = item.size / Double(face.unitsPerEm)
        if g.glyph != item.glyph || face.isMark(g.glyph) {
          item.glyph = g.glyph
          item.advance =
            face.isMark(g.glyph) ? 0 : Double(face.advance(of: g.glyph)) * scale + item.spacing
        }
        if let a = attached[k] {
          item.attachment = (a.back, Double(a.dx) * scale, Double(a.dy) * scale)
        }
        shaped.append(item)
      }
      items.replaceSubrange(range, with: shaped)
      i += shaped.count
    }
    return items
  }

  /// The features of Arabic text: the common ones and the joining forms.
  static let arabicFeatures = commonFeatures + ["isol", "init", "medi", "fina"]

  /// Sets each item's embedding level by the Unicode Bidirectional Algorithm, paragraph by
  /// paragraph, and mirrors brackets drawn right to left.
  static func resolveLevels(_ items: inout [Item], base: LayoutDirection?) {
    var start = 0
    while start < items.count {
      var end = start
      while end < items.count, !items[end].isNewline { end += 1 }
      // Left-to-right text with nothing right to left in it stays at level 0.
      if base != .rightToLeft,
        !items[start..<end].contains(where: {
          $0.kind == .r || $0.kind == .al || $0.kind == .an || $0.kind.isExplicit
        })
      {
        start = end + 1
        continue
      }
      let kinds = items[start..<end].map(\.kind)
      let level: UInt8 =
        base.map { $0 == .rightToLeft ? 1 : 0 } ?? Bidi.paragraphLevel(kinds)
      let levels = Bidi.levels(kinds, base: level, scalars: items[start..<end].map(\.scalar))
      for (k, l) in levels.enumerated() {
        let i = start + k
        items[i].level = l
        items[i].paragraphLevel = level
        if l % 2 == 1, let m = Bidi.mirror(items[i].scalar) {
          let g = items[i].face.glyphID(for: m)
          if g != 0 { items[i].glyph = g }
        }
      }
      if end < items.count { items[end].paragraphLevel = level }
      start = end + 1
    }
  }

  private func fallbackFace(for scalar: Unicode.Scalar, like font: Font) -> FontFace? {
    let key = FallbackKey(scalar: scalar, font: font)
    if let found = fallbacks.withLock({ $0[key] }) { return found }
    let f = catalog.fallbackFace(for: scalar, like: font)
    fallbacks.withLock { cache in
      if cache.count > 4096 { cache.removeAll(keepingCapacity: true) }
      cache[key] = f
    }
    return f
  }

  /// Lays out `text` in lines no wider than `width` (`.infinity` for no limit), keeping at most
  /// the lines that fit in `height` and in the text's ``TextContent/maximumLines``.
  public func layout(_ text: TextContent, width: Double, height: Double = .infinity) -> Layout {
    // NaN is not equal to itself, so it would never be found: it means "no limit" anyway.
    let key = LayoutKey(
      text: text, width: width.isNaN ? .infinity : width,
      height: height.isNaN ? .infinity : height)
    if let found = layouts.withLock({ c -> Layout? in
      let l = c.entries[key]
      if l != nil { c.hits += 1 }
      return l
    }) {
      return found
    }
    let made = makeLayout(text, width: width, height: height)
    layouts.withLock { c in
      c.misses += 1
      if c.entries.count >= Self.layoutCacheLimit { c.entries.removeAll(keepingCapacity: true) }
      c.entries[key] = made
    }
    return made
  }

  private func makeLayout(_ text: TextContent, width: Double, height: Double) -> Layout {
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
    for item in all {
      if paragraphStarts {
        paragraph = item.paragraph
        paragraphStarts = false
      }
      if item.isNewline {
        finish(current, style: item)
        paragraphStarts = true
        current = []
        lastBreak = nil
        wrapped = false
        continue
      }
      if current.isEmpty && wrapped && item.isSpace { continue }
      current.append(item)
      if item.isSpace {
        if item.breakAfter { lastBreak = current.count - 1 }
        continue
      }
      while lineWidth(current[...]) > maxWidth && current.count > 1 {
        if let b = lastBreak, b < current.count - 1 {
          finish(Array(current[...b]), style: nil)
          current = Array(current[(b + 1)...]).drop { $0.isSpace }.map { $0 }
        } else {
          // A word wider than the line: break before the last character.
          finish(Array(current.dropLast()), style: nil)
          current = [current[current.count - 1]]
        }
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
      var last = lines[keep - 1] + lines[keep...].flatMap { $0 }
      if text.truncatesWithEllipsis, let style = last.last ?? lines[keep - 1].last {
        let ellipsis = ellipsisItems(like: style)
        let ew = ellipsis.reduce(0) { $0 + $1.advance }
        while !last.isEmpty
          && (lineWidth(last[...]) + ew > maxWidth || last[last.count - 1].isSpace)
        {
          last.removeLast()
        }
        lines[keep - 1] = last + ellipsis
      } else {
        lines[keep - 1] = lines[keep - 1]
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
      // Visual order (UAX #9, L1–L2), trailing spaces kept at the end.
      var content = l.count
      while content > 0, l[content - 1].isSpace { content -= 1 }
      var order = Array(0..<l.count)
      if l[..<content].contains(where: { $0.level > 0 }) {
        order =
          Bidi.visualOrder(
            levels: l[..<content].map(\.level), kinds: l[..<content].map(\.kind), base: base)
          + Array(content..<l.count)
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

  /// The underline and strikethrough rectangles of a line: one per stretch of neighbouring
  /// glyphs with the same decoration, face, size and colour (spaces inside a stretch included,
  /// trailing spaces not), placed where the font's tables say.
  static func decorations(of line: Line, baseline: Double, left: Double) -> [(
    face: FontFace, size: Double, color: Color, rect: Rect
  )] {
    var out: [(FontFace, Double, Color, Rect)] = []
    var end = line.glyphs.count
    while end > 0, line.glyphs[end - 1].scalar == " " { end -= 1 }
    for strike in [false, true] {
      var i = 0
      while i < end {
        let g = line.glyphs[i]
        guard strike ? g.strikethrough : g.underline else {
          i += 1
          continue
        }
        var j = i
        while j + 1 < end, case let n = line.glyphs[j + 1], strike ? n.strikethrough : n.underline,
          n.face == g.face, n.size == g.size, n.color == g.color
        {
          j += 1
        }
        let s = g.size / Double(g.face.unitsPerEm)
        let (position, thickness) = strike ? strikeout(g.face) : underline(g.face)
        let x0 = left + g.x
        let x1 = left + line.glyphs[j].x + line.glyphs[j].advance
        out.append(
          (
            g.face, g.size, g.color,
            Rect(
              x: x0, y: baseline - Double(position) * s, width: Swift.max(0, x1 - x0),
              height: Swift.max(1, Double(thickness)) * s)
          ))
        i = j + 1
      }
    }
    return out
  }

  /// The font's underline (`post`), or one a twentieth of an em thick, a tenth below the baseline.
  static func underline(_ face: FontFace) -> (Int, Int) {
    if let u = face.underline, u.thickness > 0 { return (u.position, u.thickness) }
    return (-face.unitsPerEm / 10, Swift.max(1, face.unitsPerEm / 20))
  }

  /// The font's strikeout (`OS/2`), or one through the middle of the x-height.
  static func strikeout(_ face: FontFace) -> (Int, Int) {
    if let s = face.strikeout, s.thickness > 0 { return (s.position, s.thickness) }
    let middle = (face.xHeight ?? face.ascender / 2) / 2
    return (middle + face.unitsPerEm / 40, Swift.max(1, face.unitsPerEm / 20))
  }

  private func ellipsisItems(like style: Item) -> [Item] {
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

  /// The size `text` takes when broken to fit `width`.
  public func size(of text: TextContent, width: Double) -> Size {
    layout(text, width: width).size
  }

  /// The glyph runs of `text` laid out in `bounds`.
  public func shape(
    _ text: TextContent, in bounds: Rect, verticalAlignment: TextNode.VerticalAlignment
  )
    -> [GlyphRun]
  {
    let l = layout(text, width: bounds.width, height: bounds.height)
    var y = bounds.minY
    switch verticalAlignment {
    case .top: break
    case .center: y += (bounds.height - l.size.height) / 2
    case .bottom: y += bounds.height - l.size.height
    }
    var runs: [GlyphRun] = []
    for line in l.lines {
      let baseline = y + line.baseline
      for d in Self.decorations(of: line, baseline: baseline, left: bounds.minX + line.offset) {
        if let i = runs.lastIndex(where: {
          $0.face == d.face && $0.size == d.size && $0.color == d.color
        }) {
          runs[i].decorations.append(d.rect)
        } else {
          runs.append(GlyphRun(face: d.face, size: d.size, color: d.color, decorations: [d.rect]))
        }
      }
      for g in line.glyphs
      where
        !(g.scalar == " " || g.glyph == 0 && (g.scalar.value < 32 || Bidi.isInvisible(g.scalar)))
      {
        let p = Point(x: bounds.minX + line.offset + g.x, y: baseline - g.yOffset)
        if let last = runs.last, last.face == g.face, last.size == g.size, last.color == g.color {
          runs[runs.count - 1].glyphs.append(g.glyph)
          runs[runs.count - 1].positions.append(p)
        } else {
          runs.append(
            GlyphRun(face: g.face, size: g.size, color: g.color, glyphs: [g.glyph], positions: [p]))
        }
      }
      y += line.height
    }
    return runs
  }
}
