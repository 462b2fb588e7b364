import Foundation
import Strata
import StrataExamples
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

/// The JSON drawing commands say what the display list says, command for command.
@Suite struct DisplayListJSONTests {
  static func list() throws -> DisplayList {
    let pixel = try RasterImage(width: 1, height: 1, pixels: [10, 20, 30, 255])
    return DisplayList(
      width: 40, height: 30,
      commands: [
        .beginGroup(opacity: 0.5, bounds: Rect(x: 1, y: 2, width: 30, height: 20)),
        .beginClip(
          .rect(Rect(x: 0, y: 0, width: 20, height: 20)),
          transform: Transform(translationX: 2, y: 3),
          rule: .evenOdd),
        .fill(
          .circle(center: Point(x: 5, y: 5), radius: 4), transform: .identity,
          paint: .linearGradient(
            Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0.5)]), start: .zero,
            end: Point(x: 10, y: 0)), rule: .nonZero, opacity: 0.75),
        .stroke(
          .rect(Rect(x: 1, y: 1, width: 5, height: 5)), transform: .identity,
          paint: .solid(.white), style: StrokeStyle(width: 2, dash: [3, 1]), opacity: 1),
        .endClip,
        .image(
          pixel, transform: .identity,
          opacity: 1),
        .shadow(
          .rect(Rect(x: 0, y: 0, width: 4, height: 4)), transform: .identity, color: .black,
          offset: Vector(dx: 1, dy: 2), sigma: 3, opacity: 0.4),
        .endGroup,
      ])
  }

  func parse(_ list: DisplayList, bitmaps: Bool = true) throws -> [String: Any] {
    let text = DisplayListJSONWriter(includesBitmaps: bitmaps).json(for: list)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func everyCommandIsWrittenWithItsFields() throws {
    let doc = try parse(Self.list())
    #expect(doc["width"] as? Int == 40 && doc["height"] as? Int == 30)
    let commands = try #require(doc["commands"] as? [[String: Any]])
    #expect(
      commands.map { $0["op"] as? String } == [
        "beginGroup", "beginClip", "fill", "stroke", "endClip", "image", "shadow", "endGroup",
      ])
    #expect(commands[0]["bounds"] as? [Double] == [1, 2, 30, 20])
    #expect(commands[1]["transform"] as? [Double] == [1, 0, 0, 1, 2, 3])
    #expect(commands[1]["rule"] as? String == "evenodd")
    let paint = try #require(commands[2]["paint"] as? [String: Any])
    #expect(paint["type"] as? String == "linear")
    let stops = try #require(paint["stops"] as? [[String: Any]])
    #expect(stops.count == 2 && stops[1]["color"] as? [Double] == [0, 0, 1, 0.5])
    #expect(commands[2]["opacity"] as? Double == 0.75)
    #expect((commands[2]["path"] as? String)?.hasPrefix("M") == true)
    #expect(commands[3]["dash"] as? [Double] == [3, 1] && commands[3]["width"] as? Double == 2)
    // The bitmap is a PNG that decodes to the same pixel.
    let png = try #require(commands[5]["png"] as? String)
    let image = try PNGDecoder().decode([UInt8](try #require(Data(base64Encoded: png))))
    #expect(image.pixels == [10, 20, 30, 255])
    // The shadow's path is in device pixels, moved by its offset.
    #expect((commands[6]["path"] as? String)?.hasPrefix("M1 2") == true)
    #expect(commands[6]["sigma"] as? Double == 3)
  }

  @Test func bitmapsCanBeLeftOut() throws {
    let commands = try #require(
      try parse(Self.list(), bitmaps: false)["commands"] as? [[String: Any]])
    #expect(commands[5]["png"] == nil && commands[5]["width"] as? Int == 1)
  }

  @Test func theAnimalsFrameIsValidJSON() throws {
    // A real frame, with text, gradients, groups, clips and bitmaps.
    let animals = AnimalsTutorial()
    animals.setPagePosition(0.4)
    let list = try DisplayList(scene: animals.scene(), scale: 1)
    #expect(list.commands.contains { if case .glyphs = $0 { true } else { false } })
    let commands = try #require(try parse(list)["commands"] as? [[String: Any]])
    #expect(commands.count == list.commands.count)
  }
}
