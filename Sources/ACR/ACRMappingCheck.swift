import Audit
import Conformance
import CriteriaModel

extension ACREvidence {
  /// How the row's WCAG cell disagrees with today's mapping of its check where that would make a claim
  /// untrue (`WCAGCells.untrueDifference`), as a line naming the row; nil when it does not.
  ///
  /// `mapping` gives each row id the criteria today's criteria and rules map its check to; a row whose id
  /// it does not know (a retired check, a row a tester added) is not checked.
  public func mappingDisagreement(_ mapping: [String: [String]]) -> String? {
    guard let mapped = mapping[id],
      let difference = WCAGCells.untrueDifference(
        wcag: wcag, failedWCAG: failedWCAG, outcome: outcome, mapped: mapped)
    else { return nil }
    return
      "\(place): \(what) (\(AuditLayout().word(for: outcome))) \(difference)"
  }
}
