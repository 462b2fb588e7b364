/// Why a font could not be read.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The data ends before a read in `table` at byte `offset` (from the start of the file).
  case truncated(table: String, offset: Int)
  /// A table that every TrueType font must have is missing.
  case missingTable(String)
  /// A table's contents do not make sense.
  case malformed(table: String, reason: String)
  /// A valid font of a kind Strata does not read (for example CFF outlines).
  case unsupported(String)
  /// A composite glyph nests deeper than ``FontFace/maximumCompositeDepth`` (or refers to itself).
  case compositeTooDeep(glyph: Int)
  /// The file could not be read.
  case io(path: String, reason: String)

  /// One line saying what was wrong and where.
  public var description: String {
    switch self {
    case .truncated(let t, let o): return "font data ends early in the '\(t)' table (at byte \(o))"
    case .missingTable(let t): return "the font has no '\(t)' table"
    case .malformed(let t, let r): return "the font's '\(t)' table is malformed: \(r)"
    case .unsupported(let r): return "unsupported font: \(r)"
    case .compositeTooDeep(let g):
      return "composite glyph \(g) nests too deeply (or refers to itself)"
    case .io(let p, let r): return "\(p): \(r)"
    }
  }
}

/// Bounds-checked big-endian reads over a font file.
struct FontReader {
  let data: [UInt8]
  var table: String

  init(_ data: [UInt8], table: String) {
    self.data = data
    self.table = table
  }

  func check(_ offset: Int, _ count: Int) throws(FontError) {
    guard offset >= 0, count >= 0, offset <= data.count - count else {
      throw .truncated(table: table, offset: offset)
    }
  }

  func u8(_ o: Int) throws(FontError) -> Int {
    try check(o, 1)
    return Int(data[o])
  }

  func u16(_ o: Int) throws(FontError) -> Int {
    try check(o, 2)
    return Int(data[o]) << 8 | Int(data[o + 1])
  }

  func i16(_ o: Int) throws(FontError) -> Int {
    Int(Int16(bitPattern: UInt16(try u16(o))))
  }

  func u24(_ o: Int) throws(FontError) -> Int {
    try check(o, 3)
    return Int(data[o]) << 16 | Int(data[o + 1]) << 8 | Int(data[o + 2])
  }

  func u32(_ o: Int) throws(FontError) -> Int {
    try check(o, 4)
    return Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
  }

  /// A 2.14 fixed-point number.
  func f2dot14(_ o: Int) throws(FontError) -> Double {
    Double(try i16(o)) / 16384
  }

  func tag(_ o: Int) throws(FontError) -> String {
    try check(o, 4)
    return String(decoding: data[o..<(o + 4)], as: UTF8.self)
  }
}
