import Foundation
import StrataRecords

extension Tool {
  /// `strata records FILE [ID] [options]`: see its ``CommandSpec`` in ``Tool/commands``.
  func records(_ o: ParsedCommand) throws -> Int32 {
    let path = o.positional[0]
    let store = FileRecordStore(path: path) { [output] problem in
      output.err("strata: \(problem) (read as no records)\n")
    }
    guard o.positional.count > 1 else {
      let all = store.allRecords().values.sorted { $0.identifier < $1.identifier }
      if all.isEmpty { output.out("no records in \(path)\n") }
      for r in all { output.out(Self.line(r) + "\n") }
      return 0
    }
    let id = o.positional[1]
    let version = try o.int("--version")
    if o.flag("--decide") {
      guard let version else {
        throw ToolError.badValue(
          option: "--decide", value: "", expected: "a --version to decide for")
      }
      let ruleName = o.string("--rule") ?? "untilFinished"
      guard let rule = OnboardingRecord.ShowRule(rawValue: ruleName) else {
        throw ToolError.badValue(
          option: "--rule", value: ruleName,
          expected: "one of "
            + OnboardingRecord.ShowRule.allCases.map(\.rawValue).joined(separator: ", "))
      }
      switch OnboardingRecord.decide(store.record(for: id), version: version, rule: rule) {
      case .skip: output.out("skip: \(id) version \(version) was seen\n")
      case .show(let page): output.out("show: \(id) version \(version) from page \(page)\n")
      }
      return 0
    }
    if o.flag("--reset") {
      try store.remove(id)
      output.out("removed \(id)\n")
      return 0
    }
    let outcome = try o.string("--outcome").map { text -> OnboardingRecord.Outcome? in
      if text == "none" { return nil }
      guard let v = OnboardingRecord.Outcome(rawValue: text) else {
        throw ToolError.badValue(
          option: "--outcome", value: text, expected: "completed, skipped or none")
      }
      return v
    }
    let page = try o.string("--page").map { text -> (relative: Bool, value: Int) in
      let relative = text.hasPrefix("+")
      guard let v = Int(relative ? String(text.dropFirst()) : text), v >= 0 else {
        throw ToolError.badValue(
          option: "--page", value: text, expected: "a page number, or +N to move it on")
      }
      return (relative, v)
    }
    guard version != nil || outcome != nil || page != nil else {
      output.out(store.record(for: id).map(Self.line) ?? "no record of \(id)")
      output.out("\n")
      return 0
    }
    var last: OnboardingRecord?
    for _ in 0..<(try o.integer("--repeat")) {
      last = try store.update(id) { record in
        var r = record ?? OnboardingRecord(identifier: id, version: version ?? 0)
        if let version { r.version = version }
        if let outcome { r.outcome = outcome }
        if let page {
          if page.relative { r.moveLastPage(by: page.value) } else { r.lastPage = page.value }
        }
        record = r
      }
    }
    output.out((last.map(Self.line) ?? "no record of \(id)") + "\n")
    return 0
  }

  /// One record on one line.
  static func line(_ r: OnboardingRecord) -> String {
    "\(r.identifier): version \(r.version), \(r.outcome?.rawValue ?? "not finished"), "
      + "last page \(r.lastPage)"
  }
}
