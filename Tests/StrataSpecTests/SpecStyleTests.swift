import Foundation
import Strata
import StrataTestSupport
import Testing

// @testable: these tests reach the style table of the registry.
@testable import StrataSpec

/// A node's `style` in the spec: React Native's keys and values, checked, built into a flexbox
/// style, laid out at every size, and exported back.
@Suite struct SpecStyleTests {
  static let page = """
    {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
     "layers": {"wireframe": {"pages": [
       {"name": "root", "style": {"padding": 20, "justifyContent": "space-between"}, "children": [
         {"type": "text", "name": "title", "style": {"height": 40},
          "text": {"runs": [{"text": "Hello", "font": {"size": 17}}]}},
         {"name": "row", "style": {"flexDirection": "row-reverse", "height": 50, "columnGap": 10},
          "children": [
            {"name": "a", "style": {"flex": 1}}, {"name": "b", "style": {"width": "25%"}}
          ]}
       ]}
     ]}}}
    """

  func frames(_ controller: TutorialController) -> [String: Rect] {
    var out: [String: Rect] = [:]
    controller.scene().root.visit { if let n = $0.name, out[n] == nil { out[n] = $0.frame } }
    return out
  }

  @Test func aStyledPageIsLaidOutAtEverySize() throws {
    let loaded = try load(Self.page).get()
    let small = loaded.makeController(pageSize: Size(width: 320, height: 568))
    var f = frames(small)
    #expect(f["title"] == Rect(x: 20, y: 20, width: 280, height: 40))
    #expect(f["row"] == Rect(x: 20, y: 498, width: 280, height: 50))
    // Row reversed: a (first) at the right taking what b (25% of 280) and the gap leave.
    #expect(f["a"] == Rect(x: 100, y: 498, width: 200, height: 50))
    #expect(f["b"] == Rect(x: 20, y: 498, width: 70, height: 50))
    let landscape = loaded.makeController(pageSize: Size(width: 667, height: 375))
    f = frames(landscape)
    #expect(f["row"] == Rect(x: 20, y: 305, width: 627, height: 50))
  }

  @Test func everyKeyIsCheckedWithItsPosition() throws {
    let text = """
      {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
       "layers": {"wireframe": {"pages": [{"style": {
         "flexDirecton": "row", "justifyContent": "space-betwen", "width": "50 %",
         "marginStart": "auto", "aspectRatio": 0
       }}]}}}
      """
    let found = problems(text)
    #expect(found.count == 4, "\(found)")
    #expect(
      found.contains { $0.contains("flexDirecton: unknown key; did you mean \"flexDirection\"?") })
    #expect(
      found.contains {
        $0.contains("\"space-betwen\" is not one of")
          && $0.contains("did you mean \"space-between\"?")
      })
    #expect(
      found.contains {
        $0.contains(
          "width: expected a number of points, a percentage such as \"50%\", or \"auto\", got \"50 %\""
        )
      })
    #expect(found.contains { $0.contains("aspectRatio: expected a positive number") })
  }

  /// Every key of the table sets the style and reads back the same value.
  @Test func everyKeyRoundTrips() throws {
    var seen = Set<String>()
    for key in SpecRegistry.styleKeys {
      let value: JSONValue
      switch key.field.schema {
      case .string(let values?): value = .string(values.last ?? "")
      case .length: value = "25%"
      default: value = 3
      }
      var style = FlexStyle()
      key.apply(&style, value)
      #expect(key.read(style) == value, "\(key.field.name)")
      seen.insert(key.field.name)
    }
    // React Native's names, as the issue lists them.
    for name in [
      "flexDirection", "justifyContent", "alignItems", "alignSelf", "alignContent", "flexWrap",
      "flex", "flexGrow", "flexShrink", "flexBasis", "width", "height", "minWidth", "maxWidth",
      "minHeight", "maxHeight", "margin", "marginLeft", "marginHorizontal", "marginVertical",
      "marginStart", "marginEnd", "padding", "paddingTop", "paddingEnd", "borderWidth",
      "borderLeftWidth", "borderStartWidth", "gap", "rowGap", "columnGap", "position", "left",
      "right", "top", "bottom", "start", "end", "aspectRatio", "display", "direction", "overflow",
    ] {
      #expect(seen.contains(name), "\(name)")
    }
  }

  /// A styled controller exported and loaded again lays out the same frames, and the written
  /// spec keeps the style's keys.
  @Test func stylesSurviveExport() throws {
    let loaded = try load(Self.page).get()
    let controller = loaded.makeController(pageSize: nil)
    let export = try SpecExporter(assetFolder: "files").export(controller)
    let written = SpecLoader.write(export.spec)
    #expect(written.contains("\"flexDirection\": \"row-reverse\""))
    #expect(written.contains("\"width\": \"25%\""))
    let again = try SpecLoader.load(Array(written.utf8), baseDirectory: specsDirectory.path).get()
    #expect(frames(again.makeController(pageSize: nil)) == frames(controller))
  }
}

/// Size classes in the spec: a style for landscape phones laid over the node's own, and a node
/// shown only on some sizes.
@Suite struct SpecSizeClassTests {
  static let page = """
    {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
     "layers": {"wireframe": {"pages": [
       {"name": "root", "style": {"padding": 20},
        "styles": [{"when": {"height": "compact"}, "style": {"flexDirection": "row"}}],
        "children": [
          {"name": "picture", "style": {"flex": 1}},
          {"name": "words", "style": {"flex": 1}},
          {"name": "tabletOnly", "when": {"width": "regular"}, "style": {"height": 10}}
        ]}
     ]}}}
    """

  func frames(_ c: TutorialController) -> [String: Rect] {
    var out: [String: Rect] = [:]
    c.scene().root.visit { if let n = $0.name, out[n] == nil { out[n] = $0.frame } }
    return out
  }

  @Test func stylesAndNodesFollowTheSizeClass() throws {
    let loaded = try load(Self.page).get()
    let portrait = frames(loaded.makeController(pageSize: Size(width: 375, height: 667)))
    #expect(portrait["picture"] == Rect(x: 20, y: 20, width: 335, height: 313.5))
    #expect(portrait["words"] == Rect(x: 20, y: 333.5, width: 335, height: 313.5))
    #expect(portrait["tabletOnly"] == nil)
    let landscape = frames(loaded.makeController(pageSize: Size(width: 667, height: 375)))
    #expect(landscape["picture"] == Rect(x: 20, y: 20, width: 313.5, height: 335))
    #expect(landscape["words"] == Rect(x: 333.5, y: 20, width: 313.5, height: 335))
    let tablet = frames(loaded.makeController(pageSize: Size(width: 834, height: 1194)))
    #expect(tablet["tabletOnly"] != nil)
    // Rotating a controller lays the page out in the new class.
    let c = loaded.makeController(pageSize: Size(width: 375, height: 667))
    c.pageSize = Size(width: 667, height: 375)
    #expect(frames(c)["words"] == Rect(x: 333.5, y: 20, width: 313.5, height: 335))
  }

  @Test func sizeClassKeysAreChecked() {
    let text = """
      {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
       "layers": {"wireframe": {"pages": [{"when": {"heigth": "compact", "width": "big"},
         "styles": [{"style": {}}]}]}}}
      """
    let found = problems(text)
    #expect(found.contains { $0.contains("when.heigth: unknown key; did you mean \"height\"?") })
    #expect(found.contains { $0.contains("\"big\" is not one of \"compact\", \"regular\"") })
    #expect(found.contains { $0.contains("styles[0]: missing the required key \"when\"") })
  }
}

/// Text that fits, in the spec: `minimumScaleFactor` and `truncationMode` reach the text
/// content, survive export, and a misspelt mode is a problem with a suggestion.
@Suite struct SpecTextFitTests {
  static func page(_ text: String) -> String {
    """
    {"strata": 1, "pageSize": {"width": 375, "height": 667}, "pageCount": 1,
     "layers": {"labels": {"pages": [{"children": [
       {"type": "text", "name": "title", "frame": [0, 0, 200, 30],
        "text": {"runs": [{"text": "Hello there", "font": {"size": 17}}], \(text)}}
     ]}]}}}
    """
  }

  func title(_ c: TutorialController) throws -> TextContent {
    var found: TextContent?
    c.scene().root.visit { if $0.name == "title", case .text(let t, _) = $0.content { found = t } }
    return try #require(found)
  }

  @Test func theSettingsReachTheTextAndSurviveExport() throws {
    let loaded = try load(
      Self.page(#""minimumScaleFactor": 0.6, "truncationMode": "middle", "maximumLines": 1"#)
    ).get()
    let controller = loaded.makeController(pageSize: nil)
    let t = try title(controller)
    #expect(t.minimumScaleFactor == 0.6 && t.truncationMode == .middle && t.maximumLines == 1)
    let written = SpecLoader.write(
      try SpecExporter(assetFolder: "files").export(controller).spec)
    #expect(written.contains("\"truncationMode\": \"middle\""))
    #expect(written.contains("\"minimumScaleFactor\": 0.6"))
    let again = try SpecLoader.load(Array(written.utf8), baseDirectory: specsDirectory.path).get()
    #expect(try title(again.makeController(pageSize: nil)) == t)
    // The defaults are left out.
    let plain = try load(Self.page(#""maximumLines": 1"#)).get().makeController(pageSize: nil)
    let plainWritten = SpecLoader.write(
      try SpecExporter(assetFolder: "files").export(plain).spec)
    #expect(!plainWritten.contains("truncationMode") && !plainWritten.contains("minimumScale"))
  }

  @Test func aMisspeltModeIsAProblem() {
    let found = problems(Self.page(#""truncationMode": "midle", "minimumScaleFactor": 0"#))
    #expect(found.count == 2, "\(found)")
    #expect(found.contains { $0.contains("did you mean \"middle\"?") })
    #expect(found.contains { $0.contains("minimumScaleFactor") })
  }
}
