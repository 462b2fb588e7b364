import Strata
import StrataRender

/// What ``assertCleanLayout(_:audit:)`` throws: every finding of the layout audit.
public struct LayoutAuditFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the audit found, in the order it found it.
  public let findings: [LayoutAudit.Finding]

  /// The number of findings, then the first 50 of them, a line each.
  public var description: String {
    var s = "the layout audit found \(findings.count) problem\(findings.count == 1 ? "" : "s"):"
    for f in findings.prefix(50) { s += "\n  \(f)" }
    if findings.count > 50 { s += "\n  … and \(findings.count - 50) more" }
    return s
  }
}

/// Runs the layout audit (``LayoutAudit``) over every page at rest of the controllers `make`
/// builds — on the device matrix, in both directions and at the default and an accessibility
/// text size, unless `audit` says otherwise — and throws a ``LayoutAuditFailure`` listing what
/// it found: text cut off, text or buttons off the screen or overlapping, buttons under 44 × 44
/// points.
///
/// ```swift
/// @Test func welcomeFitsEveryScreen() throws {
///   try assertCleanLayout { size in Welcome(pageSize: size) }
/// }
/// ```
public func assertCleanLayout(
  _ make: (Size) throws -> TutorialController, audit: LayoutAudit = LayoutAudit()
) throws {
  let findings = try audit.findings(make)
  if !findings.isEmpty { throw LayoutAuditFailure(findings: findings) }
}
