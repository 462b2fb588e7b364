/// A page's place on screen, counted from the left: slot 0 is the leftmost page.
///
/// Left to right, slot *i* holds page *i*; right to left it holds page N − 1 − *i*. Pages
/// (what data sources, delegates and animators speak of) stay `Int`; slots (what scroll
/// offsets and frames are made of) are this type, so the two cannot be mixed up.
struct Slot: Hashable, Comparable, Strideable, Sendable, CustomStringConvertible {
  /// The slot's number from the left.
  var index: Int

  init(_ index: Int) { self.index = index }

  static func < (a: Slot, b: Slot) -> Bool { a.index < b.index }
  func advanced(by n: Int) -> Slot { Slot(index + n) }
  func distance(to other: Slot) -> Int { other.index - index }
  var description: String { "slot \(index)" }
}

/// How pages map to slots and page positions to visual positions: the one place the
/// right-to-left mirror is written.
struct PageOrder: Hashable, Sendable {
  /// The number of pages.
  let count: Int
  /// Whether page 0 is on the right.
  let isRightToLeft: Bool

  init(count: Int, isRightToLeft: Bool) {
    self.count = Swift.max(0, count)
    self.isRightToLeft = isRightToLeft
  }

  /// The mirror: x ↦ (N − 1) − x right to left, the identity left to right. It is its own
  /// inverse, so it maps pages to slots and slots to pages alike. (With no pages it mirrors
  /// about 0, so that position 0 stays 0.)
  private func mirrored(_ x: Double) -> Double {
    isRightToLeft ? Double(Swift.max(count, 1) - 1) - x : x
  }

  /// Indices are limited to ±2⁵² so that the mirror is exact in a `Double` and never overflows.
  private static let indexLimit = 1 << 52

  private func mirrored(_ i: Int) -> Int {
    Int(mirrored(Double(Swift.min(Swift.max(i, -Self.indexLimit), Self.indexLimit))))
  }

  /// The slot that shows `page`.
  func slot(of page: Int) -> Slot { Slot(mirrored(page)) }

  /// The page shown in `slot`.
  func page(in slot: Slot) -> Int { mirrored(slot.index) }

  /// The visual position (offset / page width) of a page position (1.5: half way from page 1
  /// to page 2).
  func visualPosition(of pagePosition: Double) -> Double { mirrored(pagePosition) }

  /// The page position of a visual position.
  func pagePosition(ofVisual visual: Double) -> Double { mirrored(visual) }

  /// The pages shown in `slots`, as a range of pages.
  func pages(in slots: ClosedRange<Slot>) -> ClosedRange<Int> {
    let a = page(in: slots.lowerBound)
    let b = page(in: slots.upperBound)
    return Swift.min(a, b)...Swift.max(a, b)
  }
}
