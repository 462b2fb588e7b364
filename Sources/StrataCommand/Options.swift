import Strata

/// Parsed `--name value` options, with typed errors for every mistake.
struct Options {
  private(set) var positional: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Parses `args`, where `valued` options take a value and `flagNames` do not.
  init(_ args: [String], command: String, valued: Set<String>, flagNames: Set<String> = [])
    throws(ToolError)
  {
    var i = 0
    while i < args.count {
      let a = args[i]
      if valued.contains(a) {
        guard i + 1 < args.count else { throw .missingValue(option: a) }
        values[a] = args[i + 1]
        i += 2
        continue
      }
      if flagNames.contains(a) {
        flags.insert(a)
      } else if a.hasPrefix("--") {
        throw .unexpectedArgument(a, command: command)
      } else {
        positional.append(a)
      }
      i += 1
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }

  func string(_ name: String) -> String? { values[name] }

  func double(_ name: String, default d: Double, range: ClosedRange<Double>) throws(ToolError)
    -> Double
  {
    guard let s = values[name] else { return d }
    guard let v = Double(s), v.isFinite, range.contains(v) else {
      throw .badValue(
        option: name, value: s, expected: "a number in \(range.lowerBound)...\(range.upperBound)")
    }
    return v
  }

  func int(_ name: String, default d: Int, range: ClosedRange<Int>) throws(ToolError) -> Int {
    guard let s = values[name] else { return d }
    guard let v = Int(s), range.contains(v) else {
      throw .badValue(
        option: name, value: s,
        expected: "a whole number in \(range.lowerBound)...\(range.upperBound)")
    }
    return v
  }

  func size(_ name: String, default d: Size) throws(ToolError) -> Size {
    guard let s = values[name] else { return d }
    let parts = s.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1,
      w <= TutorialController.maximumPageDimension, h <= TutorialController.maximumPageDimension
    else {
      throw .badValue(option: name, value: s, expected: "WIDTHxHEIGHT in points, each 1...100000")
    }
    return Size(width: w, height: h)
  }
}
