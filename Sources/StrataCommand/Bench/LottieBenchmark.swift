import Strata
import StrataAssets
import StrataRender

/// A mid-size Lottie animation, made here: 40 shape layers, each a group of a keyframed
/// 12-point smooth path, a rectangle and an ellipse, filled and stroked with round joins and
/// caps, moving, turning and scaling
/// through 10 keyframes (about 680 KB of JSON). Measured: reading it, working out a frame's
/// picture, and drawing that frame at 375 × 375 points @3x.
struct LottieBenchmark {
  var quick: Bool

  /// The animation's JSON.
  static func document() -> String {
    func keyframes(_ values: (Int) -> String) -> String {
      let frames = (0..<10).map { k in
        let easing = k < 9 ? #", "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}"# : ""
        return #"{"t": \#(k * 12), "s": \#(values(k))\#(easing)}"#
      }
      return #"{"a": 1, "k": [\#(frames.joined(separator: ", "))]}"#
    }
    func path(_ layer: Int, _ k: Int) -> String {
      let points = (0..<12).map { p -> String in
        let angle = Double(p) / 12 * 2 * Double.pi
        let r = 30 + Double((p * 7 + k * 3 + layer) % 11)
        return "[\(r * StrataMath.cos(angle)), \(r * StrataMath.sin(angle))]"
      }
      // Tangents along the circle, a twelfth of a turn's worth: a smooth, wobbling loop.
      func tangent(_ p: Int, _ sign: Double) -> String {
        let angle = Double(p) / 12 * 2 * Double.pi
        let k = sign * 0.175 * 35
        return "[\(-k * StrataMath.sin(angle)), \(k * StrataMath.cos(angle))]"
      }
      let ins = (0..<12).map { tangent($0, -1) }.joined(separator: ", ")
      let outs = (0..<12).map { tangent($0, 1) }.joined(separator: ", ")
      return
        #"[{"v": [\#(points.joined(separator: ", "))], "i": [\#(ins)], "o": [\#(outs)], "c": true}]"#
    }
    let layers = (0..<40).map { n -> String in
      #"""
      {"ty": 4, "ind": \#(n + 1), "ip": 0, "op": 120, "st": 0,
       "ks": {"p": \#(keyframes { k in "[\(40 + (n * 37 + k * 11) % 300), \(40 + (n * 53 + k * 7) % 300)]" }),
              "r": \#(keyframes { k in "[\(k * 36 + n)]" }),
              "s": \#(keyframes { k in "[\(80 + k * 4), \(80 + k * 4)]" }), "o": {"a": 0, "k": 100}},
       "shapes": [{"ty": "gr", "it": [
         {"ty": "sh", "ks": \#(keyframes { k in path(n, k) })},
         {"ty": "rc", "p": {"a": 0, "k": [10, 0]}, "s": {"a": 0, "k": [24, 18]}, "r": {"a": 0, "k": 4}},
         {"ty": "el", "p": {"a": 0, "k": [-10, 5]}, "s": {"a": 0, "k": [16, 16]}},
         {"ty": "st", "c": {"a": 0, "k": [0.1, 0.1, 0.3, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 2, "lj": 2},
         {"ty": "fl", "c": {"a": 0, "k": [\#(Double(n % 5) / 5), 0.5, 0.7, 1]}, "o": {"a": 0, "k": 100}},
         {"ty": "tr", "o": {"a": 0, "k": 100}}]}]}
      """#
    }
    return
      #"{"v": "5.7.0", "fr": 60, "ip": 0, "op": 120, "w": 375, "h": 375, "layers": [\#(layers.joined(separator: ",\n"))]}"#
  }

  func run() -> [BenchmarkResult] {
    let bytes = Array(Self.document().utf8)
    let rounds = quick ? 3 : 9
    var animation: AnimatedVectorImage?
    let read = timing(rounds: rounds, operationsPerRound: 1) {
      animation = try? LottieImporter(strict: true).importLottie(bytes).animation
    }
    guard let animation else {
      return [BenchmarkResult(name: "lottie.import", value: .nan, unit: "ms", note: "failed")]
    }
    var frame = 0.0
    var sink = 0
    let picture = timing(rounds: rounds, operationsPerRound: 100) {
      for _ in 0..<100 {
        sink += animation.image(atFrame: frame).items.count
        frame = (frame + 7.3).truncatingRemainder(dividingBy: 120)
      }
    }
    let image = animation.image(atFrame: 61.5)
    let node = ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: animation.size))
    let scene = Scene(root: node, size: animation.size)
    let renderer = FrameRenderer(scale: 3)
    let draw = timing(rounds: rounds, operationsPerRound: 1) {
      sink += (try? renderer.render(scene))?.width ?? 0
    }
    if sink < 0 { print("") }  // keeps the work from being optimised away
    let kb = "\(bytes.count / 1024) KB, 40 layers"
    return [
      .timing("lottie.import", read, unit: "ms", note: kb),
      .timing("lottie.frame.picture", picture, unit: "us", note: "one frame's VectorImage"),
      .timing("lottie.frame.raster.1125x1125", draw, unit: "ms", note: "@3x"),
    ]
  }
}
