import Strata
import StrataRender

extension Tool {
  /// `strata audit`: every page at rest on the device matrix, in both directions and at two
  /// text sizes; a line for each finding, and exit status 1 when there is any.
  func audit(_ o: ParsedCommand) throws -> Int32 {
    let onboarding = try o.onboarding()
    var audit = LayoutAudit()
    if let size = try o.size("--screen") {
      audit.devices = [LayoutAudit.Device("screen", size.width, size.height)]
    }
    if o.flag("--rtl") { audit.directions = [.rightToLeft] }
    if let size = try o.textSize() { audit.contentSizes = [size] }
    var states = 0
    let findings = try audit.findings { size in
      let controller = try o.makeController(onboarding, size: size)
      states += controller.pageCount
      return controller
    }
    for finding in findings { output.out("\(finding)\n") }
    let checked =
      "\(states) page\(states == 1 ? "" : "s") at rest (\(audit.devices.count) screen"
      + "\(audit.devices.count == 1 ? "" : "s") × "
      + "\(audit.directions.count) direction\(audit.directions.count == 1 ? "" : "s") × "
      + "\(audit.contentSizes.count) text size\(audit.contentSizes.count == 1 ? "" : "s"))"
    if findings.isEmpty {
      output.out("\(onboarding.name): nothing found in \(checked)\n")
      return 0
    }
    output.err(
      "\(onboarding.name): \(findings.count) finding\(findings.count == 1 ? "" : "s") in "
        + "\(checked)\n")
    return 1
  }
}
