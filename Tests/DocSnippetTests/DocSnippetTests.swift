import Testing

/// The Swift snippets of README.md and Docs/, compiled in this target as `Snippets.swift` (made
/// at build time by the DocSnippetsPlugin from the docs as they are), run here through the
/// public API: each prints what the text block after it in the docs says.
@Suite struct DocSnippetTests {
  @Test func everySnippetPrintsWhatTheDocsSay() throws {
    #expect(runnableSnippets.count >= 7)
    for snippet in runnableSnippets {
      let printed = try snippet.run()
      if let expected = snippet.prints {
        #expect(printed == expected, "\(snippet.file):\(snippet.line)")
      }
    }
  }
}
