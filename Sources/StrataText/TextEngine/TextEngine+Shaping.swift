import Strata

/// Shaping and bidirectional levels: the passes `items` runs over a text's glyphs.
extension TextEngine {
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
          item.continuesCluster = true  // the second glyph of one character
        } else if next > g.cluster + 1 {
          item.characters = segment[g.cluster..<Swift.min(next, segment.count)].map(\.scalar)
        }
        // A line may end after a glyph only where it may after the last character it shows.
        item.breakAfter =
          next > g.cluster ? segment[Swift.min(next, segment.count) - 1].breakAfter : false
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
      while end < items.count, !(items[end].isNewline && items[end].kind == .b) { end += 1 }
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
      let resolution = Bidi.resolve(
        kinds, scalars: items[start..<end].map(\.scalar),
        base: base.map { $0 == .rightToLeft ? 1 : 0 })
      let level = resolution.paragraphLevel
      for (k, l) in resolution.levels.enumerated() {
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
}
