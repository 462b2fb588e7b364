/// Measures text, so that the model can size text nodes from their content.
///
/// The model has no fonts; a renderer supplies a measurer (StrataRender's `TextEngine`),
/// and a host can supply its own (for example one backed by Core Text).
public protocol TextMeasurer {
  /// The size `text` takes when its lines are broken to fit `width` (use `.infinity` for one
  /// line per paragraph).
  func size(of text: TextContent, width: Double) -> Size
}
