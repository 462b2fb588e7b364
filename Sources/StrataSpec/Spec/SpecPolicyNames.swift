import Strata

/// The names a spec gives navigation policies (`free`, `forwardOnly`, `locked`): one table that
/// the schema lists, the builder resolves once and the exporter writes.
public enum SpecPolicyNames {
  /// Each name with its policy, in the order the schema lists them.
  public static let all: [(name: String, policy: NavigationPolicy)] = [
    ("free", .free), ("forwardOnly", .forwardOnly), ("locked", .locked),
  ]

  /// The names alone.
  public static var names: [String] { all.map(\.name) }

  /// The policy `name` stands for, or `nil` when it names none.
  public static func policy(named name: String) -> NavigationPolicy? {
    all.first { $0.name == name }?.policy
  }

  /// The name of `policy`, or `nil` for a policy with no name (one a subclass made).
  public static func name(of policy: NavigationPolicy) -> String? {
    all.first { $0.policy == policy }?.name
  }
}

/// A spec's navigation policies resolved once, when the controller is built: the policy of
/// every page named, and the one for the rest.
struct ResolvedPolicies: Sendable {
  /// The policy of each page the spec names.
  var byPage: [Int: NavigationPolicy] = [:]
  /// The policy of the pages it does not name.
  var rest = NavigationPolicy.free

  /// The policies of `navigation` (an unknown name, which the checker reports, counts as free).
  init(_ navigation: NavigationSpec?) {
    if let name = navigation?.policy { rest = SpecPolicyNames.policy(named: name) ?? .free }
    for (key, name) in navigation?.policies ?? [:] {
      guard let page = Int(key), String(page) == key else { continue }
      byPage[page] = SpecPolicyNames.policy(named: name) ?? .free
    }
    required = Set(navigation?.requiredPages ?? [])
  }

  /// The required steps.
  var required: Set<Int> = []

  /// The policy of `page`.
  func policy(at page: Int) -> NavigationPolicy {
    var p = byPage[page] ?? rest
    if required.contains(page) { p.isRequired = true }
    return p
  }
}
