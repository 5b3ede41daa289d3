import Audit
import CriteriaModel

/// One checklist row as evidence: what it tests, where, and what the tester found.
public struct ACREvidence: Sendable, Hashable {
  /// A result a tester can record.
  public enum Outcome: Sendable, Hashable {
    case pass, fail, notApplicable, notTested, cannotTell
  }

  public var id: String
  public var wcag: [String]
  public var component: ACRComponent
  public var platform: String
  public var componentName: String
  public var test: String
  public var check: String
  public var outcome: Outcome
  public var severity: String
  public var ticket: String
  /// Where the row is, for messages: `audit.xlsx, sheet 'Checklist', row 14` or `audit.csv:14`.
  public var place: String
  /// The tester's notes.
  public var notes: String

  /// Creates a row of evidence.
  public init(
    id: String, wcag: [String], component: ACRComponent, platform: String,
    componentName: String, test: String, check: String, outcome: Outcome,
    severity: String = "", ticket: String = "", place: String = "",
    notes: String = ""
  ) {
    self.place = place
    self.notes = notes
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
  }

  /// Whether this is a finding tied to no success criterion.
  ///
  /// That is a Fail or Cannot tell row with no WCAG number; it must never vanish from a report.
  public var isUnmappedFinding: Bool {
    wcag.isEmpty && (outcome == .fail || outcome == .cannotTell)
  }

  /// `Modal (iOS) Keyboard: Escape`.
  var what: String {
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
    let place =
      sheet.sheetName.map { "\(sheet.path), sheet '\($0)'" } ?? sheet.path
    guard let result = sheet.column(.result) else {
      throw ACRError(
        "\(place): no Result column in the header (row \(sheet.headerRow)); the ACR is made from the results testers record"
      )
    }
    let wcagColumn = sheet.column(.wcag)
    let idColumn = sheet.column(.id)
    if wcagColumn == nil, wcagByID == nil {
      throw ACRError(
        "\(place): no WCAG column (a workbook made before criteria mapped WCAG); give --config with the "
          + "criteria sources the audit was made from, so the mapping can be recomputed"
      )
    }
    if wcagColumn == nil, idColumn == nil, wcagByID?.isEmpty == false {
      throw ACRError(
        "\(place): no WCAG column and no ID column; without either, a row cannot be tied to a success criterion"
      )
    }
    let words: [(String, Outcome)] = zip(
      layout.statuses,
      [Outcome.pass, .fail, .notApplicable, .notTested, .cannotTell]
    ).map { ($0.0.lowercased(), $0.1) }
    var rows: [ACREvidence] = []
    // Each header is matched once, not once per row.
    let columns = Dictionary(
      uniqueKeysWithValues: AuditColumn.allCases.map { ($0, sheet.column($0)) })
    for row in sheet.rows {
      func cell(_ column: AuditColumn) -> String {
        row[columns[column] ?? nil].trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
      let id = cell(.id)
      let word = cell(.result)
      let outcome: Outcome
      if word.isEmpty {
        outcome = .notTested
      } else if let match = words.first(where: { $0.0 == word.lowercased() }) {
        outcome = match.1
      } else {
        throw ACRError(
          "\(sheet.place(row.number)): Result '\(word)' is not one of \(layout.statuses.joined(separator: ", "))"
        )
      }
      let wcag: [String]
      if wcagColumn != nil {
        wcag = cell(.wcag).split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
      } else {
        wcag = wcagByID?[id] ?? []
      }
      let platformText = cell(.platform)
      let platform =
        Platform(userValue: platformText)
        ?? (id.contains(StableID.platformSeparator)
          ? StableID.split(row: id).platform : nil)
      guard let platform else {
        throw ACRError(
          "\(sheet.place(row.number)): no platform (the Platform cell is '\(platformText)'); the ACR reports web and software apart"
        )
      }
      rows.append(
        ACREvidence(
          id: id, wcag: wcag, component: ACRComponent(platform: platform),
          platform: platform.rawValue, componentName: cell(.component),
          test: cell(.test), check: cell(.check), outcome: outcome,
          severity: cell(.severity), ticket: cell(.ticket),
          place: sheet.place(row.number), notes: cell(.notes)))
    }
    return rows
  }
}
