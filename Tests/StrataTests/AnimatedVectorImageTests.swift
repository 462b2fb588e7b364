import Strata
import Testing

/// The animated vector model Lottie files are read into: keyframes over frames, transforms in
/// After Effects' order, paints applying to the paths before them, layers with parents and
/// in and out points.
@Suite struct AnimatedVectorImageTests {
  static let square = AnimatedShapeItem.rectangle(
    center: .constant(Point(x: 0, y: 0)), size: .constant(Size(width: 10, height: 10)),
    cornerRadius: .constant(0))

  static func fill(_ color: Color) -> AnimatedShapeItem {
    .fill(color: .constant(color), opacity: .constant(1), rule: .nonZero)
  }

  /// The paints of the only layer at `frame`, bottom first.
  static func shapes(_ image: VectorImage) -> [VectorImage.Shape] { image.shapes }

  @Test func keyframesEaseHoldAndClamp() throws {
    let eased: Animated<Double> = .keyframes(
      try Keyframes([
        Keyframe(0, 0.0, easing: .cubicBezier(0.42, 0, 0.58, 1)), Keyframe(10, 100.0),
        Keyframe(20, 50.0, easing: .steps(1)), Keyframe(30, 0.0),
      ]))
    #expect(eased.value(at: -5) == 0)
    #expect(abs(eased.value(at: 5) - 50) < 1e-6)  // symmetric ease: half way at half time
    #expect(eased.value(at: 2.5) < 25)  // slow start
    #expect(eased.value(at: 15) == 75)  // linear segment
    #expect(eased.value(at: 29.9) == 50)  // a hold keeps its value to the next keyframe
    #expect(eased.value(at: 30) == 0)
    #expect(eased.value(at: 99) == 0)
    #expect(eased.isAnimated && !Animated.constant(1.0).isAnimated)
  }

  @Test func transformsApplyAnchorScaleRotationThenPosition() {
    let t = AnimatedTransform(
      anchor: .constant(Point(x: 10, y: 10)), position: .constant(Point(x: 50, y: 50)),
      scale: .constant(Vector(dx: 2, dy: 2)), rotation: .constant(Double.pi / 2))
    let m = t.matrix(at: 0)
    let anchor = m.apply(to: Point(x: 10, y: 10))
    #expect(abs(anchor.x - 50) < 1e-9 && abs(anchor.y - 50) < 1e-9)
    // One unit right of the anchor: scaled to two, turned clockwise on screen to below.
    let right = m.apply(to: Point(x: 11, y: 10))
    #expect(abs(right.x - 50) < 1e-9 && abs(right.y - 52) < 1e-9)
    #expect(AnimatedTransform(opacity: .constant(3)).opacity(at: 0) == 1)
    #expect(AnimatedTransform(opacity: .constant(.nan)).opacity(at: 0) == 0)
  }

  /// [square, red fill, circle, blue fill]: red paints the square; blue paints both and,
  /// listed later, lies below red.
  @Test func aPaintCoversThePathsBeforeItAndLaterPaintsLieBelow() {
    let circle = AnimatedShapeItem.ellipse(
      center: .constant(Point(x: 20, y: 0)), size: .constant(Size(width: 10, height: 10)))
    let layer = AnimatedVectorImage.Layer(
      shapes: [Self.square, Self.fill(.red), circle, Self.fill(.blue)])
    let image = AnimatedVectorImage(
      size: Size(width: 40, height: 40), frameRate: 30, frames: 0...10, layers: [layer]
    ).image(atFrame: 0)
    let shapes = image.shapes
    #expect(shapes.map(\.fill) == [.solid(.blue), .solid(.red)])
    #expect(shapes[0].path.bounds == Rect(x: -5, y: -5, width: 30, height: 10))
    #expect(shapes[1].path.bounds == Rect(x: -5, y: -5, width: 10, height: 10))
  }

  /// A group's paths reach the paints after the group, moved by the group's transform; the
  /// group's own paints stay inside it, each faded by its opacity.
  @Test func groupsPassTheirPathsOnAndKeepTheirPaints() throws {
    let group = AnimatedShapeItem.group(
      [Self.square, Self.fill(.green)],
      AnimatedTransform(position: .constant(Point(x: 100, y: 0)), opacity: .constant(0.5)))
    let layer = AnimatedVectorImage.Layer(shapes: [group, Self.fill(.blue)])
    let image = AnimatedVectorImage(
      size: Size(width: 200, height: 40), frameRate: 30, frames: 0...10, layers: [layer]
    ).image(atFrame: 0)
    guard case .group(let layerGroup) = try #require(image.items.first) else {
      Issue.record("a layer is a group")
      return
    }
    // Bottom first: the blue fill of the moved square, then the group with its green fill.
    guard case .shape(let blue) = layerGroup.items[0], case .group(let inner) = layerGroup.items[1]
    else {
      Issue.record("blue below the group: \(layerGroup.items)")
      return
    }
    #expect(blue.fill == .solid(.blue))
    #expect(blue.path.bounds == Rect(x: 95, y: -5, width: 10, height: 10))
    // The group's opacity is in each of its paints.
    #expect(inner.opacity == 1 && inner.transform == Transform(translationX: 100, y: 0))
    guard case .shape(let green) = inner.items[0] else { return }
    #expect(green.fill == .solid(.green) && green.opacity == 0.5)
  }

  @Test func layersFollowTheirParentsAndShowBetweenTheirPoints() throws {
    let parent = AnimatedVectorImage.Layer(
      name: "parent", index: 1,
      transform: AnimatedTransform(
        position: .constant(Point(x: 100, y: 100)), rotation: .constant(Double.pi / 2)),
      content: .none)
    let child = AnimatedVectorImage.Layer(
      name: "child", index: 2, parent: 1, inPoint: 5, outPoint: 10,
      transform: AnimatedTransform(position: .constant(Point(x: 10, y: 0))),
      shapes: [Self.square, Self.fill(.red)])
    let animation = AnimatedVectorImage(
      size: Size(width: 200, height: 200), frameRate: 30, frames: 0...20,
      layers: [child, parent])
    #expect(animation.image(atFrame: 4).items.isEmpty)
    #expect(animation.image(atFrame: 10).items.isEmpty)  // the out point is not shown
    let shown = animation.image(atFrame: 5)
    guard case .group(let g) = try #require(shown.items.first) else { return }
    let origin = g.transform.apply(to: Point(x: 0, y: 0))
    #expect(abs(origin.x - 100) < 1e-9 && abs(origin.y - 110) < 1e-9)
    // A parent loop stops; frames clamp; NaN is the first frame.
    var looped = animation
    looped.layers[1].parent = 2
    _ = looped.image(atFrame: 6)
    #expect(animation.image(atFrame: .nan).items.isEmpty)
    #expect(animation.image(atFrame: 1e300).items.isEmpty)
    #expect(animation.duration == 20.0 / 30)
  }

  @Test func shapesBlendVertexByVertex() {
    let a = BezierShape(
      vertices: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: true)
    let b = BezierShape(
      vertices: [Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 20)],
      outTangents: [Vector(dx: 2, dy: 0)], isClosed: true)
    let mid = a.interpolated(to: b, amount: 0.5)
    #expect(mid.vertices[2] == Point(x: 15, y: 15))
    #expect(mid.outTangents[0] == Vector(dx: 1, dy: 0))
    #expect(mid.path.bounds.maxX == 15)
    // Shapes of other vertex counts do not blend: the first holds until the end.
    let c = BezierShape(vertices: [Point(x: 0, y: 0), Point(x: 5, y: 5)])
    #expect(a.interpolated(to: c, amount: 0.9) == a)
    #expect(a.interpolated(to: c, amount: 1) == c)
    #expect(BezierShape(vertices: []).path.isEmpty)
  }

  /// A ten-frame animation of a square moving right.
  static func moving() throws -> AnimatedVectorImage {
    let layer = AnimatedVectorImage.Layer(
      transform: AnimatedTransform(
        position: .keyframes(
          try Keyframes([Keyframe(0, Point(x: 10, y: 10)), Keyframe(10, Point(x: 90, y: 10))]))),
      shapes: [Self.square, Self.fill(.red)])
    return AnimatedVectorImage(
      size: Size(width: 100, height: 20), frameRate: 10, frames: 0...10, layers: [layer])
  }

  @Test func aNodeShowsItsCurrentFrame() throws {
    let node = AnimatedImageNode(animation: try Self.moving())
    #expect(node.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    #expect(node.currentFrame == 0)
    node.currentFrame = 5
    guard case .image(.vector(let image), .aspectFit) = node.content else {
      Issue.record("a vector image")
      return
    }
    #expect(image.shapes.first?.path.bounds == Rect(x: -5, y: -5, width: 10, height: 10))
    #expect(image.items.count == 1)
    guard case .group(let g) = image.items[0] else { return }
    #expect(g.transform.apply(to: Point(x: 0, y: 0)) == Point(x: 50, y: 10))
  }

  /// The frame follows the page position from `from` to `to`; under reduced motion the
  /// node shows its still frame.
  @Test func scrubTiesTheFrameToThePagePosition() throws {
    let node = AnimatedImageNode(animation: try Self.moving())
    let scrub = Scrub()  // from one page to the right to one page to the left
    scrub.animate(node, page: 1, transition: transition(at: 0))  // page 1 one to the right
    #expect(node.currentFrame == 0)
    scrub.animate(node, page: 1, transition: transition(at: 0.5))
    #expect(node.currentFrame == 2.5)
    scrub.animate(node, page: 1, transition: transition(at: 1))  // centred
    #expect(node.currentFrame == 5)
    scrub.animate(node, page: 1, transition: transition(at: 2.5))  // past: held at the end
    #expect(node.currentFrame == 10)
    // Arriving only, over frames 2...4; the static layers follow the scroll.
    Scrub(from: 1, to: 0, frames: 2...4).animate(node, page: 1, transition: transition(at: 0.5))
    #expect(node.currentFrame == 3)
    Scrub(from: 0, to: 2).animate(node, page: nil, transition: transition(at: 1))
    #expect(node.currentFrame == 5)
    node.stillFrame = 7
    scrub.animate(node, page: 1, transition: transition(at: 0.2, reduced: true))
    #expect(node.currentFrame == 7)
    #expect(scrub.reducedMotion == .keep)
    // Nodes of other kinds are left alone.
    let plain = Node(frame: .zero)
    scrub.animate(plain, page: 1, transition: transition(at: 0.5))
    #expect(plain.alpha == 1)
  }
}
