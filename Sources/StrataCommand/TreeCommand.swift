import Strata
import StrataRender
import StrataSpec

/// One node of the scene as a view debugger shows it: what it is, where it is on screen, how
/// visible, and the text it shows.
struct TreeNode: Hashable, Sendable {
  /// The kinds a node can be.
  enum Kind: String, Hashable, Sendable {
    /// A node that draws no content of its own (a container, a coloured box).
    case group
    /// A text node.
    case text
    /// An image node.
    case image
    /// A shape node.
    case shape
    /// A button (navigation buttons too).
    case button
    /// A page indicator.
    case indicator
  }

  var name: String?
  var kind: Kind
  /// The bounding box in scene coordinates, in points.
  var frame: Rect
  /// The node's own alpha.
  var alpha: Double
  /// The product of the alphas from the root down to it: how visible it is.
  var visibleAlpha: Double
  /// The text as displayed (after truncation), for text and buttons.
  var text: String?
  /// Whether the text was cut (text nodes only).
  var truncated: Bool?
  var children: [TreeNode]

  /// The tree of what `scene` shows, paired with the nodes under `root` it was made from, its
  /// text laid out by `engine` as the renderer lays it out.
  init(scene: SceneNode, node: Node, engine: TextEngine, parentAlpha: Double = 1) {
    name = scene.name
    alpha = scene.alpha
    visibleAlpha = parentAlpha * scene.alpha
    frame = scene.frame
    switch (node, scene.content) {
    case (is PageIndicatorNode, _): kind = .indicator
    case (is ButtonNode, _): kind = .button
    case (_, .text): kind = .text
    case (_, .image): kind = .image
    case (_, .shape): kind = .shape
    case (_, .none): kind = .group
    }
    if case .text(let content, _) = scene.content, kind == .text || kind == .button {
      // As the renderer lays it out: broken to the width, cut to the height and line limit.
      let layout = engine.layout(content, width: scene.bounds.width, height: scene.bounds.height)
      text = layout.lines.map(\.string).joined(separator: "\n")
      truncated = kind == .text ? layout.isTruncated : nil
    }
    let kids = Scene.shownChildren(of: node)
    let visible = visibleAlpha
    children = zip(scene.children, kids).map {
      TreeNode(scene: $0, node: $1, engine: engine, parentAlpha: visible)
    }
  }

  /// The node and its children as the JSON `strata tree --json` prints.
  var json: String {
    let number = JSONWriter.format
    var s = "{\"name\":" + (name.map(JSONLiteral.string) ?? "null")
    s += ",\"kind\":\"\(kind.rawValue)\""
    s +=
      ",\"frame\":["
      + [frame.minX, frame.minY, frame.width, frame.height].map(number)
      .joined(separator: ",") + "]"
    s += ",\"alpha\":\(number(alpha)),\"visibleAlpha\":\(number(visibleAlpha))"
    if let text { s += ",\"text\":" + JSONLiteral.string(text) }
    if let truncated { s += ",\"truncated\":\(truncated)" }
    return s + ",\"children\":[" + children.map(\.json).joined(separator: ",") + "]}"
  }

  /// The node and its children as indented lines: name, kind, frame, alpha and text.
  func lines(depth: Int = 0, into out: inout String) {
    func n(_ v: Double) -> String { OptionValue.format((v * 100).rounded() / 100) }
    out += String(repeating: "  ", count: depth)
    out += (name.map { "'\($0)'" } ?? "(unnamed)") + " " + kind.rawValue
    out += " (\(n(frame.minX)), \(n(frame.minY)), \(n(frame.width))×\(n(frame.height)))"
    if alpha != 1 || visibleAlpha != 1 { out += " alpha \(n(alpha))" }
    if visibleAlpha != alpha { out += " (visible \(n(visibleAlpha)))" }
    if let text {
      let shown = text.count > 60 ? String(text.prefix(59)) + "…" : text
      out += " " + JSONLiteral.string(shown)
      if truncated == true { out += " (truncated)" }
    }
    out += "\n"
    for c in children { c.lines(depth: depth + 1, into: &out) }
  }
}

extension Tool {
  /// `strata tree <onboarding | spec.json> [options]`: the scene as a view debugger shows it,
  /// as text or (with `--json`) as one JSON object.
  func tree(_ o: ParsedCommand) throws -> Int32 {
    let onboarding = try o.onboarding()
    let size = try o.size("--size") ?? onboarding.defaultPageSize
    let controller = try o.makeController(onboarding, size: size)
    _ = try showAsAsked(controller, o, onboarding: onboarding)
    let scene = controller.scene()
    let tree = TreeNode(
      scene: scene.root, node: controller.root, engine: TextEngine.system)
    if o.flag("--json") {
      output.out(
        "{\"size\":[\(JSONWriter.format(scene.size.width)),\(JSONWriter.format(scene.size.height))],"
          + "\"root\":\(tree.json)}\n")
    } else {
      var text = ""
      tree.lines(into: &text)
      output.out(text)
    }
    return 0
  }
}
