extension TutorialController {
  /// The smallest page width or height; smaller (or NaN) sizes are raised to it.
  public static let minimumPageDimension = 1.0
  /// The largest page width or height; larger (or infinite) sizes are lowered to it.
  public static let maximumPageDimension = 100_000.0
  /// The most pages a controller shows; a data source that says more is clamped to it (so that
  /// every offset and page index stays exact in a `Double`).
  public static let maximumPageCount = 1 << 31

  /// How many built pages are kept beyond the ones near the viewport.
  public static let pageCacheLimit = 8

  /// The number of pages, read from the data source's `numberOfPages` at the last reload.
  public var pageCount: Int { loadedPageCount }

  /// The data source in use: ``dataSource``, or the controller itself if it conforms.
  public var activeDataSource: (any TutorialDataSource)? {
    dataSource ?? (self as? any TutorialDataSource)
  }

  /// The animator in use: ``animator``, the controller itself if it conforms, or the default.
  public var activeAnimator: any TutorialAnimator {
    animator ?? (self as? any TutorialAnimator) ?? DefaultTutorialAnimator()
  }

  /// Builds the page shown in `slot`.
  ///
  /// Layout owns the frames of the dynamic backgrounds; for wireframes, inner wireframes,
  /// labels and icons it owns the place they are centred on, and the origin of the frame the
  /// data source gave is an offset from that place (see Docs/Controller.md).
  func buildPage(_ slot: Slot) -> TutorialPage {
    let m = metrics
    let sources = LayerSourceTable(activeDataSource)
    let index = order.page(in: slot)
    let at = m.origin(ofSlot: slot.index)
    let container = Node(
      frame: Rect(x: at.x, y: at.y, width: m.width, height: m.height), name: "page \(index)")
    container.passesTouchesThrough = true
    // The slots of the decorative layers: what the data source or configurePage puts in them
    // is a picture to screen readers and audits, unless it has a label.
    container.isDecorativeLayer = true
    let background = sources.node(.dynamicBackground, page: index)
    if let background {
      background.frame = container.bounds
      container.addChild(background)
    }
    let wireframe = sources.node(.wireframe, page: index)
    if let wireframe {
      wireframe.place(centredIn: container.bounds)
      container.addChild(wireframe)
    }
    let inner = sources.node(.innerWireframe, page: index)
    if let inner {
      if let wireframe {
        inner.place(centredIn: wireframe.bounds)
        wireframe.addChild(inner)
      } else {
        inner.place(centredIn: container.bounds)
        container.addChild(inner)
      }
    }
    let strip = m.labelsStrip
    let labelSlot = Node(
      frame: Rect(x: at.x, y: at.y, width: m.width, height: strip.height),
      name: "label slot \(index)")
    labelSlot.passesTouchesThrough = true
    let label = sources.node(.labels, page: index)
    if let label {
      // Before measuring: a label of height 0 takes the height of its text as shown.
      Self.applyTextScale(textScale, to: label, byDefault: true)
      var size = label.size
      if size.width <= 0 { size.width = m.width }
      if size.height <= 0 {
        if let text = label as? TextNode, let measurer = textMeasurer {
          size.height = Swift.min(
            strip.height,
            measurer.size(of: text.displayedText, width: size.width).height.rounded(.up))
        } else {
          size.height = strip.height
        }
      }
      label.frame = Rect(origin: label.frame.origin, size: size)  // keeping the given origin
      label.place(
        at: Point(
          x: (m.width - size.width) / 2, y: m.labelsAlignToBottom ? strip.height - size.height : 0))
      labelSlot.addChild(label)
    }
    let iconSlot = Node(
      frame: Rect(x: at.x, y: at.y, width: m.width, height: 0), name: "icon slot \(index)")
    iconSlot.passesTouchesThrough = true
    iconSlot.isDecorativeLayer = true
    let icon = sources.node(.icons, page: index)
    if let icon {
      icon.place(centredIn: Rect(x: 0, y: 0, width: m.width, height: 0))
      iconSlot.addChild(icon)
    }
    let scale = textScale
    for node in [background, wireframe, inner, icon].compactMap({ $0 }) {
      Self.applyTextScale(scale, to: node, byDefault: false)
    }
    // Styled nodes are laid out by flexbox in the frames the layers gave their roots.
    for node in [background, wireframe, inner, label, icon].compactMap({ $0 }) {
      node.layoutStyledChildren(measurer: textMeasurer, direction: layoutDirection)
    }
    var nodes: [TutorialLayer: Node] = [:]
    nodes[.dynamicBackground] = background
    nodes[.wireframe] = wireframe
    nodes[.innerWireframe] = inner
    nodes[.labels] = label
    nodes[.icons] = icon
    let page = TutorialPage(
      index: index, container: container, labelSlot: labelSlot, iconSlot: iconSlot, nodes: nodes)
    configurePage(page)
    page.captureBase()
    pages[slot] = page
    return page
  }

  /// The height, rounded up to a point, of the tallest of `texts` shown at ``textScale`` and
  /// broken to `width`; 0 without a ``textMeasurer``. For a layout that makes room for the
  /// longest of its pages' texts.
  public func tallestHeight(of texts: [TextContent], width: Double) -> Double {
    guard let measurer = textMeasurer else { return 0 }
    return texts.map {
      measurer.size(of: $0.scaled(by: textScale), width: width).height.rounded(.up)
    }.max() ?? 0
  }

  /// Shows the text in `node`'s subtree at ``textScale`` now (where it adjusts for the content
  /// size; text that does not say is scaled too). The controller does this to the nodes a
  /// data source returns; call it in a data source that measures or lays out its text before
  /// returning it, so that it measures the text as it will show.
  public func applyTextScale(to node: Node) {
    Self.applyTextScale(textScale, to: node, byDefault: true)
  }

  /// Sets the ``TextNode/contentSizeScale`` of every text node and button in `node`'s
  /// subtree to `scale` where it adjusts for the content size (`byDefault` where it does not
  /// say), and to 1 elsewhere.
  static func applyTextScale(_ scale: Double, to node: Node, byDefault: Bool) {
    node.forEachInSubtree {
      if let text = $0 as? TextNode {
        text.contentSizeScale = (text.adjustsForContentSize ?? byDefault) ? scale : 1
      }
      if let button = $0 as? ButtonNode {
        button.contentSizeScale = (button.adjustsForContentSize ?? byDefault) ? scale : 1
      }
    }
  }

  /// The nodes of `index`, building the page if it is in range and not built yet;
  /// `nil` for an index outside `0..<pageCount`.
  public func page(_ index: Int) -> TutorialPage? {
    guard index >= 0, index < loadedPageCount else { return nil }
    // Going round, a page may be built in several slots: the copy nearest the viewport.
    let slot = order.slot(of: index, near: visualOffset)
    if let p = pages[slot] { return p }
    return buildPage(slot)
  }

  /// Brings the node tree to the current offset if something changed since the last update
  /// (a reload, ``reduceMotion``): captures the static layers' base, builds and places the
  /// pages near the viewport and runs the animators. ``scene()`` and every method that reads
  /// or moves the tree call it first.
  public func layoutIfNeeded() {
    if needsUpdate || needsStaticBase { update() }
  }

  var isRightToLeft: Bool { order.isRightToLeft }

  /// `s` with each side clamped to ``minimumPageDimension``...``maximumPageDimension``.
  static func clampedSize(_ s: Size) -> Size {
    let range = minimumPageDimension...maximumPageDimension
    return Size(width: s.width.clamped(to: range), height: s.height.clamped(to: range))
  }
}
