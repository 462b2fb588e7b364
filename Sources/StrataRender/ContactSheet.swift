import Strata
import StrataIO
import StrataRaster
import StrataText

/// A grid of key frames of an onboarding, each labelled with its page position: one picture
/// to review a whole run.
public struct ContactSheet: Sendable {
  /// The page positions shown, in reading order.
  public var positions: [Double]
  /// The number of columns.
  public var columns: Int
  /// Device pixels per point for each thumbnail.
  public var thumbnailScale: Double
  /// The title above the grid.
  public var title: String
  /// How text is set.
  public var textEngine: TextEngine

  /// Creates a sheet.
  public init(
    positions: [Double], columns: Int = 3, thumbnailScale: Double = 0.5, title: String = "",
    textEngine: TextEngine = TextEngine.system
  ) {
    self.positions = positions
    self.columns = Swift.max(1, columns)
    self.thumbnailScale = thumbnailScale
    self.title = title
    self.textEngine = textEngine
  }

  /// The key positions of a tutorial of `pages` pages: every quarter page.
  public static func quarterPositions(pages: Int) -> [Double] {
    guard pages > 1 else { return [0] }
    return (0...((pages - 1) * 4)).map { Double($0) / 4 }
  }

  /// Renders the sheet of `controller`'s frames at ``positions``.
  ///
  /// - Throws: ``RenderError`` when a size or the scale is not allowed.
  public func render(_ controller: TutorialController) throws(RenderError) -> RasterImage {
    let renderer = FrameRenderer(scale: thumbnailScale, textShaper: textEngine)
    var cells: [Cell] = []
    for position in positions {
      cells.append(
        Cell(
          image: try renderer.render(controller, pagePosition: position),
          caption: "page \(Self.format(position))"))
    }
    return try compose(cells)
  }

  /// One thumbnail of a sheet and the caption under it.
  public struct Cell: Sendable {
    /// The thumbnail, drawn at its own size.
    public var image: RasterImage
    /// The line under it.
    public var caption: String

    /// Creates a cell.
    public init(image: RasterImage, caption: String) {
      self.image = image
      self.caption = caption
    }
  }

  /// Checks that a sheet of `cells` thumbnails of the given size fits the pixel limit, before
  /// anything is rendered for it.
  ///
  /// - Throws: ``RenderError/invalidSize(width:height:limit:)``.
  public func validate(cellWidth: Int, cellHeight: Int, cells: Int) throws(RenderError) {
    let (width, height) = size(cellWidth: cellWidth, cellHeight: cellHeight, cells: cells)
    try RasterImage.validate(width: width, height: height)
  }

  /// The sheet's size in pixels for `cells` thumbnails of the given size.
  func size(cellWidth: Int, cellHeight: Int, cells: Int) -> (width: Int, height: Int) {
    let gap = 16
    let caption = 22
    let header = title.isEmpty ? 0 : 40
    let rows = Swift.max(1, (cells + columns - 1) / columns)
    let w = Swift.min(Int(Int32.max), cellWidth + gap)
    let h = Swift.min(Int(Int32.max), cellHeight + caption + gap)
    return (gap + columns * w, header + gap + rows * h)
  }

  /// Lays out frames that are already rendered (thumbnails, all of the first one's size) in the
  /// grid, with their captions and the title: the sheet without rendering anything again.
  ///
  /// - Throws: ``RenderError`` when the sheet would exceed the pixel limit.
  public func compose(_ cells: [Cell]) throws(RenderError) -> RasterImage {
    let cellW = cells.first?.image.width ?? 1
    let cellH = cells.first?.image.height ?? 1
    let gap = 16
    let caption = 22
    let header = title.isEmpty ? 0 : 40
    let rows = Swift.max(1, (cells.count + columns - 1) / columns)
    let width = gap + columns * (cellW + gap)
    let height = header + gap + rows * (cellH + caption + gap)
    try RasterImage.validate(width: width, height: height)
    var sheet = try RasterImage(width: width, height: height)
    sheet.fill(Color(white: 0.95))
    let canvas = Canvas(buffer: sheet)
    let cache = GlyphCache()
    func text(_ s: String, size: Double, at rect: Rect, weight: Font.Weight = .regular) {
      let content = TextContent(
        s, font: .system(size: size, weight: weight), color: Color(white: 0.2), alignment: .center)
      for run in textEngine.shape(content, in: rect, verticalAlignment: .center) {
        canvas.drawGlyphs(run, transform: .identity, cache: cache)
      }
    }
    if !title.isEmpty {
      text(title, size: 16, at: Rect(x: 0, y: 8, width: Double(width), height: 32), weight: .bold)
    }
    for (i, cell) in cells.enumerated() {
      let x = gap + (i % columns) * (cellW + gap)
      let y = header + gap + (i / columns) * (cellH + caption + gap)
      let image = cell.image
      canvas.fill(
        .rect(
          Rect(
            x: Double(x) - 1, y: Double(y) - 1, width: Double(cellW) + 2, height: Double(cellH) + 2)
        ),
        paint: .solid(Color(white: 0.8)))
      canvas.drawImage(image, transform: Transform(translationX: Double(x), y: Double(y)))
      text(
        cell.caption, size: 12,
        at: Rect(x: Double(x), y: Double(y + cellH), width: Double(cellW), height: Double(caption)))
    }
    return canvas.buffer
  }

  /// For each of ``positions``, the index of the frame in `framePositions` nearest to it (the
  /// first, among equals): the frames of a run that a sheet shows.
  public func nearestFrames(in framePositions: [Double]) -> [Int] {
    positions.map { target in
      var best = 0
      for (i, p) in framePositions.enumerated()
      where Swift.abs(p - target) < Swift.abs(framePositions[best] - target) {
        best = i
      }
      return best
    }
  }

  /// A page position as a caption shows it: at most two decimals.
  public static func format(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
  }
}
