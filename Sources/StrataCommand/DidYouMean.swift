// The "did you mean" of the tool's messages: the nearest name to a typo.

/// The name in `candidates` nearest to `word` (at most two edits away, or one it starts), if any:
/// the "did you mean" of a typo.
func closest(to word: String, in candidates: [String]) -> String? {
  let w = Array(word.lowercased())
  var best: (name: String, distance: Int)?
  for c in candidates {
    let d = editDistance(w, Array(c.lowercased()))
    let limit = Swift.max(1, Swift.min(2, c.count / 3))
    if d <= limit, d < (best?.distance ?? Int.max) { best = (c, d) }
  }
  if let best { return best.name }
  if w.count >= 3 { return candidates.first { $0.lowercased().hasPrefix(String(w)) } }
  return nil
}

/// The Levenshtein distance between two strings of characters.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = Swift.min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
