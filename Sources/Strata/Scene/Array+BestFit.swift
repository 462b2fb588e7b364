/// Choosing a kept value by its memory: spare scene nodes (Strata) and spare group layers
/// (StrataRender) both go to the request they fit best.
extension Array {
  /// The index of the element whose capacity (`capacity`) holds `count` with the least to
  /// spare, or has the most when none does; nil when the array is empty.
  @inlinable package func bestFit(for count: Int, capacity: (Element) -> Int) -> Int? {
    guard !isEmpty else { return nil }
    var best = 0
    var bestCapacity = capacity(self[0])
    for k in indices.dropFirst() {
      let c = capacity(self[k])
      let better = bestCapacity < count ? c > bestCapacity : (c >= count && c < bestCapacity)
      if better {
        best = k
        bestCapacity = c
      }
    }
    return best
  }
}
