/// Mark attachment from a font's `GPOS` table: mark-to-base (4), mark-to-ligature (5, on the
/// ligature's last component) and mark-to-mark (6) lookups of the `mark` and `mkmk` features,
/// Extension lookups included. Each mark is moved so that its anchor meets its base's.
struct MarkPositioning: Sendable {
  struct Anchor: Sendable {
    var x: Int
    var y: Int
  }

  /// One attachment subtable: the marks' classes and anchors, and each base's anchors by class.
  struct Attachment: Sendable {
    var marks: [UInt16: (cls: Int, anchor: Anchor)]
    var bases: [UInt16: [Anchor?]]
    /// Mark to mark: the base is the previous mark.
    var toMark: Bool
  }

  var lookups: [Int: [Attachment]] = [:]
  /// script → lookup indexes of `mark` and `mkmk`, in order.
  var scripts: [String: [Int]] = [:]
  private var budget = 1_000_000

  init() {}

  init(_ data: [UInt8], gpos: (offset: Int, length: Int)?) {
    guard let gpos else { return }
    do { try read(data, gpos.offset) } catch {
      lookups = [:]
      scripts = [:]
    }
  }

  private mutating func spend(_ n: Int) throws(FontError) {
    guard n <= budget else { throw .truncated(table: "GPOS", offset: 0) }
    budget -= n
  }

  private mutating func read(_ data: [UInt8], _ base: Int) throws(FontError) {
    let r = FontReader(data, table: "GPOS")
    let header = try OpenTypeLayout(r, base: base, budget: &budget)
    let lookupList = header.lookupList
    var wanted: Set<Int> = []
    for (tag, byFeature) in header.features {
      let list = Set((byFeature["mark"] ?? []) + (byFeature["mkmk"] ?? []))
      scripts[tag] = list.sorted()
      wanted.formUnion(list)
    }
    let lookupCount = try r.u16(lookupList)
    for i in wanted.sorted() where i < lookupCount {
      let l = lookupList + (try r.u16(lookupList + 2 + 2 * i))
      var type = try r.u16(l)
      let n = try r.u16(l + 4)
      var attachments: [Attachment] = []
      for k in 0..<n {
        var s = l + (try r.u16(l + 6 + 2 * k))
        if type == 9 {
          type = try r.u16(s + 2)
          s += try r.u32(s + 4)
        }
        guard [4, 5, 6].contains(type), try r.u16(s) == 1 else { continue }
        if let a = try? attachment(r, s, type: type) { attachments.append(a) }
      }
      lookups[i] = attachments
    }
  }

  private func anchor(_ r: FontReader, _ p: Int) throws(FontError) -> Anchor {
    Anchor(x: try r.i16(p + 2), y: try r.i16(p + 4))
  }

  private mutating func attachment(_ r: FontReader, _ s: Int, type: Int) throws(FontError)
    -> Attachment
  {
    let markCoverage = try OpenTypeLayout.coverage(r, s + (try r.u16(s + 2)))
    let baseCoverage = try OpenTypeLayout.coverage(r, s + (try r.u16(s + 4)))
    let classCount = try r.u16(s + 6)
    let markArray = s + (try r.u16(s + 8))
    let baseArray = s + (try r.u16(s + 10))
    try spend(markCoverage.count + baseCoverage.count * Swift.max(1, classCount))
    var marks: [UInt16: (cls: Int, anchor: Anchor)] = [:]
    let markCount = try r.u16(markArray)
    for (i, g) in markCoverage.enumerated() where i < markCount {
      let rec = markArray + 2 + 4 * i
      marks[g] = (try r.u16(rec), try anchor(r, markArray + (try r.u16(rec + 2))))
    }
    var bases: [UInt16: [Anchor?]] = [:]
    let baseCount = try r.u16(baseArray)
    for (i, g) in baseCoverage.enumerated() where i < baseCount {
      var record = baseArray + 2 + 2 * classCount * i
      if type == 5 {
        // A ligature: its attach record; the last component's anchors.
        let attach = baseArray + (try r.u16(baseArray + 2 + 2 * i))
        let components = try r.u16(attach)
        guard components > 0 else { continue }
        record = attach + 2 + 2 * classCount * (components - 1)
        var anchors: [Anchor?] = []
        for c in 0..<classCount {
          let o = try r.u16(record + 2 * c)
          anchors.append(o == 0 ? nil : try anchor(r, attach + o))
        }
        bases[g] = anchors
        continue
      }
      var anchors: [Anchor?] = []
      for c in 0..<classCount {
        let o = try r.u16(record + 2 * c)
        anchors.append(o == 0 ? nil : try anchor(r, baseArray + o))
      }
      bases[g] = anchors
    }
    return Attachment(marks: marks, bases: bases, toMark: type == 6)
  }

  /// For each glyph of `glyphs` (one face, logical order) that a lookup attaches: how many
  /// glyphs back its base is, and its offset from the base's origin in font units.
  func attachments(script: String, glyphs: [UInt16], isMark: (UInt16) -> Bool) -> [Int: (
    back: Int, dx: Int, dy: Int
  )] {
    guard let order = scripts[script] ?? scripts["DFLT"] ?? scripts["latn"] else { return [:] }
    var out: [Int: (back: Int, dx: Int, dy: Int)] = [:]
    for index in order {
      for (i, g) in glyphs.enumerated() where isMark(g) && out[i] == nil {
        for a in lookups[index] ?? [] {
          guard let mark = a.marks[g] else { continue }
          // The base: the previous glyph that is not a mark (or, mark to mark, the previous mark).
          var j = i - 1
          if !a.toMark { while j >= 0, isMark(glyphs[j]) { j -= 1 } }
          guard j >= 0, let anchors = a.bases[glyphs[j]], mark.cls < anchors.count,
            let b = anchors[mark.cls]
          else { continue }
          var dx = b.x - mark.anchor.x
          var dy = b.y - mark.anchor.y
          // A base that is itself attached carries its mark along.
          if let carried = out[j] {
            dx += carried.dx
            dy += carried.dy
            out[i] = (i - j + carried.back, dx, dy)
          } else {
            out[i] = (i - j, dx, dy)
          }
          break
        }
      }
    }
    return out
  }
}
