import Strata

/// The artwork of the animals example drawn in code: three scenes, the elephant's portrait, a
/// phone, and three icons, each a `VectorImage`. The bear (SVG) and the blue jay (JPEG) are
/// files: see ``AnimalsAssets``.
enum AnimalsArt {
  typealias D = Drawing

  /// The page accents: forest green, sky blue, sunset orange.
  static let accents = [D.rgb(0x3E8170), D.rgb(0x3D8BD9), D.rgb(0xE07A3F)]

  /// The colour behind each scene (its sky), which the static background blends between.
  static let skies = [D.rgb(0xD8EBDD), D.rgb(0xC9E6F6), D.rgb(0xF8C493)]

  // MARK: Scenes (designed at 375 × 667, the horizon above the card; any width)

  /// A sun: a disc of `radius` in a soft glow that fades out at `glow`.
  static func sun(
    _ x: Double, _ y: Double, radius: Double, glow: Double, disc: Color, halo: Color,
    haloAlpha: Double
  )
    -> [VectorImage.Shape]
  {
    [
      D.fill(
        D.circle(x, y, glow),
        .radialGradient(
          Gradient(stops: [
            .init(halo.withAlpha(haloAlpha), at: 0), .init(halo.withAlpha(0), at: 1),
          ]),
          center: Point(x: x, y: y), radius: glow)),
      D.fill(D.circle(x, y, radius), disc),
    ]
  }

  /// The scene of `page`, drawn `span` design points wide (the design is 375 × 667): the
  /// composition stays centred and the repeating parts — ridges, hills, trees, grass — carry on
  /// to both edges, so a background wider than its page (for parallax, or a landscape screen)
  /// never shows an edge or a cut. `margin` is how far the scene reaches past its page on each
  /// side: things that belong in a corner of the page (the birds scene's branch) stay there.
  static func scene(_ page: Int, span: Double, margin: Double) -> VectorImage {
    let span = Swift.max(375, span.isFinite ? span : 375)
    let margin = margin.isFinite ? Swift.min(Swift.max(0, margin), (span - 375) / 2) : 0
    switch page % 3 {
    case 0: return forest(span: span)
    case 1: return sky(span: span, margin: margin)
    default: return savanna(span: span)
    }
  }

  /// The offsets at which a pattern of `period` design points, placed at `start` in the
  /// 375-point design (itself centred in `span`), repeats to cover 0...span: index 0 is the
  /// design's own copy.
  static func repeats(start: Double, period: Double, span: Double) -> [(index: Int, x: Double)] {
    let c = (span - 375) / 2
    let first = Int(((start + c + period) / period).rounded(.up))
    var out: [(Int, Double)] = []
    var i = -first
    while true {
      let x = start + c + Double(i) * period
      if x > span + period { break }
      out.append((i, x))
      i += 1
    }
    return out
  }

  /// A ridge (the top edge of a range of hills) from `points` of one period, repeated across
  /// the span and closed far below.
  static func ridge(_ points: [(Double, Double)], period: Double, span: Double) -> [(
    Double, Double
  )] {
    let start = points[0].0
    var top: [(Double, Double)] = []
    for (_, x) in repeats(start: start, period: period, span: span) {
      top += points.map { ($0.0 - start + x, $0.1) }
    }
    guard let first = top.first, let last = top.last else { return [] }
    return top + [(last.0, 700), (first.0, 700)]
  }

  static func forest(span: Double) -> VectorImage {
    let c = (span - 375) / 2
    var s: [VectorImage.Shape] = []
    s.append(
      D.fill(
        .rect(Rect(x: 0, y: 0, width: span, height: 667)),
        D.vertical(D.rgb(0xBFE3D6), D.rgb(0xF5EBD2), from: 0, to: 380)))
    s += sun(
      268 + c, 150, radius: 34, glow: 80, disc: D.rgb(0xFFE9A8), halo: D.rgb(0xFFF3C9),
      haloAlpha: 0.9)
    s.append(D.cloud(92 + c, 118, 0.9, D.rgb(0xFFFFFF, 0.75)))
    s.append(
      D.fill(
        D.polygon(
          ridge(
            [(-20, 330), (40, 240), (95, 300), (160, 205), (235, 300), (290, 235)], period: 415,
            span: span)), D.rgb(0x9CC9B9)))
    s.append(
      D.fill(
        D.polygon(
          ridge(
            [(-20, 350), (60, 285), (120, 330), (200, 262), (280, 335), (340, 292)], period: 415,
            span: span)), D.rgb(0x7DB3A2)))
    for (i, x) in repeats(start: -10, period: 34, span: span) {
      let k = ((i % 15) + 15) % 15
      s += D.pine(x, 372 + Double(k % 3) * 4, 70 + Double((k * 7) % 5) * 9, D.rgb(0x4E927F))
    }
    for (i, x) in repeats(start: 8, period: 46, span: span) {
      let k = ((i % 4) + 4) % 4
      s += D.pine(x, 398, 96 + Double((k * 5) % 4) * 12, D.rgb(0x2F6B5B))
    }
    s.append(D.fill(.rect(Rect(x: 0, y: 390, width: span, height: 277)), D.rgb(0x2A5E50)))
    return VectorImage(size: Size(width: span, height: 667), shapes: s)
  }

  static func sky(span: Double, margin: Double) -> VectorImage {
    let c = (span - 375) / 2
    var s: [VectorImage.Shape] = []
    s.append(
      D.fill(
        .rect(Rect(x: 0, y: 0, width: span, height: 667)),
        D.vertical(D.rgb(0x9ED3F2), D.rgb(0xE8F5FC), from: 0, to: 390)))
    s += sun(
      86 + c, 120, radius: 30, glow: 62, disc: D.rgb(0xFFF6D5), halo: D.rgb(0xFFFBEA),
      haloAlpha: 0.7)
    s.append(D.cloud(270 + c, 92, 1.2, D.rgb(0xFFFFFF, 0.95)))
    s.append(D.cloud(150 + c, 190, 0.8, D.rgb(0xFFFFFF, 0.85)))
    s.append(D.cloud(330 + c, 232, 0.7, D.rgb(0xFFFFFF, 0.8)))
    // Birds far away: small strokes in V shapes.
    for (x0, y, k) in [(196.0, 132.0, 1.0), (222, 150, 0.8), (178, 160, 0.7), (320, 168, 0.6)] {
      let x = x0 + c
      var v = Path()
      v.move(to: Point(x: x - 8 * k, y: y - 3 * k))
      v.quad(to: Point(x: x, y: y + 1 * k), control: Point(x: x - 4 * k, y: y - 5 * k))
      v.quad(to: Point(x: x + 8 * k, y: y - 3 * k), control: Point(x: x + 4 * k, y: y - 5 * k))
      s.append(D.stroke(v, D.rgb(0x4B6A88, 0.8), width: 1.6 * k))
    }
    s.append(
      D.fill(
        D.blob(ridge([(-40, 380), (60, 300), (170, 330), (260, 290)], period: 460, span: span)),
        D.rgb(0xA6D8C2)))
    s.append(
      D.fill(
        D.blob(ridge([(-40, 400), (90, 340), (220, 372), (330, 330)], period: 460, span: span)),
        D.rgb(0x84C4A6)))
    // A branch in the page's top right corner, with leaves; it carries on past the page's edge
    // along the curve's own tangent and ends in a rounded tip, so the parallax never shows it
    // cut off.
    let r = span - margin - 375  // the design's x of 0 at the page's right edge
    var branch = Path()
    let far = 390 + r + 90
    branch.move(to: Point(x: far, y: 40 - (far - 390 - r) * 0.24))
    branch.line(to: Point(x: 390 + r, y: 40))
    branch.cubic(
      to: Point(x: 250 + r, y: 78), control1: Point(x: 340 + r, y: 52),
      control2: Point(x: 290 + r, y: 60))
    s.append(D.stroke(branch, D.rgb(0x6B4F3A), width: 7))
    for (x0, y, a) in [
      (330.0, 50.0, -0.6), (300, 70, 0.7), (275, 66, -0.9), (355, 58, 0.9), (260, 84, 0.4),
    ] {
      let x = x0 + r
      s.append(D.fill(D.turned(D.ellipse(x, y, 13, 6), a, about: x, y), D.rgb(0x5FAF7E)))
    }
    return VectorImage(size: Size(width: span, height: 667), shapes: s)
  }

  static func savanna(span: Double) -> VectorImage {
    let c = (span - 375) / 2
    var s: [VectorImage.Shape] = []
    s.append(
      D.fill(
        .rect(Rect(x: 0, y: 0, width: span, height: 667)),
        D.vertical(D.rgb(0xF29E74), D.rgb(0xFDDCAA), from: 0, to: 360)))
    s += sun(
      292 + c, 132, radius: 40, glow: 96, disc: D.rgb(0xFFEBC2), halo: D.rgb(0xFFF1C8),
      haloAlpha: 0.85)
    for (x0, y, k) in [(70.0, 150.0, 0.9), (150, 92, 0.6)] {
      let x = x0 + c
      s.append(
        D.fill(D.rounded(x - 44 * k, y - 5 * k, 88 * k, 10 * k, 5 * k), D.rgb(0xFFE0BF, 0.55)))
      s.append(
        D.fill(D.rounded(x - 20 * k, y - 14 * k, 60 * k, 9 * k, 4.5 * k), D.rgb(0xFFE0BF, 0.45)))
    }
    s.append(
      D.fill(
        D.blob(ridge([(-40, 360), (80, 318), (200, 340), (300, 312)], period: 460, span: span)),
        D.rgb(0xE7A56B)))
    s.append(
      D.fill(
        .rect(Rect(x: 0, y: 352, width: span, height: 315)),
        D.vertical(D.rgb(0xD98B4E), D.rgb(0xB5683A), from: 352, to: 420)))
    // Acacia trees: a flat canopy on a forked trunk.
    for (x0, y, k) in [(70.0, 352.0, 1.0), (310, 356, 0.8)] {
      let x = x0 + c
      var trunk = Path()
      trunk.move(to: Point(x: x - 4 * k, y: y))
      trunk.line(to: Point(x: x - 2 * k, y: y - 50 * k))
      trunk.line(to: Point(x: x - 26 * k, y: y - 86 * k))
      trunk.line(to: Point(x: x - 20 * k, y: y - 88 * k))
      trunk.line(to: Point(x: x + 2 * k, y: y - 58 * k))
      trunk.line(to: Point(x: x + 22 * k, y: y - 90 * k))
      trunk.line(to: Point(x: x + 28 * k, y: y - 87 * k))
      trunk.line(to: Point(x: x + 6 * k, y: y - 50 * k))
      trunk.line(to: Point(x: x + 5 * k, y: y))
      trunk.close()
      s.append(D.fill(trunk, D.rgb(0x5A3A2A)))
      var canopy = D.ellipse(x, y - 94 * k, 62 * k, 13 * k)
      canopy.append(D.ellipse(x - 30 * k, y - 100 * k, 34 * k, 12 * k))
      canopy.append(D.ellipse(x + 28 * k, y - 102 * k, 30 * k, 11 * k))
      s.append(D.fill(canopy, D.rgb(0x6B4A30)))
    }
    for (_, x) in repeats(start: 14, period: 38, span: span) {
      var tuft = Path()
      tuft.move(to: Point(x: x - 6, y: 372))
      tuft.line(to: Point(x: x - 2, y: 360))
      tuft.line(to: Point(x: x, y: 371))
      tuft.line(to: Point(x: x + 3, y: 358))
      tuft.line(to: Point(x: x + 6, y: 372))
      tuft.close()
      s.append(D.fill(tuft, D.rgb(0x9A5530, 0.8)))
    }
    return VectorImage(size: Size(width: span, height: 667), shapes: s)
  }

  // MARK: Animals (160 × 140 portraits; the bear and the blue jay are files, see AnimalsAssets)

  static let elephant: VectorImage = {
    let skin = D.rgb(0x8E9AAF)
    var s: [VectorImage.Shape] = []
    s.append(
      D.fill(
        D.blob([(46, 34), (76, 44), (80, 82), (66, 118), (36, 112), (18, 80), (22, 46)]),
        D.rgb(0x7A869C)))
    s.append(
      D.fill(
        D.blob([(44, 50), (64, 56), (66, 84), (56, 104), (38, 100), (28, 78), (30, 56)]),
        D.rgb(0xD9A3B0, 0.7)))
    s.append(
      D.fill(
        D.blob([(92, 22), (128, 36), (136, 72), (122, 98), (94, 104), (70, 88), (64, 52), (74, 32)]
        ), skin))
    var trunk = Path()
    trunk.move(to: Point(x: 112, y: 88))
    trunk.cubic(
      to: Point(x: 128, y: 130), control1: Point(x: 114, y: 108), control2: Point(x: 116, y: 128))
    trunk.quad(to: Point(x: 144, y: 116), control: Point(x: 140, y: 132))
    s.append(D.stroke(trunk, skin, width: 17))
    var tusk = Path()
    tusk.move(to: Point(x: 100, y: 98))
    tusk.quad(to: Point(x: 88, y: 116), control: Point(x: 92, y: 110))
    s.append(D.stroke(tusk, D.rgb(0xFBF6EC), width: 5))
    s.append(D.fill(D.circle(106, 60, 5), D.rgb(0x2B2F3A)))
    s.append(D.fill(D.circle(107.6, 58.4, 1.6), .white))
    s.append(D.fill(D.ellipse(116, 76, 8, 5), D.rgb(0xE88B7A, 0.3)))
    return VectorImage(size: Size(width: 160, height: 140), shapes: s)
  }()

  // MARK: Icons (56 × 56)

  static let icons: [VectorImage] = [pawIcon, birdIcon, elephantIcon]

  static func iconBase(_ accent: Color) -> [VectorImage.Shape] {
    [D.fill(D.circle(28, 28, 28), .white), D.fill(D.circle(28, 28, 24), accent)]
  }

  static let pawIcon: VectorImage = {
    var s = iconBase(accents[0])
    s.append(D.fill(D.blob([(28, 26), (38, 32), (38, 40), (28, 42), (18, 40), (18, 32)]), .white))
    for (x, y) in [(17.0, 24.0), (24, 17), (32, 17), (39, 24)] {
      s.append(D.fill(D.ellipse(x, y, 4.2, 5.2), .white))
    }
    return VectorImage(size: Size(width: 56, height: 56), shapes: s)
  }()

  static let birdIcon: VectorImage = {
    var s = iconBase(accents[1])
    s.append(
      D.fill(
        D.blob([(26, 18), (36, 22), (40, 32), (33, 40), (22, 40), (15, 33), (17, 23)]), .white))
    s.append(D.fill(D.polygon([(39, 24), (47, 27), (39, 30)]), D.rgb(0xF2A43A)))
    s.append(D.fill(D.turned(D.ellipse(24, 31, 8, 4.5), 0.5, about: 24, 31), D.rgb(0xCFE7FA)))
    s.append(D.fill(D.circle(33, 25, 1.8), D.rgb(0x1E2A36)))
    return VectorImage(size: Size(width: 56, height: 56), shapes: s)
  }()

  static let elephantIcon: VectorImage = {
    var s = iconBase(accents[2])
    s.append(D.fill(D.ellipse(21, 28, 8, 10), D.rgb(0xFFFFFF, 0.85)))
    s.append(D.fill(D.circle(30, 26, 10), .white))
    var trunk = Path()
    trunk.move(to: Point(x: 36, y: 30))
    trunk.quad(to: Point(x: 40, y: 42), control: Point(x: 37, y: 40))
    s.append(D.stroke(trunk, .white, width: 5))
    s.append(D.fill(D.circle(33, 24, 1.6), accents[2]))
    return VectorImage(size: Size(width: 56, height: 56), shapes: s)
  }()

  // MARK: The phone

  /// A phone frame of `size` (designed at 210 × 420).
  static func phone(size: Size) -> VectorImage {
    let w = size.width
    let h = size.height
    let r = w * 0.17
    var s: [VectorImage.Shape] = []
    s.append(D.fill(D.rounded(-2.5, h * 0.2, 3, h * 0.12, 1.5), D.rgb(0x2A2E38)))
    s.append(D.fill(D.rounded(w - 0.5, h * 0.24, 3, h * 0.16, 1.5), D.rgb(0x2A2E38)))
    s.append(
      D.fill(
        D.rounded(0, 0, w, h, r),
        .linearGradient(
          Gradient(colors: [D.rgb(0x3A4050), D.rgb(0x1C1F27)]), start: Point(x: 0, y: 0),
          end: Point(x: w, y: h))))
    s.append(
      VectorImage.Shape(
        path: D.rounded(1.5, 1.5, w - 3, h - 3, r - 1.5), stroke: .solid(D.rgb(0xFFFFFF, 0.18)),
        strokeStyle: StrokeStyle(width: 1.2)))
    s.append(
      D.fill(D.rounded(w * 0.05, w * 0.05, w * 0.9, h - w * 0.1, r - w * 0.05), D.rgb(0x0E1014)))
    return VectorImage(size: size, shapes: s)
  }
}
