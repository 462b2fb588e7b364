import Strata
import StrataRender

/// A ready-made onboarding that the `strata` tool can list and render.
public struct Example: Sendable {
  /// The name used on the command line, for example `animals`.
  public let name: String
  /// One line saying what the example shows.
  public let summary: String
  /// The page size the example was designed at.
  public let defaultPageSize: Size
  /// Builds a fresh controller for a viewport of the given size.
  public let makeController: @Sendable (Size) -> TutorialController

  /// Creates an example.
  public init(
    name: String, summary: String, defaultPageSize: Size = Size(width: 375, height: 667),
    makeController: @escaping @Sendable (Size) -> TutorialController
  ) {
    self.name = name
    self.summary = summary
    self.defaultPageSize = defaultPageSize
    self.makeController = makeController
  }

  /// Every example, in the order `strata list` shows them.
  public static let all: [Example] = [
    Example(
      name: "animals",
      summary: "bears, birds and elephants: the LUN animals onboarding, drawn in code",
      makeController: { AnimalsTutorial(pageSize: $0) }),
    Example(
      name: "layers",
      summary: "the seven-layer model in plain shapes, one colour per layer",
      makeController: { LayersExample(pageSize: $0) }),
  ]

  /// The example called `name`, if there is one.
  public static func named(_ name: String) -> Example? {
    all.first { $0.name == name }
  }
}
