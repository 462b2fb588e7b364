import Foundation

/// A fenced block of a Markdown file, with the marker comment just above it, if any.
struct DocBlock {
  var file: String
  var line: Int
  var language: String
  var marker: String?
  var body: [String]
  /// The ```text block that follows, if one comes next.
  var followingText: [String]?
}

/// Reads the fenced blocks of README.md and Docs/*.md.
enum DocReader {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The documentation files, relative to the package root, in a fixed order.
  static var files: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
  }

  static func blocks(in file: String) -> [DocBlock] {
    guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    else { return [] }
    let lines = text.components(separatedBy: "\n")
    var out: [DocBlock] = []
    var i = 0
    var lastMarker: (line: Int, text: String)?
    while i < lines.count {
      let l = lines[i]
      if l.hasPrefix("<!-- ") && l.hasSuffix(" -->") {
        lastMarker = (i, String(l.dropFirst(5).dropLast(4)))
      }
      if l.hasPrefix("```"), l.count > 3 {
        let language = String(l.dropFirst(3))
        var body: [String] = []
        var j = i + 1
        while j < lines.count, !lines[j].hasPrefix("```") {
          body.append(lines[j])
          j += 1
        }
        let marker = lastMarker.flatMap { $0.line == i - 1 ? $0.text : nil }
        out.append(
          DocBlock(file: file, line: i + 1, language: language, marker: marker, body: body))
        i = j + 1
        continue
      }
      i += 1
    }
    // Attach each text block to the swift block right before it (blank lines between).
    for k in out.indices.dropLast() where out[k].language == "swift" {
      let next = out[k + 1]
      guard next.language == "text", next.marker == nil else { continue }
      let between = lines[(out[k].line + out[k].body.count)..<(next.line - 1)]
      if between.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty || $0 == "```" }) {
        out[k].followingText = next.body
      }
    }
    return out
  }

  static var allBlocks: [DocBlock] { files.flatMap(blocks(in:)) }
}
