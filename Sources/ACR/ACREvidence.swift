import Audit
import Conformance
import CriteriaModel

/// One checklist row as evidence: what it tests, where, and what the tester found.
public struct ACREvidence: Sendable, Hashable {
  public init(
    id: String, wcag: [String], component: ACRComponent, platform: String,
    componentName: String, test: String, check: String, outcome: Outcome,
    severity: String = "", ticket: String = "", place: String = "",
    notes: String = "", failedWCAG: [String] = [], inAudit: Bool = true,
    retired: Bool = false, tester: String = "", date: String = "",
    movedFrom: [String] = [], earlierFinding: Outcome? = nil,
    earlierResult: Outcome? = nil
  ) {
    self.id = id
    self.wcag = wcag
    self.component = component
    self.platform = platform
    self.componentName = componentName
    self.test = test
    self.check = check
    self.outcome = outcome
    self.severity = severity
    self.ticket = ticket
    self.place = place
    self.notes = notes
    self.failedWCAG = failedWCAG
    self.inAudit = inAudit
    self.retired = retired
    self.tester = tester
    self.date = date
    self.movedFrom = movedFrom
    self.earlierFinding = earlierFinding
    self.earlierResult = earlierResult
  }

  /// A result a tester can record: the audit's one vocabulary.
  public typealias Outcome = Audit.Outcome

  public var id: String
  public var wcag: [String]
  public var component: ACRComponent
  public var platform: String
  public var componentName: String
  public var test: String
  public var check: String
  public var outcome: Outcome
  public var severity: String = ""
  public var ticket: String = ""
  /// Where the row is, for messages: `audit.xlsx, sheet 'Checklist', row 14` or `audit.csv:14`.
  public var place: String = ""
  /// The tester's notes.
  public var notes: String = ""
  /// The Failed WCAG cell: on a Fail row, the criteria the defect breaks.
  public var failedWCAG: [String] = []

  /// The criteria this row is evidence for (`WCAGEvidence.counted`).
  public var countedWCAG: [String] {
    WCAGEvidence.counted(wcag: wcag, failed: failedWCAG, outcome: outcome)
  }

  /// False for a check of today's criteria the audit has no row for (counted not tested).
  public var inAudit: Bool = true
  /// A finding among the rows a refresh retired (`retiredFindings`): counted, never evidence of a pass.
  public var retired: Bool = false

  /// Who recorded the result, and when (YYYY-MM-DD as spreadsheets store dates), when the audit says.
  public var tester: String = ""
  public var date: String = ""
  /// The component ids a refresh carried the row from (`AuditResultRow.movedFrom`).
  public var movedFrom: [String] = []
  /// On a row not tested, a finding its check held before and was not retested since
  /// (`AuditResultRow.earlierFinding`).
  public var earlierFinding: Outcome?
  /// On a row not tested, any result its check held before (`AuditResultRow.earlierResult`).
  public var earlierResult: Outcome?

  /// A Fail not retested since: its check changed, or a new cycle began (`earlierFinding`).
  public var failedBefore: Bool {
    outcome == .notTested && earlierFinding == .fail
  }

  /// A defect the audit knows of: a Fail, or a Fail not retested since (`failedBefore`).
  ///
  /// An answer may say Supports over one only with equivalent facilitation, and never Not Applicable.
  public var isKnownFailure: Bool { outcome == .fail || failedBefore }

  /// Whether this is a finding tied to no success criterion.
  ///
  /// That is a Fail or Cannot tell row with no WCAG number, or such a Fail a refresh cleared and no one
  /// retested (`failedBefore`); it must never vanish from a report.
  public var isUnmappedFinding: Bool {
    countedWCAG.isEmpty && (outcome.isFinding || failedBefore)
  }

  /// The result of a finding as a report lists it: Fail, Cannot tell, or a Fail not retested since.
  var findingLabel: String {
    failedBefore
      ? "Fail (not retested since)" : outcome == .fail ? "Fail" : "Cannot tell"
  }

  /// What a reviewer should know about the row's Failed WCAG cell, or nil.
  var failedWCAGWarning: String? {
    guard !failedWCAG.isEmpty else { return nil }
    guard outcome == .fail else {
      return
        "\(place): Failed WCAG is filled on a row that did not fail; it is ignored"
    }
    let outside = failedWCAG.filter { !wcag.contains($0) }
    guard !outside.isEmpty else { return nil }
    return
      "\(place): Failed WCAG \(outside.joined(separator: ", ")) is not in the row's WCAG column "
      + "(\(wcag.isEmpty ? "empty" : wcag.joined(separator: ", "))); the failure counts against "
      + "\(failedWCAG.joined(separator: ", ")) alone"
  }

  /// `Modal (iOS) Keyboard: Escape`.
  public var what: String {
    "\(componentName) (\(platform)) \(test)\(test.isEmpty ? "" : ": ")\(check)"
  }

  /// Reads the rows of a filled audit.
  ///
  /// `wcagByID` gives the success criteria of each row id when the audit has no WCAG column (an older
  /// workbook): the mapping recomputed from the criteria sources. Unknown result words and rows without a
  /// platform are errors naming the file, sheet and row.
  public static func rows(
    of sheet: AuditSheet, layout: AuditLayout = AuditLayout(),
    wcagByID: [String: [String]]? = nil
  ) throws(ACRError) -> [ACREvidence] {
    let place = AuditResultsReader.location(sheet)
    let read: [(row: AuditResultRow, platform: Platform)]
    do {
      read = try AuditResultsReader(layout: layout).rowsWithPlatform(
        of: sheet, "the ACR reports web and software apart")
    } catch {
      throw ACRError(error.message, status: error.status)
    }
    let wcagColumn = sheet.column(.wcag)
    if wcagColumn == nil, wcagByID == nil {
      throw ACRError(
        "\(place): no WCAG column (a workbook made before criteria mapped WCAG); give --config with the "
          + "criteria sources the audit was made from, so the mapping can be recomputed"
      )
    }
    if wcagColumn == nil, sheet.column(.id) == nil, wcagByID?.isEmpty == false {
      throw ACRError(
        "\(place): no WCAG column and no ID column; without either, a row cannot be tied to a success criterion"
      )
    }
    var rows: [ACREvidence] = []
    rows.reserveCapacity(read.count)
    for (row, platform) in read {
      rows.append(
        ACREvidence(
          row, platform: platform,
          wcag: wcagColumn != nil ? row.wcag : (wcagByID?[row.id] ?? [])))
      do { try WCAGCells.check(row) } catch {
        throw ACRError(error.message, status: error.status)
      }
    }
    return rows
  }

  /// The Fail and Cannot tell rows among the rows a refresh retired from the audit (its Retired sheet,
  /// or the `…-retired.csv` beside it), each counted against the criteria its WCAG cell names.
  ///
  /// Their checks left the criteria (or were added by hand), but the failures were recorded and not
  /// retested: a Supports must not rest on their having been moved aside. A retired sheet without a
  /// WCAG column gives findings tied to no criterion, which a final ACR refuses.
  public static func retiredFindings(
    of sheet: AuditSheet, layout: AuditLayout = AuditLayout()
  ) throws(ACRError) -> [ACREvidence] {
    let retired: AuditSheet?
    do { retired = try sheet.retired() } catch {
      throw ACRError(error.message, status: error.status)
    }
    guard let retired else { return [] }
    return try rows(
      of: retired, layout: layout,
      wcagByID: retired.column(.wcag) == nil ? [:] : nil
    )
    .filter(\.outcome.isFinding)
    .map { row in
      var finding = row
      finding.retired = true
      return finding
    }
  }

  /// A filled audit's row as evidence for the criteria `wcag` names (its WCAG cell, or today's mapping
  /// for an audit without the column).
  public init(_ row: AuditResultRow, platform: Platform, wcag: [String]) {
    self.init(
      id: row.id, wcag: wcag, component: ACRComponent(platform: platform),
      platform: platform.rawValue, componentName: row.component,
      // The kind of check the row's id names decides which provisions it is evidence for, not the
      // Test cell's spelling (blank, "Screenreader"); a row of a group of its own keeps its cell.
      test: StableID.testKind(ofRow: row.id)?.label ?? row.test,
      check: row.check, outcome: row.outcome,
      severity: row.severity, ticket: row.ticket, place: row.place,
      notes: ChangeNote.testerNotes(row.notes))
    failedWCAG = row.failedWCAG
    tester = row.tester
    date = row.date
    movedFrom = row.movedFrom
    earlierFinding = row.earlierFinding
    earlierResult = row.earlierResult
  }
}
