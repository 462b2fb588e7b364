import Strata

/// A gesture script's text, parsed and played on a small controller.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: FuzzInput(data, size).all, as: UTF8.self)
  guard let script = try? GestureScript(text) else { return 0 }
  let controller = ScriptTarget.make()
  // At most 120 frames: the fuzzer looks for slowness in parsing and playing, not in length.
  try? controller.play(script, fps: 30, frameLimit: 120) { _ in }
  return 0
}

enum ScriptTarget {
  final class Tutorial: TutorialController, StaticContentDataSource, LabelDataSource {
    var numberOfPages: Int { 3 }
    func staticContent() -> Node? {
      let card = Node(name: "card")
      card.addChild(
        ButtonNode(
          title: TextContent("GO"), actionIdentifier: "go",
          frame: Rect(x: 60, y: 100, width: 200, height: 44), name: "GO"))
      card.addChild(
        NavigationButtonNode(role: .next, frame: Rect(x: 260, y: 160, width: 80, height: 40)))
      return card
    }
    func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 200, height: 30)) }
  }

  static func make() -> TutorialController { Tutorial(pageSize: Size(width: 320, height: 568)) }
}
