#if canImport(UIKit) && !os(watchOS)
  import QuartzCore
  import Strata
  import StrataHost
  import StrataRender

  /// A ``LayerBackend`` on Core Animation: each retained layer is a box `CALayer` holding the
  /// parts ``HostLayerParts`` decides (shadow, background, content, the clip with the
  /// sublayers, border). It only maps: every decision is `StrataHost`'s, tested on every
  /// platform; contents arrive as bitmaps drawn by Strata, so text looks as it does in every
  /// other output.
  ///
  /// Call ``HostSession/tick(at:)`` inside a `CATransaction` with actions disabled (as
  /// ``StrataOnboardingUIView`` does), or Core Animation animates every change implicitly.
  public final class CALayerBackend: LayerBackend {
    /// The layer the onboarding's root layer goes in; put it in a view's layer.
    public let rootLayer = CALayer()
    /// The layers as values: what the `CALayer`s show.
    public let tree = HostTree()
    /// The contents' and shadows' bitmaps.
    public let cache: ContentCache
    private var stacks: [HostLayerID: LayerStack] = [:]

    /// Creates a backend drawing contents at `scale` pixels per point (the screen's).
    public init(scale: Double, byteLimit: Int = 64 << 20) {
      cache = ContentCache(scale: scale, byteLimit: byteLimit)
    }

    /// Carries out `mutation` on ``tree`` and on the `CALayer`s.
    public func apply(_ mutation: HostMutation) throws {
      try tree.apply(mutation)
      switch mutation {
      case .create(let id, _):
        stacks[id] = LayerStack()
        update(id)
      case .insert(let id, let parent, let index):
        guard let box = stacks[id]?.box else { return }
        box.removeFromSuperlayer()
        let into = parent.flatMap { stacks[$0]?.clip } ?? rootLayer
        into.insertSublayer(box, at: UInt32(clamping: index))
      case .remove(let id):
        stacks[id]?.box.removeFromSuperlayer()
      case .destroy(let id):
        stacks[id]?.box.removeFromSuperlayer()
        stacks[id] = nil
      default:
        update(mutation.layer)
      }
    }

    /// The box `CALayer` of layer `id`.
    public func caLayer(for id: HostLayerID) -> CALayer? { stacks[id]?.box }

    private func update(_ id: HostLayerID) {
      guard let state = tree.layers[id]?.state, let stack = stacks[id] else { return }
      stack.show(HostLayerParts(state: state, cache: cache))
    }
  }

  /// One retained layer's `CALayer`s: the box, and its parts, made when first needed.
  final class LayerStack {
    let box = CALayer()
    let clip = CALayer()
    var shadow: CALayer?
    var background: CALayer?
    var content: CALayer?
    var border: CALayer?
    /// A split content's shapes: each a layer of its tint, masked by its coverage.
    var tinted: [CALayer] = []
    var shown: HostLayerParts?

    init() { box.addSublayer(clip) }

    func show(_ parts: HostLayerParts) {
      guard parts != shown else { return }
      let old = shown
      shown = parts
      let g = parts.geometry
      let bounds = CGRect(g.bounds)
      box.bounds = bounds
      box.position = CGPoint(g.position)
      box.anchorPoint = CGPoint(g.anchorPoint)
      box.setAffineTransform(CGAffineTransform(g.transform))
      box.opacity = Float(parts.opacity)
      box.isHidden = parts.isHidden
      if parts.mask != old?.mask || g.bounds != old?.geometry.bounds {
        box.mask = parts.mask.map { path in
          let m = CAShapeLayer()
          m.frame = bounds
          m.bounds = bounds
          m.path = CGPath.make(path)
          return m
        }
      }
      clip.frame = bounds
      clip.bounds = bounds
      clip.masksToBounds = parts.clipsSublayers
      clip.cornerRadius = CGFloat(parts.clipCornerRadius)
      place(
        parts.shadow, old?.shadow, in: &shadow, below: background ?? content ?? tinted.first ?? clip
      )
      if let fill = parts.background {
        let layer = part(&background, below: content ?? tinted.first ?? clip)
        layer.frame = bounds
        layer.backgroundColor = CGColor.make(fill.color)
        layer.cornerRadius = CGFloat(fill.cornerRadius)
      } else {
        remove(&background)
      }
      place(parts.content, old?.content, in: &content, below: clip)
      showTinted(parts.tinted, old?.tinted ?? [])
      if let outline = parts.border {
        let layer = part(&border, below: nil)
        layer.frame = bounds
        layer.borderWidth = CGFloat(outline.border.width)
        layer.borderColor = CGColor.make(outline.border.color)
        layer.cornerRadius = CGFloat(outline.cornerRadius)
      } else {
        remove(&border)
      }
    }

    /// One layer per tinted shape, under the clip: its colour and opacity are properties, its
    /// coverage the mask's contents (made anew only when the coverage changed).
    private func showTinted(_ shapes: [HostLayerParts.Tinted], _ old: [HostLayerParts.Tinted]) {
      while tinted.count > shapes.count { tinted.removeLast().removeFromSuperlayer() }
      while tinted.count < shapes.count {
        let layer = CALayer()
        layer.mask = CALayer()
        box.insertSublayer(layer, below: clip)
        tinted.append(layer)
      }
      for (i, shape) in shapes.enumerated() {
        let layer = tinted[i]
        layer.frame = CGRect(shape.frame)
        layer.backgroundColor = CGColor.make(shape.tint.color)
        layer.opacity = Float(shape.tint.opacity)
        guard let mask = layer.mask else { continue }
        mask.frame = CGRect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height)
        if i >= old.count || old[i].coverage != shape.coverage || mask.contents == nil {
          mask.contents = CGImage.make(shape.coverage.image)
          mask.contentsScale = CGFloat(shape.coverage.scale)
        }
      }
    }

    /// The part in `slot`, made and put under `below` (on top when `nil`) if missing.
    private func part(_ slot: inout CALayer?, below: CALayer?) -> CALayer {
      if let layer = slot { return layer }
      let layer = CALayer()
      if let below { box.insertSublayer(layer, below: below) } else { box.addSublayer(layer) }
      slot = layer
      return layer
    }

    private func remove(_ slot: inout CALayer?) {
      slot?.removeFromSuperlayer()
      slot = nil
    }

    /// Shows `bitmap` in the part in `slot` (its image made anew only when it changed).
    private func place(
      _ bitmap: HostLayerParts.Bitmap?, _ old: HostLayerParts.Bitmap?, in slot: inout CALayer?,
      below: CALayer
    ) {
      guard let bitmap else { return remove(&slot) }
      let layer = part(&slot, below: below)
      if bitmap != old || layer.contents == nil {
        layer.contents = CGImage.make(bitmap.drawing.image)
        layer.contentsScale = CGFloat(bitmap.drawing.scale)
      }
      layer.frame = CGRect(bitmap.frame)
    }
  }

  extension CGRect {
    init(_ r: Rect) {
      self.init(
        x: CGFloat(r.minX), y: CGFloat(r.minY), width: CGFloat(r.width), height: CGFloat(r.height))
    }
  }

  extension CGPoint {
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
  }

  extension CGAffineTransform {
    init(_ t: Transform) {
      self.init(
        a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
        ty: CGFloat(t.ty))
    }
  }

  extension CGColor {
    static func make(_ c: Color) -> CGColor {
      CGColor(
        srgbRed: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue),
        alpha: CGFloat(c.alpha))
    }
  }

  extension CGPath {
    static func make(_ path: Path) -> CGPath {
      let p = CGMutablePath()
      for element in path.elements {
        switch element {
        case .move(let a): p.move(to: CGPoint(a))
        case .line(let a): p.addLine(to: CGPoint(a))
        case .quad(let to, let c): p.addQuadCurve(to: CGPoint(to), control: CGPoint(c))
        case .cubic(let to, let c1, let c2):
          p.addCurve(to: CGPoint(to), control1: CGPoint(c1), control2: CGPoint(c2))
        case .close: p.closeSubpath()
        }
      }
      return p
    }
  }

  extension CGImage {
    /// A premultiplied sRGB bitmap as an image Core Animation shows as a layer's contents.
    static func make(_ image: RasterImage) -> CGImage? {
      guard
        let context = CGContext(
          data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
          bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
        let data = context.data
      else { return nil }
      image.pixels.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress { data.copyMemory(from: base, byteCount: bytes.count) }
      }
      return context.makeImage()
    }
  }
#endif
