import Foundation
import StrataRender
import Testing

@testable import StrataCommand

/// Runs the tool in process and captures what it writes.
func runTool(_ args: [String]) -> (status: Int32, out: String, err: String) {
  final class Box: @unchecked Sendable {
    var out = ""
    var err = ""
  }
  let box = Box()
  let tool = Tool(output: Tool.Output(out: { box.out += $0 }, err: { box.err += $0 }))
  let status = tool.run(args)
  return (status, box.out, box.err)
}

/// The built `strata` executable, next to the test bundle.
func strataExecutable() -> URL? {
  var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = dir.appendingPathComponent("strata")
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue
    {
      return candidate
    }
    dir = dir.deletingLastPathComponent()
  }
  return nil
}

/// Runs the built executable and captures its output.
func runExecutable(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
  let exe = try #require(
    strataExecutable(), "the strata executable was not found next to the tests")
  let p = Process()
  p.executableURL = exe
  p.arguments = args
  let out = Pipe()
  let err = Pipe()
  p.standardOutput = out
  p.standardError = err
  try p.run()
  let o = out.fileHandleForReading.readDataToEndOfFile()
  let e = err.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return (
    p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self)
  )
}

@Suite struct ToolTests {
  @Test func listNamesEveryExampleOnALine() {
    let r = runTool(["list"])
    #expect(r.status == 0)
    #expect(r.out.contains("layers"))
    #expect(r.out.split(separator: "\n").allSatisfy { $0.split(separator: " ").count > 1 })
  }

  @Test func renderSaysItIsNotBuiltYet() {
    let r = runTool(["render", "animals"])
    #expect(r.status != 0)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(r.err.contains("not built yet"))
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
    let bad = try runExecutable(["render", "animals"])
    #expect(bad.status == 1 && bad.err.split(separator: "\n").count == 1)
    let help = try runExecutable(["--version"])
    #expect(help.out.hasPrefix("strata "))
  }
}

@Suite struct FrameCommandTests {
  @Test func writesAPNGOfTheRightSizeAndAnSVG() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-frame-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
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
    #expect(try PNGDecoder().decodeFile(png).width == 320)
  }

  @Test func errorsAreOneLineAndNonZero() {
    let cases: [[String]] = [
      ["frame"],
      ["frame", "nosuch"],
      ["frame", "layers", "--page", "abc"],
      ["frame", "layers", "--scale", "0"],
      ["frame", "layers", "--scale", "nan"],
      ["frame", "layers", "--size", "12"],
      ["frame", "layers", "--out", "/nonexistent/folder/f.png"],
      ["frame", "layers", "--scale", "100", "--size", "100000x100000", "--out", "/tmp/never.png"],
    ]
    for args in cases {
      let r = runTool(args)
      #expect(r.status != 0, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
  }
}
