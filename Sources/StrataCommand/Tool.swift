import Foundation
import Strata
import StrataExamples
import StrataRender

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

  /// What `strata help` prints.
  public static let usage = """
    strata \(version): build, render and measure layered onboardings.

    usage: strata <command> [options]

    commands:
      list                 list the examples, one line each
      render <example> [--out DIR] [--scale S] [--size WxH] [--frames N] [--fps F] [--svg] [--jobs N]
                           [--script "wait 0.5; swipe left; tap 'LET'S START'"]
                           render a swipe through every page (or the script's session) to DIR
                           (default frames/<example>), plus contact-sheet.png and animation.png
      frame <example> [--page P] [--scale S] [--size WxH] [--out F.png] [--svg F.svg]
                           render one frame at page position P (default 0) to a PNG
      bench [--quick] [--filter TEXT]
                           run the benchmarks; prints a table and a BENCH line per result
      help                 show this text

    """

  let output: Output

  /// Creates a tool that writes to `output`.
  public init(output: Output = .standard) {
    self.output = output
  }

  /// Runs the command in `arguments` (without the program name) and returns the exit status.
  public func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      output.err(Self.usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "list":
        try expectNoArguments(rest, command: "list")
        return list()
      case "render":
        return try render(rest)
      case "bench":
        return try bench(rest)
      case "frame":
        return try frame(rest)
      case "help", "--help", "-h":
        output.out(Self.usage)
        return 0
      case "--version", "version":
        output.out("strata \(Self.version)\n")
        return 0
      default:
        throw ToolError.unknownCommand(command)
      }
    } catch let error as ToolError {
      output.err("strata: \(error.description)\n")
      return 2
    } catch let error as RenderError {
      output.err("strata: \(error.description)\n")
      return 1
    } catch {
      output.err("strata: \(error)\n")
      return 1
    }
  }

  private func expectNoArguments(_ args: [String], command: String) throws(ToolError) {
    if let first = args.first { throw .unexpectedArgument(first, command: command) }
  }

  func list() -> Int32 {
    let width = Example.all.map(\.name.count).max() ?? 0
    for e in Example.all {
      output.out(
        e.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + e.summary + "\n")
    }
    return 0
  }

  func bench(_ args: [String]) throws(ToolError) -> Int32 {
    var quick = false
    var filter: String?
    var i = 0
    while i < args.count {
      switch args[i] {
      case "--quick": quick = true
      case "--filter":
        guard i + 1 < args.count else { throw .missingValue(option: "--filter") }
        filter = args[i + 1]
        i += 1
      default: throw .unexpectedArgument(args[i], command: "bench")
      }
      i += 1
    }
    let suite = BenchmarkSuite(quick: quick, filter: filter)
    suite.run(output: output)
    return 0
  }
}

/// A mistake in how the tool was called.
public enum ToolError: Error, Equatable, CustomStringConvertible {
  /// The command is not one the tool knows.
  case unknownCommand(String)
  /// An argument the command does not take.
  case unexpectedArgument(String, command: String)
  /// An option given without its value.
  case missingValue(option: String)
  /// An option whose value is not of the right kind.
  case badValue(option: String, value: String, expected: String)
  /// An example name that is not in the catalogue.
  case unknownExample(String)
  /// A required argument that was not given.
  case missingArgument(String, command: String)

  /// One line saying what was wrong.
  public var description: String {
    switch self {
    case .unknownCommand(let c): return "unknown command '\(c)' (try 'strata help')"
    case .unexpectedArgument(let a, let c): return "'\(c)' does not take '\(a)'"
    case .missingValue(let o): return "\(o) needs a value"
    case .badValue(let o, let v, let e): return "\(o) '\(v)': expected \(e)"
    case .unknownExample(let n):
      return "unknown example '\(n)' (known: \(Example.all.map(\.name).joined(separator: ", ")))"
    case .missingArgument(let a, let c): return "'\(c)' needs \(a)"
    }
  }
}
