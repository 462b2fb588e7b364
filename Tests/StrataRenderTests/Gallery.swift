import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText

/// Small scenes, one per primitive, for golden images and the SVG comparison.
enum Gallery {
  static let size = Size(width: 96, height: 96)

  static func star(center: Point, radius: Double) -> Path {
    var pts: [Point] = []
    for i in 0..<5 {
      let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
      pts.append(
        Point(x: center.x + radius * StrataMath.cos(a), y: center.y + radius * StrataMath.sin(a)))
    }
    return .polygon(pts)
  }

  static func polyline(_ pts: [Point]) -> Path {
    var p = Path()
    p.move(to: pts[0])
    for q in pts.dropFirst() { p.line(to: q) }
    return p
  }

  static func scene(_ build: (Node) -> Void) -> Scene {
    let root = Node(frame: Rect(origin: .zero, size: size))
    root.backgroundColor = Color(white: 0.96)
    build(root)
    return Scene(root: root, size: size)
  }

  static let checker: RasterImage? = {
    var px = [UInt8]()
    for y in 0..<8 {
      for x in 0..<8 {
        px += (x / 2 + y / 2) % 2 == 0 ? [230, 80, 60, 255] : [40, 60, 120, 255]
      }
    }
    return RasterImage(width: 8, height: 8, pixels: px)
  }()

  /// A bitmap with smooth colour changes (no hard edges), 24 × 16.
  static let smooth: RasterImage? = {
    var px = [UInt8]()
    for y in 0..<16 {
      for x in 0..<24 {
        px += [UInt8(40 + x * 8), UInt8(60 + y * 10), UInt8(200 - x * 3 - y * 4), 255]
      }
    }
    return RasterImage(width: 24, height: 16, pixels: px)
  }()

  /// The images scene with a smooth bitmap, scaled, fitted and turned.
  static let smoothImages = scene { root in
    if let img = smooth {
      root.addChild(ImageNode(image: .raster(img), frame: Rect(x: 4, y: 4, width: 24, height: 16)))
      root.addChild(
        ImageNode(
          image: .raster(img), frame: Rect(x: 30, y: 8, width: 60, height: 36),
          contentMode: .aspectFill))
      let turned = ImageNode(image: .raster(img), frame: Rect(x: 20, y: 52, width: 54, height: 36))
      turned.transform = Transform(rotation: 0.4)
      root.addChild(turned)
    }
  }

  /// Name and scene of every primitive.
  static let all: [(String, Scene)] = [
    (
      "fill-rules",
      scene { root in
        root.addChild(
          ShapeNode(
            path: star(center: Point(x: 26, y: 50), radius: 22), fill: .solid(.black),
            fillRule: .nonZero))
        root.addChild(
          ShapeNode(
            path: star(center: Point(x: 70, y: 50), radius: 22), fill: .solid(.black),
            fillRule: .evenOdd))
      }
    ),
    (
      "strokes",
      scene { root in
        let zig = polyline([Point(x: 10, y: 30), Point(x: 30, y: 10), Point(x: 50, y: 30)])
        for (i, join) in StrokeStyle.Join.allCases.enumerated() {
          let n = ShapeNode(
            path: zig, stroke: .solid(Color(red: 0.2, green: 0.3, blue: 0.8)),
            strokeStyle: StrokeStyle(width: 7, join: join, cap: StrokeStyle.Cap.allCases[i]),
            frame: Rect(x: 0, y: Double(i) * 26, width: 96, height: 40))
          n.bounds.origin = .zero
          root.addChild(n)
        }
        root.addChild(
          ShapeNode(
            path: .circle(center: Point(x: 76, y: 48), radius: 14), stroke: .solid(.black),
            strokeStyle: StrokeStyle(width: 2, dash: [6, 3]),
            frame: Rect(x: 0, y: 0, width: 96, height: 96)))
      }
    ),
    (
      "gradients",
      scene { root in
        root.addChild(
          ShapeNode(
            path: .roundedRect(Rect(x: 6, y: 6, width: 84, height: 38), cornerRadius: 8),
            fill: .linearGradient(
              Gradient(stops: [
                .init(.red, at: 0), .init(Color(red: 1, green: 0.8, blue: 0), at: 0.5),
                .init(.blue, at: 1),
              ]),
              start: Point(x: 6, y: 0), end: Point(x: 90, y: 0)),
            frame: Rect(x: 0, y: 0, width: 96, height: 96)))
        root.addChild(
          ShapeNode(
            path: .circle(center: Point(x: 48, y: 70), radius: 22),
            fill: .radialGradient(
              Gradient(colors: [
                .white, Color(red: 0.2, green: 0.7, blue: 0.4),
                Color(red: 0, green: 0.2, blue: 0.1, alpha: 0.5),
              ]),
              center: Point(x: 44, y: 64), radius: 26),
            frame: Rect(x: 0, y: 0, width: 96, height: 96)))
      }
    ),
    (
      "group-opacity",
      scene { root in
        let group = Node(frame: Rect(x: 8, y: 8, width: 80, height: 80))
        group.alpha = 0.5
        for (i, c) in [Color.red, Color.blue].enumerated() {
          let n = Node(frame: Rect(x: Double(i) * 24, y: Double(i) * 24, width: 56, height: 56))
          n.backgroundColor = c
          n.cornerRadius = 10
          group.addChild(n)
        }
        root.addChild(group)
      }
    ),
    (
      "clips",
      scene { root in
        let card = Node(frame: Rect(x: 0, y: 30, width: 96, height: 66))
        card.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        card.mask = RoundnessArc(width: 96, height: 12).maskPath(bottom: 66)
        root.addChild(card)
        let clipper = Node(frame: Rect(x: 10, y: 6, width: 40, height: 40))
        clipper.clipsToBounds = true
        clipper.cornerRadius = 12
        let big = Node(frame: Rect(x: -10, y: -10, width: 70, height: 35))
        big.backgroundColor = Color(red: 0.3, green: 0.2, blue: 0.6)
        clipper.addChild(big)
        root.addChild(clipper)
      }
    ),
    (
      "shadow",
      scene { root in
        let button = Node(frame: Rect(x: 18, y: 30, width: 60, height: 30))
        button.backgroundColor = Color(white: 0.23)
        button.cornerRadius = 7.5
        button.shadow = Shadow(color: .black, opacity: 0.6, offset: Vector(dx: 0, dy: 6), radius: 5)
        root.addChild(button)
      }
    ),
    (
      "images",
      scene { root in
        if let img = checker {
          root.addChild(
            ImageNode(image: .raster(img), frame: Rect(x: 4, y: 4, width: 8, height: 8)))
          let scaled = ImageNode(
            image: .raster(img), frame: Rect(x: 20, y: 8, width: 64, height: 32),
            contentMode: .aspectFit)
          root.addChild(scaled)
          let turned = ImageNode(
            image: .raster(img), frame: Rect(x: 28, y: 50, width: 40, height: 40))
          turned.transform = Transform(rotation: 0.4)
          root.addChild(turned)
        }
      }
    ),
    (
      "borders",
      scene { root in
        let n = Node(frame: Rect(x: 12, y: 12, width: 72, height: 44))
        n.backgroundColor = .white
        n.cornerRadius = 12
        n.border = Border(width: 3, color: Color(red: 0.1, green: 0.5, blue: 0.9))
        root.addChild(n)
        let vector = VectorImage(
          size: Size(width: 20, height: 20),
          shapes: [
            .init(
              path: .circle(center: Point(x: 10, y: 10), radius: 9),
              fill: .solid(Color(red: 1, green: 0.8, blue: 0.2))),
            .init(
              path: .rect(Rect(x: 6, y: 6, width: 8, height: 8)), stroke: .solid(.black),
              strokeStyle: StrokeStyle(width: 1.5)),
          ])
        root.addChild(
          ImageNode(
            image: .vector(vector), frame: Rect(x: 30, y: 62, width: 36, height: 30),
            contentMode: .aspectFit))
      }
    ),
  ]
}
