import Audit
import CriteriaModel

extension ACREvidence {
  /// How the row's WCAG cell disagrees with today's mapping of its check, where the disagreement would
  /// make a claim untrue; nil when it does not.
  ///
  /// A row is evidence for the criteria its WCAG cell names, and that cell can be edited by hand or
  /// written by an older mapping. Two differences change what the ACR says: a Pass or Not applicable row
  /// whose cell names a criterion its check does not test would prop up that criterion's Supports or Not
  /// Applicable; a Fail or Cannot tell row whose cell leaves out a criterion its check tests would hide the
  /// finding from it (unless its Failed WCAG cell names the criteria the defect breaks). Other differences
  /// only count a failure more widely or a pass more narrowly, and are left alone.
  ///
  /// `mapping` gives each row id the criteria today's criteria and rules map its check to; a row whose id
  /// it does not know (a retired check, a row a tester added) is not checked.
  public func mappingDisagreement(_ mapping: [String: [String]]) -> String? {
    guard let mapped = mapping[id] else { return nil }
    switch outcome {
    case .pass, .notApplicable:
      let added = wcag.filter { !mapped.contains($0) }
      guard !added.isEmpty else { return nil }
      return
        "\(place): \(what) (\(result)) counts for \(added.joined(separator: ", ")), which its check does "
        + "not test (today's mapping: \(Self.list(mapped)))"
    case .fail, .cannotTell:
      guard failedWCAG.isEmpty || outcome != .fail else { return nil }
      let left = mapped.filter { !wcag.contains($0) }
      guard !left.isEmpty else { return nil }
      return
        "\(place): \(what) (\(result)) leaves out \(left.joined(separator: ", ")), which its check tests "
        + "(today's mapping: \(Self.list(mapped)))"
    case .notTested:
      return nil
    }
  }

  private var result: String {
    switch outcome {
    case .pass: "Pass"
    case .fail: "Fail"
    case .notApplicable: "Not applicable"
    case .notTested: "Not tested"
    case .cannotTell: "Cannot tell"
    }
  }

  private static func list(_ numbers: [String]) -> String {
    numbers.isEmpty ? "none" : numbers.joined(separator: ", ")
  }
}
