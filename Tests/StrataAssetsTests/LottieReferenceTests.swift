import Foundation
import Strata
import StrataAssets
import StrataRender
import Testing

/// Small Lottie animations drawn by Strata and by Samsung's rlottie (through rlottie-python,
/// which `.ci/run` installs) at several frames: premultiplied RGBA within the tolerance the
/// SVG comparison with resvg uses (mean difference at most 1.5 per channel, 99th percentile
/// at most 24), the differences being edge anti-aliasing.
///
/// Every keyframe but the last has its tangents, as Bodymovin writes them (rlottie drops a
/// keyframed property without them). Rotations are in groups: the rlottie-python build we
/// tried ignored `r` on a layer's own transform in these files (a group's it applies, the
/// same way as Strata); Strata's layer rotation is checked by AnimatedVectorImageTests.
@Suite struct LottieReferenceTests {
  /// Each animation exercises one part of the model; all are drawn by both renderers in
  /// full (no feature either leaves out).
  static let animations: [(name: String, json: String, frames: [Int])] =
    [(name: String, json: String, frames: [Int])]([
      ("images", (try? LottieImageTests.reference()) ?? "{}", [0])
    ]) + fixtures

  static let fixtures: [(name: String, json: String, frames: [Int])] = [
    (
      "transforms",
      """
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 31, "w": 120, "h": 100, "layers": [
        {"ty": 4, "ind": 1, "ip": 0, "op": 31, "st": 0,
         "ks": {"a": {"a": 0, "k": [10, 5]}, "s": {"a": 0, "k": [150, 100]},
                "p": {"a": 1, "k": [{"t": 0, "s": [30, 50], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}, {"t": 30, "s": [90, 40]}]},
                "o": {"a": 0, "k": 100}},
         "shapes": [{"ty": "gr", "it": [
           {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 20]}, "r": {"a": 0, "k": 0}},
           {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.3, 0.2, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
           {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
            "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}},
                                {"t": 30, "s": [120]}]},
            "o": {"a": 0, "k": 100}}]}]}]}
      """,
      [0, 10, 21, 30]
    ),
    (
      "paints",
      """
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 20, "w": 100, "h": 100, "layers": [
        {"ty": 4, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {"o": {"a": 0, "k": 100}},
         "shapes": [
           {"ty": "gr", "it": [
             {"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [36, 36]}},
             {"ty": "st", "c": {"a": 0, "k": [0.1, 0.1, 0.4, 1]}, "o": {"a": 0, "k": 100},
              "w": {"a": 0, "k": 6}, "lc": 2, "lj": 2, "ml": 4},
             {"ty": "fl", "c": {"a": 0, "k": [0.95, 0.8, 0.2, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
             {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [30, 30], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}, {"t": 19, "s": [60, 60]}]},
              "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
              "o": {"a": 0, "k": 80}}]},
           {"ty": "rc", "p": {"a": 0, "k": [70, 30]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 8}},
           {"ty": "fl", "c": {"a": 0, "k": [0.2, 0.6, 0.5, 1]}, "o": {"a": 1, "k": [
             {"t": 0, "s": [100], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}, {"t": 19, "s": [30]}]}, "r": 1}]}]}
      """,
      [0, 9, 19]
    ),
    (
      "parents-and-paths",
      """
      {"v": "5.7.0", "fr": 24, "ip": 0, "op": 25, "w": 100, "h": 100, "layers": [
        {"ty": 4, "ind": 2, "parent": 1, "ip": 0, "op": 25, "st": 0,
         "ks": {"p": {"a": 0, "k": [20, 0]}},
         "shapes": [
           {"ty": "sh", "ks": {"a": 1, "k": [
             {"t": 0, "s": [{"v": [[0, -10], [12, 8], [-12, 8]], "i": [[0, 0], [0, 0], [0, 0]],
                             "o": [[0, 0], [0, 0], [0, 0]], "c": true}], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}},
             {"t": 24, "s": [{"v": [[0, -16], [16, 12], [-16, 12]], "i": [[-6, 0], [0, 6], [0, 0]],
                              "o": [[6, 0], [0, 0], [0, -6]], "c": true}]}]}},
           {"ty": "fl", "c": {"a": 0, "k": [0.3, 0.3, 0.9, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]},
        {"ty": 3, "ind": 1, "ip": 0, "op": 25, "st": 0,
         "ks": {"p": {"a": 0, "k": [50, 50]},
                "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}, {"t": 24, "s": [140, 80]}]}}}]}
      """,
      [0, 12, 24]
    ),
    ("polystars", LottieFixtures.polystars, [0, 9, 19]),
    ("gradients", LottieFixtures.gradients, [0, 19]),
    ("trims", LottieFixtures.trims, [0, 9, 19]),
    ("repeater", LottieFixtures.repeater, [0, 19]),
    ("motion-path", LottieFixtures.motionPath, [0, 8, 15, 22, 30]),
    ("precompositions", LottieFixtures.precompositions, [0, 10, 20, 30]),
    ("masks", LottieFixtures.masks, [0]),
    ("mask-opacity", LottieFixtures.maskOpacity, [0]),
    ("moving-dashes", LottieFixtures.movingDashes, [0, 10, 19]),
    ("mattes", LottieFixtures.mattes, [0, 10, 19]),
  ]

  /// rlottie's frame as premultiplied RGBA.
  static func rlottie(_ json: String, frame: Int, width: Int, height: Int, in dir: URL) throws
    -> [UInt8]
  {
    let python = try #require(Peers.python)
    let file = dir.appendingPathComponent("a.json")
    let raw = dir.appendingPathComponent("a.rgba")
    try Data(json.utf8).write(to: file)
    let script = """
      import sys
      from rlottie_python import LottieAnimation
      a = LottieAnimation.from_file(sys.argv[1])
      w, h = int(sys.argv[3]), int(sys.argv[4])
      bgra = a.lottie_animation_render(frame_num=int(sys.argv[2]), width=w, height=h)
      out = bytearray(len(bgra))
      out[0::4] = bgra[2::4]; out[1::4] = bgra[1::4]; out[2::4] = bgra[0::4]; out[3::4] = bgra[3::4]
      open(sys.argv[5], "wb").write(bytes(out))
      """
    let status = try runProgram(
      python, ["-c", script, file.path, "\(frame)", "\(width)", "\(height)", raw.path])
    #expect(status == 0)
    return [UInt8](try Data(contentsOf: raw))
  }

  @Test(
    .enabled(if: Peers.hasRLottie, "rlottie-python is not installed (pip install rlottie-python)"))
  func framesMatchRLottie() throws {
    let dir = try temporaryFolder("strata-lottie")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, json, frames) in Self.animations {
      let read = try LottieImporter(strict: true).importLottie(Array(json.utf8))
      let size = read.animation.size
      for frame in frames {
        let image = read.animation.image(atFrame: Double(frame))
        let node = ImageNode(image: .vector(image), frame: Rect(origin: .zero, size: size))
        let ours = try FrameRenderer(scale: 1).render(Scene(root: node, size: size)).pixels
        let theirs = try Self.rlottie(
          json, frame: frame, width: Int(size.width), height: Int(size.height), in: dir)
        #expect(theirs.count == ours.count, "\(name) frame \(frame)")
        guard theirs.count == ours.count else { continue }
        var differences = zip(ours, theirs).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        differences.sort()
        let p99 = differences[differences.count * 99 / 100]
        #expect(mean <= 1.5 && p99 <= 24, "\(name) frame \(frame): mean \(mean), 99th \(p99)")
        if mean > 1.5 || p99 > 24
          || ProcessInfo.processInfo.environment["STRATA_KEEP_LOTTIE"] != nil
        {
          var reference = try RasterImage(width: Int(size.width), height: Int(size.height))
          reference.pixels = theirs
          keepForALook(
            try FrameRenderer(scale: 1).render(Scene(root: node, size: size)), reference,
            folder: "strata-lottie-differences", name: "\(name)-\(frame)", peer: "rlottie")
        }
      }
    }
  }
}
