import Audit
import Conformance
import CriteriaModel

/// One row of a filled audit, as a report shows it.
public struct ResultRow: Sendable, Hashable {
  public var id: String
  public var component: String
  public var platform: String
  public var test: String
  public var check: String
  public var expected: String
  public var wcag: [String]
  /// The criteria the row is evidence for (a failure with Failed WCAG counts against those alone).
  public var countedWCAG: [String] = []
  /// The result as the layout spells it (Pass, Fail, ...).
  public var result: String
  public var outcome: Outcome
  public var severity: String
  public var tester: String
  public var date: String
  public var notes: String
  /// What criteria adds after the tester's notes, in its own English words.
  ///
  /// That a ledger filed the row's failure, or that the audit lacks the check. A page marks the notes'
  /// language, never this.
  public var addedNote = ""
  public var ticket: String
  /// The component ids a refresh carried the row from (`AuditResultRow.movedFrom`).
  public var movedFrom: [String] = []
  /// A finding among the rows a refresh retired (`AuditResults.add(retiredFrom:)`).
  public var retired = false
  /// Not tested, though it failed before and no one retested it since: a refresh cleared the Fail, or
  /// a ledger filed the failure and its row is gone or blank (`AuditResultRow.earlierFinding`).
  public var failedBefore = false
  /// On a row not tested, any result its check held before (`AuditResultRow.earlierResult`).
  public var earlierResult: Outcome?

  /// The tester's notes, then what criteria adds (`addedNote`).
  public var allNotes: String {
    [notes, addedNote].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// What the reports add to such a row's result, after a semicolon.
  static let failedBeforeNote = "it failed before and is not retested since"

  /// The check as the report names it: `Keyboard: Tab`, and that a refresh retired it.
  public var checkName: String { checkName(words: { $0 }, check: { $0 }) }

  /// The check's name with criteria's own words (the test, the retired note) written by `words` and the
  /// audit's text (the check) by `check`: how an HTML page escapes one and marks the other's language.
  public func checkName(
    words: (String) -> String, check: (String) -> String
  ) -> String {
    words(test + (test.isEmpty ? "" : ": ")) + check(self.check)
      + words(retired ? " (a row a refresh retired)" : "")
  }
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
  /// How many of the rows are checks the audit lacks (`add(lacking:)`), last.
  public private(set) var lackingCount = 0
  /// How many of the rows are findings among the rows a refresh retired (`add(retiredFrom:)`).
  public private(set) var retiredCount = 0

  /// Reads a sheet through the audit's one reader; a missing Result column, an unknown result word, a
  /// row without a platform or a WCAG cell naming no success criterion is an error naming the file,
  /// sheet and row.
  public init(sheet: AuditSheet, layout: AuditLayout = AuditLayout())
    throws(AuditError)
  {
    statuses = layout.statuses
    severities = layout.severities
    source = AuditResultsReader.location(sheet)
    let read = try AuditResultsReader(layout: layout).rowsWithPlatform(
      of: sheet, "the report shows web and software apart")
    var rows: [ResultRow] = []
    rows.reserveCapacity(read.count)
    for (row, platform) in read {
      try WCAGCells.check(row)
      rows.append(Self.shown(row, platform: platform, layout: layout))
    }
    self.rows = rows
  }

  /// A row as the report shows it.
  static func shown(
    _ row: AuditResultRow, platform: Platform, layout: AuditLayout
  ) -> ResultRow {
    var shown = ResultRow(
      id: row.id, component: row.component.isEmpty ? row.id : row.component,
      platform: platform.rawValue, test: row.test, check: row.check,
      expected: row.expected, wcag: row.wcag,
      result: layout.word(for: row.outcome), outcome: row.outcome,
      severity: row.severity, tester: row.tester, date: row.date,
      notes: row.notes, ticket: row.ticket)
    shown.countedWCAG = row.countedWCAG
    shown.movedFrom = row.movedFrom
    shown.failedBefore = row.failedBefore
    shown.earlierResult = row.earlierResult
    return shown
  }

  /// Adds the Fail and Cannot tell rows among the rows a refresh retired from the audit `sheet` (its
  /// Retired sheet, or the `…-retired.csv` beside it): recorded and never retested, they count as
  /// failures until a tester writes the retest's Result on them.
  public mutating func add(
    retiredFrom sheet: AuditSheet, layout: AuditLayout = AuditLayout()
  ) throws(AuditError) {
    guard let retired = try sheet.retired() else { return }
    for (row, platform) in try AuditResultsReader(layout: layout)
      .rowsWithPlatform(of: retired, "the report shows web and software apart")
    where row.outcome.isFinding {
      try WCAGCells.check(row)
      var shown = Self.shown(row, platform: platform, layout: layout)
      shown.retired = true
      rows.append(shown)
      retiredCount += 1
    }
  }

  /// Adds rows for checks today's criteria hold that the audit lacks, counted as a fresh audit holds
  /// them (`AuditResultRow(lacking:in:layout:)`), each saying it is not in the audit.
  public mutating func add(
    lacking checks: [AuditRow],
    filed: [String: AuditResultRow.FiledFailure] = [:]
  ) {
    let layout = AuditLayout(statuses: statuses)
    rows += checks.map { check in
      var shown = Self.shown(
        AuditResultRow(
          lacking: check, in: source, layout: layout, filed: filed[check.id]),
        platform: check.platform, layout: layout)
      // No tester wrote these notes: they are criteria's.
      shown.addedNote = shown.notes
      shown.notes = ""
      return shown
    }
    lackingCount += checks.count
  }

  /// Rows with these results, in sheet order.
  func rows(_ outcomes: Set<Outcome>) -> [ResultRow] {
    rows.filter { outcomes.contains($0.outcome) }
  }
}
