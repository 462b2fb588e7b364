import StrataTesting
import Testing

/// The seeded generator gives SplitMix64's numbers, the same on every run.
@Suite struct SeededRandomNumberGeneratorTests {
  @Test func seedZeroGivesSplitMix64sPublishedNumbers() {
    var g = SeededRandomNumberGenerator(seed: 0)
    #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(g.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func numbersFollowFromTheSeedAndStayInTheirRanges() {
    var a = SeededRandomNumberGenerator(seed: 42)
    var b = SeededRandomNumberGenerator(seed: 42)
    var c = SeededRandomNumberGenerator(seed: 43)
    var sameAsOther = 0
    for _ in 0..<1000 {
      let x = a.next(in: -3...5)
      #expect(x == b.next(in: -3...5))
      #expect((-3...5).contains(x))
      let u = a.unit()
      _ = b.unit()
      #expect(u >= 0 && u < 1)
      let bits = a.next()
      #expect(bits == b.next())
      if bits == c.next() { sameAsOther += 1 }
    }
    #expect(sameAsOther == 0)
    // The standard library's random functions take it too.
    var d = SeededRandomNumberGenerator(seed: 7)
    var e = SeededRandomNumberGenerator(seed: 7)
    #expect(Int.random(in: 0..<1000, using: &d) == Int.random(in: 0..<1000, using: &e))
  }
}
