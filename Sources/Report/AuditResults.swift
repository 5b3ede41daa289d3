import ACR
import Audit
import CriteriaModel
import Tickets

/// One row of a filled audit, as a report shows it.
public struct ResultRow: Sendable, Hashable {
  public var id: String
  public var component: String
  public var platform: String
  public var test: String
  public var check: String
  public var expected: String
  public var wcag: [String]
  /// The result as the layout spells it (Pass, Fail, ...).
  public var result: String
  public var outcome: ACREvidence.Outcome
  public var severity: String
  public var tester: String
  public var date: String
  public var notes: String
  public var ticket: String
}

/// The rows of a filled audit, read with the same rules and errors as the audit loop.
public struct AuditResults: Sendable {
  public var rows: [ResultRow]
  /// The result words in their order (Pass, Fail, Not applicable, Not tested, Cannot tell).
  public var statuses: [String]
  /// The severity words.
  public var severities: [String]
  /// Where the rows came from, for the report's header.
  public var source: String

  /// Reads a sheet; a missing Result column or an unknown result word is an error naming the file, sheet
  /// and row.
  public init(sheet: AuditSheet, layout: AuditLayout = AuditLayout())
    throws(ACRError)
  {
    statuses = layout.statuses
    severities = layout.severities
    source =
      sheet.sheetName.map { "\(sheet.path), sheet '\($0)'" } ?? sheet.path
    // The evidence reader owns the rules for result words, platforms and WCAG cells.
    let evidence = try ACREvidence.rows(
      of: sheet, layout: layout, wcagByID: [:])
    var rows: [ResultRow] = []
    rows.reserveCapacity(sheet.rows.count)
    // Each header is matched once, not once per row.
    let columns = Dictionary(
      uniqueKeysWithValues: [AuditColumn.expected, .tester, .date, .notes].map {
        ($0, sheet.column($0))
      })
    for (row, found) in zip(sheet.rows, evidence) {
      func cell(_ column: AuditColumn) -> String {
        row[columns[column] ?? nil].trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
      let word: String
      switch found.outcome {
      case .pass: word = layout.statuses[0]
      case .fail: word = layout.statuses[1]
      case .notApplicable: word = layout.statuses[2]
      case .notTested: word = layout.statuses[3]
      case .cannotTell: word = layout.statuses[4]
      }
      rows.append(
        ResultRow(
          id: found.id,
          component: found.componentName.isEmpty
            ? found.id : found.componentName,
          platform: found.platform, test: found.test, check: found.check,
          expected: cell(.expected), wcag: found.wcag, result: word,
          outcome: found.outcome,
          severity: found.severity, tester: cell(.tester),
          date: AuditFindings.date(cell(.date)), notes: cell(.notes),
          ticket: found.ticket))
    }
    self.rows = rows
  }

  /// Rows with these results, in sheet order.
  func rows(_ outcomes: Set<ACREvidence.Outcome>) -> [ResultRow] {
    rows.filter { outcomes.contains($0.outcome) }
  }
}
