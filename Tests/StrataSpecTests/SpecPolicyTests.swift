import Strata
import Testing

// @testable: these tests reach internals: ResolvedPolicies.
@testable import StrataSpec

@Suite struct SpecPolicyTests {
  /// Policy names are resolved once, from the one table the schema lists and the exporter
  /// writes: the spec-wide policy, per-page ones over it, exact page keys only.
  @Test func policyNamesResolveFromOneTable() {
    let resolved = ResolvedPolicies(
      NavigationSpec(policy: "locked", policies: ["1": "free", "01": "forwardOnly", "2": "nope"]))
    #expect(resolved.policy(at: 0) == .locked)
    #expect(resolved.policy(at: 1) == .free)
    #expect(resolved.policy(at: 2) == .free, "an unknown name counts as free")
    #expect(resolved.policy(at: 7) == .locked)
    for (name, policy) in SpecPolicyNames.all {
      #expect(SpecPolicyNames.policy(named: name) == policy)
      #expect(SpecPolicyNames.name(of: policy) == name)
    }
    #expect(SpecPolicyNames.name(of: NavigationPolicy(canGoForward: false, canGoBack: true)) == nil)
  }
}
