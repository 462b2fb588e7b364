import Foundation

/// A fenced block of a Markdown file, with the marker comment just above it, if any.
public struct DocBlock: Sendable {
  /// The file, relative to the package's folder.
  public var file: String
  /// The line of the opening fence, from 1.
  public var line: Int
  /// What follows the opening fence (`swift`, `text`).
  public var language: String
  /// The text of the `<!-- … -->` comment on the line above, if any.
  public var marker: String?
  /// The lines between the fences.
  public var body: [String]
  /// The ```text block that follows, if one comes next.
  public var followingText: [String]?
}

/// Reads the fenced blocks of README.md and Docs/*.md under a package folder.
public struct DocReader: Sendable {
  /// The package's folder.
  public let root: URL

  /// A reader of the docs under `root`.
  public init(root: URL) { self.root = root }

  /// The documentation files, relative to the package root, in a fixed order.
  public var files: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
  }

  /// The fenced blocks of `file` (relative to ``root``), each with its marker and, for a Swift
  /// block, the text block right after it.
  public func blocks(in file: String) -> [DocBlock] {
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

  /// The fenced blocks of every documentation file.
  public var allBlocks: [DocBlock] { files.flatMap(blocks(in:)) }
}

/// Turns the documentation's Swift snippets into one Swift file the test target compiles.
public struct SnippetGenerator: Sendable {
  let reader: DocReader

  /// A generator over `reader`'s docs.
  public init(reader: DocReader) { self.reader = reader }

  /// The snippets that are compiled: every swift block but manifests and excerpts.
  var compiled: [DocBlock] {
    reader.allBlocks.filter {
      $0.language == "swift"
        && $0.marker.map { !$0.hasPrefix("snippet: manifest") && !$0.hasPrefix("snippet: excerpt") }
          ?? true
    }
  }

  func name(of block: DocBlock) -> String {
    let base = block.file.replacingOccurrences(of: "Docs/", with: "")
      .replacingOccurrences(of: ".md", with: "").replacingOccurrences(of: ".", with: "_")
    return "Snippet_\(base)_\(block.line)"
  }

  /// Whether the snippet is only compiled (it runs a program, or needs a test to run in).
  func isCompileOnly(_ block: DocBlock) -> Bool {
    block.marker?.hasPrefix("snippet: compile-only") ?? false
  }

  /// The generated source.
  public var source: String {
    var imports = Set<String>()
    var bodies: [String] = []
    var registry: [String] = []
    for block in compiled {
      var declarations: [String] = []
      var statements: [String] = []
      var inDeclaration = false
      for line in block.body {
        if line.hasPrefix("import ") {
          let module = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces)
          if module.hasPrefix("Strata") || module == "Foundation" { imports.insert(module) }
          continue
        }
        let starts = ["final class ", "class ", "struct ", "enum "].contains { line.hasPrefix($0) }
        if starts { inDeclaration = true }
        if inDeclaration {
          declarations.append("  " + line)
          if line == "}" { inDeclaration = false }
        } else {
          statements.append("    " + line)
        }
      }
      let name = self.name(of: block)
      var body = "/// \(block.file), line \(block.line).\nenum \(name) {\n"
      body += declarations.joined(separator: "\n") + (declarations.isEmpty ? "" : "\n")
      if isCompileOnly(block) {
        // Compiled, never called: it runs a program (Tool.main) or needs a test around it.
        body += "  static func compile() throws {\n"
        body += statements.joined(separator: "\n") + "\n  }\n}\n"
      } else {
        body += "  static func run() throws -> [String] {\n"
        body += "    var printed: [String] = []\n"
        body += "    func print(_ items: Any..., separator: String = \" \") {\n"
        body += "      printed.append(items.map { \"\\($0)\" }.joined(separator: separator))\n"
        body += "    }\n"
        body += statements.joined(separator: "\n") + "\n"
        body += "    return printed\n  }\n}\n"
      }
      bodies.append(body)
      if !isCompileOnly(block) {
        let expected =
          block.followingText.map { lines in
            "[" + lines.map { "#\"" + $0 + "\"#" }.joined(separator: ", ") + "]"
          } ?? "nil"
        registry.append("  (\"\(block.file)\", \(block.line), \(name).run, \(expected)),")
      }
    }
    var out = "// Generated at build time from the Swift snippets of README.md and Docs/ by the\n"
    out += "// doc-snippets tool (the DocSnippetsPlugin build plugin).\n"
    out += "// swift-format-ignore-file\n"
    out += imports.sorted().map { "import \($0)" }.joined(separator: "\n") + "\n\n"
    out += "/// The snippets that run, by file and line.\n"
    out += "let runnableSnippets:\n"
    out +=
      "  [(file: String, line: Int, run: @Sendable () throws -> [String], prints: [String]?)] = [\n"
    out += registry.joined(separator: "\n") + "\n]\n\n"
    out += bodies.joined(separator: "\n")
    return out
  }

}
