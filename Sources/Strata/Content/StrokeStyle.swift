/// How a path's outline is drawn: width, joins, caps and dashes.
public struct StrokeStyle: Hashable, Sendable {
  /// How two segments meet.
  public enum Join: String, Hashable, Sendable, CaseIterable {
    /// A sharp corner, cut to a bevel past ``StrokeStyle/miterLimit``.
    case miter
    /// A circular corner.
    case round
    /// A straight cut across the corner.
    case bevel
  }

  /// How an open subpath ends.
  public enum Cap: String, Hashable, Sendable, CaseIterable {
    /// Flat, exactly at the end point.
    case butt
    /// A half circle past the end point.
    case round
    /// A half square past the end point.
    case square
  }

  /// The width of the line; a negative or non-finite width draws nothing.
  public var width: Double
  /// The join between segments.
  public var join: Join
  /// The cap at the ends of open subpaths.
  public var cap: Cap
  /// The ratio of miter length to width past which a miter join becomes a bevel (at least 1).
  public var miterLimit: Double
  /// Alternating dash and gap lengths; empty for a solid line.
  public var dash: [Double]
  /// How far into the dash pattern the line starts.
  public var dashPhase: Double

  /// Creates a stroke style.
  public init(
    width: Double = 1, join: Join = .miter, cap: Cap = .butt, miterLimit: Double = 10,
    dash: [Double] = [], dashPhase: Double = 0
  ) {
    self.width = Self.sanitize(width)
    self.join = join
    self.cap = cap
    self.miterLimit = miterLimit.isFinite ? Swift.max(1, miterLimit) : 10
    self.dash = dash.map { $0.isFinite ? Swift.max(0, $0) : 0 }
    self.dashPhase = dashPhase.isFinite ? dashPhase : 0
  }

  private static func sanitize(_ w: Double) -> Double { w.isFinite ? Swift.max(0, w) : 0 }
}
