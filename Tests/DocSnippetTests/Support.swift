import Strata

/// A stand-in for "your" onboarding that the documentation's snippets name (`Welcome`), so that
/// the snippets that use one compile as written.
final class Welcome: TutorialController, LabelDataSource {
  var numberOfPages: Int { 3 }
  func label(at page: Int) -> Node? { TextNode(text: TextContent("Page \(page + 1)")) }
}
