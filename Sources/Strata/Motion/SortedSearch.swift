extension RandomAccessCollection where Index == Int {
  /// The index of the last element whose `key` is at most `value`, in a collection sorted by
  /// `key`; the first index when every key is larger. At least two elements are assumed.
  ///
  /// - Complexity: O(log n).
  func lastIndex(keyAtMost value: Double, key: (Element) -> Double) -> Int {
    var lo = startIndex
    var hi = endIndex - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if key(self[mid]) <= value { lo = mid } else { hi = mid }
    }
    return lo
  }
}
