import Testing

// @testable: these tests reach internals: ColorParseError.
@testable import Strata

let tolerance = 1e-9

@Suite struct PointVectorTests {
  @Test func pointsAndVectorsCombineByTheirOwnRules() {
    let a = Point(x: 1, y: 2)
    let b = Point(x: 4, y: 6)
    let v = b - a
    #expect(v == Vector(dx: 3, dy: 4))
    #expect(v.length == 5)
    #expect(a + v == b)
    #expect(b - v == a)
    #expect(a.distance(to: b) == 5)
    #expect(a.lerp(to: b, 0.5) == Point(x: 2.5, y: 4))
    #expect((v * 2) == Vector(dx: 6, dy: 8))
    #expect(v.normalized.length.isApproximatelyEqual(to: 1, tolerance: tolerance))
    #expect(Vector.zero.normalized == .zero)
    #expect(Vector(dx: 1, dy: 0).cross(Vector(dx: 0, dy: 1)) == 1)
  }
}

@Suite struct RectTests {
  @Test func intersectionUnionAndInsets() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    let s = Rect(x: 5, y: 5, width: 10, height: 10)
    #expect(r.intersection(s) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(r.union(s) == Rect(x: 0, y: 0, width: 15, height: 15))
    #expect(r.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    #expect(r.inset(by: Insets(all: 2)) == Rect(x: 2, y: 2, width: 6, height: 6))
    #expect(r.inset(by: Insets(all: 20)).isEmpty)
    #expect(
      Rect(x: 10, y: 10, width: -10, height: -5).standardized
        == Rect(x: 0, y: 5, width: 10, height: 5))
    #expect(r.contains(Point(x: 0, y: 0)))
    #expect(!r.contains(Point(x: 10, y: 5)))
    #expect(Rect(left: 3, top: 0, right: 1, bottom: 1) == nil)
    #expect(Rect(left: .nan, top: 0, right: 1, bottom: 1) == nil)
    #expect(
      Rect(x: 0.2, y: 0.7, width: 1, height: 1).integral == Rect(x: 0, y: 0, width: 2, height: 2))
  }

  @Test func nanRectanglesAreEmpty() {
    #expect(Rect(x: 0, y: 0, width: .nan, height: 3).isEmpty)
    #expect(!Rect(x: .infinity, y: 0, width: 1, height: 1).isFinite)
  }
}

@Suite struct TransformTests {
  @Test func positiveRotationTurnsClockwiseOnScreen() {
    let t = Transform(rotation: Double.pi / 2)
    let p = t.apply(to: Point(x: 1, y: 0))
    #expect(p.x.isApproximatelyEqual(to: 0, tolerance: tolerance))
    #expect(p.y.isApproximatelyEqual(to: 1, tolerance: tolerance))  // down: clockwise with y down
  }

  @Test func concatenationAppliesTheLeftTransformFirst() {
    let t = Transform(scale: 2).concatenating(Transform(translationX: 10, y: 0))
    #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    let u = Transform(translationX: 10, y: 0).concatenating(Transform(scale: 2))
    #expect(u.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
  }

  @Test func inverseUndoesTheTransform() throws {
    let t = Transform(rotation: 0.7).thenScaled(x: 2, y: 3).thenTranslated(x: -4, y: 9)
    let inv = try #require(t.inverted())
    let p = Point(x: 3.5, y: -2)
    let q = inv.apply(to: t.apply(to: p))
    #expect(q.x.isApproximatelyEqual(to: p.x, tolerance: 1e-12))
    #expect(q.y.isApproximatelyEqual(to: p.y, tolerance: 1e-12))
    #expect(t.concatenating(inv).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
  }

  @Test func singularAndNonFiniteTransformsHaveNoInverse() {
    #expect(Transform(scaleX: 0, y: 1).inverted() == nil)
    #expect(Transform(translationX: .nan, y: 0).inverted() == nil)
  }

  @Test func rectImageIsTheBoundingBox() {
    let t = Transform(rotation: Double.pi / 4)
    let r = t.apply(to: Rect(x: -1, y: -1, width: 2, height: 2))
    let s = 2.0.squareRoot()
    #expect(r.minX.isApproximatelyEqual(to: -s, tolerance: tolerance))
    #expect(r.width.isApproximatelyEqual(to: 2 * s, tolerance: tolerance))
    #expect(
      Transform(translationX: 3, y: 4).apply(to: Rect(x: 0, y: 0, width: 1, height: 1))
        == Rect(x: 3, y: 4, width: 1, height: 1))
  }

  @Test func maximumScaleIsTheLargestStretch() {
    #expect(
      Transform(scaleX: 2, y: 5).thenRotated(by: 0.3).maximumScale.isApproximatelyEqual(
        to: 5, tolerance: 1e-9))
  }
}

@Suite struct ColorTests {
  @Test func parsesEveryHexForm() throws {
    #expect(try Color(hex: "#fff") == .white)
    #expect(try Color(hex: "000") == .black)
    #expect(try Color(hex: "#FF000080") == Color(red8: 255, green8: 0, blue8: 0, alpha8: 0x80))
    #expect(try Color(hex: "#3b3b3b") == Color(red8: 59, green8: 59, blue8: 59))
    #expect(try Color(hex: "#1234").alpha == Double(0x44) / 255)
    #expect(try Color(hex: "#3B3B3BFF").hexString == "#3B3B3BFF")
  }

  @Test func rejectsBadHexWithAReason() {
    #expect(throws: ColorParseError(input: "#12345", reason: .badLength(5))) {
      try Color(hex: "#12345")
    }
    #expect(throws: ColorParseError(input: "#12G", reason: .badCharacter("G", position: 2))) {
      try Color(hex: "#12G")
    }
    #expect(throws: ColorParseError.self) { try Color(hex: "") }
    #expect(throws: ColorParseError.self) { try Color(hex: "#ｆｆｆ") }
    let message = (try? Color(hex: "#12G")) == nil
    #expect(message)
  }

  @Test func componentsAreClamped() {
    let c = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
    #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.alpha == 0.5)
  }
}
