import Foundation
import StrataRender
@_exported import StrataTestSupport
import Testing

// @testable: these tests reach internals: Progress (the tool's own, not Foundation's).
@testable import StrataCommand

@Suite struct ToolTests {
  @Test func listNamesEveryExampleOnALine() {
    let r = runTool(["list"])
    #expect(r.status == 0)
    #expect(r.out.contains("layers"))
    #expect(r.out.split(separator: "\n").allSatisfy { $0.split(separator: " ").count > 1 })
  }

  @Test func mistakesAreOneLineAndANonZeroExit() {
    for args in [["frobnicate"], ["list", "extra"], ["bench", "--filter"], ["bench", "--nope"]] {
      let r = runTool(args)
      #expect(r.status == 2, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args)")
      #expect(r.err.hasPrefix("strata: "))
    }
    #expect(runTool([]).status == 2)
  }

  @Test func benchPrintsATableAndMachineReadableLines() throws {
    let r = runTool(["bench", "--quick", "--filter", "controller"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").filter { $0.hasPrefix("BENCH ") }
    let names = lines.compactMap { line in
      line.split(separator: " ").first { $0.hasPrefix("name=") }.map { String($0.dropFirst(5)) }
    }
    #expect(names.contains("controller.update.ratio"))
    #expect(names.contains("controller.update.10000pages"))
    let ratioLine = try #require(lines.first { $0.contains("name=controller.update.ratio ") })
    let value = try #require(ratioLine.split(separator: " ").first { $0.hasPrefix("value=") })
    #expect(Double(value.dropFirst(6)) != nil)
  }

  @Test func theBuiltExecutableRunsAndExits() throws {
    let ok = try runExecutable(["list"])
    #expect(ok.status == 0 && ok.out.contains("layers"))
    let bad = try runExecutable(["render", "nosuch"])
    #expect(bad.status == 2 && bad.err.split(separator: "\n").count == 1)
    let help = try runExecutable(["--version"])
    #expect(help.out.hasPrefix("strata "))
  }
}

@Suite struct FrameCommandTests {
  @Test func writesAPNGOfTheRightSizeAndAnSVG() throws {
    let dir = try temporaryFolder("strata-frame")
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = dir.appendingPathComponent("f.png").path
    let svg = dir.appendingPathComponent("f.svg").path
    let r = runTool([
      "frame", "layers", "--page", "1.5", "--scale", "2", "--out", png, "--svg", svg,
    ])
    #expect(r.status == 0, "\(r.err)")
    let image = try PNGDecoder().decodeFile(png)
    #expect(image.width == 750 && image.height == 1334)
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("<svg") && text.contains("width=\"750\""))
    let sized = runTool(["frame", "layers", "--size", "320x568", "--out", png])
    #expect(sized.status == 0)
    #expect(try PNGDecoder().decodeFile(png).width == 640, "frame's default scale is render's: 2")
  }

  @Test func errorsAreOneLineAndNonZero() {
    let cases: [[String]] = [
      ["frame"],
      ["frame", "nosuch"],
      ["frame", "layers", "--page", "abc"],
      ["frame", "layers", "--scale", "0"],
      ["frame", "layers", "--scale", "nan"],
      ["frame", "layers", "--size", "12"],
      ["frame", "layers", "--out", "/dev/null/folder/f.png"],
      ["frame", "layers", "--time", "-1"],
      ["frame", "layers", "--locale", "de"],
      ["frame", "layers", "--scale", "100", "--size", "100000x100000", "--out", "/tmp/never.png"],
    ]
    for args in cases {
      let r = runTool(args)
      #expect(r.status != 0, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
  }
}

@Suite struct RenderCommandTests {
  static func folder() throws -> URL { try temporaryFolder("strata-render") }

  /// The chunk types of a PNG file, in order.
  static func chunkTypes(_ bytes: [UInt8]) -> [String] {
    var types: [String] = []
    var p = 8
    while p + 8 <= bytes.count {
      let len =
        Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
      types.append(String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self))
      p += 12 + len
    }
    return types
  }

  @Test func writesEveryFrameTheSheetAndTheAnimation() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool([
      "render", "animals", "--out", dir.path, "--frames", "9", "--scale", "0.5", "--jobs", "2",
      "--svg",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("rendered 9 frames"))
    #expect(r.err.isEmpty)  // quiet when standard error is not a terminal
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(files.filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.count == 9)
    #expect(files.filter { $0.hasSuffix(".svg") }.count == 9)
    #expect(files.contains("contact-sheet.png") && files.contains("animation.png"))
    #expect(!files.contains { $0.hasPrefix(".") })
    for i in 0..<9 {
      let image = try PNGDecoder().decodeFile(dir.appendingPathComponent("frame-000\(i).png").path)
      #expect(image.width == 188 && image.height == 334)
    }
    let apng = try [UInt8](Data(contentsOf: dir.appendingPathComponent("animation.png")))
    let types = Self.chunkTypes(apng)
    #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
    #expect(types.filter { $0 == "fcTL" }.count == 9)
    #expect(types.filter { $0 == "fdAT" }.count == 8)
    // Its first frame, for viewers without APNG, is frame 0 as written (made from the frame in
    // memory, not read back).
    let first = try PNGDecoder().decode(apng)
    #expect(
      first == (try PNGDecoder().decodeFile(dir.appendingPathComponent("frame-0000.png").path)))
    #expect(
      try PNGDecoder().decodeFile(dir.appendingPathComponent("contact-sheet.png").path).width > 300)
  }

  @Test func bytesDoNotDependOnTheJobCount() throws {
    let one = try Self.folder()
    let four = try Self.folder()
    defer {
      try? FileManager.default.removeItem(at: one)
      try? FileManager.default.removeItem(at: four)
    }
    #expect(
      runTool([
        "render", "animals", "--out", one.path, "--frames", "7", "--scale", "0.4", "--jobs", "1",
      ]).status == 0)
    #expect(
      runTool([
        "render", "animals", "--out", four.path, "--frames", "7", "--scale", "0.4", "--jobs", "4",
      ]).status == 0)
    for name in try FileManager.default.contentsOfDirectory(atPath: one.path) {
      let a = try Data(contentsOf: one.appendingPathComponent(name))
      let b = try Data(contentsOf: four.appendingPathComponent(name))
      #expect(a == b, "\(name) differs between --jobs 1 and --jobs 4")
    }
  }

  @Test func mistakesAreOneLineAndNonZero() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("a-file")
    try Data([1]).write(to: file)
    let cases: [[String]] = [
      ["render"],
      ["render", "zebras"],
      ["render", "animals", "--frames", "0"],
      ["render", "animals", "--fps", "-3"],
      ["render", "animals", "--jobs", "x"],
      ["render", "animals", "--out", file.path + "/inside"],
      ["render", "animals", "--out", dir.path, "--scale", "40"],
      ["render", "animals", "--bogus"],
    ]
    for args in cases {
      let r = runTool(args)
      #expect(r.status != 0, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
  }

  @Test func anInterruptedRenderLeavesOnlyWholeFiles() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let exe = try #require(strataExecutable())
    let p = Process()
    p.executableURL = exe
    p.arguments = [
      "render", "animals", "--out", dir.path, "--frames", "400", "--scale", "1", "--jobs", "2",
    ]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    // Wait until a few frames exist, then interrupt.
    for _ in 0..<600 {
      let n =
        (try? FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
          $0.hasSuffix(".png")
        }.count) ?? 0
      if n >= 3 { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    kill(p.processIdentifier, SIGINT)
    p.waitUntilExit()
    #expect(p.terminationStatus == 130)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(
      !files.contains { $0.hasPrefix(".") },
      "temporary files were left: \(files.filter { $0.hasPrefix(".") })")
    #expect(files.count < 400)
    for f in files where f.hasSuffix(".png") {
      #expect(throws: Never.self) {
        try PNGDecoder().decodeFile(dir.appendingPathComponent(f).path)
      }
    }
  }
}

@Suite struct ScriptedRenderTests {
  @Test func aScriptDrivesTheFrames() throws {
    let dir = try RenderCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool([
      "render", "animals", "--out", dir.path, "--scale", "0.25", "--fps", "20",
      "--script", "wait 0.2; swipe left; wait 0.5; tap 'LET'S START'",
    ])
    #expect(r.status == 0, "\(r.err)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasPrefix("frame-")
    }
    #expect(frames.count >= 20)
    let bad = runTool(["render", "animals", "--out", dir.path, "--script", "hop 3"])
    #expect(bad.status == 2 && bad.err.split(separator: "\n").count == 1 && bad.err.contains("hop"))
  }
}

@Suite struct ProgressTests {
  @Test func aTerminalSeesFramesRateAndTimeLeft() {
    final class Box: @unchecked Sendable { var text = "" }
    let box = Box()
    let p = Progress(
      total: 3, output: Tool.Output(out: { _ in }, err: { box.text += $0 }), showing: true)
    for _ in 0..<3 { p.advance() }
    p.finish()
    #expect(box.text.contains("frame 3/3"))
    #expect(box.text.contains("fps") && box.text.contains("s left"))
    #expect(box.text.hasSuffix("\n"))
    let quiet = Box()
    let q = Progress(
      total: 2, output: Tool.Output(out: { _ in }, err: { quiet.text += $0 }), showing: false)
    q.advance()
    q.finish()
    #expect(quiet.text.isEmpty && q.done == 1)
  }
}
