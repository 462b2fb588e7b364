/// Suggestions for names given with a slip, shared by every place that reads names (easings
/// here, the spec's keys, values and files).
package enum Spelling {
  /// The closest of `candidates` to `word`, when it is close enough to be a slip (an edit
  /// distance of at most a third of the word, case ignored).
  package static func nearest(to word: String, among candidates: [String]) -> String? {
    let w = Array(word.lowercased().unicodeScalars.prefix(64))
    var best: (String, Int)? = nil
    for c in candidates {
      let d = distance(w, Array(c.lowercased().unicodeScalars))
      if let b = best, b.1 <= d { continue }
      best = (c, d)
    }
    guard let (candidate, d) = best, d <= Swift.max(1, w.count / 3) else { return nil }
    return candidate
  }

  /// Levenshtein distance, with a swap of neighbours counted as one edit.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = Swift.min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
