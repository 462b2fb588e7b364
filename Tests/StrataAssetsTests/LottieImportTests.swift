import Strata
import StrataAssets
import StrataRender
import Testing

/// Lottie files read into the animated vector model: what they draw at a frame, what they
/// leave out (by JSON path), and their errors.
@Suite struct LottieImportTests {
  /// A red square in a group, moving from x 20 to x 80 over frames 0 to 30 on an ease-in-out
  /// curve, then holding; a zig-zag beside it, which is not drawn.
  static let moving = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
      {"ty": 4, "nm": "box", "ind": 1, "ip": 0, "op": 60, "st": 0,
       "ks": {"a": {"a": 0, "k": [0, 0]},
              "p": {"a": 1, "k": [
                {"t": 0, "s": [20, 50], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}},
                {"t": 30, "s": [80, 50]}]},
              "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
       "shapes": [
         {"ty": "gr", "it": [
           {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
           {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
           {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]},
            "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
         {"ty": "zz", "r": {"a": 0, "k": 3}, "s": {"a": 0, "k": 5}}]}]}
    """

  static func render(_ animation: AnimatedVectorImage, frame: Double) throws -> RasterImage {
    let image = animation.image(atFrame: frame)
    let node = ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: image.size))
    return try FrameRenderer(scale: 1).render(Scene(root: node, size: image.size))
  }

  /// The x of the middle of the red pixels on row 50.
  static func redCentre(_ image: RasterImage) -> Double {
    let xs = (0..<image.width).filter {
      image.pixel(x: $0, y: 50).r > 200 && image.pixel(x: $0, y: 50).g < 50
    }
    guard let first = xs.first, let last = xs.last else { return .nan }
    return Double(first + last + 1) / 2
  }

  @Test func aMovingSquareIsWhereItsKeyframesPutIt() throws {
    let read = try LottieImporter().importLottie(Array(Self.moving.utf8))
    let animation = read.animation
    #expect(animation.size == Size(width: 100, height: 100))
    #expect(animation.frameRate == 30 && animation.frames == 0...60)
    #expect(try Self.redCentre(Self.render(animation, frame: 0)) == 20)
    // Half way in time is half way in space (the curve is symmetric).
    #expect(try Self.redCentre(Self.render(animation, frame: 15)) == 50)
    #expect(try Self.redCentre(Self.render(animation, frame: 30)) == 80)
    #expect(try Self.redCentre(Self.render(animation, frame: 59)) == 80)
    // Eased: a tenth of the time covers less than a tenth of the way.
    let early = try Self.redCentre(Self.render(animation, frame: 3))
    #expect(early > 20 && early < 26)
  }

  @Test func whatIsNotDrawnIsListedByPathAndStrictRefusesIt() throws {
    let read = try LottieImporter().importLottie(Array(Self.moving.utf8))
    #expect(
      read.unsupported.map(\.description) == [
        "layers[0].shapes[1]: zig-zags are not drawn yet (line 14, column 6)"
      ])
    #expect(throws: LottieError.self) {
      try LottieImporter(strict: true).importLottie(Array(Self.moving.utf8))
    }
  }

  @Test func holdsAndOlderEndValuesAreRead() throws {
    let text = """
      {"fr": 10, "ip": 0, "op": 20, "w": 40, "h": 40, "layers": [
        {"ty": 4, "ks": {"o": {"a": 1, "k": [
            {"t": 0, "s": [100], "e": [20], "h": 1}, {"t": 10, "s": [20], "e": [60]}, {"t": 20}]}},
         "shapes": [
           {"ty": "el", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [10, 10]}},
           {"ty": "st", "c": {"a": 0, "k": [0, 0, 255]}, "o": {"a": 0, "k": 100},
            "w": {"a": 0, "k": 2}, "lc": 2, "lj": 3, "d": [{"n": "d", "v": {"a": 0, "k": 3}},
            {"n": "g", "v": {"a": 0, "k": 1}}, {"n": "o", "v": {"a": 0, "k": 0.5}}]}]}]}
      """
    let animation = try LottieImporter(strict: true).importLottie(Array(text.utf8)).animation
    let layer = animation.layers[0]
    #expect(layer.transform.opacity(at: 9.9) == 1)  // held
    #expect(abs(layer.transform.opacity(at: 15) - 0.4) < 1e-9)  // 20 % to 60 % (the "e")
    guard case .shapes(let items) = layer.content,
      case .stroke(let color, _, _, let style, _) = items[1]
    else {
      Issue.record("a stroke")
      return
    }
    #expect(color.value(at: 0) == Color(red: 0, green: 0, blue: 1))  // 0…255 values scaled
    #expect(style.cap == .round && style.join == .bevel)
    #expect(style.dash == [3, 1] && style.dashPhase == 0.5)
  }

  @Test func malformedFilesAreTypedErrorsWithTheirPath() {
    func message(_ text: String) -> String {
      do {
        _ = try LottieImporter().importLottie(Array(text.utf8))
        return "imported"
      } catch {
        return error.description
      }
    }
    #expect(message("{").hasPrefix("not JSON:"))
    #expect(message("[]").hasPrefix("(document): expected an object"))
    #expect(message(#"{"w": 0, "h": 10}"#).hasPrefix("w: expected a size"))
    #expect(
      message(
        #"{"w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"p": {"a": 1, "k": [{"t": "x"}]}}}]}"#
      )
      .hasPrefix("layers[0].ks.p.k[0].t: expected a number"))
    #expect(
      message(#"{"w": 10, "h": 10, "layers": [{"ty": 4, "shapes": [{"ty": "rc"}]}]}"#)
        .hasPrefix("layers[0].shapes[0]: \"rc\" needs \"p\""))
    #expect(
      message(#"{"w": 10, "h": 10, "ip": 5, "op": 1}"#).hasPrefix("op: the out point"))
    // A type too large for an integer is a kind not drawn, listed, not a trap.
    #expect(message(#"{"w": 10, "h": 10, "layers": [{"ty": 1e300, "lc": 1e300}]}"#) == "imported")
    #expect(
      message(
        #"{"w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"o": {"a": 1, "k": [{"t": 1, "s": [0]}, {"t": 0, "s": [5]}, {"t": 1, "s": [1]}]}}}]}"#
      )
      .contains("both at 1"))
  }

  /// Separate x and y tracks each keep their own keyframes and easing: no samples are made,
  /// so a long track costs what its keyframes cost (120,000 of them import).
  @Test func separateDimensionsKeepTheirOwnKeyframes() throws {
    let frames = (0..<120_000).map { #"{"t": \#($0), "s": [\#($0 % 100)]}"# }
    let long = """
      {"w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"p": {"s": true,
        "x": {"a": 1, "k": [\(frames.joined(separator: ","))]}, "y": {"a": 0, "k": 0}}}}]}
      """
    let read = try LottieImporter().importLottie(Array(long.utf8))
    #expect(read.animation.layers[0].transform.position.value(at: 50.5) == Point(x: 50.5, y: 0))
    let eased = """
      {"w": 10, "h": 10, "layers": [{"ty": 4, "ks": {"p": {"s": true,
        "x": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [100]}]},
        "y": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0.5, "y": 0}, "i": {"x": 0.5, "y": 1}},
                            {"t": 10, "s": [100]}]}}}}]}
      """
    let position = try LottieImporter().importLottie(Array(eased.utf8)).animation.layers[0]
      .transform.position
    // x holds until frame 10; y eases (half way at the middle, slower near the ends).
    #expect(position.value(at: 9.99).x == 0 && position.value(at: 10).x == 100)
    #expect(abs(position.value(at: 5).y - 50) < 1e-6 && position.value(at: 1).y < 5)
  }

  /// Layers of other kinds are listed, not drawn; a solid layer is.
  @Test func layerKindsAreDrawnOrListed() throws {
    let text = """
      {"w": 20, "h": 20, "ip": 0, "op": 1, "layers": [
        {"ty": 5, "nm": "words"}, {"ty": 1, "sc": "#00ff00", "sw": 20, "sh": 20}]}
      """
    let read = try LottieImporter().importLottie(Array(text.utf8))
    #expect(read.unsupported.map(\.message) == ["text layers are not drawn yet"])
    let image = try Self.render(read.animation, frame: 0)
    #expect(image.pixel(x: 10, y: 10).g == 255 && image.pixel(x: 10, y: 10).r == 0)
  }

  /// Precompositions: a missing asset is an error with its path; one inside itself is
  /// listed, not followed for ever; a hundred-fold nesting stays within the frame's budget.
  @Test func precompositionsAreFollowedWithinLimits() throws {
    func message(_ text: String) -> String {
      do {
        let read = try LottieImporter().importLottie(Array(text.utf8))
        return read.unsupported.map(\.description).joined(separator: "; ")
      } catch {
        return error.description
      }
    }
    #expect(
      message(#"{"w": 10, "h": 10, "layers": [{"ty": 0, "refId": "x"}]}"#)
        .hasPrefix("layers[0].refId: no precomposition asset has the id \"x\""))
    let loop = """
      {"w": 10, "h": 10, "assets": [{"id": "a", "layers": [{"ty": 0, "refId": "a", "w": 10, "h": 10}]}],
       "layers": [{"ty": 0, "refId": "a", "w": 10, "h": 10}]}
      """
    #expect(message(loop).contains("assets[0].layers[0]: a precomposition inside itself"))
    // Ten levels, each using the next ten times: 10^10 layers if followed blindly.
    var assets: [String] = []
    for level in 0..<10 {
      let inner =
        level == 9
        ? #"{"ty": 4, "shapes": [{"ty": "el", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}}]}"#
        : #"{"ty": 0, "refId": "c\#(level + 1)", "w": 10, "h": 10}"#
      assets.append(
        #"{"id": "c\#(level)", "layers": [\#(Array(repeating: inner, count: 10).joined(separator: ","))]}"#
      )
    }
    let bomb = """
      {"w": 10, "h": 10, "assets": [\(assets.joined(separator: ","))],
       "layers": [{"ty": 0, "refId": "c0", "w": 10, "h": 10}]}
      """
    let animation = try LottieImporter().importLottie(Array(bomb.utf8)).animation
    let image = animation.image(atFrame: 0)
    #expect(image.shapes.count <= AnimatedShapeItem.maximumShapesPerFrame)
  }

  /// Masks read with their modes; what clips cannot draw is listed.
  @Test func masksAreReadAndWhatTheyCannotDrawIsListed() throws {
    let square = #"{"a": 0, "k": {"v": [[0, 0], [10, 0], [10, 10], [0, 10]], "c": true}}"#
    let text = """
      {"w": 20, "h": 20, "layers": [{"ty": 1, "sc": "#ff0000", "sw": 20, "sh": 20, "masksProperties": [
        {"mode": "a", "pt": \(square), "o": {"a": 0, "k": 50}},
        {"mode": "s", "inv": true, "pt": \(square), "x": {"a": 0, "k": 2}},
        {"mode": "f", "pt": \(square)}]}]}
      """
    let read = try LottieImporter().importLottie(Array(text.utf8))
    let masks = read.animation.layers[0].masks
    #expect(masks.map(\.mode) == [.add, .subtract] && masks[1].isInverted)
    #expect(
      read.unsupported.map(\.message) == ["mask mode \"f\" is not drawn"])
  }

  /// Track mattes: a white matte under luma cuts exactly as under alpha; a grey one lets half
  /// through; a matted layer with no matte before it is listed and drawn whole; the matte
  /// layer itself is not drawn.
  @Test func trackMattesCutByTheirShapes() throws {
    let read = try LottieImporter(strict: true).importLottie(Array(LottieFixtures.allMattes.utf8))
    #expect(read.animation.layers.count == 4)
    #expect(
      read.animation.layers.map { $0.matte?.kind } == [
        .alpha, .alphaInverted, .luma, .lumaInverted,
      ])
    let image = try Self.render(read.animation, frame: 10)
    for (x, y) in [(20, 20), (30, 25), (44, 35), (80, 25), (90, 25), (100, 30)] {
      #expect(image.pixel(x: x, y: y).a == image.pixel(x: x, y: y + 50).a, "\(x), \(y)")
    }
    // Inside the disc, the alpha matte shows the box, the inverted one does not.
    #expect(image.pixel(x: 30, y: 25).a == 255 && image.pixel(x: 90, y: 25).a == 0)
    let grey = LottieFixtures.allMattes.replacingOccurrences(
      of: #""c": {"a": 0, "k": [1.0, 1.0, 1.0, 1]}"#,
      with: #""c": {"a": 0, "k": [0.5, 0.5, 0.5, 1]}"#)
    let half = try Self.render(
      LottieImporter(strict: true).importLottie(Array(grey.utf8)).animation, frame: 10)
    // Luma of 50 % grey (sRGB 128): half of the box shows, inside the disc and out.
    #expect(abs(Int(half.pixel(x: 30, y: 75).a) - 128) <= 2)
    #expect(abs(Int(half.pixel(x: 90, y: 75).a) - 127) <= 2)
    #expect(half.pixel(x: 30, y: 25).a == 255 && half.pixel(x: 90, y: 25).a == 0)
    let orphan =
      ##"{"w": 10, "h": 10, "layers": [{"ty": 1, "tt": 1, "sc": "#ff0000", "sw": 10, "sh": 10}]}"##
    let lonely = try LottieImporter().importLottie(Array(orphan.utf8))
    #expect(
      lonely.unsupported.map(\.message) == [
        "a track matte with no matte layer before it is not applied"
      ])
  }

  /// A mask grown by 4 points covers 4 points more round its square (rounded at the
  /// corners); one shrunk by 5 covers 5 less.
  @Test func maskExpansionGrowsAndShrinks() throws {
    let read = try LottieImporter(strict: true).importLottie(
      Array(LottieFixtures.maskExpansion.utf8))
    let image = try Self.render(read.animation, frame: 0)
    // The square 5...45 of the first solid (at 5, 2): grown to 1...49, but its corners round.
    #expect(image.pixel(x: 8, y: 25).a == 255 && image.pixel(x: 7, y: 25).a == 255)
    #expect(image.pixel(x: 5, y: 5).a == 0)
    // The diamond of the second solid (at 65, 2), shrunk: its left point 67 moves to about 74.
    #expect(image.pixel(x: 70, y: 24).a == 0 && image.pixel(x: 76, y: 24).a == 255)
  }

  /// Found by the `lottie` fuzz target, which draws each file's middle frame whole and in bands:
  /// a dashed stroke 4·10²³ wide, whose outline's edges reach 10²⁴ pixels. Clipped at the
  /// frame's right side, their crossings were lost to rounding and drew stray pixels in the
  /// whole frame that the bands (whose bins go by the edges' true rows) did not.
  @Test func aStrokeWiderThanTheWorldDrawsTheSameInBands() throws {
    let json = #"""
      {"fr": 24, "ip": 0, "op": 15, "w": 64, "h": 64, "layers": [{"ty": 3, "ind": 1, "ks": {"p": {"a": 0, "k": [32, 32]}, "r": {"a": 1, "k": [{"t": 0, "s": [0], "e": [180]}, {"t": 48}]}}}, {"ty": 4, "ind": 2, "parEnt": 1, "ip": 0, "op": 40, "st": 4, "ks": {"p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [5], "h": 0}, {"t": 20, "s": [10]}]}, "y": {"a": 0, "k": 5}}, "o": {"a": 0, "k": 80}}, "shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"v": [[0, 0], [10, 0], [10, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[2, 0], [0, 0], [5, 0]], "c": true}], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [{"v": [[0, 0], [20, 0], [20, 20]], "i":[[ 0, 0], [2, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]], "c": true}]}]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 444444444444444444444442}, "lc": 2, "lj": 2, "ml": 4, "d": [{"n": "d", "v": {"a": 0, "k": 4}}, {"n": "g", "v": {"a": 0, "k": 2}}]}, {"ty": "fl", "c": {"a": 0, "k": [0.2, 0.6, 0.9, 1]}, "o": {"a": 0, "k": 100}, "r": 2}, {"ty": "tr", "a": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [150, 150]}, "o": {"a": 0, "k": 50}}]}, {"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [8, 8]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}}]}, {"ty": 1, "sc": "#ffeedd", "sw": 64, "sh": 64}]}
      """#
    let animation = try LottieImporter().importLottie(Array(json.utf8)).animation
    let middle = (animation.frames.lowerBound + animation.frames.upperBound) / 2
    let frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let node = ImageNode(
      image: .vector(animation.image(atFrame: middle)), frame: frame, contentMode: .aspectFit)
    let scene = Scene(root: node, size: frame.size)
    let whole = try FrameRenderer(scale: 4).render(scene)
    var renderer = FrameRenderer(scale: 4)
    renderer.threads = 2
    let banded = try renderer.render(scene)
    let differing = stride(from: 0, to: whole.pixels.count, by: 4).filter {
      whole.pixels[$0..<($0 + 4)] != banded.pixels[$0..<($0 + 4)]
    }
    #expect(differing.isEmpty, "\(differing.count) pixels differ")
  }
}
