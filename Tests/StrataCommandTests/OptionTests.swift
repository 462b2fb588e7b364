import Foundation
import Strata
import StrataRender
import StrataTestSupport
import Testing

// @testable: these tests reach internals: commands, name, RenderPlan, options.
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
      (["frame"], "'frame' needs <onboarding>"),
      (["list", "extra"], "'list' does not take 'extra'"),
    ] {
      let r = runTool(args)
      #expect(r.status == 2, "\(args)")
      #expect(r.err.contains(expected), "\(args): \(r.err)")
    }
  }

  @Test func optionsMayUseAnEqualsSignAndSharedOnesMeanTheSameEverywhere() throws {
    let dir = try temporaryFolder("strata-options")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("f.png").path
    let r = runTool(["frame", "layers", "--size=200x300", "--scale=2", "--out=\(out)"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("400×600"))
    let shared = ["--scale": 5, "--size": 6]
    for (name, count) in shared {
      let specs = Tool.commands.compactMap { c in c.options.first { $0.name == name } }
      #expect(
        specs.count == count,
        "\(name) is declared by render, frame, image and watch (--scale by preview, --size by export and tree)"
      )
      #expect(Set(specs.map(\.help)).count == 1, "\(name) is explained the same way")
    }
  }
}

@Suite struct RenderPlanTests {
  @Test func theSheetShowsFramesTheRunWentThroughWithTheirOwnPositions() throws {
    let spec = try #require(Tool.commands.first { $0.name == "render" })
    var parsed = try spec.parse(["animals", "--frames", "9", "--scale", "1"])
    parsed.onboardings = Onboarding.examples
    let plan = try RenderPlan(parsed)
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

@Suite struct FirstHourTests {
  func folder() throws -> URL {
    let dir = try temporaryFolder("strata-first-hour")
    return dir
  }

  @Test func yourOwnOnboardingThroughTheTool() throws {
    final class Box: @unchecked Sendable { var out = "" }
    let box = Box()
    let mine = Onboarding(name: "mine", summary: "my own") { size in
      let c = TutorialController(pageSize: size)
      c.preferredRoundnessHeight = 12
      return c
    }
    let tool = Tool(output: Tool.Output(out: { box.out += $0 }, err: { _ in }), onboardings: [mine])
    #expect(tool.run(["list"]) == 0)
    #expect(box.out.hasPrefix("mine  my own"))
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("deep/down/f.png").path
    #expect(tool.run(["frame", "mine", "--scale", "1", "--out", out]) == 0, "folders are created")
    #expect(try PNGDecoder().decodeFile(out).width == 375)
    #expect(tool.run(["frame", "animals"]) == 2, "only the registered ones")
  }

  @Test func directionMotionAndLanguageFlagsChangeTheFrame() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    func render(_ extra: [String]) throws -> RasterImage {
      let out = dir.appendingPathComponent("\(extra.joined()).png").path
      let r = runTool(
        ["frame", "animals", "--page", "0.4", "--scale", "0.5", "--out", out] + extra)
      #expect(r.status == 0, "\(r.err)")
      return try PNGDecoder().decodeFile(out)
    }
    let plain = try render([])
    for flags in [["--rtl"], ["--reduce-motion"], ["--locale", "de"]] {
      #expect(try render(flags) != plain, "\(flags) changed nothing")
    }
    #expect(try render(["--locale", "en"]) == plain)
  }

  @Test func fewerFramesKeepTheSwipesRealDuration() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = runTool(["render", "animals", "--out", dir.path, "--frames", "9", "--scale", "0.5"])
    #expect(r.status == 0, "\(r.err)")
    let apng = try [UInt8](Data(contentsOf: dir.appendingPathComponent("animation.png")))
    // The first fcTL's delay: numerator and denominator after 4 + 4·4 bytes of its data.
    let fctl = try #require(
      (0..<(apng.count - 4)).first { apng[$0..<($0 + 4)] == [0x66, 0x63, 0x54, 0x4C] })
    let d = fctl + 4 + 20
    let numerator = Int(apng[d]) << 8 | Int(apng[d + 1])
    let denominator = Int(apng[d + 2]) << 8 | Int(apng[d + 3])
    // 2.7 s in 8 steps: 337.5 ms a frame, so 9 frames play the swipe in its own time.
    #expect(numerator == 338 && denominator == 1000)
    let spec = try #require(Tool.commands.first { $0.name == "render" })
    var parsed = try spec.parse(["animals", "--frames", "9"])
    parsed.onboardings = Onboarding.examples
    #expect(try RenderPlan(parsed).sheet.title == "animals · a swipe of 2.7 s in 9 frames")
  }

  @Test func aScriptedSheetShowsWhereTheSessionWent() throws {
    let spec = try #require(Tool.commands.first { $0.name == "render" })
    var parsed = try spec.parse(["animals", "--script", "swipe left; wait 1; swipe right; wait 1"])
    parsed.onboardings = Onboarding.examples
    let plan = try RenderPlan(parsed)
    let shown = plan.sheetFrames.map { plan.states[$0].pagePosition }
    #expect(shown.first == 0 && shown.last == 0)
    #expect(shown.contains(1), "it went to page 1 and back")
    #expect(plan.sheet.positions == shown)
  }

  @Test func unknownNodesInScriptsAreErrorsNamingTheNodesThereAre() {
    let r = runTool(["render", "animals", "--script", "wait 0.2; tap 'NOPE'"])
    #expect(r.status == 2)
    #expect(r.err.contains("no node is named 'NOPE'") && r.err.contains("'LET'S START'"))
    #expect(r.err.split(separator: "\n").count == 1)
  }

  /// A default is declared once, with its option: help shows it, and a command that is not
  /// given the option reads it (no second copy at the reading place to drift).
  @Test func defaultsAreDeclaredOnceAndReadFromTheDeclaration() throws {
    var declared = 0
    for command in Tool.commands {
      for option in command.options {
        guard let d = option.defaultValue else { continue }
        declared += 1
        #expect(option.defaultText == d.shown, "\(command.name) \(option.name)")
        let parsed = try command.parse(
          Array(repeating: "animals", count: command.argumentCount.lowerBound))
        switch d {
        case .number(let v): #expect(try parsed.double(option.name) == v)
        case .integer(let v): #expect(try parsed.int(option.name) == v)
        case .size(let v): #expect(try parsed.size(option.name) == v)
        case .flag, .text: break
        }
      }
    }
    #expect(declared >= 8)
    // Given, the value read is the one given, checked and typed.
    let render = try #require(Tool.commands.first { $0.name == "render" })
    #expect(try render.parse(["animals", "--fps", "24"]).number("--fps") == 24)
    #expect(try render.parse(["animals"]).number("--scale") == 2)
    let preview = try #require(Tool.commands.first { $0.name == "preview" })
    #expect(try preview.parse(["animals"]).number("--scale") == 1)
    #expect(try preview.parse(["animals"]).integer("--port") == 8017)
  }
}

/// The command line's text sizes are Swift's, listed from Swift's own list.
@Suite struct CommandVocabularyTests {
  @Test func textSizeHelpListsAndAcceptsEveryName() {
    for command in ["frame", "audit"] {
      let help = runTool([command, "--help"]).out
      for size in ContentSize.allCases {
        #expect(help.contains(size.rawValue), "\(command) --help lists \(size)")
      }
    }
    for size in ContentSize.allCases {
      let r = runTool(["tree", "animals", "--text-size", size.rawValue])
      #expect(r.status == 0, "--text-size \(size): \(r.err)")
    }
  }
}
