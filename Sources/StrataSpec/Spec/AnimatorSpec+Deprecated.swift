// The parameters as they were before the registry: one optional per key. Kept so that code
// that built animator specs field by field still compiles; each reads and writes `parameters`.
extension AnimatorSpec {
  /// The parameters as given, without the defaults the registry declares (these fields were
  /// `nil` when a key was absent).
  private var given: AnimatorSpec { AnimatorSpec(name: "", parameters: parameters) }

  /// `fade`: the lowest opacity.
  @available(*, deprecated, message: "use parameters[\"minimumAlpha\"]")
  public var minimumAlpha: Double? {
    get { given.number("minimumAlpha") }
    set { parameters["minimumAlpha"] = newValue.map(JSONValue.number) }
  }
  /// `crossFade`: the easing's name.
  @available(*, deprecated, message: "use parameters[\"curve\"]")
  public var curve: String? {
    get { given.string("curve") }
    set { parameters["curve"] = newValue.map { JSONValue(.string($0)) } }
  }
  /// `parallax`: how fast the node moves with its page.
  @available(*, deprecated, message: "use parameters[\"speed\"]")
  public var speed: Double? {
    get { given.number("speed") }
    set { parameters["speed"] = newValue.map(JSONValue.number) }
  }
  /// `slide`: how far, `[dx, dy]`, at one page away.
  @available(*, deprecated, message: "use parameters[\"offset\"]")
  public var offset: [Double]? {
    get { given.pair("offset") }
    set { parameters["offset"] = newValue.map(JSONValue.init(numbers:)) }
  }
  /// `slide`: whether the direction follows the side the page is on.
  @available(*, deprecated, message: "use parameters[\"followsSide\"]")
  public var followsSide: Bool? {
    get { given.bool("followsSide") }
    set { parameters["followsSide"] = newValue.map { JSONValue(.bool($0)) } }
  }
  /// `scale`: a number; `keyframes`: scale keyframes.
  @available(*, deprecated, message: "use parameters[\"scale\"]")
  public var scale: AnimatorScaleSpec? {
    get {
      if let n = given.number("scale") { return .value(n) }
      return given.keyframes("scale").map(AnimatorScaleSpec.keyframes)
    }
    set {
      switch newValue {
      case .value(let n)?: parameters["scale"] = JSONValue(.number(n))
      case .keyframes(let k)?: parameters["scale"] = JSONValue(keyframes: k)
      case nil: parameters["scale"] = nil
      }
    }
  }
  /// `rotate`: the angle in radians at one page away.
  @available(*, deprecated, message: "use parameters[\"angle\"]")
  public var angle: Double? {
    get { given.number("angle") }
    set { parameters["angle"] = newValue.map(JSONValue.number) }
  }
  /// `colorBlend`: a colour per page.
  @available(*, deprecated, message: "use parameters[\"colors\"]")
  public var colors: [String]? {
    get { given.strings("colors") }
    set {
      parameters["colors"] = newValue.map { JSONValue(.array($0.map { JSONValue(.string($0)) })) }
    }
  }
  /// `colorBlend`: `sRGB` or `linear`.
  @available(*, deprecated, message: "use parameters[\"space\"]")
  public var space: String? {
    get { given.string("space") }
    set { parameters["space"] = newValue.map { JSONValue(.string($0)) } }
  }
  /// `circularReveal`: the circle's origin in unit coordinates `[x, y]`.
  @available(*, deprecated, message: "use parameters[\"origin\"]")
  public var origin: [Double]? {
    get { given.pair("origin") }
    set { parameters["origin"] = newValue.map(JSONValue.init(numbers:)) }
  }
  /// `slideTransition`: the style.
  @available(*, deprecated, message: "use parameters[\"style\"]")
  public var style: String? {
    get { given.string("style") }
    set { parameters["style"] = newValue.map { JSONValue(.string($0)) } }
  }
  /// `slideTransition`: the side the page comes from.
  @available(*, deprecated, message: "use parameters[\"side\"]")
  public var side: String? {
    get { given.string("side") }
    set { parameters["side"] = newValue.map { JSONValue(.string($0)) } }
  }
  /// `keyframes`: opacity over page positions.
  @available(*, deprecated, message: "use parameters[\"opacity\"]")
  public var opacity: [KeyframeSpec]? {
    get { given.keyframes("opacity") }
    set { parameters["opacity"] = newValue.map(JSONValue.init(keyframes:)) }
  }
  /// `keyframes`: translation `[dx, dy]` over page positions.
  @available(*, deprecated, message: "use parameters[\"translation\"]")
  public var translation: [KeyframeSpec]? {
    get { given.keyframes("translation") }
    set { parameters["translation"] = newValue.map(JSONValue.init(keyframes:)) }
  }
  /// `keyframes`: rotation (radians) over page positions.
  @available(*, deprecated, message: "use parameters[\"rotation\"]")
  public var rotation: [KeyframeSpec]? {
    get { given.keyframes("rotation") }
    set { parameters["rotation"] = newValue.map(JSONValue.init(keyframes:)) }
  }
  /// `keyframes`: background colour over page positions.
  @available(*, deprecated, message: "use parameters[\"backgroundColor\"]")
  public var backgroundColor: [KeyframeSpec]? {
    get { given.keyframes("backgroundColor") }
    set { parameters["backgroundColor"] = newValue.map(JSONValue.init(keyframes:)) }
  }
}

/// The deprecated `AnimatorSpec.scale`: a number (`scale`) or keyframes (`keyframes`).
public enum AnimatorScaleSpec: Codable, Hashable, Sendable {
  /// A number.
  case value(Double)
  /// Keyframes.
  case keyframes([KeyframeSpec])

  /// Reads a number or keyframes.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let v = try? c.decode(Double.self) {
      self = .value(v)
    } else {
      self = .keyframes(try c.decode([KeyframeSpec].self))
    }
  }

  /// Writes the number or the keyframes.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .value(let v): try c.encode(v)
    case .keyframes(let k): try c.encode(k)
    }
  }
}
