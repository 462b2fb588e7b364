import Strata
import Testing

/// Size classes from the page size, as UIKit gives them on the devices of the audit matrix.
@Suite struct SizeClassTests {
  @Test func devicesGetUIKitsClasses() {
    let cases: [(Double, Double, SizeClass, SizeClass)] = [
      (320, 568, .compact, .regular), (375, 667, .compact, .regular),
      (393, 852, .compact, .regular), (430, 932, .compact, .regular),
      (568, 320, .compact, .compact), (667, 375, .compact, .compact),
      (852, 393, .compact, .compact), (932, 430, .regular, .compact),
      (744, 1133, .regular, .regular), (1133, 744, .regular, .regular),
      (834, 1194, .regular, .regular), (1194, 834, .regular, .regular),
      (.nan, -5, .compact, .compact),
    ]
    for (w, h, horizontal, vertical) in cases {
      let c = SizeClasses(Size(width: w, height: h))
      #expect(c == SizeClasses(horizontal: horizontal, vertical: vertical), "\(w)×\(h)")
    }
    let controller = TutorialController(pageSize: Size(width: 667, height: 375))
    #expect(controller.sizeClasses.vertical == .compact)
  }
}
