import Strata
import StrataFiles
import StrataIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds font faces by family, weight and style, in the usual folders and in files you add.
///
/// The folders are searched (recursively, for `.ttf`, `.otf` and `.ttc` files) the first
/// time a face is asked for. Faces with CFF outlines and files that do not parse are
/// skipped. ``shared`` searches `/usr/share/fonts`, `/usr/local/share/fonts`, `~/.fonts`,
/// `~/.local/share/fonts`, `/System/Library/Fonts` and `/Library/Fonts`.
///
/// Asking for a family that is not there falls back to ``fallbackFamilies`` (DejaVu Sans
/// first, which every machine this project runs on has) and reports it once per family
/// through ``warningHandler``; it never fails while any font is installed.
public final class FontCatalog: Sendable {
  /// The families tried, in order, for ``Font/systemFamily`` and for a missing family.
  public static let fallbackFamilies = [
    "DejaVu Sans", "Liberation Sans", "Noto Sans", "Helvetica Neue", "Helvetica", "Arial", "Roboto",
    "Open Sans",
  ]

  /// Families preferred for a script's characters before ``fallbackFamilies`` (by OpenType
  /// script tag; `emoj` for emoji): the cascade a character without a glyph in its own font
  /// goes through. Any installed face with the glyph comes last.
  public static let scriptFamilies: [String: [String]] = [
    "arab": ["Noto Sans Arabic", "Noto Naskh Arabic", "DejaVu Sans"],
    "hebr": ["Noto Sans Hebrew", "DejaVu Sans", "Noto Sans"],
    "grek": ["DejaVu Sans", "Noto Sans"],
    "cyrl": ["DejaVu Sans", "Noto Sans"],
    "hani": ["Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK TC", "WenQuanYi Zen Hei"],
    "deva": ["Noto Sans Devanagari"],
    "thai": ["Noto Sans Thai", "DejaVu Sans"],
    "emoj": ["Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", "Twemoji"],
  ]

  /// The OpenType script tag of `scalar` (`emoj` for emoji), or `nil` for characters common to
  /// every script: what shaping and the font cascade go by.
  static func cascadeScript(of scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return "latn"
    case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
      return "arab"
    case 0x590...0x5FF, 0xFB1D...0xFB4F: return "hebr"
    case 0x370...0x3FF, 0x1F00...0x1FFF: return "grek"
    case 0x400...0x52F: return "cyrl"
    case 0x900...0x97F: return "deva"
    case 0xE00...0xE7F: return "thai"
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF: return "hani"
    case 0x1F000...0x1FAFF, 0x2600...0x27BF, 0xFE0F: return "emoj"
    default: return nil
    }
  }

  /// The face that draws `scalar` for `font` when the font's own face cannot: the script's
  /// families, then ``fallbackFamilies``, then any installed face that has it — in the font's
  /// weight and slant where the family has them. `nil` when no installed face has it.
  public func fallbackFace(for scalar: Unicode.Scalar, like font: Font) -> FontFace? {
    let families =
      (Self.cascadeScript(of: scalar).flatMap { Self.scriptFamilies[$0] } ?? [])
      + Self.fallbackFamilies
    let all = faces
    for family in families where all.contains(where: { $0.familyName == family }) {
      if let f = face(family: family, weight: font.weight.value, italic: font.isItalic),
        f.familyName == family, f.hasGlyph(for: scalar)
      {
        return f
      }
      if let f = all.first(where: { $0.familyName == family && $0.hasGlyph(for: scalar) }) {
        return f
      }
    }
    return all.first { $0.hasGlyph(for: scalar) }
  }

  /// The characters of `text` that no installed face can draw for `font` (each once, in order):
  /// what would show as an empty box.
  public func missingCharacters(in text: String, font: Font) -> [Unicode.Scalar] {
    let own = face(for: font)
    var seen: Set<Unicode.Scalar> = []
    var out: [Unicode.Scalar] = []
    for c in text.unicodeScalars where c.value >= 0x20 && !seen.contains(c) {
      seen.insert(c)
      if Bidi.kind(of: c) == .bn || c == " " || (0xFE00...0xFE0F).contains(c.value) { continue }
      if own?.hasGlyph(for: c) == true { continue }
      if fallbackFace(for: c, like: font) == nil { out.append(c) }
    }
    return out
  }

  /// The folders searched by ``shared``: the system's first, then the user's, so that when two
  /// faces answer a request equally well the system's own wins (a font in the user's folder
  /// that calls itself "DejaVu Sans" does not replace the real one).
  public static var defaultSearchPaths: [String] {
    var paths = [
      "/usr/share/fonts", "/usr/local/share/fonts", "/System/Library/Fonts", "/Library/Fonts",
    ]
    if let home = getenv("HOME").map({ String(cString: $0) }) {
      paths += [home + "/.fonts", home + "/.local/share/fonts"]
    }
    return paths
  }

  /// The catalogue of the system's fonts.
  public static let shared = FontCatalog(searchPaths: defaultSearchPaths)

  struct State {
    var faces: [FontFace] = []
    var warned: Set<String> = []
  }

  private let searchPaths: [String]
  private let state = Locked(State())
  private let scanLock = Locked(false)
  private let handler: Locked<@Sendable (String) -> Void>

  /// Creates a catalogue over `searchPaths` (searched lazily) and explicit font `files`.
  ///
  /// Files that cannot be read are reported through the warning handler and skipped.
  public init(searchPaths: [String] = [], files: [String] = []) {
    self.searchPaths = searchPaths
    self.handler = Locked({ message in
      let line = Array("strata: \(message)\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    })
    for f in files {
      do {
        try add(file: f)
      } catch {
        warn("could not read font \(f): \(error)")
      }
    }
  }

  /// Receives the one-line warnings (missing families, unreadable files); by default they go to standard error.
  public var warningHandler: @Sendable (String) -> Void {
    get { handler.withLock { $0 } }
    set { handler.withLock { $0 = newValue } }
  }

  /// Adds every face of the font file at `path`.
  ///
  /// - Throws: ``FontError`` when the file cannot be read or its first face does not parse.
  public func add(file path: String) throws(FontError) {
    let faces = try Self.load(path)
    state.withLock { $0.faces += faces }
  }

  /// Adds an already parsed face.
  public func add(_ face: FontFace) {
    state.withLock { $0.faces.append(face) }
  }

  /// Every face known, after searching the folders.
  public var faces: [FontFace] {
    scanIfNeeded()
    return state.withLock { $0.faces }
  }

  /// The family names known, sorted.
  public var families: [String] {
    Array(Set(faces.map(\.familyName))).sorted()
  }

  /// The face that best answers `font`: its family (or the first fallback family present),
  /// the italic style if asked, and the nearest weight.
  ///
  /// Returns `nil` only when no font at all is known.
  public func face(for font: Font) -> FontFace? {
    face(family: font.family, weight: font.weight.value, italic: font.isItalic)
  }

  /// The face that best answers a family, weight (1...1000) and style.
  public func face(family: String, weight: Int = 400, italic: Bool = false) -> FontFace? {
    let all = faces
    let wanted = family.lowercased()
    var candidates =
      family == Font.systemFamily ? [] : all.filter { $0.familyName.lowercased() == wanted }
    if candidates.isEmpty {
      if family != Font.systemFamily { warnOnce(family) }
      for f in Self.fallbackFamilies {
        candidates = all.filter { $0.familyName.lowercased() == f.lowercased() }
        if !candidates.isEmpty { break }
      }
      if candidates.isEmpty { candidates = all }
    }
    // The first of equally good faces wins: files added explicitly, then the search folders in
    // their order (the system's before the user's).
    return candidates.min { a, b in
      Self.distance(a, weight, italic) < Self.distance(b, weight, italic)
    }
  }

  static func distance(_ f: FontFace, _ weight: Int, _ italic: Bool) -> (Int, Int) {
    (f.isItalic == italic ? 0 : 1, abs(f.weight - weight))
  }

  private func warnOnce(_ family: String) {
    let first = state.withLock { $0.warned.insert(family).inserted }
    if first {
      warn(
        "font family '\(family)' is not installed; using \(Self.fallbackFamilies[0]) or the nearest fallback"
      )
    }
  }

  private func warn(_ message: String) {
    let h = handler.withLock { $0 }
    h(message)
  }

  private func scanIfNeeded() {
    // Callers wait here while one of them scans, so nobody sees a half-scanned catalogue.
    scanLock.withLock { scanned in
      guard !scanned else { return }
      // Folder by folder in the order given (files sorted within each), so that earlier
      // folders win ties: face(family:weight:italic:) takes the first of equally good faces.
      var found: [FontFace] = []
      for dir in searchPaths {
        var files: [String] = []
        Self.collectFontFiles(dir, depth: 0, into: &files)
        for f in files.sorted() {
          if let faces = try? Self.load(f) { found += faces }
        }
      }
      state.withLock { $0.faces += found }
      scanned = true
    }
  }

  static func load(_ path: String) throws(FontError) -> [FontFace] {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: 256 << 20)
    } catch {
      throw .io(path: path, reason: error.reason)
    }
    var faces: [FontFace] = []
    for i in 0..<FontFace.faceCount(in: bytes) {
      do {
        faces.append(try FontFace(data: bytes, index: i, source: path))
      } catch {
        if i == 0 { throw error }
      }
    }
    return faces
  }

  static func collectFontFiles(_ dir: String, depth: Int, into files: inout [String]) {
    guard depth < 8, let d = opendir(dir) else { return }
    defer { closedir(d) }
    while let entry = readdir(d) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      let path = dir + "/" + name
      var st = stat()
      guard stat(path, &st) == 0 else { continue }
      if (st.st_mode & S_IFMT) == S_IFDIR {
        collectFontFiles(path, depth: depth + 1, into: &files)
      } else {
        let lower = name.lowercased()
        if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
          files.append(path)
        }
      }
    }
  }
}
