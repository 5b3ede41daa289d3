import Audit

/// A filled audit's WCAG and Failed WCAG cells, checked against the WCAG 2.2 catalogue (`check`) and
/// against today's mapping of each row's check (`untrueDifference`).
///
/// A number that is no success criterion counts for nothing: a Fail row whose WCAG cell reads
/// "2.1.1 Keyboard" or "2.1.1; 2.4.7" would vanish from every conformance level, and from the
/// findings that name no criterion too. So every reader that rolls rows up into conformance (the ACR,
/// the report, diff) refuses such a cell, naming the row (status 65).
public enum WCAGCells {
  /// Throws for the first number in the row's WCAG or Failed WCAG cell that is not a WCAG 2.2 success
  /// criterion.
  public static func check(_ row: AuditResultRow) throws(AuditError) {
    for number in row.wcag where WCAG22.criterion(number) == nil {
      throw AuditError(
        "\(row.place): WCAG '\(number)' is not a WCAG 2.2 success criterion; the WCAG column names the "
          + "criteria the check tests by number, separated by commas, such as 2.1.1, 2.4.7"
      )
    }
    for number in row.failedWCAG where WCAG22.criterion(number) == nil {
      throw AuditError(
        "\(row.place): Failed WCAG '\(number)' is not a WCAG 2.2 success criterion; name the criteria "
          + "the failure breaks, such as 2.4.7")
    }
  }

  /// How a row's WCAG cell differs from `mapped`, today's mapping of its check, where the difference would
  /// make a claim untrue ("counts for 1.4.3, which its check does not test (today's mapping: 2.1.1)");
  /// nil when it would not.
  ///
  /// A row is evidence for the criteria its WCAG cell names, and that cell can be edited by hand or
  /// written by an older mapping. Two differences change what a conformance table says: a Pass or Not
  /// applicable row whose cell names a criterion its check does not test props up that criterion's
  /// Supports or Not Applicable; a Fail or Cannot tell row whose cell leaves out a criterion its check
  /// tests hides the finding from it (unless a Fail's Failed WCAG cell names the criteria the defect
  /// breaks). Other differences only count a failure more widely or a pass more narrowly.
  public static func untrueDifference(
    wcag: [String], failedWCAG: [String], outcome: Outcome, mapped: [String]
  ) -> String? {
    let today =
      " (today's mapping: \(mapped.isEmpty ? "none" : mapped.joined(separator: ", ")))"
    switch outcome {
    case .pass, .notApplicable:
      let added = wcag.filter { !mapped.contains($0) }
      guard !added.isEmpty else { return nil }
      return
        "counts for \(added.joined(separator: ", ")), which its check does not test"
        + today
    case .fail, .cannotTell:
      guard outcome != .fail || failedWCAG.isEmpty else { return nil }
      let left = mapped.filter { !wcag.contains($0) }
      guard !left.isEmpty else { return nil }
      return "leaves out \(left.joined(separator: ", ")), which its check tests"
        + today
    case .notTested:
      return nil
    }
  }

  /// The line naming `row` and how its WCAG cell disagrees with `mapping` (today's mapping by row id)
  /// where that would make a claim untrue (`untrueDifference`); nil when it does not, or when the
  /// mapping does not know the row's id (a retired check, a row a tester added).
  public static func disagreement(
    _ row: AuditResultRow, mapping: [String: [String]]
  ) -> String? {
    guard let mapped = mapping[row.id],
      let difference = untrueDifference(
        wcag: row.wcag, failedWCAG: row.failedWCAG, outcome: row.outcome,
        mapped: mapped)
    else { return nil }
    return "\(row.place): \(row.what) (\(row.result)) \(difference)"
  }
}
