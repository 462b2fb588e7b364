import Strata

/// What a preview shows: an onboarding's name, its page size, how to build its controller, and
/// the file to watch when it comes from a spec.
public struct PreviewSource: Sendable {
  /// The name shown in the page's title.
  public var name: String
  /// The page size it opens at.
  public var defaultPageSize: Size
  /// A spec file whose changes reload the preview in place; `nil` for an onboarding in code.
  public var watchedFile: String?
  /// Builds a fresh controller for a page size; throws (with a message for the page) when the
  /// onboarding cannot be built, such as a spec file with problems.
  public var makeController: @Sendable (Size) throws -> TutorialController

  /// Creates a source.
  public init(
    name: String, defaultPageSize: Size, watchedFile: String? = nil,
    makeController: @escaping @Sendable (Size) throws -> TutorialController
  ) {
    self.name = name
    self.defaultPageSize = defaultPageSize
    self.watchedFile = watchedFile
    self.makeController = makeController
  }
}
