import Audit

/// A filled audit's WCAG and Failed WCAG cells, checked against the WCAG 2.2 catalogue.
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
}
