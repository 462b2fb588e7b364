/// A vector illustration that moves: layers of shapes over a span of frames, as a Lottie file
/// holds it (StrataAssets reads Lottie into this). ``image(atFrame:)`` gives the still
/// ``VectorImage`` of any frame, fractional frames included, for any node that draws vector
/// images.
///
/// ```swift
/// let square = AnimatedVectorImage.Layer(
///   transform: AnimatedTransform(
///     position: .constant(Point(x: 50, y: 50)),
///     rotation: .keyframes(try Keyframes([Keyframe(0, 0.0), Keyframe(30, Double.pi / 2)]))),
///   shapes: [
///     .rectangle(
///       center: .constant(Point(x: 0, y: 0)), size: .constant(Size(width: 40, height: 40)),
///       cornerRadius: .constant(4)),
///     .fill(color: .constant(.red), opacity: .constant(1), rule: .nonZero),
///   ])
/// let animation = AnimatedVectorImage(
///   size: Size(width: 100, height: 100), frameRate: 30, frames: 0...30, layers: [square])
/// let halfway = animation.image(atFrame: 15)
/// ```
public struct AnimatedVectorImage: Sendable {
  /// One layer: what it draws, where, and over which frames.
  public struct Layer: Sendable {
    /// What the layer draws.
    public enum Content: Sendable {
      /// Shapes and their paints (a Lottie shape layer).
      case shapes([AnimatedShapeItem])
      /// A rectangle of one colour from the origin (a Lottie solid layer).
      case solid(Color, Size)
      /// Nothing: a layer that only carries a transform for its children (a Lottie null).
      case none
      /// Layers of their own, in a box of `size` from the origin that clips them, on a clock
      /// of their own (a Lottie precomposition).
      case composition([Layer], size: Size)
      /// A bitmap stretched over a box of `size` from the origin (a Lottie image layer).
      case image(RasterImage, size: Size)
    }

    /// The layer's name, for messages.
    public var name: String
    /// The number other layers name as their parent (Lottie's `ind`).
    public var index: Int?
    /// The index of the layer whose transform this one's follows (Lottie's `parent`).
    public var parent: Int?
    /// The first frame it shows in.
    public var inPoint: Double
    /// The frame it stops showing at (it shows up to, not including, this frame).
    public var outPoint: Double
    /// The document frame at which the layer's own time is 0 (Lottie's `st`).
    public var startTime: Double
    /// Where it is placed.
    public var transform: AnimatedTransform
    /// What it draws.
    public var content: Content
    /// How much slower a composition's clock runs than the layer's (2: half speed; used when
    /// there is no ``timeRemap``).
    public var timeStretch: Double = 1
    /// A composition's frame as a function of the layer's own frame (a Lottie time remap),
    /// replacing the plain clock.
    public var timeRemap: Animated<Double>?
    /// The masks that cut the layer, in order.
    public var masks: [AnimatedMask] = []
    /// The layer whose shapes show this one through (a Lottie track matte), if any.
    public var matte: TrackMatte?

    /// Creates a layer, shown at every frame by default.
    public init(
      name: String = "", index: Int? = nil, parent: Int? = nil,
      inPoint: Double = -.infinity, outPoint: Double = .infinity, startTime: Double = 0,
      transform: AnimatedTransform = AnimatedTransform(), content: Content
    ) {
      self.name = name
      self.index = index
      self.parent = parent
      self.inPoint = inPoint
      self.outPoint = outPoint
      self.startTime = startTime
      self.transform = transform
      self.content = content
    }

    /// A shape layer.
    public init(
      name: String = "", index: Int? = nil, parent: Int? = nil,
      inPoint: Double = -.infinity, outPoint: Double = .infinity, startTime: Double = 0,
      transform: AnimatedTransform = AnimatedTransform(), shapes: [AnimatedShapeItem]
    ) {
      self.init(
        name: name, index: index, parent: parent, inPoint: inPoint, outPoint: outPoint,
        startTime: startTime, transform: transform, content: .shapes(shapes))
    }
  }

  /// The most parents a layer's transform is followed through; a longer chain (or a loop)
  /// stops there.
  public static let parentLimit = 64

  /// The document's width and height.
  public var size: Size
  /// Frames a second.
  public var frameRate: Double
  /// The frames it plays, from its first to its last (Lottie's `ip` to `op`).
  public var frames: ClosedRange<Double>
  /// The layers, the first on top.
  public var layers: [Layer]

  /// Creates an animated image; a frame rate that is not a positive finite number is 30.
  public init(size: Size, frameRate: Double, frames: ClosedRange<Double>, layers: [Layer]) {
    self.size = size
    self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 30
    self.frames = frames
    self.layers = layers
  }

  /// The animation's length in seconds.
  public var duration: Double { (frames.upperBound - frames.lowerBound) / frameRate }

  /// `frame` within ``frames`` (NaN is the first frame): the frame ``image(atFrame:)`` draws.
  public func clampedFrame(_ frame: Double) -> Double {
    frame.isNaN
      ? frames.lowerBound : Swift.min(frames.upperBound, Swift.max(frames.lowerBound, frame))
  }

  /// The most compositions in compositions a frame follows; deeper ones are left out.
  public static let compositionDepthLimit = 16

  /// The still image at `frame` (clamped to ``frames``; NaN is the first frame). The last
  /// frame is drawn as it is just before the out point, as players hold it: layers end at the
  /// out point (Lottie's `op` is the first frame not shown), so the end of a scrub or a
  /// single run shows the finished picture, not an empty one.
  public func image(atFrame frame: Double) -> VectorImage {
    var f = clampedFrame(frame)
    if f >= frames.upperBound, frames.upperBound > frames.lowerBound {
      f = Swift.max(frames.lowerBound, frames.upperBound - Self.endOffset)
    }
    var budget = AnimatedShapeItem.maximumShapesPerFrame
    return VectorImage(size: size, items: Self.draw(layers, at: f, budget: &budget, depth: 0))
  }

  /// How far before its out point the last frame is drawn.
  static let endOffset = 1e-6

  /// What `layers` draw at `frame`, in painting order.
  static func draw(_ layers: [Layer], at f: Double, budget: inout Int, depth: Int)
    -> [VectorImage.Item]
  {
    var byIndex: [Int: Int] = [:]
    for (k, layer) in layers.enumerated() {
      if let i = layer.index, byIndex[i] == nil { byIndex[i] = k }
    }
    var items: [VectorImage.Item] = []
    // The first layer is on top: drawn last.
    for layer in layers.reversed() where budget > 0 {
      guard
        var item = draw(layer, in: layers, byIndex: byIndex, at: f, budget: &budget, depth: depth)
      else { continue }
      if let matte = layer.matte {
        // The matte as it draws at this frame multiplies the layer by its alpha or luminance.
        let source = matte.layers.first.flatMap {
          draw($0, in: layers, byIndex: byIndex, at: f, budget: &budget, depth: depth)
        }
        guard let source else {
          // No matte showing: nothing gets through, or (inverted) everything.
          if matte.kind.isInverted { items.append(item) }
          continue
        }
        let luminance = matte.kind == .luma || matte.kind == .lumaInverted
        item = .group(
          VectorImage.Group(
            items: [item],
            mask: VectorImage.Mask(
              mode: luminance ? .luminance : .alpha, isInverted: matte.kind.isInverted,
              items: [source])))
      }
      items.append(item)
    }
    return items
  }

  /// What one layer of `layers` draws at `f`, placed, or `nil` when it shows nothing.
  static func draw(
    _ layer: Layer, in layers: [Layer], byIndex: [Int: Int], at f: Double, budget: inout Int,
    depth: Int
  ) -> VectorImage.Item? {
    guard f >= layer.inPoint, f < layer.outPoint, budget > 0 else { return nil }
    // Every layer shown counts, so that compositions of compositions cannot multiply the
    // work past the budget either.
    budget -= 1
    let local = f - layer.startTime
    var drawn: [VectorImage.Item]
    var clip: VectorImage.Clip?
    switch layer.content {
    case .none: return nil
    case .solid(let color, let size):
      budget -= 1
      drawn = [
        .shape(
          VectorImage.Shape(
            path: .rect(Rect(x: 0, y: 0, width: size.width, height: size.height)),
            fill: .solid(color)))
      ]
    case .shapes(let shapes):
      drawn = AnimatedShapeItem.evaluate(shapes, at: local, budget: &budget).topFirst.reversed()
    case .image(let image, let size):
      budget -= 1
      drawn = [.bitmap(VectorImage.Bitmap(image: image, rect: Rect(origin: .zero, size: size)))]
    case .composition(let inner, let size):
      guard depth < compositionDepthLimit else { return nil }
      let stretch = layer.timeStretch.isFinite && layer.timeStretch != 0 ? layer.timeStretch : 1
      var time = local / stretch
      if let remap = layer.timeRemap { time = remap.value(at: local) }
      if time.isNaN { time = 0 }
      drawn = draw(inner, at: time, budget: &budget, depth: depth + 1)
      clip = VectorImage.Clip(shapes: [.init(path: .rect(Rect(origin: .zero, size: size)))])
    }
    if drawn.isEmpty { return nil }
    let place = placement(of: layer, in: layers, at: f, byIndex: byIndex)
    // The masks, drawn in the layer's own space, multiply the placed layer.
    let mask = AnimatedMask.mask(layer.masks, at: local).map { items in
      VectorImage.Mask(
        mode: .alpha, items: [.group(VectorImage.Group(items: items, transform: place))])
    }
    return .group(
      VectorImage.Group(
        items: drawn, transform: place, opacity: layer.transform.opacity(at: local), clip: clip,
        mask: mask))
  }

  /// The layer's transform followed through its parents' (each at its own time).
  static func placement(of layer: Layer, in layers: [Layer], at frame: Double, byIndex: [Int: Int])
    -> Transform
  {
    var m = layer.transform.matrix(at: frame - layer.startTime)
    var next = layer.parent
    var steps = 0
    while let p = next, let k = byIndex[p], steps < Self.parentLimit {
      let parent = layers[k]
      m = m.concatenating(parent.transform.matrix(at: frame - parent.startTime))
      next = parent.parent
      steps += 1
    }
    return m
  }
}
