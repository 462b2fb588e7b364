/// Small Lottie animations for the comparison with rlottie, each for one part of the format.
/// Every keyframe but the last has its tangents, as Bodymovin writes them (rlottie drops a
/// keyframed property without them).
enum LottieFixtures {
  /// The easing Bodymovin writes for a linear-looking curve.
  static let ease = #""o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}"#
  /// A group transform that leaves things where they are.
  static let still =
    #""a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}"#

  static func group(_ items: String, at p: (Double, Double) = (0, 0), extra: String = "")
    -> String
  {
    #"{"ty": "gr", "it": [\#(items), {"ty": "tr", "p": {"a": 0, "k": [\#(p.0), \#(p.1)]}, \#(still)\#(extra)}]}"#
  }

  static func layer(_ shapes: String, op: Int, ks: String = #""o": {"a": 0, "k": 100}"#)
    -> String
  {
    #"{"ty": 4, "ind": 1, "ip": 0, "op": \#(op), "st": 0, "ks": {\#(ks)}, "shapes": [\#(shapes)]}"#
  }

  static func document(_ layers: String, op: Int, w: Int = 120, h: Int = 100) -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": \#(op), "w": \#(w), "h": \#(h), "layers": [\#(layers)]}"#
  }

  static func fill(_ r: Double, _ g: Double, _ b: Double) -> String {
    #"{"ty": "fl", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": 100}, "r": 1}"#
  }

  static func stroke(_ r: Double, _ g: Double, _ b: Double, width: Double) -> String {
    #"{"ty": "st", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": \#(width)}, "lc": 2, "lj": 2, "ml": 4}"#
  }

  static func animated(_ from: String, _ to: String, frames: Int) -> String {
    #"{"a": 1, "k": [{"t": 0, "s": [\#(from)], \#(ease)}, {"t": \#(frames), "s": [\#(to)]}]}"#
  }

  static let polystars = document(
    layer(
      group(
        #"{"ty": "sr", "sy": 1, "d": 1, "pt": {"a": 0, "k": 5}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}, "ir": {"a": 0, "k": 12}, "is": {"a": 0, "k": 30}, "or": {"a": 0, "k": 30}, "os": {"a": 0, "k": 0}}, \#(fill(0.95, 0.7, 0.1))"#,
        at: (32, 50))
        + ", "
        + group(
          #"{"ty": "sr", "sy": 2, "d": 1, "pt": {"a": 0, "k": 6}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 26}, "os": \#(animated("0", "80", frames: 19))}, \#(stroke(0.1, 0.1, 0.4, width: 3)), \#(fill(0.3, 0.7, 0.9))"#,
          at: (88, 50)),
      op: 20),
    op: 20)

  static let gradients = document(
    layer(
      group(
        #"{"ty": "rc", "p": {"a": 0, "k": [30, 50]}, "s": {"a": 0, "k": [44, 70]}, "r": {"a": 0, "k": 0}}, {"ty": "gf", "o": {"a": 0, "k": 100}, "r": 1, "t": 1, "s": {"a": 0, "k": [8, 30]}, "e": {"a": 0, "k": [52, 70]}, "g": {"p": 3, "k": {"a": 0, "k": [0, 1, 0.2, 0.1, 0.5, 0.1, 0.8, 0.2, 1, 0.1, 0.2, 0.9, 0, 1, 1, 0.4]}}}"#
      ) + ", "
        + group(
          #"{"ty": "el", "p": {"a": 0, "k": [88, 38]}, "s": {"a": 0, "k": [50, 50]}}, {"ty": "gf", "o": {"a": 0, "k": 100}, "r": 1, "t": 2, "s": {"a": 0, "k": [88, 38]}, "e": {"a": 0, "k": [113, 38]}, "h": \#(animated("0", "60", frames: 19)), "a": {"a": 0, "k": 45}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 0.2, 0.2, 0.6]}}}"#
        ) + ", "
        + group(
          #"{"ty": "sh", "ks": {"a": 0, "k": {"v": [[68, 84], [112, 84]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "c": false}}}, {"ty": "gs", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 8}, "lc": 2, "lj": 2, "t": 1, "s": {"a": 0, "k": [68, 84]}, "e": {"a": 0, "k": [112, 84]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0.5, 0, 1, 0.5, 0, 1]}}}"#
        ),
      op: 20),
    op: 20)

  static let trims = document(
    layer(
      group(
        #"{"ty": "el", "p": {"a": 0, "k": [32, 50]}, "s": {"a": 0, "k": [44, 44]}}, {"ty": "tm", "s": {"a": 0, "k": 0}, "e": \#(animated("10", "100", frames: 19)), "o": {"a": 0, "k": 120}, "m": 1}, \#(stroke(0.8, 0.2, 0.3, width: 5))"#
      ) + ", "
        + group(
          #"{"ty": "sh", "ks": {"a": 0, "k": {"v": [[70, 30], [112, 30]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "c": false}}}, {"ty": "sh", "ks": {"a": 0, "k": {"v": [[70, 70], [112, 70]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "c": false}}}, {"ty": "tm", "s": {"a": 0, "k": 0}, "e": \#(animated("0", "75", frames: 19)), "o": {"a": 0, "k": 0}, "m": 2}, \#(stroke(0.2, 0.3, 0.8, width: 4))"#
        ),
      op: 20),
    op: 20)

  static let repeater = document(
    layer(
      group(
        #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [14, 14]}, "r": {"a": 0, "k": 2}}, \#(fill(0.2, 0.5, 0.3)), {"ty": "rp", "c": {"a": 0, "k": 5}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [20, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": \#(animated("0", "20", frames: 19)), "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 30}}}"#,
        at: (16, 50)),
      op: 20),
    op: 20)

  static let motionPath = document(
    layer(
      #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [16, 16]}, "r": {"a": 0, "k": 0}}, \#(fill(0.6, 0.2, 0.7))"#,
      op: 31,
      ks:
        #""o": {"a": 0, "k": 100}, "p": {"a": 1, "k": [{"t": 0, "s": [20, 80], "to": [20, -70], "ti": [-20, -70], \#(ease)}, {"t": 30, "s": [100, 80]}]}"#
    ),
    op: 31)

  static let skew = document(
    layer(
      group(
        #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}}, \#(fill(0.9, 0.4, 0.1))"#,
        at: (35, 50), extra: #", "sk": {"a": 0, "k": 25}, "sa": {"a": 0, "k": 0}"#)
        + ", "
        + group(
          #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}}, \#(fill(0.1, 0.4, 0.9))"#,
          at: (85, 50), extra: #", "sk": {"a": 0, "k": 20}, "sa": {"a": 0, "k": 45}"#),
      op: 2),
    op: 2)
}

extension LottieFixtures {
  /// A closed polygon as a Lottie path value.
  static func polygon(_ points: [(Double, Double)]) -> String {
    let v = points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
    let zero = points.map { _ in "[0, 0]" }.joined(separator: ", ")
    return #"{"a": 0, "k": {"v": [\#(v)], "i": [\#(zero)], "o": [\#(zero)], "c": true}}"#
  }

  static func precomposition(at p: (Double, Double), extra: String) -> String {
    #"{"ty": 0, "refId": "comp", "w": 60, "h": 40, "ip": 0, "op": 31, "ks": {"p": {"a": 0, "k": [\#(p.0), \#(p.1)]}, "o": {"a": 0, "k": 100}}\#(extra)}"#
  }

  /// One composition used three times: on its own clock, started later and stretched to half
  /// speed, and time-remapped to run backwards; each clipped to its 60 × 40 box.
  static let precompositions = #"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 31, "w": 120, "h": 100,
     "assets": [{"id": "comp", "layers": [
       {"ty": 4, "ind": 1, "ip": 0, "op": 100, "st": 0,
        "ks": {"o": {"a": 0, "k": 100}, "p": \#(animated("10, 20", "56, 20", frames: 20))},
        "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [16, 16]}, "r": {"a": 0, "k": 0}}, \#(fill(0.8, 0.3, 0.2))]}]}],
     "layers": [\#(precomposition(at: (0, 0), extra: #", "st": 0"#)),
       \#(precomposition(at: (60, 0), extra: #", "st": 5, "sr": 2"#)),
       \#(precomposition(at: (0, 55), extra: #", "st": 0, "tm": {"a": 1, "k": [{"t": 0, "s": [0.6], \#(ease)}, {"t": 30, "s": [0]}]}"#))]}
    """#

  static func solid(at p: (Double, Double), color: String, masks: String) -> String {
    #"{"ty": 1, "sc": "\#(color)", "sw": 50, "sh": 45, "ip": 0, "op": 2, "ks": {"p": {"a": 0, "k": [\#(p.0), \#(p.1)]}, "o": {"a": 0, "k": 100}}, "hasMask": true, "masksProperties": [\#(masks)]}"#
  }

  static func mask(
    _ mode: String, _ points: [(Double, Double)], inverted: Bool = false, opacity: Double = 100,
    expansion: Double = 0
  ) -> String {
    #"{"mode": "\#(mode)", "inv": \#(inverted), "pt": \#(polygon(points)), "o": {"a": 0, "k": \#(opacity)}, "x": {"a": 0, "k": \#(expansion)}}"#
  }

  /// Masks grown and shrunk (checked by LottieImportTests: the rlottie build we use leaves
  /// expansion out).
  static let maskExpansion = document(
    [
      solid(at: (5, 2), color: "#3366cc", masks: mask("a", box, expansion: 4)),
      solid(at: (65, 2), color: "#cc6633", masks: mask("a", diamond, expansion: -5)),
    ].joined(separator: ", "), op: 2)

  /// A dashed path whose dashes move along and grow (a path, not an ellipse: rlottie starts its
  /// ellipses elsewhere than lottie-web and Strata, which start at the top).
  static let movingDashes = document(
    layer(
      group(
        #"{"ty": "sh", "ks": {"a": 0, "k": {"v": [[10, 20], [110, 20], [110, 80], [10, 80]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": false}}}, {"ty": "st", "c": {"a": 0, "k": [0.2, 0.3, 0.6, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1, "ml": 4, "d": [{"n": "d", "nm": "dash", "v": \#(animated("6", "14", frames: 19))}, {"n": "g", "nm": "gap", "v": {"a": 0, "k": 6}}, {"n": "o", "nm": "offset", "v": \#(animated("0", "40", frames: 19))}]}"#
      ), op: 20),
    op: 20)

  /// Masks at partial opacity, and an add after a subtract.
  static let maskOpacity = document(
    [
      solid(at: (5, 2), color: "#3366cc", masks: mask("a", diamond, opacity: 50)),
      solid(
        at: (65, 2), color: "#cc6633",
        masks: mask("a", box) + ", " + mask("s", diamond, opacity: 60) + ", "
          + mask("a", [(20.0, 15.0), (30.0, 15.0), (30.0, 30.0), (20.0, 30.0)])),
      solid(at: (5, 52), color: "#33aa66", masks: mask("s", diamond, opacity: 70)),
      solid(
        at: (65, 52), color: "#aa33aa", masks: mask("a", box) + ", " + mask("i", left, opacity: 40)),
    ].joined(separator: ", "), op: 2)

  static let diamond = [(25.0, 2.0), (48.0, 22.0), (25.0, 43.0), (2.0, 22.0)]
  static let box = [(5.0, 5.0), (45.0, 5.0), (45.0, 40.0), (5.0, 40.0)]
  static let left = [(0.0, 0.0), (32.0, 0.0), (32.0, 45.0), (0.0, 45.0)]

  /// Masks: added, added then subtracted, added then intersected, inverted.
  static let masks = document(
    [
      solid(at: (5, 2), color: "#3366cc", masks: mask("a", diamond)),
      solid(at: (65, 2), color: "#cc6633", masks: mask("a", box) + ", " + mask("s", diamond)),
      solid(at: (5, 52), color: "#33aa66", masks: mask("a", diamond) + ", " + mask("i", left)),
      solid(at: (65, 52), color: "#aa33aa", masks: mask("a", diamond, inverted: true)),
    ].joined(separator: ", "), op: 2)
}

extension LottieFixtures {
  /// A white disc moving across as a matte, and the coloured box it cuts, at `origin`.
  static func mattePair(_ kind: Int, at origin: (Double, Double), color: (Double, Double, Double))
    -> String
  {
    let (x, y) = origin
    let matte = layer(
      #"{"ty": "el", "p": \#(animated("\(x - 10), \(y)", "\(x + 10), \(y)", frames: 19)), "s": {"a": 0, "k": [30, 30]}}, \#(fill(1, 1, 1))"#,
      op: 20
    )
    .replacingOccurrences(of: #""ind": 1"#, with: #""ind": \#(kind * 2), "td": 1"#)
    let shown = layer(
      #"{"ty": "rc", "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [50, 40]}, "r": {"a": 0, "k": 0}}, \#(fill(color.0, color.1, color.2))"#,
      op: 20
    )
    .replacingOccurrences(of: #""ind": 1"#, with: #""ind": \#(kind * 2 + 1), "tt": \#(kind)"#)
    return matte + ", " + shown
  }

  /// Track mattes: alpha and inverted alpha (luma is checked by LottieImportTests: the
  /// rlottie build we use draws luma mattes without anti-aliasing, and white as 251/255).
  static let mattes = document(
    [
      mattePair(1, at: (30, 50), color: (0.9, 0.3, 0.2)),
      mattePair(2, at: (90, 50), color: (0.2, 0.5, 0.9)),
    ].joined(separator: ", "), op: 20)

  /// All four kinds, for the luma check against alpha.
  static let allMattes = document(
    [
      mattePair(1, at: (30, 25), color: (0.9, 0.3, 0.2)),
      mattePair(2, at: (90, 25), color: (0.2, 0.5, 0.9)),
      mattePair(3, at: (30, 75), color: (0.9, 0.3, 0.2)),
      mattePair(4, at: (90, 75), color: (0.2, 0.5, 0.9)),
    ].joined(separator: ", "), op: 20)
}
