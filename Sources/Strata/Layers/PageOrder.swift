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
  /// Whether the pages go round: slot N shows page 0 again, slot −1 the last page. Only with
  /// two pages or more (one page has nowhere to go round to).
  let isCircular: Bool

  init(count: Int, isRightToLeft: Bool, isCircular: Bool = false) {
    self.count = Swift.max(0, count)
    self.isRightToLeft = isRightToLeft
    self.isCircular = isCircular && count >= 2
  }

  /// `x` taken round the circle into 0..<N (itself when not circular).
  func wrapped(_ x: Double) -> Double {
    isCircular ? x.wrapped(period: Double(count)) : x
  }

  /// `i` taken round the circle into 0..<N (itself when not circular).
  func wrapped(_ i: Int) -> Int {
    guard isCircular else { return i }
    let r = i % count
    return r < 0 ? r + count : r
  }

  /// The visual position where a circular onboarding keeps its offset for a page position:
  /// the copy of the page's place in −½..<N − ½, so that each page position has one offset
  /// (and one frame). Not circular, the plain visual position.
  func canonicalVisual(of pagePosition: Double) -> Double {
    let v = mirrored(wrapped(pagePosition))
    guard isCircular else { return v }
    return wrapped(v + 0.5) - 0.5
  }

  /// The slot of `page` nearest to the visual position `near` (circular: the nearest of its
  /// copies; ties go to the later slot).
  func slot(of page: Int, near: Double) -> Slot {
    let s0 = slot(of: wrapped(page)).index
    guard isCircular else { return Slot(s0) }
    let n = Double(count)
    let k = ((near - Double(s0)) / n).rounded(.toNearestOrAwayFromZero)
    let limit = Double(Self.indexLimit)
    return Slot(s0 + count * Int(k.clamped(to: -limit / n...limit / n)))
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

  /// The page shown in `slot` (circular: taken round the circle).
  func page(in slot: Slot) -> Int { wrapped(mirrored(wrapped(slot.index))) }

  /// The visual position (offset / page width) of a page position (1.5: half way from page 1
  /// to page 2).
  func visualPosition(of pagePosition: Double) -> Double { mirrored(pagePosition) }

  /// The page position of a visual position (circular: in 0..<N, where N − ½ is half way from
  /// the last page to the first).
  func pagePosition(ofVisual visual: Double) -> Double { wrapped(mirrored(wrapped(visual))) }

  /// The pages shown in `slots`, as a range of pages (circular: every page when the slots go
  /// round the seam between the last page and the first).
  func pages(in slots: ClosedRange<Slot>) -> ClosedRange<Int> {
    if isCircular {
      let lo = wrapped(slots.lowerBound.index)
      if slots.count >= count || lo + slots.count > count { return 0...(count - 1) }
    }
    let a = page(in: slots.lowerBound)
    let b = page(in: slots.upperBound)
    return Swift.min(a, b)...Swift.max(a, b)
  }
}
