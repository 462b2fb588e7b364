/// A set of glyph ids as bits: membership without hashing, for the per-glyph tests of shaping.
struct GlyphBits: Sendable {
  private var words: [UInt64] = []

  init() {}

  init(_ glyphs: Set<UInt16>) {
    guard let top = glyphs.max() else { return }
    words = [UInt64](repeating: 0, count: Int(top) / 64 + 1)
    for g in glyphs { words[Int(g) / 64] |= 1 << UInt64(g % 64) }
  }

  func contains(_ g: UInt16) -> Bool {
    let w = Int(g) / 64
    return w < words.count && words[w] & (1 << UInt64(g % 64)) != 0
  }

  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
}

/// One glyph being shaped: its id, the index of the first character it shows, and the features
/// that apply to it (bits of ``GlyphSubstitution/featureBit(_:)``).
struct ShapingGlyph {
  var glyph: UInt16
  var cluster: Int
  var features: UInt8
}

extension GlyphSubstitution {
  /// Applies `plan` (lookup indexes with their features) to `buffer`.
  func apply(_ plan: [(index: Int, feature: UInt8)], to buffer: inout [ShapingGlyph]) {
    for (index, feature) in plan where index < lookups.count {
      let first = lookups[index].firstGlyphs
      var i = 0
      var steps = 0
      while i < buffer.count, steps < 100_000 {
        steps += 1
        if buffer[i].features & feature != 0, first.contains(buffer[i].glyph) {
          i = apply(lookup: index, at: i, in: &buffer, depth: 0) ?? (i + 1)
        } else {
          i += 1
        }
      }
    }
  }

  private func skips(_ lookup: Lookup, _ g: UInt16) -> Bool {
    lookup.ignoresMarks && markGlyphs.contains(g)
  }

  /// The positions of the next `count` glyphs from `start` (inclusive) that the lookup does not
  /// skip, or nil when there are not enough.
  private func positions(
    _ lookup: Lookup, from start: Int, count: Int, in buffer: [ShapingGlyph], step: Int = 1
  ) -> [Int]? {
    var out: [Int] = []
    var k = start
    while out.count < count {
      guard k >= 0, k < buffer.count else { return nil }
      if !skips(lookup, buffer[k].glyph) { out.append(k) }
      k += step
    }
    return out
  }

  /// Applies lookup `index` at position `i`; the position to go on from, or nil when nothing
  /// applied.
  private func apply(lookup index: Int, at i: Int, in buffer: inout [ShapingGlyph], depth: Int)
    -> Int?
  {
    guard depth < 8, index < lookups.count, i < buffer.count else { return nil }
    let lookup = lookups[index]
    let g = buffer[i].glyph
    if skips(lookup, g) { return nil }
    for sub in lookup.subtables {
      switch sub {
      case .single(let map):
        if let s = map[g] {
          buffer[i].glyph = s
          return i + 1
        }
      case .multiple(let map):
        if let seq = map[g], !seq.isEmpty {
          let template = buffer[i]
          buffer.replaceSubrange(
            i...i,
            with: seq.map {
              ShapingGlyph(glyph: $0, cluster: template.cluster, features: template.features)
            })
          return i + seq.count
        }
      case .ligature(let map):
        for lig in map[g] ?? [] {
          guard let next = positions(lookup, from: i + 1, count: lig.components.count, in: buffer),
            zip(next, lig.components).allSatisfy({ buffer[$0.0].glyph == $0.1 })
          else { continue }
          buffer[i].glyph = lig.glyph
          for k in next.reversed() { buffer.remove(at: k) }
          return i + 1
        }
      case .chain(let rules):
        for rule in rules {
          guard let first = rule.input.first, first.contains(g),
            let input = positions(lookup, from: i, count: rule.input.count, in: buffer),
            zip(input, rule.input).allSatisfy({ $0.1.contains(buffer[$0.0].glyph) })
          else { continue }
          if !rule.backtrack.isEmpty {
            guard
              let back = positions(
                lookup, from: i - 1, count: rule.backtrack.count, in: buffer, step: -1),
              zip(back, rule.backtrack).allSatisfy({ $0.1.contains(buffer[$0.0].glyph) })
            else { continue }
          }
          if !rule.lookahead.isEmpty {
            guard let last = input.last,
              let ahead = positions(
                lookup, from: last + 1, count: rule.lookahead.count, in: buffer),
              zip(ahead, rule.lookahead).allSatisfy({ $0.1.contains(buffer[$0.0].glyph) })
            else { continue }
          }
          var end = (input.last ?? i) + 1
          let before = buffer.count
          for record in rule.records where record.sequenceIndex < input.count {
            let at = input[record.sequenceIndex] + (buffer.count - before)
            _ = apply(lookup: record.lookup, at: at, in: &buffer, depth: depth + 1)
          }
          end += buffer.count - before
          return Swift.max(i + 1, end)
        }
      }
    }
    return nil
  }
}
