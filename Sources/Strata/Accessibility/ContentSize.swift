/// The reader's preferred text size, as Dynamic Type has it: seven standard sizes and five
/// accessibility sizes, from `xSmall` to `accessibility5`.
///
/// Set ``TutorialController/contentSize`` from the system's setting (UIKit's
/// `preferredContentSizeCategory`, Android's font scale): every ``TextNode`` and
/// ``ButtonNode`` title the data source gives scales by ``scale`` (unless its
/// ``TextNode/adjustsForContentSize`` is off), labels of height 0 are measured at the new size,
/// and layouts that measure their text grow with it.
public enum ContentSize: String, Hashable, Sendable, CaseIterable, Comparable {
  /// Extra small.
  case xSmall
  /// Small.
  case small
  /// Medium.
  case medium
  /// Large: the default, at which text has the size the data source gave.
  case large
  /// Extra large.
  case xLarge
  /// Extra extra large.
  case xxLarge
  /// Extra extra extra large: the largest standard size.
  case xxxLarge
  /// The first accessibility size (UIKit's `accessibilityMedium`).
  case accessibility1
  /// The second accessibility size (`accessibilityLarge`).
  case accessibility2
  /// The third accessibility size (`accessibilityExtraLarge`).
  case accessibility3
  /// The fourth accessibility size (`accessibilityExtraExtraLarge`).
  case accessibility4
  /// The largest size (`accessibilityExtraExtraExtraLarge`).
  case accessibility5

  /// How much text grows at this size: the size of body text at it over its size at
  /// ``large`` (17 points), as Apple's body style has it (14, 15, 16, 17, 19, 21, 23, 28, 33,
  /// 40, 47, 53 points), so 53/17 ≈ 3.1 at ``accessibility5``.
  public var scale: Double { Self.bodySizes[Self.allCases.firstIndex(of: self) ?? 3] / 17 }

  /// Whether this is one of the five accessibility sizes.
  public var isAccessibilitySize: Bool { self >= .accessibility1 }

  /// Orders sizes from the smallest.
  public static func < (a: ContentSize, b: ContentSize) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }

  static let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
}

extension TextContent {
  /// The text with every run's font size (and letter spacing) multiplied by `factor`; a factor
  /// that is not positive and finite leaves the text as it is.
  public func scaled(by factor: Double) -> TextContent {
    guard factor.isFinite, factor > 0, factor != 1 else { return self }
    var out = self
    for i in out.runs.indices {
      out.runs[i].font.size *= factor
      out.runs[i].letterSpacing = out.runs[i].letterSpacing.map { $0 * factor }
    }
    out.letterSpacing *= factor
    return out
  }
}
