/// A deterministic random number generator (SplitMix64): one seed gives the same numbers on
/// every machine and every run, so a property test that finds a failing case finds it again.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// for _ in 0..<100 {
///   tutorial.setPagePosition(random.next(in: -0.5...3.5))
///   // … check what must hold at any position
/// }
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Hashable, Sendable {
  /// The generator's state: the seed, advanced once per number.
  public private(set) var state: UInt64

  /// A generator whose numbers follow from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<1, uniformly: the next value's top 53 bits as a fraction.
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// A number in `range`, uniformly: its lower bound plus ``unit()`` of its width.
  public mutating func next(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }
}
