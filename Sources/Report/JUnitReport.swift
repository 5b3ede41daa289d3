import Audit
import CriteriaModel
import Foundation

/// Audit results as JUnit XML, for CI dashboards and test-management tools.
///
/// One `testsuite` per component and platform, one `testcase` per row. Fail is a `failure`, and so is a
/// row that failed before and is not retested since (a refresh cleared its Fail, or a ledger filed its
/// failure; its message says so): a known failure counts until a retest, as in the ACR. Not tested and Cannot tell are `skipped`, Not applicable is `skipped`
/// with the message "not applicable"; a skipped row's notes are its text.
public struct JUnitReport: Sendable {
  public var results: AuditResults
  public var title: String
  /// ISO 8601 without a zone, as JUnit readers expect, such as `2026-11-23T08:00:00`.
  public var timestamp: String

  public init(results: AuditResults, title: String, timestamp: String) {
    self.results = results
    self.title = title
    self.timestamp = timestamp
  }

  /// The component id of a row: its criterion id without the test and check.
  static func componentID(_ row: ResultRow) -> String {
    let criterion = StableID.split(row: row.id).id
    return StableID.component(ofCriterion: criterion) ?? criterion
  }

  public func xml() -> String {
    let groups = HTMLReport.groups(results.rows)
    func counts(_ rows: [ResultRow]) -> (failures: Int, skipped: Int) {
      let failures = rows.filter(Self.isFailure).count
      return (
        failures,
        rows.filter { $0.outcome != .pass }.count - failures
      )
    }
    let all = counts(results.rows)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites name=\"\(x(title))\" tests=\"\(results.rows.count)\" failures=\"\(all.failures)\" errors=\"0\" skipped=\"\(all.skipped)\" time=\"0\" timestamp=\"\(timestamp)\">\n"
    for (index, group) in groups.enumerated() {
      let c = counts(group.rows)
      out +=
        "  <testsuite name=\"\(x(group.component)) (\(x(group.platform)))\" id=\"\(index)\" tests=\"\(group.rows.count)\" failures=\"\(c.failures)\" errors=\"0\" skipped=\"\(c.skipped)\" time=\"0\" timestamp=\"\(timestamp)\">\n"
      for row in group.rows {
        let name = row.checkName
        out +=
          "    <testcase classname=\"\(x(Self.componentID(row)))\" name=\"\(x(name))\" time=\"0\""
        switch row.outcome {
        case .pass:
          out += "/>\n"
        case _ where Self.isFailure(row):
          let message = [
            row.outcome == .fail
              ? ""
              : row.result.lowercased() + "; " + ResultRow.failedBeforeNote,
            "Expected: \(row.expected)",
            row.severity.isEmpty ? "" : "Severity: \(row.severity)",
          ].filter { !$0.isEmpty }.joined(separator: "; ")
          let text = [
            row.allNotes, row.tester.isEmpty ? "" : "Tester: \(row.tester)",
            row.date.isEmpty ? "" : "Date: \(row.date)",
            row.ticket.isEmpty ? "" : "Ticket: \(row.ticket)",
            "ID: \(row.id)",
          ].filter { !$0.isEmpty }.joined(separator: "\n")
          out +=
            ">\n      <failure message=\"\(x(message))\" type=\"\(x(row.result))\">\(x(text))</failure>\n    </testcase>\n"
        default:
          // The tester's notes (why it could not be told, why it does not apply) are the element's text.
          let message =
            row.outcome == .notApplicable
            ? "not applicable" : row.result.lowercased()
          out +=
            ">\n      <skipped message=\"\(x(message))\""
            + (row.allNotes.isEmpty ? "/>" : ">\(x(row.allNotes))</skipped>")
            + "\n    </testcase>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// A `failure`: a Fail, or a row that failed before and no retest has recorded a result for since
  /// (`ResultRow.failedBefore`).
  static func isFailure(_ row: ResultRow) -> Bool {
    row.outcome == .fail || row.failedBefore
  }

  /// XML text: entities for markup characters, and U+FFFD for characters XML 1.0 cannot hold.
  private func x(_ text: String) -> String { HTMLEscape.xml(text) }

}
