/// A value that can be blended with another of its kind.
///
/// `amount` 0 gives `self`, 1 gives `other`; amounts outside 0...1 extrapolate, so that
/// overshooting easings (back, elastic, spring) overshoot the values too.
public protocol Interpolatable {
  /// The value a fraction `amount` of the way to `other`.
  func interpolated(to other: Self, amount: Double) -> Self
}

extension Double: Interpolatable {
  /// Linear interpolation.
  public func interpolated(to other: Double, amount: Double) -> Double {
    self + (other - self) * amount
  }
}

extension Point: Interpolatable {
  /// Linear interpolation of both coordinates.
  public func interpolated(to other: Point, amount: Double) -> Point { lerp(to: other, amount) }
}

extension Vector: Interpolatable {
  /// Linear interpolation of both components.
  public func interpolated(to other: Vector, amount: Double) -> Vector {
    Vector(dx: dx + (other.dx - dx) * amount, dy: dy + (other.dy - dy) * amount)
  }
}

extension Size: Interpolatable {
  /// Linear interpolation of width and height.
  public func interpolated(to other: Size, amount: Double) -> Size {
    Size(
      width: width + (other.width - width) * amount,
      height: height + (other.height - height) * amount)
  }
}

extension Rect: Interpolatable {
  /// Linear interpolation of origin and size.
  public func interpolated(to other: Rect, amount: Double) -> Rect {
    Rect(
      origin: origin.interpolated(to: other.origin, amount: amount),
      size: size.interpolated(to: other.size, amount: amount))
  }
}

extension Color: Interpolatable {
  /// How colours are blended.
  public enum InterpolationSpace: String, CaseIterable, Hashable, Sendable {
    /// The sRGB-encoded components, as CSS, SVG and Core Animation blend (the default).
    case sRGB
    /// Linear light: decoded from sRGB, blended, encoded again; mid-way colours are lighter
    /// and blends between saturated colours do not go muddy.
    case linear
  }

  /// sRGB blending (see ``InterpolationSpace``); alpha is blended linearly.
  public func interpolated(to other: Color, amount: Double) -> Color {
    interpolated(to: other, amount: amount, in: .sRGB)
  }

  /// Blending in the given space; alpha is always blended linearly.
  public func interpolated(to other: Color, amount t: Double, in space: InterpolationSpace) -> Color
  {
    switch space {
    case .sRGB:
      return Color(
        red: red + (other.red - red) * t, green: green + (other.green - green) * t,
        blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    case .linear:
      func mix(_ a: Double, _ b: Double) -> Double {
        Color.encode(Color.decode(a) + (Color.decode(b) - Color.decode(a)) * t)
      }
      return Color(
        red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
        alpha: alpha + (other.alpha - alpha) * t)
    }
  }

  /// sRGB to linear light.
  public static func decode(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : _pow((v + 0.055) / 1.055, 2.4)
  }

  /// Linear light to sRGB.
  public static func encode(_ v: Double) -> Double {
    let c = v.clamped(to: 0...1)
    return c <= 0.003_130_8 ? c * 12.92 : 1.055 * _pow(c, 1 / 2.4) - 0.055
  }
}

extension Transform: Interpolatable {
  /// The parts of an affine transform: scale, then shear, then rotation, then translation.
  public struct Parts: Hashable, Sendable {
    /// Horizontal and vertical scale (the vertical one is negative for a mirror image).
    public var scale: Vector
    /// The x shear factor (x' = x + shear·y), applied after scaling.
    public var shear: Double
    /// The rotation in radians.
    public var rotation: Double
    /// The translation.
    public var translation: Vector

    /// Creates parts.
    public init(
      scale: Vector = Vector(dx: 1, dy: 1), shear: Double = 0, rotation: Double = 0,
      translation: Vector = .zero
    ) {
      self.scale = scale
      self.shear = shear
      self.rotation = rotation
      self.translation = translation
    }
  }

  /// The transform split into parts such that ``init(parts:)`` gives it back.
  public var parts: Parts {
    let sx = _hypot(a, b)
    guard sx > 0 else {
      return Parts(scale: Vector(dx: 0, dy: _hypot(c, d)), translation: Vector(dx: tx, dy: ty))
    }
    let theta = _atan2(b, a)
    let cs = _cos(theta)
    let sn = _sin(theta)
    let sy = d * cs - c * sn
    let shear = sy != 0 ? (c * cs + d * sn) / sy : 0
    return Parts(
      scale: Vector(dx: sx, dy: sy), shear: shear, rotation: theta,
      translation: Vector(dx: tx, dy: ty))
  }

  /// The transform made of `parts`: scale, then shear, then rotation, then translation.
  public init(parts p: Parts) {
    self = Transform(scaleX: p.scale.dx, y: p.scale.dy)
      .concatenating(Transform(a: 1, b: 0, c: p.shear, d: 1, tx: 0, ty: 0))
      .thenRotated(by: p.rotation)
      .thenTranslated(x: p.translation.dx, y: p.translation.dy)
  }

  /// Interpolates the parts — translation, rotation (the short way round), scale and shear — so
  /// that half way between two rotations is a rotation, not a squashed matrix.
  public func interpolated(to other: Transform, amount t: Double) -> Transform {
    let a = parts
    let b = other.parts
    var turn = b.rotation - a.rotation
    while turn > Double.pi { turn -= 2 * Double.pi }
    while turn < -Double.pi { turn += 2 * Double.pi }
    return Transform(
      parts: Parts(
        scale: a.scale.interpolated(to: b.scale, amount: t),
        shear: a.shear.interpolated(to: b.shear, amount: t),
        rotation: a.rotation + turn * t,
        translation: a.translation.interpolated(to: b.translation, amount: t)))
  }
}

extension Path: Interpolatable {
  /// Point-by-point interpolation of two paths of the same shape (the same kinds of elements in
  /// the same order). Paths of different shapes cannot be blended: the result is `self` below
  /// half way and `other` from half way on.
  public func interpolated(to other: Path, amount t: Double) -> Path {
    guard isSameShape(as: other) else { return t < 0.5 ? self : other }
    var out = Path()
    for (e, f) in zip(elements, other.elements) {
      switch (e, f) {
      case (.move(let p), .move(let q)): out.move(to: p.lerp(to: q, t))
      case (.line(let p), .line(let q)): out.line(to: p.lerp(to: q, t))
      case (.quad(let p, let c), .quad(let q, let d)):
        out.quad(to: p.lerp(to: q, t), control: c.lerp(to: d, t))
      case (.cubic(let p, let c1, let c2), .cubic(let q, let d1, let d2)):
        out.cubic(to: p.lerp(to: q, t), control1: c1.lerp(to: d1, t), control2: c2.lerp(to: d2, t))
      default: out.close()
      }
    }
    return out
  }

  /// Whether both paths have the same kinds of elements in the same order.
  public func isSameShape(as other: Path) -> Bool {
    guard elements.count == other.elements.count else { return false }
    for (e, f) in zip(elements, other.elements) {
      switch (e, f) {
      case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close):
        continue
      default: return false
      }
    }
    return true
  }
}
