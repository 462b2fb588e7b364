import Strata

/// What a preview shows: an onboarding's name, its page size, how to build its controller, and
/// the file to watch when it comes from a spec.
public struct PreviewSource: Sendable {
  /// The name shown in the page's title.
  public var name: String
  /// The page size it opens at.
  public var defaultPageSize: Size
  /// The files whose changes reload the preview in place (a spec and the images it names),
  /// asked again after every reload; none for an onboarding in code.
  public var watchedFiles: @Sendable () -> [String]
  /// Builds a fresh controller for a page size; throws (with a message for the page) when the
  /// onboarding cannot be built, such as a spec file with problems.
  public var makeController: @Sendable (Size) throws -> TutorialController

  /// Creates a source.
  public init(
    name: String, defaultPageSize: Size,
    watchedFiles: @escaping @Sendable () -> [String] = { [] },
    makeController: @escaping @Sendable (Size) throws -> TutorialController
  ) {
    self.name = name
    self.defaultPageSize = defaultPageSize
    self.watchedFiles = watchedFiles
    self.makeController = makeController
  }
}
