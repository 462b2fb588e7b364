import Foundation
import Strata
import StrataRender
import StrataSpec

/// The `strata` command-line tool, as a value that can run in process (for tests) or from `main`.
public struct Tool {
  /// Where the tool writes.
  public struct Output: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void

    /// Creates an output from two writers.
    public init(
      out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void
    ) {
      self.out = out
      self.err = err
    }

    /// The process's standard output and standard error.
    public static var standard: Output {
      Output(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) })
    }
  }

  /// The tool's version.
  public static let version = "0.1.0"

  /// What `strata help` prints: every command's synopsis, from the table.
  public static var usage: String {
    var s = "strata \(version): build, render and measure layered onboardings.\n\n"
    s += "usage: strata <command> [options]    (strata <command> --help for one command)\n\n"
    s += "commands:\n"
    for c in commands {
      s += "  \(c.synopsis)\n      \(c.summary.replacingOccurrences(of: "\n", with: " "))\n"
    }
    s += "  help, --version\n"
    return s
  }

  let output: Output
  /// The onboardings it can list, render and measure.
  public let onboardings: [Onboarding]

  /// Creates a tool that writes to `output` and knows `onboardings` (Strata's examples by
  /// default; pass yours, with or without them).
  public init(output: Output = .standard, onboardings: [Onboarding] = Onboarding.examples) {
    self.output = output
    self.onboardings = onboardings
  }

  /// Runs the tool on the process's arguments and exits with its status: the whole of a
  /// `main.swift` that gives your onboardings the `strata` commands.
  public static func main(onboardings: [Onboarding] = Onboarding.examples) -> Never {
    exit(Tool(onboardings: onboardings).run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs the command in `arguments` (without the program name) and returns the exit status.
  public func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
      output.err(Self.usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch name {
      case "help", "--help", "-h":
        if let topic = rest.first, let c = Self.commands.first(where: { $0.name == topic }) {
          output.out(c.help)
        } else {
          output.out(Self.usage)
        }
        return 0
      case "--version", "version":
        output.out("strata \(Self.version)\n")
        return 0
      default:
        break
      }
      guard let command = Self.commands.first(where: { $0.name == name }) else {
        throw ToolError.unknownCommand(
          name, suggestion: closest(to: name, in: Self.commands.map(\.name)))
      }
      if rest.contains("--help") || rest.contains("-h") {
        output.out(command.help)
        return 0
      }
      var parsed = try command.parse(rest)
      parsed.onboardings = onboardings
      return try command.run(self, parsed)
    } catch let error as ToolError {
      output.err("strata: \(error.description)\n")
      return 2
    } catch let error as RenderError {
      output.err("strata: \(error.description)\n")
      return 1
    } catch let error as SpecError {
      output.err(error.description + "\n")
      return 1
    } catch {
      output.err("strata: \(error)\n")
      return 1
    }
  }

  func list() -> Int32 {
    let width = onboardings.map(\.name.count).max() ?? 0
    for e in onboardings {
      let languages = e.locales.isEmpty ? "" : " [\(e.locales.joined(separator: ", "))]"
      output.out(
        e.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + e.summary
          + languages + "\n")
    }
    return 0
  }

  func bench(_ parsed: ParsedCommand) throws(ToolError) -> Int32 {
    let filter = parsed.string("--filter")
    if let filter, !BenchmarkSuite.groupNames.contains(where: { $0.contains(filter) }) {
      throw .badValue(
        option: "--filter", value: filter,
        expected: "part of a group's name: \(BenchmarkSuite.groupNames.joined(separator: ", "))")
    }
    var suite = BenchmarkSuite(quick: parsed.flag("--quick"), filter: filter)
    suite.json = parsed.flag("--json")
    suite.svgFolder = parsed.string("--svg-dir")
    suite.run(output: output)
    return 0
  }
}

/// A mistake in how the tool was called.
public enum ToolError: Error, Equatable, CustomStringConvertible {
  /// The command is not one the tool knows; with the nearest one, if a typo is likely.
  case unknownCommand(String, suggestion: String?)
  /// An option the command does not have; with the nearest one, if a typo is likely.
  case unknownOption(String, command: String, suggestion: String?)
  /// An argument the command does not take.
  case unexpectedArgument(String, command: String)
  /// An option given without its value.
  case missingValue(option: String)
  /// An option whose value is not of the right kind.
  case badValue(option: String, value: String, expected: String)
  /// An example name that is not in the catalogue; with the nearest one, if a typo is likely.
  case unknownExample(String, known: [String], suggestion: String?)
  /// A required argument that was not given.
  case missingArgument(String, command: String)
  /// A gesture script that cannot be played: what is wrong, and in which statement.
  case badScript(String)

  /// One line saying what was wrong.
  public var description: String {
    func mean(_ s: String?) -> String { s.map { "; did you mean '\($0)'?" } ?? "" }
    switch self {
    case .unknownCommand(let c, let s):
      return "unknown command '\(c)'\(mean(s)) (try 'strata help')"
    case .unknownOption(let o, let c, let s):
      return "'\(c)' has no option '\(o)'\(mean(s)) (try 'strata \(c) --help')"
    case .unexpectedArgument(let a, let c): return "'\(c)' does not take '\(a)'"
    case .missingValue(let o): return "\(o) needs a value"
    case .badValue(let o, let v, let e): return "\(o) '\(v)': expected \(e)"
    case .unknownExample(let n, let known, let s):
      return "unknown onboarding '\(n)'\(mean(s)) (known: \(known.joined(separator: ", ")))"
    case .missingArgument(let a, let c): return "'\(c)' needs \(a)"
    case .badScript(let reason): return "--script: \(reason)"
    }
  }
}
