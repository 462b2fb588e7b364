extension Easing {
  // Penner's families, written from their formulas. `In` starts slowly, `Out` ends slowly,
  // `InOut` does both (the first half is the `In` curve squeezed into 0...0.5).

  /// t².
  public static let quadIn = Easing(name: "quadIn") { t in t * t }
  /// 1 − (1 − t)².
  public static let quadOut = Easing(name: "quadOut") { t in 1 - (1 - t) * (1 - t) }
  /// 2t² then 1 − (−2t + 2)²/2.
  public static let quadInOut = Easing(name: "quadInOut") { t in
    t < 0.5 ? 2 * t * t : 1 - _pow(-2 * t + 2, 2) / 2
  }
  /// t³.
  public static let cubicIn = Easing(name: "cubicIn") { t in t * t * t }
  /// 1 − (1 − t)³.
  public static let cubicOut = Easing(name: "cubicOut") { t in 1 - _pow(1 - t, 3) }
  /// 4t³ then 1 − (−2t + 2)³/2.
  public static let cubicInOut = Easing(name: "cubicInOut") { t in
    t < 0.5 ? 4 * t * t * t : 1 - _pow(-2 * t + 2, 3) / 2
  }
  /// t⁴.
  public static let quartIn = Easing(name: "quartIn") { t in t * t * t * t }
  /// 1 − (1 − t)⁴.
  public static let quartOut = Easing(name: "quartOut") { t in 1 - _pow(1 - t, 4) }
  /// 8t⁴ then 1 − (−2t + 2)⁴/2.
  public static let quartInOut = Easing(name: "quartInOut") { t in
    t < 0.5 ? 8 * t * t * t * t : 1 - _pow(-2 * t + 2, 4) / 2
  }
  /// 1 − cos(πt/2).
  public static let sineIn = Easing(name: "sineIn") { t in 1 - _cos(t * Double.pi / 2) }
  /// sin(πt/2).
  public static let sineOut = Easing(name: "sineOut") { t in _sin(t * Double.pi / 2) }
  /// (1 − cos(πt))/2.
  public static let sineInOut = Easing(name: "sineInOut") { t in -(_cos(Double.pi * t) - 1) / 2 }
  /// 2^(10t − 10), and 0 at 0.
  public static let expoIn = Easing(name: "expoIn") { t in t == 0 ? 0 : _pow(2, 10 * t - 10) }
  /// 1 − 2^(−10t), and 1 at 1.
  public static let expoOut = Easing(name: "expoOut") { t in t == 1 ? 1 : 1 - _pow(2, -10 * t) }
  /// The two halves of expoIn and expoOut.
  public static let expoInOut = Easing(name: "expoInOut") { t in
    if t == 0 || t == 1 { return t }
    return t < 0.5 ? _pow(2, 20 * t - 10) / 2 : (2 - _pow(2, -20 * t + 10)) / 2
  }

  static let backC1 = 1.70158
  static let backC2 = backC1 * 1.525
  static let backC3 = backC1 + 1

  /// Pulls back before it goes: (c+1)t³ − ct², c = 1.70158 (dips to about −0.1).
  public static let backIn = Easing(name: "backIn") { t in backC3 * t * t * t - backC1 * t * t }
  /// Overshoots and settles: 1 + (c+1)(t − 1)³ + c(t − 1)².
  public static let backOut = Easing(name: "backOut") { t in
    1 + backC3 * _pow(t - 1, 3) + backC1 * _pow(t - 1, 2)
  }
  /// Both, with c·1.525.
  public static let backInOut = Easing(name: "backInOut") { t in
    t < 0.5
      ? (_pow(2 * t, 2) * ((backC2 + 1) * 2 * t - backC2)) / 2
      : (_pow(2 * t - 2, 2) * ((backC2 + 1) * (t * 2 - 2) + backC2) + 2) / 2
  }

  /// A spring that winds up: −2^(10t − 10)·sin((10t − 10.75)·2π/3).
  public static let elasticIn = Easing(name: "elasticIn") { t in
    if t == 0 || t == 1 { return t }
    return -_pow(2, 10 * t - 10) * _sin((t * 10 - 10.75) * (2 * Double.pi / 3))
  }
  /// A spring that overshoots and rings down: 2^(−10t)·sin((10t − 0.75)·2π/3) + 1.
  public static let elasticOut = Easing(name: "elasticOut") { t in
    if t == 0 || t == 1 { return t }
    return _pow(2, -10 * t) * _sin((t * 10 - 0.75) * (2 * Double.pi / 3)) + 1
  }
  /// Both, with the period 2π/4.5.
  public static let elasticInOut = Easing(name: "elasticInOut") { t in
    if t == 0 || t == 1 { return t }
    let c = 2 * Double.pi / 4.5
    return t < 0.5
      ? -(_pow(2, 20 * t - 10) * _sin((20 * t - 11.125) * c)) / 2
      : (_pow(2, -20 * t + 10) * _sin((20 * t - 11.125) * c)) / 2 + 1
  }

  static func bounce(_ t: Double) -> Double {
    let n = 7.5625
    let d = 2.75
    if t < 1 / d { return n * t * t }
    if t < 2 / d {
      let u = t - 1.5 / d
      return n * u * u + 0.75
    }
    if t < 2.5 / d {
      let u = t - 2.25 / d
      return n * u * u + 0.9375
    }
    let u = t - 2.625 / d
    return n * u * u + 0.984375
  }

  /// Falls and bounces three times (a ball dropped on the end value).
  public static let bounceOut = Easing(name: "bounceOut") { t in bounce(t) }
  /// bounceOut reversed: 1 − bounceOut(1 − t).
  public static let bounceIn = Easing(name: "bounceIn") { t in 1 - bounce(1 - t) }
  /// Both halves.
  public static let bounceInOut = Easing(name: "bounceInOut") { t in
    t < 0.5 ? (1 - bounce(1 - 2 * t)) / 2 : (1 + bounce(2 * t - 1)) / 2
  }

  /// CSS's `ease`: cubicBezier(0.25, 0.1, 0.25, 1).
  public static let ease = cubicBezier(0.25, 0.1, 0.25, 1)

  /// Every named preset, for documentation and tests.
  public static let presets: [Easing] = [
    .linear, .quadIn, .quadOut, .quadInOut, .cubicIn, .cubicOut, .cubicInOut, .quartIn, .quartOut,
    .quartInOut,
    .sineIn, .sineOut, .sineInOut, .expoIn, .expoOut, .expoInOut, .backIn, .backOut, .backInOut,
    .elasticIn,
    .elasticOut, .elasticInOut, .bounceIn, .bounceOut, .bounceInOut, .ease, .steps(4), .spring(),
  ]

  /// A CSS cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
  ///
  /// x1 and x2 are clamped to 0...1 (as CSS requires, so that x is monotonic); y may
  /// overshoot. For each t the curve parameter s with x(s) = t is found by Newton's method,
  /// falling back to bisection, to within 1e-6 in x.
  public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Easing {
    let cx1 = x1.clamped(to: 0...1)
    let cx2 = x2.clamped(to: 0...1)
    let py1 = y1.isFinite ? y1 : 0
    let py2 = y2.isFinite ? y2 : 1
    @Sendable func bez(_ s: Double, _ a: Double, _ b: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }
    @Sendable func slope(_ s: Double, _ a: Double, _ b: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
    return Easing(name: "cubicBezier(\(cx1), \(py1), \(cx2), \(py2))") { t in
      var s = t
      for _ in 0..<8 {
        let err = bez(s, cx1, cx2) - t
        if Swift.abs(err) < 1e-7 { return bez(s, py1, py2) }
        let d = slope(s, cx1, cx2)
        if Swift.abs(d) < 1e-9 { break }
        s -= err / d
      }
      var lo = 0.0
      var hi = 1.0
      s = t
      for _ in 0..<60 {
        let x = bez(s, cx1, cx2)
        if Swift.abs(x - t) < 1e-7 { break }
        if x < t { lo = s } else { hi = s }
        s = (lo + hi) / 2
      }
      return bez(s, py1, py2)
    }
  }

  /// A staircase of `n` equal steps, jumping at the end of each (CSS `steps(n, jump-end)`).
  public static func steps(_ n: Int) -> Easing {
    let count = Swift.max(1, n)
    return Easing(name: "steps(\(count))") { t in
      t >= 1 ? 1 : (t * Double(count)).rounded(.down) / Double(count)
    }
  }

  /// A damped spring released at 0 towards 1: 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d · sin ω_d t),
  /// with ω = 2π·`frequency` (oscillations over the whole 0...1) and damping ratio ζ.
  /// Underdamped springs (ζ < 1) overshoot. The value is exactly 1 at t = 1.
  public static func spring(damping: Double = 0.45, frequency: Double = 2.2) -> Easing {
    let zeta = damping.isFinite ? damping.clamped(to: 0.01...0.99) : 0.45
    let omega = 2 * Double.pi * (frequency.isFinite ? frequency.clamped(to: 0.1...20) : 2.2)
    let wd = omega * (1 - zeta * zeta).squareRoot()
    return Easing(name: "spring(\(zeta), \(omega / (2 * Double.pi)))") { t in
      if t >= 1 { return 1 }
      let e = _exp(-zeta * omega * t)
      return 1 - e * (_cos(wd * t) + zeta * omega / wd * _sin(wd * t))
    }
  }
}
