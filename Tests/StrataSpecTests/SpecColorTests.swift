import Strata
import StrataSpec
import Testing

@Suite struct SpecColorTests {
  /// Hex goes through Strata's one reader, held to the spec's two lengths.
  @Test func hexIsReadByColorsOwnReader() {
    for hex in ["#0102FF", "#0102ff80", "#FFFFFF00"] {
      #expect(SpecColor.parse(hex) == (try? Color(hex: hex)), "\(hex)")
    }
    for bad in ["#FFF", "#FFFF", "0102FF", "#01O2FF", "#０１０２FF"] {
      #expect(SpecColor.parse(bad) == nil, "\(bad)")
    }
  }
}
