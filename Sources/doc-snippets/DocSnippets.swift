import DocSnippetsCore
import Foundation

/// `doc-snippets PACKAGE_ROOT OUTPUT`: writes the documentation's snippets as Swift.
@main
struct DocSnippets {
  static func main() throws {
    let args = CommandLine.arguments
    guard args.count == 3 else {
      FileHandle.standardError.write(Data("usage: doc-snippets PACKAGE_ROOT OUTPUT\n".utf8))
      exit(2)
    }
    let reader = DocReader(root: URL(fileURLWithPath: args[1]))
    try SnippetGenerator(reader: reader).source.write(
      to: URL(fileURLWithPath: args[2]), atomically: true, encoding: .utf8)
  }
}
