import Foundation
import Testing

@testable import StrataCommand

@Suite struct OptionTests {
  @Test func helpComesFromTheDeclarations() {
    let usage = runTool(["help"])
    #expect(usage.status == 0)
    for command in Tool.commands {
      #expect(usage.out.contains(command.synopsis), "strata help lacks \(command.name)")
      for asked in [[command.name, "--help"], [command.name, "-h"], ["help", command.name]] {
        let r = runTool(asked)
        #expect(r.status == 0, "\(asked)")
        #expect(r.out == command.help, "\(asked)")
        for option in command.options {
          #expect(r.out.contains(option.name) && r.out.contains(option.help), "\(option.name)")
        }
      }
    }
  }

  @Test func typosGetADidYouMean() {
    let cases: [([String], String)] = [
      (["rendr", "animals"], "did you mean 'render'?"),
      (["render", "animls"], "did you mean 'animals'?"),
      (["render", "animals", "--scael", "2"], "did you mean '--scale'?"),
      (["frame", "animals", "--pge", "1"], "did you mean '--page'?"),
      (["bench", "--quik"], "did you mean '--quick'?"),
    ]
    for (args, hint) in cases {
      let r = runTool(args)
      #expect(r.status == 2, "\(args)")
      #expect(r.err.contains(hint), "\(args): \(r.err)")
      #expect(r.err.split(separator: "\n").count == 1)
    }
    #expect(!runTool(["render", "animals", "--zzzzzz"]).err.contains("did you mean"))
  }

  @Test func valuesAreCheckedAgainstTheirDeclaration() {
    for (args, expected) in [
      (["frame", "animals", "--scale", "0"], "--scale '0': expected a number in 0.01...100"),
      (
        ["render", "animals", "--frames", "0"],
        "--frames '0': expected a whole number in 1...100000"
      ),
      (["frame", "animals", "--size", "10"], "--size '10': expected WIDTHxHEIGHT"),
      (["frame", "animals", "--page"], "--page needs a value"),
      (["bench", "--quick=yes"], "--quick 'yes': expected no value"),
      (["frame"], "'frame' needs <example>"),
      (["list", "extra"], "'list' does not take 'extra'"),
    ] {
      let r = runTool(args)
      #expect(r.status == 2, "\(args)")
      #expect(r.err.contains(expected), "\(args): \(r.err)")
    }
  }

  @Test func optionsMayUseAnEqualsSignAndSharedOnesMeanTheSameEverywhere() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strata-options-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("f.png").path
    let r = runTool(["frame", "layers", "--size=200x300", "--scale=2", "--out=\(out)"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("400×600"))
    let shared = ["--scale", "--size"]
    for name in shared {
      let specs = Tool.commands.compactMap { c in c.options.first { $0.name == name } }
      #expect(specs.count == 2, "\(name) is declared by render and frame")
      #expect(Set(specs.map(\.help)).count == 1, "\(name) is explained the same way")
    }
  }
}

@Suite struct RenderPlanTests {
  @Test func theSheetShowsFramesTheRunWentThroughWithTheirOwnPositions() throws {
    let spec = try #require(Tool.commands.first { $0.name == "render" })
    let plan = try RenderPlan(spec.parse(["animals", "--frames", "9", "--scale", "1"]))
    #expect(plan.count == 9)
    let positions = plan.states.map(\.pagePosition)
    #expect(plan.sheetFrames.count == plan.sheet.positions.count)
    for (target, index) in zip(plan.sheet.positions, plan.sheetFrames) {
      let best = positions.map { abs($0 - target) }.min() ?? 0
      #expect(abs(positions[index] - target) == best, "the nearest frame to \(target)")
    }
    #expect(plan.animationFactor == 1 && plan.thumbnailFactor == 2)
    #expect(plan.framePath(3, "png").hasSuffix("frame-0003.png"))
  }
}
