/// Measures text, so that the model can size text nodes from their content.
///
/// The model has no fonts; a renderer supplies a measurer (StrataRender's `TextEngine`),
/// and a host can supply its own (for example one backed by Core Text).
public protocol TextMeasurer {
  /// The size `text` takes when its lines are broken to fit `width` (use `.infinity` for one
  /// line per paragraph).
  func size(of text: TextContent, width: Double) -> Size

  /// The distance from the top of `text`'s first line to its baseline when broken to fit
  /// `width` and cut to `height`; `nil` when the measurer cannot say (flexbox's baseline
  /// alignment then uses the node's bottom edge).
  func firstBaseline(of text: TextContent, width: Double, height: Double) -> Double?
}

extension TextMeasurer {
  /// No baseline: measurers written before baselines were asked for.
  public func firstBaseline(of text: TextContent, width: Double, height: Double) -> Double? {
    nil
  }
}
