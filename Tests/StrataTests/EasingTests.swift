import Strata
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct EasingTests {
  static let samples = [0.0, 0.25, 0.5, 0.75, 1]

  /// Each preset's formula, written here again from the published definitions.
  static let reference: [(Easing, @Sendable (Double) -> Double)] = [
    (.linear, { $0 }),
    (.quadIn, { $0 * $0 }),
    (.quadOut, { 1 - (1 - $0) * (1 - $0) }),
    (.quadInOut, { $0 < 0.5 ? 2 * $0 * $0 : 1 - pow(-2 * $0 + 2, 2) / 2 }),
    (.cubicIn, { $0 * $0 * $0 }),
    (.cubicOut, { 1 - pow(1 - $0, 3) }),
    (.cubicInOut, { $0 < 0.5 ? 4 * pow($0, 3) : 1 - pow(-2 * $0 + 2, 3) / 2 }),
    (.quartIn, { pow($0, 4) }),
    (.quartOut, { 1 - pow(1 - $0, 4) }),
    (.quartInOut, { $0 < 0.5 ? 8 * pow($0, 4) : 1 - pow(-2 * $0 + 2, 4) / 2 }),
    (.sineIn, { 1 - cos($0 * .pi / 2) }),
    (.sineOut, { sin($0 * .pi / 2) }),
    (.sineInOut, { -(cos(.pi * $0) - 1) / 2 }),
    (.expoIn, { $0 == 0 ? 0 : pow(2, 10 * $0 - 10) }),
    (.expoOut, { $0 == 1 ? 1 : 1 - pow(2, -10 * $0) }),
    (
      .expoInOut,
      { t in
        t == 0 ? 0 : t == 1 ? 1 : t < 0.5 ? pow(2, 20 * t - 10) / 2 : (2 - pow(2, -20 * t + 10)) / 2
      }
    ),
    (.backIn, { 2.70158 * pow($0, 3) - 1.70158 * $0 * $0 }),
    (.backOut, { 1 + 2.70158 * pow($0 - 1, 3) + 1.70158 * pow($0 - 1, 2) }),
    (
      .backInOut,
      { t in
        let c2 = 1.70158 * 1.525
        return t < 0.5
          ? pow(2 * t, 2) * ((c2 + 1) * 2 * t - c2) / 2
          : (pow(2 * t - 2, 2) * ((c2 + 1) * (2 * t - 2) + c2) + 2) / 2
      }
    ),
    (
      .elasticIn,
      { t in t == 0 || t == 1 ? t : -pow(2, 10 * t - 10) * sin((10 * t - 10.75) * 2 * .pi / 3) }
    ),
    (
      .elasticOut,
      { t in t == 0 || t == 1 ? t : pow(2, -10 * t) * sin((10 * t - 0.75) * 2 * .pi / 3) + 1 }
    ),
    (
      .elasticInOut,
      { t in
        t == 0 || t == 1
          ? t
          : t < 0.5
            ? -(pow(2, 20 * t - 10) * sin((20 * t - 11.125) * 2 * .pi / 4.5)) / 2
            : pow(2, -20 * t + 10) * sin((20 * t - 11.125) * 2 * .pi / 4.5) / 2 + 1
      }
    ),
    (.bounceOut, bounceOut),
    (.bounceIn, { 1 - bounceOut(1 - $0) }),
    (
      .bounceInOut, { $0 < 0.5 ? (1 - bounceOut(1 - 2 * $0)) / 2 : (1 + bounceOut(2 * $0 - 1)) / 2 }
    ),
  ]

  static func bounceOut(_ t: Double) -> Double {
    if t < 1 / 2.75 { return 7.5625 * t * t }
    if t < 2 / 2.75 { return 7.5625 * (t - 1.5 / 2.75) * (t - 1.5 / 2.75) + 0.75 }
    if t < 2.5 / 2.75 { return 7.5625 * (t - 2.25 / 2.75) * (t - 2.25 / 2.75) + 0.9375 }
    return 7.5625 * (t - 2.625 / 2.75) * (t - 2.625 / 2.75) + 0.984375
  }

  @Test func everyPresetMatchesItsFormula() {
    for (easing, formula) in Self.reference {
      for t in Self.samples {
        #expect(abs(easing(t) - formula(t)) < 1e-12, "\(easing.name) at \(t)")
      }
      #expect(abs(easing(0)) < 1e-12 && abs(easing(1) - 1) < 1e-12, "\(easing.name) ends")
    }
  }

  /// Solves a CSS cubic-bezier by plain bisection, independently of the easing's solver.
  static func cssBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double)
    -> Double
  {
    func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if b(mid, x1, x2) < t { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
  }

  @Test func cubicBezierMatchesCSSCurves() {
    let curves: [(Double, Double, Double, Double)] = [
      (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
      (0.68, -0.55, 0.265, 1.55),
    ]
    for (x1, y1, x2, y2) in curves {
      let e = Easing.cubicBezier(x1, y1, x2, y2)
      for i in 0...40 {
        let t = Double(i) / 40
        #expect(
          abs(e(t) - Self.cssBezier(x1, y1, x2, y2, t)) < 1e-5,
          "(\(x1), \(y1), \(x2), \(y2)) at \(t)")
      }
    }
    // CSS `ease` half way, a published value.
    #expect(abs(Easing.ease(0.5) - 0.8024033877) < 1e-6)
  }

  @Test func stepsAndSpring() {
    let s = Easing.steps(4)
    #expect(s(0) == 0 && s(0.24) == 0 && s(0.25) == 0.25 && s(0.99) == 0.75 && s(1) == 1)
    let spring = Easing.spring()
    #expect(spring(0) == 0 && spring(1) == 1)
    #expect((0...100).map { spring(Double($0) / 100) }.max() ?? 0 > 1)  // it overshoots
    #expect(Easing.backIn(0.25) < 0)  // so does back
  }

  @Test func easingsAreTotal() {
    for e in Easing.presets {
      for t in [-1.0, .nan, .infinity, 2] { #expect(e(t).isFinite, "\(e.name)") }
    }
  }
}

@Suite struct InterpolationTests {
  @Test func halfWayBetweenRotationsIsARotation() throws {
    let a = Transform(rotation: 0)
    let b = Transform(rotation: Double.pi / 2).thenTranslated(x: 100, y: 0)
    let mid = a.interpolated(to: b, amount: 0.5)
    #expect(abs(mid.rotationAngle - Double.pi / 4) < 1e-12)
    #expect(abs(mid.maximumScale - 1) < 1e-12)  // not squashed, as a matrix blend would be
    #expect(abs(mid.tx - 50) < 1e-9)
    // The short way round.
    let c = Transform(rotation: 3).interpolated(to: Transform(rotation: -3), amount: 0.5)
    #expect(abs(abs(c.rotationAngle) - Double.pi) < 1e-9)
  }

  @Test func decompositionRoundTrips() {
    let t = Transform(scaleX: 2, y: -3).concatenating(
      Transform(a: 1, b: 0, c: 0.4, d: 1, tx: 0, ty: 0)
    ).thenRotated(by: 0.7)
      .thenTranslated(x: 5, y: -6)
    #expect(Transform(parts: t.parts).isApproximatelyEqual(to: t, tolerance: 1e-12))
  }

  @Test func colorsBlendInSRGBOrLinearLight() {
    let mid = Color.black.interpolated(to: .white, amount: 0.5)
    #expect(abs(mid.red - 0.5) < 1e-12)
    let linear = Color.black.interpolated(to: .white, amount: 0.5, in: .linear)
    #expect(abs(linear.red - Color.encode(0.5)) < 1e-12 && linear.red > 0.7)
    #expect(abs(Color.decode(Color.encode(0.3)) - 0.3) < 1e-12)
  }

  @Test func pathsOfOneShapeBlendPointByPoint() {
    let a = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    let b = Path.rect(Rect(x: 10, y: 10, width: 30, height: 30))
    #expect(a.interpolated(to: b, amount: 0.5).bounds == Rect(x: 5, y: 5, width: 20, height: 20))
    let circle = Path.circle(center: .zero, radius: 5)
    #expect(a.interpolated(to: circle, amount: 0.4) == a)
    #expect(a.interpolated(to: circle, amount: 0.6) == circle)
  }

  @Test func geometryInterpolates() {
    #expect(
      Rect(x: 0, y: 0, width: 2, height: 2).interpolated(
        to: Rect(x: 2, y: 2, width: 4, height: 4), amount: 0.5)
        == Rect(x: 1, y: 1, width: 3, height: 3))
    #expect(
      Size(width: 0, height: 10).interpolated(to: Size(width: 10, height: 0), amount: 1.5)
        == Size(width: 15, height: -5))
  }
}

@Suite struct KeyframeTests {
  @Test func valuesBetweenAndBeyondKeyframes() throws {
    let k = try Keyframes([Keyframe(1, 100.0), Keyframe(-1, -100, easing: .quadIn), Keyframe(0, 0)])
    #expect(k.keyframes.map(\.time) == [-1, 0, 1])
    #expect(k.value(at: -5) == -100 && k.value(at: 7) == 100)
    #expect(k.value(at: -0.5) == -100 + 100 * 0.25)  // quadIn on the first segment
    #expect(k.value(at: 0.5) == 50)
    #expect(k.value(at: .nan) == -100)
  }

  @Test func overshootingEasingsOvershoot() throws {
    let k = try Keyframes([Keyframe(0, 0.0, easing: .backOut), Keyframe(1, 10)])
    #expect((0...20).map { k.value(at: Double($0) / 20) }.max() ?? 0 > 10)
  }

  @Test func badTracksAreTypedErrors() {
    #expect(throws: KeyframeError.empty) { try Keyframes<Double>([]) }
    #expect(throws: KeyframeError.nonFiniteTime(index: 1)) {
      try Keyframes([Keyframe(0, 1.0), Keyframe(.nan, 2)])
    }
    #expect(throws: KeyframeError.duplicateTime(0.5, indices: [0, 2])) {
      try Keyframes([Keyframe(0.5, 1.0), Keyframe(0, 2), Keyframe(0.5, 3)])
    }
  }

  @Test func colourTracksChooseTheirSpace() throws {
    let k = try Keyframes([Keyframe(0, Color.black), Keyframe(1, .white)], space: .linear)
    #expect(k.value(at: 0.5).red > 0.7)
  }

  @Test func manyKeyframesStayExact() throws {
    let k = try Keyframes((0..<10_000).map { Keyframe(Double($0), Double($0 * 2)) })
    for t in [0.5, 1234.25, 9998.75] { #expect(k.value(at: t) == t * 2) }
  }

  @Test func motionAlongAPath() {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.line(to: Point(x: 100, y: 0))
    p.line(to: Point(x: 100, y: 100))
    let m = PathMotion(p)
    #expect(m.length == 200)
    let q = m.position(at: 0.75)
    #expect(q.point == Point(x: 100, y: 50))
    #expect(abs(q.angle - Double.pi / 2) < 1e-12)
    #expect(m.position(at: 0.25).point == Point(x: 50, y: 0))
    #expect(m.position(at: -3).point == .zero)
  }
}
