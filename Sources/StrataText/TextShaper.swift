import Strata

/// Lays text out into glyph runs, in the text node's own coordinates.
public protocol TextShaper {
  /// The glyph runs of `text` laid out in `bounds`.
  func shape(_ text: TextContent, in bounds: Rect, verticalAlignment: TextNode.VerticalAlignment)
    -> [GlyphRun]
}
