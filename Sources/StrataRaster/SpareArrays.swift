/// Arrays whose memory is kept to be used again, by place: the array kept at place k goes to
/// the next taker of place k.
///
/// A frame numbers what it makes in the order its commands make it (the first clip drawn is
/// place 0), so the next frame's first clip gets the first clip's memory again. The frames of
/// a sequence draw the same kinds of things in the same order at much the same sizes, so the
/// array at each place soon holds the largest its place needed, and from then on nothing is
/// allocated. A place that needs no array in one frame keeps its memory for the next.
/// (Taking whatever fits instead fails that: a smaller request can take the array a larger
/// one needs next.)
package struct SpareArrays<Element> {
  private var arrays: [[Element]] = []
  /// Places from here on are not kept.
  package let limit: Int

  package init(limit: Int = 64) {
    self.limit = limit
  }

  /// An empty array in the memory kept at `place` (new memory for nil).
  package mutating func take(place: Int?) -> [Element] {
    var taken = takeWhole(place: place)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  /// `count` copies of `value`, in the memory kept at `place`.
  package mutating func take(_ count: Int, of value: Element, place: Int?) -> [Element] {
    var taken = takeWhole(place: place)
    let n = Swift.max(0, count)
    // What the array already holds is overwritten in place (a fill the compiler turns into
    // wide stores); only elements past it are appended one by one.
    if taken.count > n { taken.removeLast(taken.count - n) }
    taken.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
    if taken.count < n { taken.append(contentsOf: repeatElement(value, count: n - taken.count)) }
    return taken
  }

  /// The array kept at `place`, as it was kept.
  private mutating func takeWhole(place: Int?) -> [Element] {
    var taken: [Element] = []
    if let place, place >= 0, place < arrays.count { swap(&taken, &arrays[place]) }
    return taken
  }

  /// Keeps `array`'s memory at `place` for the next taker of that place.
  package mutating func keep(_ array: [Element], place: Int) {
    guard place >= 0, place < limit, array.capacity > 0 else { return }
    while arrays.count <= place { arrays.append([]) }
    arrays[place] = array
  }
}

extension SpareArrays where Element == Int32 {
  /// `count` zeros in the memory kept at `place`: ``take(_:of:place:)`` compiled for `Int32`
  /// here, so that callers in other modules (the display-list player's covers) run the
  /// specialised loop, which allocates nothing once the memory at `place` is large enough.
  package mutating func takeZeros(_ count: Int, place: Int?) -> [Int32] {
    take(count, of: 0, place: place)
  }

  /// ``keep(_:place:)`` compiled for `Int32` (see ``takeZeros(_:place:)``).
  package mutating func keepRows(_ array: [Int32], place: Int) {
    keep(array, place: place)
  }
}
