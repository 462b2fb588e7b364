import Strata

/// Builds small TrueType fonts in memory, table by table, so the parser can be tested on
/// known contents and on deliberately broken ones.
public struct FontBuilder {
  /// The tables by tag, each as its bytes.
  public var tables: [String: [UInt8]] = [:]

  /// A font of no tables yet.
  public init() {}

  /// `v` as two big-endian bytes.
  public static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  /// `v` as four big-endian bytes.
  public static func be32(_ v: Int) -> [UInt8] {
    [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// A simple glyph: one closed contour of on-curve points.
  public static func simpleGlyph(_ pts: [(Int, Int)]) -> [UInt8] {
    var g = be16(1)  // one contour
    let xs = pts.map(\.0)
    let ys = pts.map(\.1)
    g += be16(xs.min() ?? 0) + be16(ys.min() ?? 0) + be16(xs.max() ?? 0) + be16(ys.max() ?? 0)
    g += be16(pts.count - 1)  // end point
    g += be16(0)  // no instructions
    g += [UInt8](repeating: 1, count: pts.count)  // on curve, 16-bit deltas
    var last = 0
    for x in xs {
      g += be16(x - last)
      last = x
    }
    last = 0
    for y in ys {
      g += be16(y - last)
      last = y
    }
    return g
  }

  /// A composite glyph of components (glyph, dx, dy, scale).
  public static func compositeGlyph(_ parts: [(Int, Int, Int, Double?)]) -> [UInt8] {
    var g = be16(0xFFFF) + be16(0) + be16(0) + be16(100) + be16(100)
    for (i, p) in parts.enumerated() {
      var flags = 0x1 | 0x2  // 16-bit args, XY values
      if p.3 != nil { flags |= 0x8 }
      if i < parts.count - 1 { flags |= 0x20 }
      g += be16(flags) + be16(p.0) + be16(p.1) + be16(p.2)
      if let s = p.3 { g += be16(Int(s * 16384)) }
    }
    return g
  }

  /// A composite that places its second component by matching points: point `parent` of the
  /// first component meets point `child` of the second.
  public static func pointMatchedGlyph(first: Int, second: Int, parent: Int, child: Int) -> [UInt8]
  {
    var g = be16(-1) + be16(0) + be16(0) + be16(300) + be16(100)
    g += be16(0x1 | 0x2 | 0x20) + be16(first) + be16(0) + be16(0)
    g += be16(0x1) + be16(second) + be16(parent) + be16(child)
    return g
  }

  /// A font with glyphs: 0 empty (.notdef), 1 a 100-unit square ('A'), 2 a composite of two
  /// squares ('B'), 3 a composite that contains itself ('C'); a kern pair A-B of −50.
  public static func sample(glyphs custom: [[UInt8]]? = nil) -> FontBuilder {
    var b = FontBuilder()
    let glyphs =
      custom ?? [
        [],
        simpleGlyph([(0, 0), (0, 100), (100, 100), (100, 0)]),
        compositeGlyph([(1, 0, 0, nil), (1, 200, 0, 0.5)]),
        compositeGlyph([(3, 10, 0, nil)]),
      ]
    var glyf: [UInt8] = []
    var loca: [UInt8] = []
    for g in glyphs {
      loca += be32(glyf.count)
      glyf += g
      while glyf.count % 4 != 0 { glyf.append(0) }
    }
    loca += be32(glyf.count)
    b.tables["glyf"] = glyf
    b.tables["loca"] = loca
    var head = [UInt8](repeating: 0, count: 54)
    head.replaceSubrange(18..<20, with: be16(1000))  // unitsPerEm
    head.replaceSubrange(50..<52, with: be16(1))  // long loca
    b.tables["head"] = head
    var hhea = [UInt8](repeating: 0, count: 36)
    hhea.replaceSubrange(4..<6, with: be16(800))
    hhea.replaceSubrange(6..<8, with: be16(-200 & 0xFFFF))
    hhea.replaceSubrange(8..<10, with: be16(90))
    hhea.replaceSubrange(34..<36, with: be16(glyphs.count))
    b.tables["hhea"] = hhea
    b.tables["maxp"] = be32(0x5000) + be16(glyphs.count)
    var hmtx: [UInt8] = []
    for i in 0..<glyphs.count { hmtx += be16(500 + 100 * i) + be16(0) }
    b.tables["hmtx"] = hmtx
    // cmap format 4: 'A'...'C' → 1...3, and the closing 0xFFFF segment.
    var sub = be16(4) + be16(32) + be16(0) + be16(4) + be16(4) + be16(1) + be16(0)
    sub += be16(0x43) + be16(0xFFFF) + be16(0)  // ends, reserved pad
    sub += be16(0x41) + be16(0xFFFF)  // starts
    sub += be16((1 - 0x41) & 0xFFFF) + be16(1)  // deltas
    sub += be16(0) + be16(0)  // range offsets
    sub.replaceSubrange(2..<4, with: be16(sub.count))
    b.tables["cmap"] = be16(0) + be16(1) + be16(3) + be16(1) + be32(12) + sub
    // kern version 0, one format-0 subtable with the pair (1, 2) = −50.
    let pairs = be16(1) + be16(6) + be16(0) + be16(0) + be16(1) + be16(2) + be16(-50 & 0xFFFF)
    b.tables["kern"] = be16(0) + be16(1) + be16(0) + be16(6 + pairs.count) + be16(1) + pairs
    b.tables["name"] = nameTable(family: "Strata Test", style: "Regular")
    return b
  }

  /// A `name` table giving the family and style names (in Windows Unicode records).
  public static func nameTable(family: String, style: String) -> [UInt8] {
    let strings = [(1, family), (2, style)]
    var records: [UInt8] = []
    var storage: [UInt8] = []
    for (id, s) in strings {
      let utf16 = Array(s.utf16).flatMap { be16(Int($0)) }
      records +=
        be16(3) + be16(1) + be16(0x409) + be16(id) + be16(utf16.count) + be16(storage.count)
      storage += utf16
    }
    return be16(0) + be16(strings.count) + be16(6 + records.count) + records + storage
  }

  /// The font file.
  public func build() -> [UInt8] {
    let names = tables.keys.sorted()
    var out =
      Self.be32(0x0001_0000) + Self.be16(names.count) + Self.be16(0) + Self.be16(0) + Self.be16(0)
    var offset = 12 + 16 * names.count
    var body: [UInt8] = []
    for n in names {
      let data = tables[n] ?? []
      out += Array(n.utf8) + Self.be32(0) + Self.be32(offset + body.count) + Self.be32(data.count)
      body += data
      while body.count % 4 != 0 { body.append(0) }
    }
    _ = offset
    offset = 0
    return out + body
  }

  /// A collection of the given fonts.
  public static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
    var header = Array("ttcf".utf8) + be32(0x0001_0000) + be32(fonts.count)
    let start = 12 + 4 * fonts.count
    var body: [UInt8] = []
    var offsets: [Int] = []
    for f in fonts {
      offsets.append(start + body.count)
      // Table offsets inside each font are absolute: shift them by where the font lands.
      var shifted = f
      let count = Int(f[4]) << 8 | Int(f[5])
      for i in 0..<count {
        let p = 12 + 16 * i + 8
        let old = Int(f[p]) << 24 | Int(f[p + 1]) << 16 | Int(f[p + 2]) << 8 | Int(f[p + 3])
        shifted.replaceSubrange(p..<(p + 4), with: be32(old + start + body.count))
      }
      body += shifted
    }
    for o in offsets { header += be32(o) }
    return header + body
  }
}
