import Strata

/// What an option's value is, with the limits it is checked against.
enum OptionValue: Sendable {
  /// No value: the option is on when given.
  case flag
  /// A finite number in the range.
  case number(ClosedRange<Double>)
  /// A whole number in the range.
  case integer(ClosedRange<Int>)
  /// WIDTHxHEIGHT in points.
  case size
  /// Any text (a folder, a file, a script).
  case text

  /// What a value must look like, for help and error messages.
  var expected: String {
    switch self {
    case .flag: return "no value"
    case .number(let r):
      return "a number in \(Self.format(r.lowerBound))...\(Self.format(r.upperBound))"
    case .integer(let r): return "a whole number in \(r.lowerBound)...\(r.upperBound)"
    case .size:
      return "WIDTHxHEIGHT in points, each 1...\(Int(TutorialController.maximumPageDimension))"
    case .text: return "text"
    }
  }

  static func format(_ v: Double) -> String {
    v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
  }

  /// A value read and checked against its kind and limits: what a command reads back, typed.
  enum Checked: Equatable, Sendable {
    case flag
    case text(String)
    case number(Double)
    case integer(Int)
    case size(Size)

    /// How help shows it.
    var shown: String {
      switch self {
      case .flag: return ""
      case .text(let t): return t
      case .number(let v): return OptionValue.format(v)
      case .integer(let v): return String(v)
      case .size(let v): return "\(OptionValue.format(v.width))x\(OptionValue.format(v.height))"
      }
    }
  }
}

/// One option of a command, declared once: the parser, the help and the tests all read it.
struct OptionSpec: Sendable {
  /// The option's name, with its dashes (`--scale`).
  let name: String
  /// What its value is.
  let value: OptionValue
  /// The placeholder shown in help (`S`).
  let placeholder: String
  /// The default, as help shows it; `nil` when there is none to show.
  let defaultText: String?
  /// The default value a command reads when the option is not given (`nil`: the command
  /// decides, or there is none); help shows it. Declared here only, not again where it is read.
  let defaultValue: OptionValue.Checked?
  /// One line saying what it does.
  let help: String

  /// An option whose default, if any, is described in words (`the cores`) or absent.
  init(
    name: String, value: OptionValue, placeholder: String, defaultText: String?, help: String
  ) {
    self.name = name
    self.value = value
    self.placeholder = placeholder
    self.defaultText = defaultText
    self.defaultValue = nil
    self.help = help
  }

  /// An option with a default value, which help shows and commands read.
  init(
    name: String, value: OptionValue, placeholder: String, default d: OptionValue.Checked,
    help: String
  ) {
    self.name = name
    self.value = value
    self.placeholder = placeholder
    self.defaultText = d.shown
    self.defaultValue = d
    self.help = help
  }

  /// The options several commands share, so that they are parsed and explained in one place.
  static func scale(default d: Double) -> OptionSpec {
    OptionSpec(
      name: "--scale", value: .number(0.01...100), placeholder: "S", default: .number(d),
      help: "pixels per point (2 is @2x)")
  }
  static let size = OptionSpec(
    name: "--size", value: .size, placeholder: "WxH",
    defaultText: "the onboarding's or image's own",
    help: "the size in points to draw at, e.g. 667x375 for a phone in landscape")
  static let rightToLeft = OptionSpec(
    name: "--rtl", value: .flag, placeholder: "", defaultText: nil,
    help: "lay the pages out right to left (page 0 on the right)")
  static let reduceMotion = OptionSpec(
    name: "--reduce-motion", value: .flag, placeholder: "", defaultText: nil,
    help: "the reduced-motion version: no parallax or turning, cross-fades instead of moves")
  static let locale = OptionSpec(
    name: "--locale", value: .text, placeholder: "L", defaultText: "the onboarding's first",
    help: "the language, for onboardings with translations (strata list shows them)")

  static let textSize = OptionSpec(
    name: "--text-size", value: .text, placeholder: "T", defaultText: "large",
    help: "the reader's text size: "
      + ContentSize.allCases.map(\.rawValue).joined(separator: ", "))

  static let page = OptionSpec(
    name: "--page", value: .number(-1_000_000...1_000_000), placeholder: "P", default: .number(0),
    help: "the page position (1.5 is half way from page 1 to page 2; −1 and N overscroll, "
      + "for an onboarding that bounces); clamped to what the onboarding shows")
  static let time = OptionSpec(
    name: "--time", value: .number(0...GestureScript.maximumDuration), placeholder: "T",
    defaultText: nil,
    help: "the moment T seconds into the onboarding's own session (its timed transitions), or "
      + "the clock at T with the pages at rest")
  static let anyPath = OptionSpec(
    name: "--any-path", value: .flag, placeholder: "", defaultText: nil,
    help: "let a spec name files outside its own folder (by default they must be inside it)")

  /// What render and frame share: the same names, meanings and defaults.
  static let shared: [OptionSpec] = [
    .scale(default: 2), .size, .rightToLeft, .reduceMotion, .locale, .textSize, .anyPath,
  ]
}

/// A command, declared once: its name, arguments, options and what it does.
struct CommandSpec: Sendable {
  /// The command's name (`render`).
  let name: String
  /// Its positional arguments as help shows them (`<example>`), or "".
  let arguments: String
  /// How many positional arguments it takes.
  let argumentCount: ClosedRange<Int>
  /// One line saying what it does.
  let summary: String
  /// Its options.
  let options: [OptionSpec]
  /// Runs it.
  let run: @Sendable (Tool, ParsedCommand) throws -> Int32

  /// The one-line synopsis: the name, the arguments and every option.
  var synopsis: String {
    ([name] + (arguments.isEmpty ? [] : [arguments])
      + options.map { $0.value.isFlag ? "[\($0.name)]" : "[\($0.name) \($0.placeholder)]" })
      .joined(separator: " ")
  }

  /// What `strata <command> --help` prints.
  var help: String {
    var s = "usage: strata \(synopsis)\n\n\(summary)\n"
    if !options.isEmpty {
      s += "\noptions:\n"
      let width = options.map { optionLabel($0).count }.max() ?? 0
      for o in options {
        let label = optionLabel(o).padding(toLength: width, withPad: " ", startingAt: 0)
        let d = o.defaultText.map { " (default: \($0))" } ?? ""
        s += "  \(label)  \(o.help)\(d)\n"
      }
    }
    return s
  }

  private func optionLabel(_ o: OptionSpec) -> String {
    o.value.isFlag ? o.name : "\(o.name) \(o.placeholder)"
  }

  /// Parses `args` against the declaration: `--name value` or `--name=value`; `-h` and
  /// `--help` are handled by the caller.
  func parse(_ args: [String]) throws(ToolError) -> ParsedCommand {
    var parsed = ParsedCommand(spec: self)
    var i = 0
    while i < args.count {
      let a = args[i]
      i += 1
      guard a.hasPrefix("-"), a.count > 1, Double(a) == nil else {
        parsed.positional.append(a)
        continue
      }
      var name = a
      var inline: String?
      if let eq = a.firstIndex(of: "=") {
        name = String(a[..<eq])
        inline = String(a[a.index(after: eq)...])
      }
      guard let spec = options.first(where: { $0.name == name }) else {
        throw .unknownOption(
          name, command: self.name, suggestion: closest(to: name, in: options.map(\.name)))
      }
      if spec.value.isFlag {
        if inline != nil {
          throw .badValue(option: name, value: inline ?? "", expected: "no value")
        }
        parsed.flags.insert(name)
        continue
      }
      if let inline {
        parsed.values[name] = inline
      } else {
        guard i < args.count else { throw .missingValue(option: name) }
        parsed.values[name] = args[i]
        i += 1
      }
    }
    if parsed.positional.count > argumentCount.upperBound {
      throw .unexpectedArgument(parsed.positional[argumentCount.upperBound], command: name)
    }
    if parsed.positional.count < argumentCount.lowerBound {
      throw .missingArgument(arguments, command: name)
    }
    // Check every value now, so a mistake is reported before any work starts.
    for (n, v) in parsed.values {
      guard let spec = options.first(where: { $0.name == n }) else { continue }
      _ = try ParsedCommand.check(v, spec)
    }
    return parsed
  }
}

extension OptionValue {
  var isFlag: Bool {
    if case .flag = self { return true }
    return false
  }
}

/// A command line parsed against its ``CommandSpec``: typed values, checked against their limits.
struct ParsedCommand {
  let spec: CommandSpec
  /// The onboardings the tool knows (its own examples and those a user registered).
  var onboardings: [Onboarding] = []
  var positional: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  init(spec: CommandSpec) { self.spec = spec }

  /// The value of `text` checked against `option`'s kind and limits.
  static func check(_ text: String, _ option: OptionSpec) throws(ToolError)
    -> OptionValue.Checked
  {
    func bad() -> ToolError {
      .badValue(option: option.name, value: text, expected: option.value.expected)
    }
    switch option.value {
    case .flag: return .flag
    case .text: return .text(text)
    case .number(let r):
      guard let v = Double(text), v.isFinite, r.contains(v) else { throw bad() }
      return .number(v)
    case .integer(let r):
      guard let v = Int(text), r.contains(v) else { throw bad() }
      return .integer(v)
    case .size:
      let parts = text.lowercased().split(separator: "x")
      let limit = TutorialController.maximumPageDimension
      guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
        (1...limit).contains(w), (1...limit).contains(h)
      else { throw bad() }
      return .size(Size(width: w, height: h))
    }
  }

  private func option(_ name: String) -> OptionSpec? { spec.options.first { $0.name == name } }

  /// Whether the flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The text of an option, if given.
  func string(_ name: String) -> String? { values[name] }

  /// The checked value of an option: the one given, else its declared default.
  private func checked(_ name: String) throws(ToolError) -> OptionValue.Checked? {
    guard let o = option(name) else { return nil }
    guard let s = values[name] else { return o.defaultValue }
    return try Self.check(s, o)
  }

  /// A number option: given, else its declared default, else `nil`.
  func double(_ name: String) throws(ToolError) -> Double? {
    guard case .number(let v) = try checked(name) else { return nil }
    return v
  }

  /// A whole-number option: given, else its declared default, else `nil`.
  func int(_ name: String) throws(ToolError) -> Int? {
    guard case .integer(let v) = try checked(name) else { return nil }
    return v
  }

  /// A number option that has a declared default: given, else the default.
  func number(_ name: String) throws(ToolError) -> Double {
    guard let v = try double(name) else { throw .missingValue(option: name) }
    return v
  }

  /// A whole-number option that has a declared default: given, else the default.
  func integer(_ name: String) throws(ToolError) -> Int {
    guard let v = try int(name) else { throw .missingValue(option: name) }
    return v
  }

  /// A size option: given, else its declared default, else `nil`.
  func size(_ name: String) throws(ToolError) -> Size? {
    guard case .size(let v) = try checked(name) else { return nil }
    return v
  }

  /// The onboarding named by the first argument: one the tool knows, or a spec file (a path
  /// ending in `.json`), loaded and checked.
  func onboarding() throws -> Onboarding {
    let name = positional.first ?? ""
    if name.hasSuffix(".json") { return try specOnboarding(name) }
    guard let e = onboardings.first(where: { $0.name == name }) else {
      let known = onboardings.map(\.name)
      throw ToolError.unknownExample(name, known: known, suggestion: closest(to: name, in: known))
    }
    return e
  }

  /// A controller of `onboarding` for `size`, as the shared options ask: locale, direction,
  /// reduced motion.
  func makeController(_ onboarding: Onboarding, size: Size) throws(ToolError) -> TutorialController
  {
    var locale: String?
    if let l = string("--locale") {
      guard onboarding.locales.contains(l) else {
        throw .badValue(
          option: "--locale", value: l,
          expected: onboarding.locales.isEmpty
            ? "nothing: '\(onboarding.name)' has one language"
            : "one of \(onboarding.locales.joined(separator: ", "))")
      }
      locale = l
    }
    let controller = onboarding.makeController(size, locale)
    var reader = ReaderSettings(
      layoutDirection: flag("--rtl") ? .rightToLeft : nil,
      reduceMotion: flag("--reduce-motion") ? true : nil)
    reader.contentSize = try textSize()
    reader.apply(to: controller)
    return controller
  }

  /// The `--text-size` option's text size, checked (with a "did you mean"); `nil` when it is
  /// not given.
  func textSize() throws(ToolError) -> ContentSize? {
    guard let t = string("--text-size") else { return nil }
    guard let size = ContentSize(rawValue: t) else {
      let names = ContentSize.allCases.map(\.rawValue)
      throw .badValue(
        option: "--text-size", value: t,
        expected: closest(to: t, in: names).map { "a text size (did you mean '\($0)'?)" }
          ?? "one of \(names.joined(separator: ", "))")
    }
    return size
  }
}
