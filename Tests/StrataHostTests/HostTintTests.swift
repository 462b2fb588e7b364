import Strata
import StrataHost
import StrataRender
import Testing

/// Contents of plain filled shapes are split into coverage and tints, and put back exactly.
@Suite struct HostTintTests {
  static func dot(_ x: Double, _ color: Color, opacity: Double = 1) -> VectorImage.Shape {
    VectorImage.Shape(
      path: .circle(center: Point(x: x, y: 5), radius: 4), fill: .solid(color), opacity: opacity)
  }

  @Test func aPictureOfFilledShapesSplitsAndComesBackWhole() throws {
    let red = Color(red: 1, green: 0, blue: 0)
    let faint = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
    let picture = SceneNode.Content.image(
      .vector(
        VectorImage(
          size: Size(width: 30, height: 10),
          shapes: [
            Self.dot(5, red), Self.dot(15, faint, opacity: 0.7),
          ])), .scaleToFill)
    let bounds = Rect(x: 0, y: 0, width: 30, height: 10)
    let (split, tints) = HostContent.splitting(picture, bounds: bounds)
    #expect(tints == [HostTint(color: red), HostTint(color: faint, opacity: 0.7)])
    #expect(split.tinted(tints) == picture)
    // The coverage is the same whatever the colours: only the tints change.
    let other = SceneNode.Content.image(
      .vector(
        VectorImage(
          size: Size(width: 30, height: 10),
          shapes: [
            Self.dot(5, faint), Self.dot(15, red),
          ])), .scaleToFill)
    #expect(HostContent.splitting(other, bounds: bounds).content == split)
    // Each shape alone, white, for its coverage.
    let second = try #require(split.shape(1))
    guard case .image(.vector(let v), _) = second.content, case .shape(let s) = v.items.first
    else {
      Issue.record("one shape's content is a picture of it")
      return
    }
    #expect(v.items.count == 1 && s.fill == .solid(.white) && s.opacity == 1)
    #expect(split.shape(2) == nil)
  }

  @Test func strokedOrGroupedOrHugeDrawingsStayWhole() {
    let bounds = Rect(x: 0, y: 0, width: 30, height: 10)
    var stroked = Self.dot(5, .black)
    stroked.stroke = .solid(.black)
    #expect(HostContent.splitting(.shape(stroked), bounds: bounds).tints.isEmpty)
    let many = (0...HostContent.maximumTintedShapes).map { Self.dot(Double($0), .black) }
    let huge = SceneNode.Content.image(
      .vector(VectorImage(size: Size(width: 30, height: 10), shapes: many)), .scaleToFill)
    #expect(HostContent.splitting(huge, bounds: bounds).tints.isEmpty)
    let text = SceneNode.Content.text(TextContent("Hi"), .top)
    #expect(HostContent.splitting(text, bounds: bounds).content.content == text)
    // A single filled shape splits too: a colour change is then a property change.
    let (_, tints) = HostContent.splitting(.shape(Self.dot(5, .black)), bounds: bounds)
    #expect(tints == [HostTint(color: .black)])
  }

  @Test func aColourChangeIsATintNotADrawing() throws {
    let node = ShapeNode(
      path: .circle(center: Point(x: 10, y: 10), radius: 8), fill: .solid(.black),
      frame: Rect(x: 0, y: 0, width: 20, height: 20))
    let compositor = SoftwareCompositor(size: Size(width: 20, height: 20), scale: 2)
    let reconciler = Reconciler()
    reconciler.reconcile(node, into: compositor)
    let draws = compositor.cache.draws
    node.shape.fill = .solid(Color(red: 0, green: 0.5, blue: 1))
    let sent = reconciler.reconcile(node, into: compositor)
    #expect(sent.count == 1 && reconciler.lastFrame.contentChanges == 0)
    #expect(compositor.cache.draws == draws)
    // The composited frame is the renderer's, within the rounding of the coverage.
    let expected = try FrameRenderer(scale: 2).render(
      Scene(
        size: Size(width: 20, height: 20),
        root: SceneNode(content: node.content, bounds: node.bounds)))
    let composited = try compositor.composite()
    var largest = 0
    for (a, b) in zip(expected.pixels, composited.pixels) {
      largest = max(largest, abs(Int(a) - Int(b)))
    }
    #expect(largest <= 1)
  }
}
