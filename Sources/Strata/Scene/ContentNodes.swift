/// A node that shows an ``Image``, placed by a ``ContentMode``.
open class ImageNode: Node {
  /// The image; nothing is drawn when `nil`.
  public var image: Image?
  /// How the image is placed in the bounds.
  public var contentMode: ContentMode

  /// Creates an image node. With a `.zero` frame, the node takes the image's natural size at the origin.
  public init(
    image: Image?, frame: Rect = .zero, contentMode: ContentMode = .scaleToFill, name: String? = nil
  ) {
    self.image = image
    self.contentMode = contentMode
    let f =
      frame.isEmpty && image != nil ? Rect(origin: frame.origin, size: image?.size ?? .zero) : frame
    super.init(frame: f, name: name)
    passesTouchesThrough = true
  }

  /// The image and its placement.
  open override var content: SceneNode.Content {
    guard let image else { return .none }
    return .image(image, contentMode)
  }

  /// The image's own size, scaled down to fit the proposal keeping its shape; the frame's
  /// size without an image.
  open override func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size {
    guard let size = image?.size, size.width > 0, size.height > 0 else { return bounds.size }
    let k = Swift.min(1, proposal.width / size.width, proposal.height / size.height)
    return Size(width: size.width * k, height: size.height * k)
  }
}

/// A node that shows styled text.
open class TextNode: Node {
  /// Where the block of lines sits vertically in the bounds.
  public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    /// At the top.
    case top
    /// Centred.
    case center
    /// At the bottom.
    case bottom
  }

  /// The text.
  public var text: TextContent
  /// Where the lines sit vertically.
  public var verticalAlignment: VerticalAlignment
  /// Whether the text grows and shrinks with the reader's text size
  /// (``TutorialController/contentSize``). `nil` (the default) lets the layer decide: text in
  /// the labels and the static content scales, text in the decorative layers (backgrounds,
  /// wireframes, icons: pictures of an app, say) does not. Set it to `false` for text that
  /// must keep its size (a logo set in type), `true` for text in a background that is read.
  public var adjustsForContentSize: Bool?
  /// The factor the text is shown at: the controller sets it to its
  /// ``TutorialController/textScale`` on the nodes its data source gives (1 elsewhere).
  public var contentSizeScale = 1.0
  /// The text as shown: ``text`` scaled by ``contentSizeScale`` (which the controller leaves
  /// at 1 where the text does not adjust).
  public var displayedText: TextContent { text.scaled(by: contentSizeScale) }

  /// Creates a text node.
  public init(
    text: TextContent, frame: Rect = .zero, verticalAlignment: VerticalAlignment = .top,
    name: String? = nil
  ) {
    self.text = text
    self.verticalAlignment = verticalAlignment
    super.init(frame: frame, name: name)
    passesTouchesThrough = true
  }

  /// The text and its vertical placement.
  open override var content: SceneNode.Content { .text(displayedText, verticalAlignment) }

  /// The text's size, its lines broken at the proposed width (one line each paragraph when the
  /// width is infinite); the frame's size without a measurer.
  open override func fittingSize(for proposal: Size, measurer: (any TextMeasurer)?) -> Size {
    guard let measurer else { return bounds.size }
    let width = proposal.width.isFinite ? Swift.max(0, proposal.width) : .infinity
    return measurer.size(of: displayedText, width: width)
  }

  /// Where the first line's baseline falls in a box of `size`, from its top, with the lines
  /// placed by ``verticalAlignment``; `nil` without a measurer that knows baselines.
  public func firstBaseline(in size: Size, measurer: (any TextMeasurer)?) -> Double? {
    guard let measurer,
      let b = measurer.firstBaseline(of: displayedText, width: size.width, height: size.height)
    else { return nil }
    let height = measurer.size(of: displayedText, width: size.width).height
    switch verticalAlignment {
    case .top: return b
    case .center: return (size.height - Swift.min(height, size.height)) / 2 + b
    case .bottom: return size.height - Swift.min(height, size.height) + b
    }
  }
}

/// A node that fills and strokes a path given in its own coordinates.
open class ShapeNode: Node {
  /// The outline and its paints.
  public var shape: VectorImage.Shape

  /// Creates a shape node.
  public init(
    path: Path, fill: Paint? = nil, stroke: Paint? = nil, strokeStyle: StrokeStyle = StrokeStyle(),
    fillRule: FillRule = .nonZero, frame: Rect? = nil, name: String? = nil
  ) {
    self.shape = VectorImage.Shape(
      path: path, fill: fill, fillRule: fillRule, stroke: stroke, strokeStyle: strokeStyle)
    super.init(frame: frame ?? path.bounds, name: name)
    if frame == nil {
      // Keep the path where it was drawn: the bounds' origin is the path's top-left.
      bounds.origin = path.bounds.origin
    }
  }

  /// The shape.
  open override var content: SceneNode.Content { .shape(shape) }
}

/// A tappable node with a title and an action identifier.
///
/// The controller reports taps on it to its delegate by ``actionIdentifier``.
open class ButtonNode: Node {
  /// The title, centred in the bounds.
  public var title: TextContent
  /// What the button does, as a name the delegate understands (for example `"start"`).
  public var actionIdentifier: String
  /// Whether the button is being pressed.
  public var isHighlighted: Bool
  /// Whether the button takes taps.
  public var isEnabled: Bool
  /// The background while highlighted; `nil` darkens the normal background
  /// (``highlightDarkening``).
  public var highlightedBackgroundColor: Color?
  /// Whether the title grows and shrinks with the reader's text size; `nil` lets the layer
  /// decide (see ``TextNode/adjustsForContentSize``).
  public var adjustsForContentSize: Bool?
  /// The factor the title is shown at (see ``TextNode/contentSizeScale``).
  public var contentSizeScale = 1.0
  /// The title as shown: ``title`` scaled by ``contentSizeScale``.
  public var displayedTitle: TextContent { title.scaled(by: contentSizeScale) }

  /// How much a pressed button without a ``highlightedBackgroundColor`` darkens its background:
  /// its red, green and blue are multiplied by this.
  public static let highlightDarkening = 0.8
  /// The opacity of a disabled button's title.
  public static let disabledTitleOpacity = 0.4

  /// Creates a button.
  public init(
    title: TextContent, actionIdentifier: String, frame: Rect = .zero, name: String? = nil
  ) {
    self.title = title
    self.actionIdentifier = actionIdentifier
    self.isHighlighted = false
    self.isEnabled = true
    super.init(frame: frame, name: name)
  }

  /// The title, centred (a natural alignment becomes centred), faded while disabled.
  open override var content: SceneNode.Content {
    var shown = displayedTitle
    if shown.alignment == .natural { shown.alignment = .center }
    if !isEnabled {
      for i in shown.runs.indices {
        shown.runs[i].color = shown.runs[i].color.withAlpha(
          shown.runs[i].color.alpha * Self.disabledTitleOpacity)
      }
    }
    return .text(shown, .center)
  }

  /// While pressed, ``highlightedBackgroundColor``, or the background darkened by
  /// ``highlightDarkening``; otherwise the background.
  open override var displayedBackgroundColor: Color? {
    guard isHighlighted else { return backgroundColor }
    if let h = highlightedBackgroundColor { return h }
    return backgroundColor.map {
      let k = Self.highlightDarkening
      return Color(red: $0.red * k, green: $0.green * k, blue: $0.blue * k, alpha: $0.alpha)
    }
  }
}

/// A node whose bounds' origin is a content offset: the virtual counterpart of a `UIScrollView`.
open class ScrollNode: Node {
  /// The size of the scrollable content. The controller sets it on its main scroll node, for a
  /// host that mirrors that node into a real scroll view.
  public var contentSize: Size
  /// Whether a released drag snaps to multiples of the node's width. On the controller's main
  /// scroll node (on by default) it decides whether the pages snap; off, they decelerate freely.
  public var isPagingEnabled: Bool
  /// Whether gestures scroll this node (the controller's secondary scroll nodes follow the main one
  /// instead). Turning it off on the controller's main scroll node stops drags from paging;
  /// buttons and programmatic navigation still work.
  public var isScrollEnabled: Bool
  /// Whether taps on the node go through to controls underneath it (the main scroll node's behaviour).
  public var passesTapsThrough: Bool
  /// Whether a touch that went down on a control turns into a drag of this node when the finger
  /// moves (true, as `UIScrollView.canCancelContentTouches`: the control is cancelled and the
  /// pages follow the finger), or stays with the control (false: the pages do not move, and
  /// lifting the finger on the control taps it).
  public var canCancelContentTouches: Bool

  /// Creates a scroll node.
  public init(frame: Rect = .zero, contentSize: Size = .zero, name: String? = nil) {
    self.contentSize = contentSize
    self.isPagingEnabled = false
    self.isScrollEnabled = true
    self.passesTapsThrough = false
    self.canCancelContentTouches = true
    super.init(frame: frame, name: name)
  }

  /// The point of the content shown at the top-left corner.
  public var contentOffset: Point {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }
}
