import Strata

/// Underlines and strikethroughs, where the font's tables put them.
extension TextEngine {
  /// The underline and strikethrough rectangles of a line: one per stretch of neighbouring
  /// glyphs with the same decoration, face, size and colour (spaces inside a stretch included,
  /// trailing spaces not), placed where the font's tables say.
  static func decorations(of line: Line, baseline: Double, left: Double) -> [(
    face: FontFace, size: Double, color: Color, rect: Rect
  )] {
    var out: [(FontFace, Double, Color, Rect)] = []
    var end = line.glyphs.count
    while end > 0, line.glyphs[end - 1].scalar == " " { end -= 1 }
    // The spaces that end a right-to-left line hang before its start.
    var start = 0
    while start < end, line.glyphs[start].x < 0, line.glyphs[start].scalar == " " { start += 1 }
    for strike in [false, true] {
      var i = start
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
}
